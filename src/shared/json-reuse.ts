import { closingQuote, isJsonSpace, skipSpace } from './json-text.js';

/**
 * JSON.stringify of a request body, reusing the caller's own JSON text for every member (and element of an
 * array member, such as each message) that it sends unchanged. An agent resends its whole conversation on
 * every turn: serializing 70 KB of messages again costs 200–300 µs, where copying the caller's text costs a
 * memcpy and telling that it is unchanged a walk over its objects.
 *
 * Correct by construction: a piece of the caller's text is reused only for a value found equal, as JSON, to
 * a private copy of what that text parsed to, taken before anything could touch it (`jsonSource`) — never
 * because an object looks unchanged: a stage that edited a message in place, a redaction, an injected memory
 * or a dropped field all fail the comparison and are serialized as they are now. A piece holding a key written
 * twice, which parsers resolve differently, is never reused (its text has more members than its value has keys).
 */

/**
 * From this size of body on, reuse pays: below it JSON.stringify is about as fast as the copy, the comparison and
 * the scan together (`npm run bench:json-reuse`).
 */
const REUSE_FROM_CHARS = 4096;

/** The caller's JSON text and a private copy of the value it parsed to. */
export interface JsonSource {
  readonly text: string;
  readonly value: unknown;
}

/**
 * The source of `text`, which JSON.parse read as `parsed`: `parsed` is copied (objects and arrays; strings
 * are shared, immutable), so later edits of the request, in place or not, cannot reach the copy.
 */
export function jsonSource(text: string, parsed: unknown): JsonSource {
  return { text, value: copyJson(parsed) };
}

/** The source of a body worth reusing (REUSE_FROM_CHARS), else undefined. */
export function reusableSource(text: string | undefined, parsed: unknown): JsonSource | undefined {
  return text !== undefined && text.length >= REUSE_FROM_CHARS ? jsonSource(text, parsed) : undefined;
}

function copyJson(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    const copy = new Array<unknown>(value.length);
    for (let index = 0; index < value.length; index++) copy[index] = copyJson(value[index]);
    return copy;
  }
  const copy: Record<string, unknown> = {};
  for (const key in value) copy[key] = copyJson((value as Record<string, unknown>)[key]);
  return copy;
}

/**
 * JSON.stringify(body), where an object or array member of `body` that the source has under the same key,
 * unchanged, is copied from the source's text; an array member whose elements changed (a message inserted, one
 * redacted) reuses each element that did not. Member order is `body`'s.
 */
export function stringifyReusing(body: Record<string, unknown>, source: JsonSource): string {
  return reusedPieces(body, source)?.join('') ?? JSON.stringify(body);
}

/** From this length a body is sent as bytes: a longer string lives in V8's large-object space (see jsonBodyReusing). */
const BYTES_FROM_CHARS = 128 * 1024;

/**
 * stringifyReusing's JSON as the upstream request's body: text, or from BYTES_FROM_CHARS on the UTF-8 bytes written
 * piece by piece. Joined into one string, a 1 MB screenshot's body would be one more megabyte in V8's large-object
 * space (only a full collection frees it, and each page costs faults) before the socket encodes it to bytes anyway.
 */
export function jsonBodyReusing(body: Record<string, unknown>, source: JsonSource): string | Uint8Array {
  const pieces = reusedPieces(body, source);
  if (pieces === undefined) return JSON.stringify(body);
  let length = 0;
  for (const piece of pieces) length += piece.length;
  if (length < BYTES_FROM_CHARS) return pieces.join('');
  let bytes = 0;
  for (const piece of pieces) bytes += Buffer.byteLength(piece);
  const buffer = Buffer.allocUnsafe(bytes);
  let written = 0;
  for (const piece of pieces) written += buffer.write(piece, written);
  // Every byte counted is written; should a count ever differ, no unwritten byte is sent.
  return buffer.subarray(0, written);
}

/** Gathers a JSON text as few pieces: short ones joined as they come, long ones (a reused conversation, a data URL) kept apart. */
class Pieces {
  readonly list: string[] = [];
  private pending = '';

  add(text: string): void {
    if (text.length < PIECE_APART_FROM_CHARS) {
      this.pending += text;
      return;
    }
    if (this.pending !== '') this.list.push(this.pending);
    this.pending = '';
    this.list.push(text);
  }

