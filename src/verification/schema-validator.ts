import { Ajv, type ValidateFunction } from 'ajv';
import { canonicalJson } from '../cache/exact/request-key.js';
import { compiledOnce, LruCache } from '../shared/lru-cache.js';
import { linearRegExpEngine } from '../shared/linear-regexp.js';

// Patterns run in RE2 (linear time): a caller's `^(a+)+$` cannot stall the event loop for every tenant.
const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: false, code: { regExp: linearRegExpEngine } });
/** Compiled once per schema: a schema is compiled the first time it is seen, then reused. */
const compiled = new LruCache<string, ValidateFunction | Error>({ maxEntries: 500 });

/** Validates `value` against `schema`; errors are short, readable lines (`/age must be integer`). */
export function validateAgainstSchema(value: unknown, schema: Record<string, unknown>): { valid: true } | { valid: false; errors: string[] } {
  const validate = compile(schema);
  // A schema ajv cannot compile cannot be enforced: the answer is not refused for svc's inability.
  if (validate instanceof Error) return { valid: true };
  if (validate(value)) return { valid: true };
  const errors = (validate.errors ?? []).slice(0, 10).map((error) => {
    const at = error.instancePath || '(root)';
    const extra = error.keyword === 'additionalProperties' ? ` (${(error.params as { additionalProperty: string }).additionalProperty})` : '';
    return `${at} ${error.message ?? 'is invalid'}${extra}`;
  });
  return { valid: false, errors };
}

/** Why ajv cannot compile a schema (the tool registry refuses it), or undefined. The compiled schema is kept for later checks. */
export function schemaCompileProblem(schema: Record<string, unknown>): string | undefined {
  const validate = compile(schema);
  return validate instanceof Error ? validate.message : undefined;
}

function compile(schema: Record<string, unknown>): ValidateFunction | Error {
  return compiledOnce(compiled, canonicalJson(schema), () => ajv.compile(schema));
}
