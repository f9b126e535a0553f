import { hash } from 'node:crypto';
import type { ChatMessage, ChatRequest, ContentPart } from '../../core/chat-types.js';

/**
 * The exact-cache key of a chat request: a hash of the org, the resolved model and every field that can
 * change the answer, canonicalized so that equal requests hit and different ones never do. Left out are only
 * the fields that change how the answer is delivered or billed, not what it says (stream, stream_options,
 * user, metadata, service_tier).
 */
export function exactCacheKey(orgId: string, modelSlug: string, request: ChatRequest): string {
  // One-shot hash() rather than createHash(): a Hash is a native object with a weak handle, which every
  // scavenge must process (measured on exact hits: that pass fell from ~0.5 ms per scavenge to 0).
  return hash('sha256', `v1\u0000${orgId}\u0000${modelSlug}\u0000${answerShapingJson(request)}`, 'base64url');
}

/**
 * The fields of a request that shape its answer, with provider defaults written out so that "absent" and
 * "default" agree. Left out are the delivery fields (stream, stream_options, user, metadata, service_tier).
 * Held in key order, so the canonical text is written straight from the request with no object to sort.
 */
const shapingFields: ReadonlyArray<{ key: string; prefix: string; json: (request: ChatRequest) => string }> = (
  [
    { key: 'messages', json: (request) => messagesJson(request.messages) },
    { key: 'n', json: (request) => canonicalJson(request.n ?? 1) },
    { key: 'max_tokens', json: (request) => canonicalJson(request.max_tokens ?? null) },
    { key: 'temperature', json: (request) => canonicalJson(request.temperature ?? 1) },
    { key: 'top_p', json: (request) => canonicalJson(request.top_p ?? 1) },
    { key: 'top_k', json: (request) => canonicalJson(request.top_k ?? null) },
    { key: 'frequency_penalty', json: (request) => canonicalJson(request.frequency_penalty ?? 0) },
    { key: 'presence_penalty', json: (request) => canonicalJson(request.presence_penalty ?? 0) },
    { key: 'stop', json: (request) => canonicalJson(request.stop === undefined ? [] : typeof request.stop === 'string' ? [request.stop] : request.stop) },
    { key: 'tools', json: (request) => canonicalJson(offeredTools(request) ?? null) },
    { key: 'tool_choice', json: (request) => canonicalJson(request.tool_choice ?? (offeredTools(request) ? 'auto' : 'none')) },
    { key: 'parallel_tool_calls', json: (request) => canonicalJson(offeredTools(request) ? (request.parallel_tool_calls ?? true) : null) },
    { key: 'response_format', json: (request) => canonicalJson(request.response_format?.type === 'text' ? null : (request.response_format ?? null)) },
    { key: 'seed', json: (request) => canonicalJson(request.seed ?? null) },
    { key: 'logprobs', json: (request) => canonicalJson(request.logprobs === true ? (request.top_logprobs ?? 0) : null) },
    { key: 'logit_bias', json: (request) => canonicalJson(request.logit_bias ?? null) },
    { key: 'reasoning_effort', json: (request) => canonicalJson(request.reasoning_effort ?? null) },
    { key: 'extra', json: (request) => canonicalJson(request.extra ?? null) },
  ] satisfies Array<{ key: string; json: (request: ChatRequest) => string }>
)
  .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
  .map((field) => ({ ...field, prefix: `${JSON.stringify(field.key)}:` }));

const offeredTools = (request: ChatRequest) => (request.tools && request.tools.length > 0 ? request.tools : undefined);

/** The answer-shaping fields as canonical JSON (keys sorted at every depth), written straight from the request: this runs for every cacheable request. */
export function answerShapingJson(request: ChatRequest): string {
  let text = '{';
  for (let index = 0; index < shapingFields.length; index++) {
    const field = shapingFields[index];
    text += `${index > 0 ? ',' : ''}${field.prefix}${field.json(request)}`;
  }
  return `${text}}`;
}

/** The messages as canonicalJson writes their canonical form (content of one text part as its string). */
function messagesJson(messages: ChatMessage[]): string {
  let text = '[';
  for (let index = 0; index < messages.length; index++) {
    const message = messages[index] as unknown as Record<string, unknown>;
    const keys = Object.keys(message);
    if (!('content' in message)) keys.push('content');
    text += (index > 0 ? ',' : '') + objectJson(keys.sort(), (key) => (key === 'content' ? canonicalContent(message.content as ChatMessage['content']) : message[key]));
  }
  return `${text}]`;
}

/** A content array of one text part says what the same string says. */
function canonicalContent(content: string | ContentPart[] | null): unknown {
  if (Array.isArray(content) && content.length === 1 && content[0].type === 'text') return (content[0] as { text: string }).text;
  return content;
}

/** JSON with object keys sorted at every depth and undefined members left out. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return value === undefined ? 'null' : JSON.stringify(value);
  // Written with plain loops: this runs for every cacheable request.
  if (Array.isArray(value)) {
    let text = '[';
    for (let index = 0; index < value.length; index++) text += (index > 0 ? ',' : '') + canonicalJson(value[index]);
    return `${text}]`;
  }
  const record = value as Record<string, unknown>;
  return objectJson(Object.keys(record).sort(), (key) => record[key]);
}

/** An object's members in the order of `sortedKeys`, each canonical, undefined ones left out. */
function objectJson(sortedKeys: string[], memberOf: (key: string) => unknown): string {
  let text = '{';
  let first = true;
  for (const key of sortedKeys) {
    const member = memberOf(key);
    if (member === undefined) continue;
    text += `${first ? '' : ','}${JSON.stringify(key)}:${canonicalJson(member)}`;
    first = false;
  }
  return `${text}}`;
}
