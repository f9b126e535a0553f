/**
 * `npm run eval:routing:arena -- <question.jsonl>…`: the shipped task classifier on Arena-Hard-Auto's prompts
 * (github.com/lmarena/arena-hard-auto, data/arena-hard-v0.1 and data/arena-hard-v2.0/question.jsonl): real Chatbot
 * Arena traffic that nobody here wrote and the classifier never trained on. The files are not shipped; pass their paths.
 *
 * Two readings:
 * - v2.0's own subcategories where they name one of svc's families: `coding` as code and `creative_writing` as writing
 *   (its `math` is left out: half of it is competitive programming, which svc calls code, and a physics estimate is
 *   not what the family list calls maths). A few of its coding prompts are no code by svc's list (a cake recipe,
 *   a forecast), so this reads a little low.
 * - The prompts labelled by hand here, by the family list of eval/routing/README.md (eval/routing/arena-hard-labels.json,
 *   by `uid`: 60 drawn at random from v2.0, 58 from v0.1).
 */
import { readFileSync } from 'node:fs';
import { TaskClassifier } from '../src/routing/task-classifier/task-classifier.js';

interface ArenaQuestion {
  uid: string;
  prompt: string;
  subcategory?: string;
}

const subcategoryFamilies: Record<string, string> = { coding: 'code', creative_writing: 'writing' };
const labels = JSON.parse(readFileSync(new URL('../eval/routing/arena-hard-labels.json', import.meta.url), 'utf8')) as Record<string, Record<string, string>>;
const labelled = new Map(Object.values(labels).flatMap((byUid) => Object.entries(byUid)));
const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('usage: npm run eval:routing:arena -- <arena-hard question.jsonl>…');
  process.exit(2);
}

const classifier = TaskClassifier.fromFile();
const tally = () => ({ right: 0, total: 0, byFamily: new Map<string, { right: number; total: number }>() });
const bySubcategory = tally();
const byHand = tally();
function count(into: ReturnType<typeof tally>, expected: string, read: string): void {
  const family = into.byFamily.get(expected) ?? { right: 0, total: 0 };
  family.total++;
  into.total++;
  if (read === expected) {
    family.right++;
    into.right++;
  }
  into.byFamily.set(expected, family);
}

for (const file of files) {
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const question = JSON.parse(line) as ArenaQuestion;
    const read = classifier.classify({ prompt: question.prompt }).family;
    const expected = question.subcategory && subcategoryFamilies[question.subcategory];
    if (expected) count(bySubcategory, expected, read);
    const label = labelled.get(question.uid);
    if (label) count(byHand, label, read);
  }
}

const percent = (part: number, whole: number) => `${((100 * part) / Math.max(1, whole)).toFixed(1)} %`;
for (const [name, result] of [['v2.0 subcategories (coding as code, creative_writing as writing)', bySubcategory], ['labelled here (eval/routing/arena-hard-labels.json)', byHand]] as const) {
  if (result.total === 0) continue;
  console.log(`${name}: ${result.right}/${result.total} (${percent(result.right, result.total)})`);
  for (const [family, { right, total }] of [...result.byFamily].sort()) console.log(`  ${family.padEnd(14)} ${right}/${total}`);
}
