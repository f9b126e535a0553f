import { z } from 'zod';
import { isJsonObject, type JsonObject } from '../../shared/json-values.js';
import { schemaBoundsProblem } from '../../shared/json-schema-bounds.js';

/**
 * The vocabulary request bodies are declared in. Each declaration reads like a row of the spec's tables; the
 * words a refusal uses come from here and from `issue-message.ts`, so every endpoint says "temperature must be
 * between 0 and 2 (got 3)" the same way. Custom messages are written relative to the field ("must …",
 * "is …"): the field's path is put in front of them when the error is rendered.
 */

/** "null", "array", "string"…: what a wrong value was, for "(got …)". */
export function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  // JSON's 1e999 parses to Infinity, which no numeric field takes: "got number" would not say why.
  if (typeof value === 'number' && !Number.isFinite(value)) return `${value}, beyond the range of a number`;
  return typeof value;
}

/** An optional field: absent and `null` both mean "not given" (the builders drop nulls). */
export const optional = <T extends z.ZodType>(schema: T) => schema.nullish();

/** A number in [min, max]; the refusal names both bounds. */
export const numberIn = (min: number, max: number) => z.number().refine((value) => value >= min && value <= max, { params: { range: [min, max] } });

const integer = () => z.number().refine((value) => Number.isInteger(value), { params: { expected: 'an integer' } });

/** An integer in [min, max] (JavaScript's safe integers at most). */
export const integerIn = (min: number, max: number = Number.MAX_SAFE_INTEGER) => integer().refine((value) => value >= min && value <= max, { params: { range: [min, max] } });

/**
 * `logit_bias`: token ids (in decimal, as JSON object keys) to a bias in [-100, 100]. OpenAI refuses any other key
 * ("Invalid key in 'logit_bias'"): refused here, a provider call is not spent on it.
 */
export const tokenBiases = () =>
  z.record(
    z.string().regex(/^\d{1,9}$/, { error: 'is not a token id (the keys of logit_bias are non-negative integers)' }),
    numberIn(-100, 100),
  );

/** A positive number (a limit, a budget). */
export const positiveNumber = () => z.number().refine((value) => value > 0, { error: (issue) => `must be positive (got ${issue.input})` });

/** A positive integer. */
export const positiveInteger = () => integer().refine((value) => value > 0, { error: (issue) => `must be positive (got ${issue.input})` });

/** A string that is not empty or blank. */
export const nonBlankString = () => z.string().refine((value) => value.trim() !== '', { error: 'must not be empty' });

/** Control characters (NUL, line breaks…) have no place in a name or an id: refused at the edge, named. */
const controlCharacter = /[\u0000-\u001f\u007f]/;
export function controlCharacterProblem(value: string): string | undefined {
  const found = controlCharacter.exec(value);
  return found ? `must not contain control characters (U+${found[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')} at position ${found.index})` : undefined;
}

/** A zod check from a function that names what is wrong with a value (or returns undefined). */
function problemCheck<T>(problemOf: (value: T) => string | undefined) {
  return (context: z.core.ParsePayload<T>) => {
    const problem = problemOf(context.value);
    if (problem) context.issues.push({ code: 'custom', message: problem, input: context.value });
  };
}

/** A name or an id: a string without control characters. */
export const identifier = () => z.string().check(problemCheck(controlCharacterProblem));

/** A model name: an identifier that is not blank. */
export const modelName = () => nonBlankString().check(problemCheck(controlCharacterProblem));

/** A string, or an array of strings. */
export const stringOrStrings = () => z.union([z.string(), z.array(z.string())], { error: (issue) => `must be a string or an array of strings (got ${describeType(issue.input)})` });

/** OpenAI's bounds of `metadata`: 16 pairs, keys of at most 64 characters, values of at most 512. */
export const METADATA_BOUNDS = { pairs: 16, keyCharacters: 64, valueCharacters: 512 } as const;

/** The problem of a string longer than `max` characters. */
export const tooLongProblem = (max: number) => (value: string) => (value.length > max ? `must be at most ${max} characters long (got ${value.length})` : undefined);

/** `{key: string}`: request metadata, within OpenAI's bounds (an upstream that stores it refuses more). */
export const metadataRecord = () =>
  z
    .record(z.string().check(problemCheck(tooLongProblem(METADATA_BOUNDS.keyCharacters))), z.string().check(problemCheck(tooLongProblem(METADATA_BOUNDS.valueCharacters))))
    .check(
      problemCheck((record) => {
        const pairs = Object.keys(record).length;
        return pairs > METADATA_BOUNDS.pairs ? `must have at most ${METADATA_BOUNDS.pairs} pairs (got ${pairs})` : undefined;
      }),
    );

/**
 * A conversation's id: free-form (spec 4.1), as long as a metadata value at most — it keys the conversation's
 * memory and sticky route, and an index entry (PostgreSQL refuses one over ~2.7 KB: the turn's facts were lost).
 */
export const conversationId = () => z.string().check(problemCheck(tooLongProblem(METADATA_BOUNDS.valueCharacters)));

/** Any JSON object (a JSON Schema, provider data echoed back): checked to be an object, taken as sent (not walked or copied). */
export const jsonObject = () => z.custom<JsonObject>(isJsonObject, { error: (issue) => `must be an object (got ${describeType(issue.input)})` });

/** A JSON schema from the caller: an object within the bounds svc can compile and check without stalling (shared/json-schema-bounds.ts). */
export const boundedJsonSchema = () => jsonObject().check(problemCheck<JsonObject>(schemaBoundsProblem));

/** An ISO 8601 date or date-time, normalised to UTC. */
export const isoDate = () =>
  z
    .string()
    .refine((value) => !Number.isNaN(Date.parse(value)), { error: (issue) => `must be an ISO 8601 date or date-time (got ${JSON.stringify(issue.input)})` })
    .transform((value) => new Date(Date.parse(value)).toISOString());

/** Copies `keys` of `from` that were given (neither null nor undefined) onto `to`: declared values that are already canonical. */
export function copyGiven<K extends string>(from: Partial<Record<K, unknown>>, to: object, keys: readonly K[]): void {
  for (const key of keys) {
    const value = from[key];
    if (value !== undefined && value !== null) (to as Record<string, unknown>)[key] = value;
  }
}

/** Drops the keys whose value is null or undefined (a field sent as null is a field not given). */
export function withoutNulls<T extends object>(value: T): { [K in keyof T]: Exclude<T[K], null> } {
  for (const key of Object.keys(value) as Array<keyof T>) {
    if (value[key] === null || value[key] === undefined) delete value[key];
  }
  return value as { [K in keyof T]: Exclude<T[K], null> };
}
