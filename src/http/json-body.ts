import type { FastifyInstance } from 'fastify';
import { GatewayError } from '../errors/gateway-error.js';
import { closingQuote } from '../shared/json-text.js';

/** Deeper JSON than any real request needs; deeper bodies are refused before they are parsed. */
export const MAX_JSON_DEPTH = 128;

/**
 * The nesting depth of a JSON text, counted without parsing it (brackets outside strings): a body nested
 * 10,000 deep is refused in one linear pass, before a recursive parser or serializer can overflow its stack.
 * Strings are jumped over whole (json-text.ts): a character loop through them cost ~0.5 ms for a 70 KB
 * conversation, more than JSON.parse itself; jumping, ~30 µs.
 */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  // A text with no more opening brackets than the limit cannot nest deeper: counted with indexOf (native),
  // which spares the loop below for every short request.
  if (openingBracketsAtMost(text, limit)) return false;
  let depth = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 34) {
      index = closingQuote(text, index);
      // An unterminated string: not JSON, which the parser says next.
      if (index === -1) return false;
    } else if (code === 123 || code === 91) {
      if (++depth > limit) return true;
    } else if (code === 125 || code === 93) depth--;
  }
  return false;
}

const OPENING_BRACKETS = ['{', '['] as const;

function openingBracketsAtMost(text: string, limit: number): boolean {
  let count = 0;
  for (const bracket of OPENING_BRACKETS) {
    for (let index = text.indexOf(bracket); index !== -1; index = text.indexOf(bracket, index + 1)) {
      if (++count > limit) return false;
    }
  }
  return true;
}

/** application/json bodies: the depth limit, then JSON.parse; a `__proto__` key is refused (as Fastify's own parser does). */
export function installJsonBodyParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    request.bodyText = text;
    if (text.length === 0) return done(new GatewayError('validation_error', 'Request body is empty; a JSON object is required'), undefined);
    if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
      return done(new GatewayError('validation_error', `Request body is nested more than ${MAX_JSON_DEPTH} levels deep`), undefined);
    }
    try {
      // The reviver costs a call per value: only bodies that mention the key pay for it.
      done(null, text.includes('"__proto__"') ? JSON.parse(text, rejectPrototypeKeys) : JSON.parse(text));
    } catch (error) {
      done(error instanceof GatewayError ? error : new GatewayError('validation_error', `Request body is not valid JSON: ${(error as Error).message}`), undefined);
    }
  });
}

/** `__proto__` in a body would become a real prototype link on some code paths: refused, as Fastify's own parser does. */
function rejectPrototypeKeys(key: string, value: unknown): unknown {
  if (key === '__proto__') throw new GatewayError('validation_error', 'Request body contains a forbidden "__proto__" key');
  return value;
}
