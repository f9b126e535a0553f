/**
 * Anthropic's structured outputs (output_config.format and strict tools) accept a subset of JSON
 * Schema: every object closed with `additionalProperties: false`, no numeric or length constraints,
 * a fixed list of string formats, `minItems` of 0 or 1 only. Anything else is rejected with a 400.
 * This reduces a schema to that subset and, so that the model still sees the intent, writes each
 * removed constraint into the description (the same approach as Anthropic's own SDK).
 */

type Schema = Record<string, unknown>;

const STRING_FORMATS = new Set(['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'uri', 'ipv4', 'ipv6', 'uuid']);

/** Keywords that are kept as they are wherever they appear. */
const KEPT_KEYWORDS = ['type', 'description', 'title', 'const', 'enum'] as const;

/** Annotations that carry no constraint and would only clutter the description. */
const DISCARDED_KEYWORDS = new Set(['$schema', '$id', '$comment']);

function isSchema(value: unknown): value is Schema {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

export function toStructuredOutputSchema(schema: Schema): Schema {
  return reduce(schema);
}

function reduce(node: unknown): Schema {
  if (!isSchema(node)) return {};
  if (typeof node.$ref === 'string') return { $ref: node.$ref };
  const rest: Schema = { ...node };
  const reduced: Schema = {};
  const take = (key: string): unknown => {
    const value = rest[key];
    delete rest[key];
    return value;
  };

  for (const key of ['$defs', 'definitions']) {
    const definitions = take(key);
    if (isSchema(definitions)) reduced[key] = Object.fromEntries(Object.entries(definitions).map(([name, definition]) => [name, reduce(definition)]));
  }
  const anyOf = take('anyOf');
  const oneOf = take('oneOf');
  const allOf = take('allOf');
  // oneOf is not in the subset; anyOf is the closest it accepts.
  const variants = Array.isArray(anyOf) ? anyOf : Array.isArray(oneOf) ? oneOf : undefined;
  if (variants) reduced.anyOf = variants.map(reduce);
  if (Array.isArray(allOf)) reduced.allOf = allOf.map(reduce);
  for (const key of KEPT_KEYWORDS) {
    const value = take(key);
    if (value !== undefined) reduced[key] = value;
  }

  const types = Array.isArray(reduced.type) ? reduced.type : [reduced.type];
  if (types.includes('object') || isSchema(rest.properties)) {
    const properties = take('properties');
    reduced.properties = isSchema(properties) ? Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, reduce(property)])) : {};
    take('additionalProperties');
    reduced.additionalProperties = false;
    const required = take('required');
    if (Array.isArray(required)) reduced.required = required;
  }
  if (types.includes('string') && typeof rest.format === 'string' && STRING_FORMATS.has(rest.format)) reduced.format = take('format');
  if (types.includes('array')) {
    const items = take('items');
    if (items !== undefined) reduced.items = reduce(items);
    if (rest.minItems === 0 || rest.minItems === 1) reduced.minItems = take('minItems');
  }

  for (const key of DISCARDED_KEYWORDS) delete rest[key];
  const removed = Object.entries(rest);
  if (removed.length > 0) {
    const note = `{${removed.map(([key, value]) => `${key}: ${JSON.stringify(value)}`).join(', ')}}`;
    reduced.description = typeof reduced.description === 'string' && reduced.description !== '' ? `${reduced.description}\n\n${note}` : note;
  }
  return reduced;
}
