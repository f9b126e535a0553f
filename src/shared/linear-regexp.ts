import { RE2JS } from 're2js';
import { compiledOnce, LruCache } from './lru-cache.js';

/**
 * Regular expressions from callers (JSON-schema `pattern`, `patternProperties`) run in RE2: linear time in
 * the input, whatever the pattern (`^(a+)+$` cannot backtrack), at the cost of backreferences and
 * lookaround, which RE2 refuses. A pure-JS port (re2js), so nothing native is built on install.
 */
const compiled = new LruCache<string, RE2JS | Error>({ maxEntries: 2000 });

/** The compiled pattern, or the reason RE2 cannot run it (cached either way). */
export function compileLinear(pattern: string): RE2JS | Error {
  return compiledOnce(compiled, pattern, () => RE2JS.compile(pattern));
}

/** ajv's `code.regExp` engine: `new RegExp` replaced by RE2 (ajv passes the `u` flag only). */
export const linearRegExpEngine = Object.assign(
  (pattern: string): { test(input: string): boolean } => {
    const regexp = compileLinear(pattern);
    if (regexp instanceof Error) throw regexp;
    return { test: (input: string) => regexp.test(input) };
  },
  // Only used by ajv's standalone code generation, which svc does not use.
  { code: 'require("re2js").RE2JS.compile' },
);
