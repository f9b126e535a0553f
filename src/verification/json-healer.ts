import { jsonrepair } from 'jsonrepair';
import { inAnswerOrder, jsonCandidates } from './json-extract.js';
import { fixLexically, isPlaceholderText } from './json-lexical-fixes.js';
import { coerceToSchema } from './schema-coercion.js';
import { validateAgainstSchema } from './schema-validator.js';

/** The step that made an answer valid. */
export type HealStage = 'extract' | 'syntax_repair' | 'truncation_close' | 'schema_coercion';

/** What the answer must be: an object (json_object, tool arguments) and, with a schema, valid against it. */
export interface JsonExpectation {
  schema?: Record<string, unknown>;
  requireObject: boolean;
}

export type HealOutcome =
  | { status: 'valid' }
  | { status: 'healed'; value: unknown; text: string; stage: HealStage; confidence: number; changes: string[] }
  | { status: 'failed'; errors: string[] };

/**
 * How sure a step is that the healed value is what the model meant: syntax fixes are near certain, a fix
 * of types a guess, closing a cut answer the least sure (what was cut is lost).
 */
const confidenceOf: Record<HealStage, number> = { extract: 0.95, syntax_repair: 0.9, schema_coercion: 0.75, truncation_close: 0.5 };

/**
 * Whether a heal is applied on its own: when it is sure enough, and — with `closeCut` — when it closes an
 * answer cut short, whatever its confidence (an unclosed value is useless to every caller).
 */
export function healStands(outcome: HealOutcome, minConfidence: number, closeCut: boolean): outcome is Extract<HealOutcome, { status: 'healed' }> {
  return outcome.status === 'healed' && (outcome.confidence >= minConfidence || (closeCut && outcome.stage === 'truncation_close'));
}

/** The tag a reasoning model opens its thinking with, at the start of its answer. */
const openingThought = /^\s*<(think|thinking|reasoning)>/i;

/**
 * Broken answers longer than this are not healed: at the healer's 0.5–1.5 µs a character that is seconds of work, on a
 * thread every other long answer waits for, and what a model writes at such length broken is seldom worth a guess.
 */
export const HEAL_MAX_CHARS = 4 * 1024 * 1024;

/** Checks an answer meant to be JSON and, when it is broken, heals it (see docs in the README's healing section). */
export function healJson(answer: string, expectation: JsonExpectation, direct: ParsedJson = parseJson(answer)): HealOutcome {
  if (!direct.ok && answer.length > HEAL_MAX_CHARS) {
    return { status: 'failed', errors: [`the answer is ${answer.length} characters of broken JSON; svc repairs up to ${HEAL_MAX_CHARS}`] };
  }
  if (direct.ok) {
    if (placeholderAmongValues(direct.value)) return { status: 'failed', errors: ['a placeholder ("...") stands among the values where values were left out'] };
    if (fits(direct.value, expectation) && schemaErrors(direct.value, expectation).length === 0) return { status: 'valid' };
    // A JSON string holding the JSON (double-encoded) is unwrapped like text around it.
    const inner = typeof direct.value === 'string' ? direct.value : undefined;
    if (inner === undefined) return finish(direct.value, 'extract', expectation, true);
    return healText(inner, expectation);
  }
  return healText(answer, expectation);
}