  finish(): string[] {
    if (this.pending !== '') this.list.push(this.pending);
    return this.list;
  }
}

const PIECE_APART_FROM_CHARS = 4096;

/** The body's JSON as pieces (see stringifyReusing); undefined when the source is not a JSON object. */
function reusedPieces(body: Record<string, unknown>, source: JsonSource): string[] | undefined {
  const members = sourceMembers(source.text);
  const copy = source.value as Record<string, unknown>;
  if (!members || typeof copy !== 'object' || copy === null || Array.isArray(copy)) return undefined;
  const pieces = new Pieces();
  let first = true;
  for (const key in body) {
    const member = body[key];
    if (!sendsMember(member)) continue;
    pieces.add(`${first ? '{' : ','}${JSON.stringify(key)}:`);
    first = false;
    addMember(pieces, member, copy[key], members.get(key), source.text);
  }
  pieces.add(first ? '{}' : '}');
  return pieces.finish();
}

function addMember(pieces: Pieces, member: unknown, original: unknown, span: ValueSpan | undefined, text: string): void {
  // A top-level scalar (model, temperature, max_tokens) is written as svc read it: `1.0000000000000001` goes up as 1.
  if (span === undefined || typeof member !== 'object' || member === null) return pieces.add(JSON.stringify(member));
  if (sameJson(member, original) === span.members) return pieces.add(text.slice(span.start, span.end));
  const elements = Array.isArray(member) && Array.isArray(original) ? elementSpans(text, span) : undefined;
  if (elements && elements.length === (original as unknown[]).length) addArray(pieces, member as unknown[], original as unknown[], elements, text);
  else pieces.add(JSON.stringify(member));
}

/**
 * The array's JSON, each element copied from the source's where one is unchanged. The source's elements are
 * walked in order beside the array's: an element added by svc (a memory message) matches none and is
 * serialized; one svc left out is skipped over.
 */
function addArray(pieces: Pieces, array: readonly unknown[], originals: readonly unknown[], elements: readonly ValueSpan[], text: string): void {
  pieces.add('[');
  let next = 0;
  for (let index = 0; index < array.length; index++) {
    if (index > 0) pieces.add(',');
    const element = array[index];
    let reused = false;
    for (let ahead = next; ahead < Math.min(next + 2, elements.length); ahead++) {
      if (sameJson(element, originals[ahead]) !== elements[ahead].members) continue;
      pieces.add(text.slice(elements[ahead].start, elements[ahead].end));
      next = ahead + 1;
      reused = true;
      break;
    }
    if (!reused) pieces.add(JSON.stringify(element) ?? 'null');
  }
  pieces.add(']');
}

/**
 * Whether `sent` serializes (JSON.stringify) to the JSON of `original`, a value JSON.parse produced: the number
 * of object members in it when it does, else -1. Strings compare by ===, at once for the same string (the
 * common case: the canonical request holds the parsed strings). What JSON.stringify would treat specially
 * (toJSON, a class instance, a non-finite number) is never equal.
 */
function sameJson(sent: unknown, original: unknown): number {
  if (typeof sent !== 'object' || sent === null) {
    if (sent !== original) return -1;
    return typeof sent === 'number' && !Number.isFinite(sent) ? -1 : 0;
  }
  if (typeof original !== 'object' || original === null) return -1;
  if (Array.isArray(sent)) {
    if (!Array.isArray(original) || sent.length !== original.length) return -1;
    let members = 0;
    for (let index = 0; index < sent.length; index++) {
      // JSON.stringify writes an undefined (or function) element as null.
      const element = sendsMember(sent[index]) ? sent[index] : null;
      const inside = sameJson(element, original[index]);
      if (inside === -1) return -1;
      members += inside;
    }
    return members;
  }
  // The copy's objects are plain ones; Object.prototype itself (what a missing "constructor" key would find) is not.
  if (Array.isArray(original) || !isPlainObject(sent) || Object.getPrototypeOf(original) !== Object.prototype) return -1;
  let keys = 0;
  let members = 0;
  for (const key in sent) {
    const value = (sent as Record<string, unknown>)[key];
    if (!sendsMember(value)) continue;
    // A key the copy lacks reads undefined, or an Object.prototype function: equal to no JSON value.
    const inside = sameJson(value, (original as Record<string, unknown>)[key]);
    if (inside === -1) return -1;
    keys++;
    members += inside;
  }
  let originalKeys = 0;
  for (const _key in original) originalKeys++;
  return keys === originalKeys ? members + keys : -1;
}

