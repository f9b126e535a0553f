import { createHash, hash } from 'node:crypto';
import type { ChatMessage, ChatRequest, ContentPart } from '../../core/chat-types.js';

/**
 * Requests whose messages hold more characters than this (texts, and the data of images, audio and files sent
 * inline) are hashed piece by piece, their long strings fed to the hash as they are: an agent's 70 KB conversation
 * took ~214 µs a request as one canonical text, most of it JSON.stringify's copy of every text (a regex to skip it
 * costs as much), and a screenshot of 1 MB as a data URL ~6 ms. Those keys are of a format of their own (`v2`);
 * smaller requests keep theirs (`v1`), hashed in one call, which costs less than a Hash object and its updates (a
 * Hash is a native object with a weak handle, which every scavenge must process).
 */
export const PIECEWISE_FROM_CHARS = 16_384;

/**
 * The exact-cache key of a chat request: a hash of the org, the resolved model and every field that can
 * change the answer, canonicalized so that equal requests hit and different ones never do. Left out are only
 * the fields that change how the answer is delivered or billed, not what it says (stream, stream_options,
 * user, metadata, service_tier).
 */
export function exactCacheKey(orgId: string, modelSlug: string, request: ChatRequest): string {
  if (payloadLength(request.messages) <= PIECEWISE_FROM_CHARS) return hash('sha256', `v1\u0000${orgId}\u0000${modelSlug}\u0000${answerShapingJson(request)}`, 'base64url');
  const digest = createHash('sha256').update(`v2\u0000${orgId}\u0000${modelSlug}\u0000`);
  // Pieces are gathered and hashed together (the same bytes in the same order): an update() costs ~1.5 µs of call,
  // and a long message makes two pieces. A piece of HASHED_ALONE_FROM_CHARS or more (a data URL) is hashed alone,
  // never copied into a longer string.
  let gathered = '';
  writeAnswerShaping(
    request,
    (piece) => {
      if (piece.length < HASHED_ALONE_FROM_CHARS) {
        gathered += piece;
        if (gathered.length < HASHED_ALONE_FROM_CHARS) return;
        piece = gathered;
      } else if (gathered !== '') digest.update(gathered);
      digest.update(piece);
      gathered = '';
    },
    true,
  );
  if (gathered !== '') digest.update(gathered);
  return digest.digest('base64url');
}

const HASHED_ALONE_FROM_CHARS = 64 * 1024;

/** Characters the messages' contents hold: string contents, and the strings of their parts (text, a data URL, audio). */
function payloadLength(messages: readonly ChatMessage[]): number {
  let length = 0;
  for (const message of messages) length += stringsLength(message.content, 0);
  return length;
}

/** Total length of the strings in `value`, down to three levels of parts (`{image_url: {url}}`). */
function stringsLength(value: unknown, depth: number): number {
  if (typeof value === 'string') return value.length;
  if (value === null || typeof value !== 'object' || depth > 3) return 0;
  let length = 0;
  for (const member of Array.isArray(value) ? value : Object.values(value)) length += stringsLength(member, depth + 1);
  return length;
}

const ignore: Emit = () => undefined;
const offeredTools = (request: ChatRequest) => (request.tools && request.tools.length > 0 ? request.tools : undefined);

/**
 * The fields of a request that shape its answer, with provider defaults written out so that "absent" and
 * "default" agree. Left out are the delivery fields (stream, stream_options, user, metadata, service_tier).
 * Held in key order, so the canonical text is written straight from the request with no object to sort.
 */
const shapingFields: ReadonlyArray<{ key: string; prefix: string; absent?: string; json?: (request: ChatRequest) => string }> = (
  [
    // Written by writeMessages, which may hand long strings to the hash as they are.
    { key: 'messages' },
    { key: 'n', json: (request) => canonicalJson(request.n ?? 1) },
    { key: 'max_tokens', json: (request) => canonicalJson(request.max_tokens ?? null) },
    { key: 'temperature', json: (request) => canonicalJson(request.temperature ?? 1) },
    { key: 'top_p', json: (request) => canonicalJson(request.top_p ?? 1) },
    { key: 'top_k', json: (request) => canonicalJson(request.top_k ?? null) },
    { key: 'frequency_penalty', json: (request) => canonicalJson(request.frequency_penalty ?? 0) },
    { key: 'presence_penalty', json: (request) => canonicalJson(request.presence_penalty ?? 0) },
    { key: 'stop', json: (request) => canonicalJson(request.stop === undefined ? [] : typeof request.stop === 'string' ? [request.stop] : request.stop) },
    { key: 'tools', json: (request) => canonicalJson(offeredTools(request) ?? null) },
    { key: 'tool_choice', defaultReadsTools: true, json: (request) => canonicalJson(request.tool_choice ?? (offeredTools(request) ? 'auto' : 'none')) },
    { key: 'parallel_tool_calls', defaultReadsTools: true, json: (request) => canonicalJson(offeredTools(request) ? (request.parallel_tool_calls ?? true) : null) },
    { key: 'response_format', json: (request) => canonicalJson(request.response_format?.type === 'text' ? null : (request.response_format ?? null)) },
    { key: 'seed', json: (request) => canonicalJson(request.seed ?? null) },
    { key: 'logprobs', json: (request) => canonicalJson(request.logprobs === true ? (request.top_logprobs ?? 0) : null) },
    { key: 'logit_bias', json: (request) => canonicalJson(request.logit_bias ?? null) },
    { key: 'reasoning_effort', json: (request) => canonicalJson(request.reasoning_effort ?? null) },
    { key: 'extra', json: (request) => canonicalJson(request.extra ?? null) },
  ] satisfies Array<{ key: string; defaultReadsTools?: true; json?: (request: ChatRequest) => string }>
)
  .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
  .map(({ defaultReadsTools, ...field }, index) => {
    const prefix = `${index > 0 ? ',' : ''}${JSON.stringify(field.key)}:`;
    // A field's text when the request leaves it out, written once here rather than for every request (most requests
    // leave out most fields) — unless its default depends on whether tools are offered.
    return { ...field, prefix, absent: field.json && !defaultReadsTools ? prefix + field.json({} as ChatRequest) : undefined };
  });