function healText(answer: string, expectation: JsonExpectation, unwrapQuoted = true): HealOutcome {
  // A reasoning model's thinking before its answer (`<think>…</think>`) is not the answer, whatever braces it holds;
  // an answer cut inside its thinking holds none.
  const thinking = openingThought.exec(answer);
  if (thinking) {
    const end = answer.toLowerCase().indexOf(`</${thinking[1].toLowerCase()}>`, thinking[0].length);
    if (end < 0) return { status: 'failed', errors: ['the answer ended inside its reasoning, before any JSON'] };
    return healText(answer.slice(end + thinking[1].length + 3), expectation, unwrapQuoted);
  }
  // JSON whose every quote is escaped (`{\"a\": 1}`): the body of a string literal, printed without its own quotes.
  if (answer.includes('\\"') && !/(?:^|[^\\])"/.test(answer)) return healText(answer.replaceAll('\\"', '"'), expectation, unwrapQuoted);
  // An object whose opening brace is missing (`"a": 1, "b": 2}`: the brace was prefilled, or cut off): no JSON
  // text opens on a key and its colon.
  if (/^\s*"[^"\n]{1,200}"\s*:/.test(answer)) return healText(`{${answer.trimStart()}`, expectation, unwrapQuoted);
  let best: HealOutcome | undefined;
  // JSON written as a JSON string inside prose (`Result: "{\"a\":1}"`): the string's text is the answer.
  const quoted = unwrapQuoted ? quotedObjectSpan(answer) : undefined;
  if (quoted) {
    const inner = parseJson(quoted);
    if (inner.ok && typeof inner.value === 'string') {
      const outcome = healText(inner.value, expectation, false);
      if (outcome.status === 'healed') return { ...outcome, stage: outcome.stage === 'syntax_repair' ? outcome.stage : 'extract' };
      if (outcome.status === 'valid') return finish(JSON.parse(inner.value), 'extract', expectation, false);
    }
  }
  for (const candidate of inAnswerOrder(answer, jsonCandidates(answer))) {
    const parsed = parseJson(candidate.text);
    let outcome: HealOutcome;
    if (parsed.ok) outcome = finish(parsed.value, 'extract', expectation, false);
    else {
      const repaired = repair(candidate.text);
      // A placeholder where values belong refuses the whole answer: nothing else in it is complete either.
      if (!repaired.ok && repaired.refusal) return { status: 'failed', errors: [repaired.refusal] };
      if (!repaired.ok) continue;
      outcome = finish(repaired.value, candidate.truncated ? 'truncation_close' : 'syntax_repair', expectation, false);
    }
    if (outcome.status !== 'failed') return outcome;
    best ??= outcome;
  }
  return best ?? { status: 'failed', errors: [expectation.requireObject ? 'the answer holds no JSON object' : 'the answer holds no JSON value'] };
}

/**
 * From the first `"{` (spaces allowed between) to the last `}"` after it: what `/"\s*\{[\s\S]*\}\s*"/` matches, found
 * in one pass from each end. The pattern retried every `"{` against the whole rest of the answer: 120 KB of them took
 * 2.2 s of the event loop.
 */
function quotedObjectSpan(answer: string): string | undefined {
  const opening = /"\s*\{/.exec(answer);
  if (!opening) return undefined;
  const brace = opening.index + opening[0].length - 1;
  for (let quote = answer.lastIndexOf('"'); quote > brace; quote = answer.lastIndexOf('"', quote - 1)) {
    let before = quote - 1;
    while (before > brace && /\s/.test(answer[before])) before--;
    if (before > brace && answer[before] === '}') return answer.slice(opening.index, quote + 1);
  }
  return undefined;
}

/**
 * A "..." string among an array's values of another kind (`[{"id": 1}, "...", {"id": 9}]`): the rows the model
 * left out, in an answer that still parses. A "..." among strings, or alone, may be meant and stays.
 */
function placeholderAmongValues(value: unknown): boolean {
  if (Array.isArray(value)) {
    if (value.length >= 2 && value.some((item) => typeof item !== 'string') && value.some((item) => typeof item === 'string' && isPlaceholderText(item))) return true;
    return value.some(placeholderAmongValues);
  }
  return value !== null && typeof value === 'object' && Object.values(value).some(placeholderAmongValues);
}

/** Coerces to the schema where needed and validates; `alreadyValidJson` means only the schema can fix it. */
function finish(value: unknown, stage: HealStage, expectation: JsonExpectation, alreadyValidJson: boolean): HealOutcome {
  if (!fits(value, expectation)) return { status: 'failed', errors: [`the answer is ${describe(value)}, not a JSON object`] };
  const changes: string[] = [];
  let healed = value;
  let finalStage = stage;
  if (expectation.schema && schemaErrors(value, expectation).length > 0) {
    healed = coerceToSchema(value, expectation.schema, changes);
    const errors = schemaErrors(healed, expectation);
    if (errors.length > 0) return { status: 'failed', errors };
    if (changes.length > 0 && confidenceOf.schema_coercion < confidenceOf[stage]) finalStage = 'schema_coercion';
  } else if (alreadyValidJson) {
    return { status: 'valid' };
  }
  const confidence = Math.min(confidenceOf[stage], changes.length > 0 ? confidenceOf.schema_coercion : 1);
  return { status: 'healed', value: healed, text: JSON.stringify(healed), stage: alreadyValidJson ? 'schema_coercion' : finalStage, confidence, changes };
}

function fits(value: unknown, expectation: JsonExpectation): boolean {
  if (expectation.requireObject) return typeof value === 'object' && value !== null && !Array.isArray(value);
  return typeof value === 'object' && value !== null;
}

function schemaErrors(value: unknown, expectation: JsonExpectation): string[] {
  if (!expectation.schema) return [];
  const result = validateAgainstSchema(value, expectation.schema);
  return result.valid ? [] : result.errors;
}

export type ParsedJson = { ok: true; value: unknown } | { ok: false };

/** JSON.parse that answers whether it parsed instead of throwing. */
export function parseJson(text: string): ParsedJson {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function repair(text: string): { ok: true; value: unknown } | { ok: false; refusal?: string } {
  const fixed = fixLexically(text);
  if (!fixed.ok) return { ok: false, refusal: fixed.reason };
  try {
    return parseJson(jsonrepair(fixed.text));
  } catch {
    return { ok: false };
  }
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}
