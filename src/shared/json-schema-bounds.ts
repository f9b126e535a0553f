import { compileLinear } from './linear-regexp.js';

/**
 * How big a JSON schema from a caller may be (response_format, tool parameters, text.format). Its compile
 * and validation run on the event loop, so they are bounded: measured with ajv, 500 subschemas compile in
 * about 30 to 110 ms (warm, cold); past the bounds the request is refused with a 400 naming them.
 */
export const SCHEMA_LIMITS = { maxBytes: 64 * 1024, maxNodes: 500, maxDepth: 32 } as const;

/** Keywords whose value is a schema, or an object or array of schemas. */
const schemaKeywords = new Set([
  'properties', 'patternProperties', 'additionalProperties', 'items', 'prefixItems', 'additionalItems', 'contains', 'propertyNames',
  'not', 'if', 'then', 'else', 'allOf', 'anyOf', 'oneOf', 'dependentSchemas', 'unevaluatedItems', 'unevaluatedProperties',
  '$defs', 'definitions',
]);

/**
 * Why a schema is out of bounds, or undefined: its size, its number of subschemas, its depth, or a
 * pattern that cannot run in linear time. Walked with a stack, not recursion: a hostile nesting cannot
 * overflow it.
 */
export function schemaBoundsProblem(schema: unknown): string | undefined {
  let bytes: number;
  try {
    bytes = Buffer.byteLength(JSON.stringify(schema) ?? '');
  } catch {
    return 'is nested too deeply to be read';
  }
  if (bytes > SCHEMA_LIMITS.maxBytes) return `is ${bytes} bytes; at most ${SCHEMA_LIMITS.maxBytes} are accepted`;
  let nodes = 0;
  const stack: Array<{ value: unknown; depth: number }> = [{ value: schema, depth: 1 }];
  while (stack.length > 0) {
    const { value, depth } = stack.pop()!;
    if (Array.isArray(value)) {
      for (const item of value) stack.push({ value: item, depth });
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (++nodes > SCHEMA_LIMITS.maxNodes) return `has more than ${SCHEMA_LIMITS.maxNodes} subschemas`;
    if (depth > SCHEMA_LIMITS.maxDepth) return `is nested more than ${SCHEMA_LIMITS.maxDepth} levels deep`;
    for (const [keyword, child] of Object.entries(value)) {
      if (keyword === 'pattern' && typeof child === 'string') {
        const problem = patternProblem(child);
        if (problem) return problem;
      } else if (keyword === 'patternProperties' && child !== null && typeof child === 'object') {
        for (const pattern of Object.keys(child)) {
          const problem = patternProblem(pattern);
          if (problem) return problem;
        }
      }
      if (!schemaKeywords.has(keyword) || child === null || typeof child !== 'object') continue;
      const mapOfSchemas = keyword === 'properties' || keyword === 'patternProperties' || keyword === '$defs' || keyword === 'definitions' || keyword === 'dependentSchemas';
      if (mapOfSchemas && !Array.isArray(child)) for (const sub of Object.values(child)) stack.push({ value: sub, depth: depth + 1 });
      else stack.push({ value: child, depth: depth + 1 });
    }
  }
  return undefined;
}

function patternProblem(pattern: string): string | undefined {
  const compiled = compileLinear(pattern);
  if (!(compiled instanceof Error)) return undefined;
  return `has a pattern svc cannot run in linear time (${JSON.stringify(pattern.slice(0, 80))}: ${compiled.message}); backreferences and lookaround are not supported`;
}
