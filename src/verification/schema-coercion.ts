/**
 * Fitting a parsed answer to its JSON schema where the fix is unambiguous: a number where a string is
 * required and the reverse (`"1,234.5"` and `"$19.99"` too), "true"/"false"/"yes"/"no" for a boolean, a single
 * value where an array is required, an object or array written as a JSON string (`"{\"a\": 1}"`), an enum value in
 * the wrong case, properties the schema forbids dropped, the answer
 * unwrapped from one key the schema does not know. Nothing is invented: a missing
 * required property stays missing (validation then reports it). Each change is recorded.
 */
type Schema = Record<string, unknown>;

const numeric = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;
/** Thousands grouped by commas, the US way only (`1,234.5`): `1,5` could be a decimal comma, so it is left alone. */
const grouped = /^-?[1-9]\d{0,2}(,\d{3})+(\.\d+)?$/;
const truthWords: Record<string, boolean> = { true: true, false: false, yes: true, no: false };

export function coerceToSchema(value: unknown, schema: unknown, changes: string[], path = ''): unknown {
  if (!isObject(schema)) return value;
  if (path === '') value = unwrapped(value, schema, changes);
  let result = coerceType(value, schema, changes, path);
  result = coerceEnum(result, schema, changes, path);
  if (isObject(result) && !Array.isArray(result)) return coerceObject(result, schema, changes, path);
  if (Array.isArray(result) && isObject(schema.items)) return result.map((item, index) => coerceToSchema(item, schema.items, changes, `${path}/${index}`));
  return result;
}

function coerceType(value: unknown, schema: Schema, changes: string[], path: string): unknown {
  const declared = schema.type;
  if (declared === undefined) return value;
  const types = (Array.isArray(declared) ? declared : [declared]) as string[];
  if (types.some((type) => matchesType(value, type))) return value;
  // Only one type to aim at (null aside), or the fix would be a guess between several.
  const targets = types.filter((type) => type !== 'null');
  if (targets.length !== 1) return value;
  const coerced = coerceScalar(value, targets[0], schema);
  if (coerced === undefined) return value;
  changes.push(`${path || '(root)'}: ${JSON.stringify(value)} → ${JSON.stringify(coerced)}`);
  return coerced;
}

function coerceScalar(value: unknown, type: string, schema: Schema): unknown {
  switch (type) {
    case 'string':
      return typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined;
    case 'number':
    case 'integer': {
      if (typeof value !== 'string') return undefined;
      // A price written with its currency sign (`"$19.99"`): the sign says what the number is of, not another number.
      const text = value.trim().replace(/^(-?)[$€£¥]\s?/, '$1');
      if (!numeric.test(text) && !grouped.test(text)) return undefined;
      const number = Number(text.replaceAll(',', ''));
      return type === 'integer' && !Number.isInteger(number) ? undefined : number;
    }
    case 'boolean':
      return typeof value === 'string' ? truthWords[value.trim().toLowerCase()] : undefined;
    case 'object':
      return parsedAs(value, 'object');
    case 'array':
      if (value === null || value === undefined) return undefined;
      return parsedAs(value, 'array') ?? [coerceToSchema(value, schema.items, [], '')];
    default:
      return undefined;
  }
}

/**
 * The answer wrapped in one key the schema does not know (`{"person": {"name": …}}` for a person): the object
 * inside, when it holds every required property and the wrapper does not.
 */
function unwrapped(value: unknown, schema: Schema, changes: string[]): unknown {
  if (!isObject(value) || Array.isArray(value) || !isObject(schema.properties)) return value;
  const keys = Object.keys(value);
  if (keys.length !== 1 || keys[0] in schema.properties) return value;
  const inner = value[keys[0]];
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  if (!isObject(inner) || Array.isArray(inner) || required.length === 0 || !required.every((name) => name in inner)) return value;
  changes.push(`(root): unwrapped from ${JSON.stringify(keys[0])}`);
  return inner;
}

function coerceEnum(value: unknown, schema: Schema, changes: string[], path: string): unknown {
  if (!Array.isArray(schema.enum) || typeof value !== 'string' || schema.enum.includes(value)) return value;
  const matches = schema.enum.filter((option): option is string => typeof option === 'string' && option.toLowerCase() === value.trim().toLowerCase());
  if (matches.length !== 1) return value;
  changes.push(`${path || '(root)'}: ${JSON.stringify(value)} → ${JSON.stringify(matches[0])}`);
  return matches[0];
}

function coerceObject(value: Schema, schema: Schema, changes: string[], path: string): Schema {
  const properties = isObject(schema.properties) ? schema.properties : {};
  const result: Schema = {};
  for (const [key, member] of Object.entries(value)) {
    if (key in properties) result[key] = coerceToSchema(member, properties[key], changes, `${path}/${key}`);
    else if (schema.additionalProperties === false) changes.push(`${path}/${key}: dropped (not allowed by the schema)`);
    else result[key] = isObject(schema.additionalProperties) ? coerceToSchema(member, schema.additionalProperties, changes, `${path}/${key}`) : member;
  }
  return result;
}

function matchesType(value: unknown, type: string): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number';
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'null':
      return value === null;
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isObject(value) && !Array.isArray(value);
    default:
      return true;
  }
}

function isObject(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null;
}

/** A string holding JSON of the kind the schema wants (`"{\"a\": 1}"` where an object is required), parsed. */
function parsedAs(value: unknown, kind: 'object' | 'array'): unknown {
  if (typeof value !== 'string' || !/^\s*[[{]/.test(value)) return undefined;
  try {
    const parsed: unknown = JSON.parse(value);
    return isObject(parsed) && Array.isArray(parsed) === (kind === 'array') ? parsed : undefined;
  } catch {
    return undefined;
  }
}
