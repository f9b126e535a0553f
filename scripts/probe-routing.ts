/**
 * `npm run eval:routing:probe -- FILE.jsonl [--append]`: reads a probe — fresh labelled requests, one JSON object a line
 * (`lang`, `family`, `complexity`, `prompt`, and optionally `system`, `history`, `tools`, `json`, as in
 * eval/routing/prompts.jsonl but without ids) — with the shipped classifier, as the set's batches were measured before
 * they were added. A row whose words overlap a row of the set (or an earlier row of the probe) by half or more (word-set
 * Jaccard ≥ 0.5) is a near copy: printed, neither counted nor added; so is a near copy of a row of kept-out.jsonl. With
 * `--append` the other rows join the set with the next ids, as one batch of eval/routing/batches.json (the
 * forward-chained protocol's blocks); retrain (`npm run train:routing`) and measure again after.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { TaskClassifier, complexities, taskFamilies } from '../src/routing/task-classifier/task-classifier.js';
import { chooseTier } from '../src/routing/tier-rules.js';
import { classifierInputOf, readJsonLines, readRoutingSet, recordBatchStart, type LabelledPrompt } from './routing-set.js';

const NEAR_COPY = 0.5;
const {
  values: { append },
  positionals: files,
} = parseArgs({ allowPositionals: true, options: { append: { type: 'boolean', default: false } } });
if (files.length !== 1) {
  console.error('usage: npm run eval:routing:probe -- FILE.jsonl [--append]');
  process.exit(2);
}

// eval/routing/kept-out.jsonl measures the classifier on requests it was never trained on: it never joins the set.
if (append && files[0].endsWith('kept-out.jsonl')) {
  console.error('kept-out.jsonl is kept out of training: it is read, never appended');
  process.exit(2);
}

type ProbeRow = Omit<LabelledPrompt, 'id'>;
const probe = readJsonLines<ProbeRow>(files[0]).map((row, index) => checked(row, index + 1));

const set = readRoutingSet();
const seen = set.map((row) => wordsOf(row.prompt));
/**
 * The kept-out rows' words, when the probe is not kept-out itself: a probe row that nearly copies one (a classic puzzle, a
 * stock request written again from memory) is left out, so that training never reads a kept-out request by another id.
 */
const keptOut = files[0].endsWith('kept-out.jsonl') ? [] : readJsonLines<ProbeRow>(new URL('../eval/routing/kept-out.jsonl', import.meta.url)).map((row) => wordsOf(row.prompt));
const classifier = TaskClassifier.fromFile();
const kept: ProbeRow[] = [];
let familyRight = 0;
let complexityRight = 0;
/** Complex or expert rows the tier rules would serve at T1 (issue 18: none may be). */
const underrated: string[] = [];
for (const row of probe) {
  const words = wordsOf(row.prompt);
  const line = row.prompt.replace(/\s+/g, ' ').slice(0, 100);
  const copied = nearlyCopies(words, seen) ? 'near copy' : nearlyCopies(words, keptOut) ? 'near copy of a kept-out row' : undefined;
  if (copied) {
    console.log(`${copied}, left out  ${line}`);
    continue;
  }
  seen.push(words);
  kept.push(row);
  const read = classifier.classify(classifierInputOf({ id: 0, ...row }));
  if (read.family === row.family) familyRight++;
  if (read.complexity === row.complexity) complexityRight++;
  const tier = chooseTier(undefined, undefined, read).tier;
  if ((row.complexity === 'complex' || row.complexity === 'expert') && tier === 'T1') underrated.push(line);
  console.log(`${read.family === row.family ? 'right' : 'MISS '}  ${row.family}→${read.family}  ${row.complexity}→${read.complexity}  ${tier}  ${line}`);
}
console.log(`${kept.length} of ${probe.length} rows kept (the rest near copies): family right ${familyRight}/${kept.length}, complexity right ${complexityRight}/${kept.length}, complex or expert at T1 ${underrated.length}`);
for (const line of underrated) console.log(`  complex or expert at T1: ${line}`);

if (append && kept.length > 0) {
  const firstId = Math.max(...set.map((row) => row.id)) + 1;
  appendFileSync(new URL('../eval/routing/prompts.jsonl', import.meta.url), kept.map((row, index) => `${setLine({ id: firstId + index, ...row })}\n`).join(''));
  recordBatchStart(firstId);
  console.log(`appended as rows ${firstId}–${firstId + kept.length - 1}: run npm run train:routing`);
}

function checked(row: ProbeRow, line: number): ProbeRow {
  const problems = [
    typeof row.prompt === 'string' && row.prompt.trim() ? undefined : 'no prompt',
    typeof row.lang === 'string' && /^[a-z]{2}$/.test(row.lang) ? undefined : `lang ${JSON.stringify(row.lang)} is not a two-letter code`,
    (taskFamilies as readonly string[]).includes(row.family) ? undefined : `family ${JSON.stringify(row.family)} is not one of ${taskFamilies.join(', ')}`,
    (complexities as readonly string[]).includes(row.complexity) ? undefined : `complexity ${JSON.stringify(row.complexity)} is not one of ${complexities.join(', ')}`,
    row.history === undefined || isListOfTurns(row.history) ? undefined : "history must be a list of the turns' texts (strings), user first",
    row.system === undefined || typeof row.system === 'string' ? undefined : 'system must be a string',
  ].filter((problem) => problem !== undefined);
  if (problems.length > 0) {
    console.error(`${files[0]} line ${line}: ${problems.join('; ')}`);
    process.exit(1);
  }
  return row;
}

/** A history as prompts.jsonl writes it: the turns' texts, user first, alternating (not {role, content} objects). */
function isListOfTurns(history: unknown): boolean {
  return Array.isArray(history) && history.length > 0 && history.every((turn) => typeof turn === 'string');
}

function wordsOf(text: string): Set<string> {
  return new Set(text.toLowerCase().split(/[^\p{L}\p{N}_]+/u).filter(Boolean));
}

/** Whether `words` overlap those of a row of `rows` by NEAR_COPY or more. */
function nearlyCopies(words: Set<string>, rows: readonly Set<string>[]): boolean {
  return rows.some((other) => jaccard(words, other) >= NEAR_COPY);
}

function jaccard(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const word of a) if (b.has(word)) shared++;
  const union = a.size + b.size - shared;
  return union === 0 ? 0 : shared / union;
}

/** A row as the set's file writes it: the fields in order, `key: value` and `, ` as separators (arrays too). */
function setLine(row: LabelledPrompt): string {
  const fields = (['id', 'lang', 'family', 'complexity', 'prompt', 'system', 'history', 'tools', 'json'] as const).filter((key) => row[key] !== undefined);
  const value = (item: unknown) => (Array.isArray(item) ? `[${item.map((entry) => JSON.stringify(entry)).join(', ')}]` : JSON.stringify(item));
  return `{${fields.map((key) => `${JSON.stringify(key)}: ${value(row[key])}`).join(', ')}}`;
}
