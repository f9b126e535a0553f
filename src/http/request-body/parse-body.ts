import { z } from 'zod';
import { refusalOf } from './issue-message.js';

/**
 * Validates a body (or, with `at`, a part of one found at that path) against its declaration: the parsed value, or the spec's 400 for the first problem. Fields
 * the declaration does not know are the caller's business to report (most endpoints warn about them).
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown, at = ''): z.output<S> {
  const declaration = declarationFor(schema, body);
  const result = declaration.safeParse(body);
  if (result.success) return result.data;
  // The refusal quotes the value it refused: parsed once more, with the inputs reported (only bad bodies pay).
  const reported = declaration.safeParse(body, { reportInput: true });
  throw refusalOf((reported.success ? result : reported).error!.issues, at);
}

/** The top-level fields of `body` that `known` does not list, in the caller's order. */
export function unknownFields(body: object, known: ReadonlySet<string>): string[] {
  const unknown: string[] = [];
  for (const key of Object.keys(body)) if (!known.has(key)) unknown.push(key);
  return unknown;
}

/** Distinct sets of fields per declaration that get a narrowed declaration of their own; others use the whole one. */
const MAX_NARROWED = 64;

interface Narrowing {
  keys: string[];
  /** Per field, whether a body without it must still run its schema (required, or with a default). */
  always: boolean[];
  byFields: Map<number, z.ZodType>;
}
const narrowings = new WeakMap<z.ZodType, Narrowing | null>();

/**
 * The declaration narrowed to the fields the body sends (and those it must have): the same answer — an absent
 * optional field adds nothing to the output and cannot fail — but zod's parser runs each declared field, and a
 * chat body sends 2–5 of its 31 (1.3 → 0.5 µs, and ~3.5 KB less garbage a request). One narrowed declaration per
 * set of fields, at most MAX_NARROWED per declaration: a caller varying its fields cannot make svc compile parsers
 * without end. Objects with refinements of their own (which read the whole object) are parsed whole.
 */
function declarationFor<S extends z.ZodType>(schema: S, body: unknown): S {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return schema;
  let narrowing = narrowings.get(schema);
  if (narrowing === undefined) narrowings.set(schema, (narrowing = narrowingOf(schema)));
  if (narrowing === null) return schema;
  const { keys, always, byFields } = narrowing;
  // The set of fields as a number, bit `index` for keys[index] (a Map key without building a string).
  let fields = 0;
  for (let index = 0; index < keys.length; index++) if (always[index] || Object.hasOwn(body, keys[index])) fields += 2 ** index;
  if (fields === 2 ** keys.length - 1) return schema;
  let narrowed = byFields.get(fields);
  if (narrowed === undefined) {
    if (byFields.size >= MAX_NARROWED) return schema;
    const mask: Record<string, true> = {};
    for (let index = 0; index < keys.length; index++) if (hasField(fields, index)) mask[keys[index]] = true;
    narrowed = (schema as unknown as z.ZodObject).pick(mask);
    byFields.set(fields, narrowed);
  }
  return narrowed as S;
}

/** Bit `index` of a set of fields (sets go past 32 bits, beyond the bitwise operators). */
const hasField = (fields: number, index: number) => Math.floor(fields / 2 ** index) % 2 === 1;

function narrowingOf(schema: z.ZodType): Narrowing | null {
  if (!(schema instanceof z.ZodObject)) return null;
  if ((schema._zod.def.checks?.length ?? 0) > 0) return null;
  const keys = Object.keys(schema.shape);
  // Field sets are numbers: up to 52 fields (no declaration has that many).
  if (keys.length > 52) return null;
  return { keys, always: keys.map((key) => (schema.shape[key] as z.ZodType)._zod.optin !== 'optional'), byFields: new Map() };
}