/** The answer-shaping fields as canonical JSON (keys sorted at every depth), written straight from the request: this runs for every cacheable request. */
export function answerShapingJson(request: ChatRequest): string {
  let text = '';
  writeAnswerShaping(request, (piece) => (text += piece), false);
  return text;
}

/** Receives the canonical text in pieces, in order. */
type Emit = (piece: string) => void;

/** `rawStrings`: long strings of the messages are written as they are, after their length (see writeCanonical). */
function writeAnswerShaping(request: ChatRequest, emit: Emit, rawStrings: boolean): void {
  // Gathered here and handed over only before a raw text and at the end: a call per field cost small requests 10 %.
  let text = '{';
  for (let index = 0; index < shapingFields.length; index++) {
    const field = shapingFields[index];
    if (field.absent !== undefined && (request as unknown as Record<string, unknown>)[field.key] === undefined) text += field.absent;
    else text = field.json ? text + field.prefix + field.json(request) : writeMessages(request.messages, text + field.prefix, emit, rawStrings);
  }
  emit(`${text}}`);
}

/** The messages as canonicalJson writes them, after `text` (content of one text part as its string); see writeCanonical. */
function writeMessages(messages: ChatMessage[], text: string, emit: Emit, rawStrings: boolean): string {
  text += '[';
  for (let index = 0; index < messages.length; index++) {
    text = writeObject(messages[index] as unknown as Record<string, unknown>, index > 0 ? `${text},` : text, emit, rawStrings, true);
  }
  return `${text}]`;
}

/** JSON with object keys sorted at every depth and undefined members left out. */
export function canonicalJson(value: unknown): string {
  return writeCanonical(value, '', ignore, false);
}

/**
 * canonicalJson's text, after `text`; returns what is not handed to `emit` yet. With `rawStrings`, a long, well-formed
 * string is handed to `emit` as NUL, its length, NUL and itself: canonical JSON holds no raw NUL (JSON escapes it) and
 * the length says where the string ends, so no two requests write the same bytes. A lone surrogate, which UTF-8
 * cannot carry (two would hash alike), keeps the JSON form. Written with plain loops: this runs for every cacheable request.
 */
function writeCanonical(value: unknown, text: string, emit: Emit, rawStrings: boolean): string {
  if (typeof value === 'string') {
    if (!rawStrings || value.length <= RAW_FROM_CHARS || !isWellFormed(value)) return text + JSON.stringify(value);
    emit(`${text}\u0000${value.length}\u0000`);
    emit(value);
    return '';
  }
  if (value === null || typeof value !== 'object') return text + (value === undefined ? 'null' : JSON.stringify(value));
  if (Array.isArray(value)) {
    text += '[';
    for (let index = 0; index < value.length; index++) text = writeCanonical(value[index], index > 0 ? `${text},` : text, emit, rawStrings);
    return `${text}]`;
  }
  return writeObject(value as Record<string, unknown>, text, emit, rawStrings, false);
}

/** An object's members by sorted key, each canonical, undefined ones left out, after `text`; a message's content as canonicalContent says. */
function writeObject(record: Record<string, unknown>, text: string, emit: Emit, rawStrings: boolean, isMessage: boolean): string {
  text += '{';
  let first = true;
  for (const key of sortedKeys(record)) {
    const member = isMessage && key === 'content' ? canonicalContent(record.content as ChatMessage['content']) : record[key];
    if (member === undefined) continue;
    text = writeCanonical(member, `${text}${first ? '' : ','}${JSON.stringify(key)}:`, emit, rawStrings);
    first = false;
  }
  return `${text}}`;
}

/** The object's keys in the order Array.prototype.sort gives them (by UTF-16 code units), a few of them sorted in place. */
function sortedKeys(record: Record<string, unknown>): string[] {
  const keys = Object.keys(record);
  // sort() allocates its own state and work copy on every call; a message's two to five keys need none of that.
  if (keys.length > SORTED_IN_PLACE_UP_TO) return keys.sort();
  for (let index = 1; index < keys.length; index++) {
    const key = keys[index];
    let before = index - 1;
    for (; before >= 0 && keys[before] > key; before--) keys[before + 1] = keys[before];
    keys[before + 1] = key;
  }
  return keys;
}

/** Insertion sort's quadratic cost stays below sort()'s overhead up to about this many keys; past it sort() takes over. */
const SORTED_IN_PLACE_UP_TO = 16;

/** Strings longer than this are fed to the hash as they are (piecewise keys only). */
const RAW_FROM_CHARS = 256;
const isWellFormed = (text: string) => (text as string & { isWellFormed(): boolean }).isWellFormed();

/** A content array of one text part says what the same string says. */
function canonicalContent(content: string | ContentPart[] | null): unknown {
  if (Array.isArray(content) && content.length === 1 && content[0].type === 'text') return (content[0] as { text: string }).text;
  return content;
}