/** JSON.stringify leaves out members whose value is undefined, a function or a symbol. */
const sendsMember = (member: unknown) => member !== undefined && typeof member !== 'function' && typeof member !== 'symbol';

function isPlainObject(value: object): boolean {
  const prototype = Object.getPrototypeOf(value);
  return (prototype === Object.prototype || prototype === null) && typeof (value as { toJSON?: unknown }).toJSON !== 'function';
}

// ---- the source's text: where each member and element lies, and how many object members it holds ----

/** Where a value lies in the text, and how many object members (colons outside strings) it holds. */
interface ValueSpan {
  start: number;
  end: number;
  members: number;
}

/** The span of the JSON value that starts at `start` (no leading space), or undefined for text that is not one. */
function valueSpan(text: string, start: number): ValueSpan | undefined {
  const code = text.charCodeAt(start);
  if (code === 34) {
    const close = closingQuote(text, start);
    return close === -1 ? undefined : { start, end: close + 1, members: 0 };
  }
  if (code === 123 || code === 91) {
    // Outside strings a body has few characters (brackets, commas, colons, numbers): a loop over them, and a
    // jump over each string (a RegExp exec per bracket cost ~100 ns and a match array).
    let depth = 0;
    let members = 0;
    for (let index = start; index < text.length; index++) {
      const char = text.charCodeAt(index);
      if (char === 34) {
        index = closingQuote(text, index);
        if (index === -1) return undefined;
      } else if (char === 58) members++;
      else if (char === 123 || char === 91) depth++;
      else if ((char === 125 || char === 93) && --depth === 0) return { start, end: index + 1, members };
    }
    return undefined;
  }
  // A number or a literal: up to the next delimiter.
  let end = start;
  while (end < text.length) {
    const char = text.charCodeAt(end);
    if (char === 44 || char === 125 || char === 93 || isJsonSpace(char)) break;
    end++;
  }
  return end === start ? undefined : { start, end, members: 0 };
}

/**
 * The members of the JSON object `text` is, by key: where each value lies (a key written twice: the last, as
 * JSON.parse reads it; the result sends each key once). Undefined when the text is not an object.
 */
function sourceMembers(text: string): Map<string, ValueSpan> | undefined {
  let index = skipSpace(text, 0);
  if (text.charCodeAt(index) !== 123) return undefined;
  const members = new Map<string, ValueSpan>();
  index = skipSpace(text, index + 1);
  if (text.charCodeAt(index) === 125) return members;
  for (;;) {
    if (text.charCodeAt(index) !== 34) return undefined;
    const close = closingQuote(text, index);
    if (close === -1) return undefined;
    const key = text.slice(index + 1, close);
    index = skipSpace(text, close + 1);
    if (text.charCodeAt(index) !== 58) return undefined;
    const span = valueSpan(text, skipSpace(text, index + 1));
    if (!span) return undefined;
    // An escaped key (\u006dessages) is not the key it spells: JSON.parse decodes it, so it is never reused.
    if (!key.includes('\\')) members.set(key, span);
    index = skipSpace(text, span.end);
    const next = text.charCodeAt(index);
    if (next === 125) return members;
    if (next !== 44) return undefined;
    index = skipSpace(text, index + 1);
  }
}

/** The elements of the JSON array at `span`. Undefined when it is not an array. */
function elementSpans(text: string, span: ValueSpan): ValueSpan[] | undefined {
  if (text.charCodeAt(span.start) !== 91) return undefined;
  const elements: ValueSpan[] = [];
  let index = skipSpace(text, span.start + 1);
  if (text.charCodeAt(index) === 93) return elements;
  for (;;) {
    const element = valueSpan(text, index);
    if (!element) return undefined;
    elements.push(element);
    index = skipSpace(text, element.end);
    const next = text.charCodeAt(index);
    if (next === 93) return elements;
    if (next !== 44) return undefined;
    index = skipSpace(text, index + 1);
  }
}
