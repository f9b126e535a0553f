/**
 * `npm run bench:healing`: the JSON healer scored on its labelled corpus (test/fixtures/json-healing-corpus.json,
 * written by hand apart from the code; regenerate with `python3 test/fixtures/make-json-healing-corpus.py`).
 * An item is right when a broken answer is healed to exactly the expected value, a valid one is left
 * untouched, and a hopeless one (or one with placeholders for left-out values) is refused. Prints the score
 * per category and overall; exits 1 under `--min` (a share, default 0.98). Then the time to heal large broken answers
 * of a few shapes at three sizes (the healer runs on the event loop: its time must grow with the answer's length, not
 * its square).
 */
import { isDeepStrictEqual, parseArgs } from 'node:util';
import { healJson } from '../src/verification/json-healer.js';
import { healingCorpus, healItem } from '../test/support/healing-corpus.js';
import { largeBrokenAnswers } from '../test/support/large-broken-answers.js';
import { median } from './load.js';

const { values } = parseArgs({ options: { min: { type: 'string', default: '0.98' }, verbose: { type: 'boolean', default: false } } });
const corpus = healingCorpus();

const byCategory = new Map<string, { right: number; total: number }>();
const wrong: string[] = [];
let right = 0;
for (const item of corpus) {
  const outcome = healItem(item);
  const ok =
    item.expected === 'untouched' ? outcome.status === 'valid' : item.expected === 'refused' ? outcome.status === 'failed' : outcome.status === 'healed' && isDeepStrictEqual(outcome.value, item.expected);
  const score = byCategory.get(item.category) ?? { right: 0, total: 0 };
  score.total++;
  if (ok) (score.right++, right++);
  else wrong.push(`${item.category}: ${item.name} → ${JSON.stringify(outcome).slice(0, 200)}`);
  byCategory.set(item.category, score);
}

console.log('| category | right | of | share |\n|---|---|---|---|');
for (const [category, score] of [...byCategory].sort((a, b) => b[1].total - a[1].total)) {
  console.log(`| ${category} | ${score.right} | ${score.total} | ${((100 * score.right) / score.total).toFixed(1)} % |`);
}
const share = right / corpus.length;
console.log(`\nhealing corpus: ${right}/${corpus.length} right (${(100 * share).toFixed(1)} %), target ≥ ${(100 * Number(values.min)).toFixed(0)} %`);
if (wrong.length > 0 && (values.verbose || share < Number(values.min))) console.log(wrong.join('\n'));
process.exitCode = share >= Number(values.min) ? 0 : 1;

/** The shapes by name, each sized so that n = 200, 2,000, 6,000 makes about 10, 100 and 300 KB. */
const largeShapes: Record<string, (n: number) => string> = {
  'single quotes and trailing commas': largeBrokenAnswers.singleQuotesAndTrailingCommas,
  'objects with no commas between them': largeBrokenAnswers.objectsWithoutCommas,
  'cut mid-way': largeBrokenAnswers.cutMidWay,
  'quotes inside a value': largeBrokenAnswers.quotesInsideAValue,
  'nested deep and cut': (n) => largeBrokenAnswers.nestedAndCut(n / 10),
};
const medianMs = (run: () => void) =>
  median(
    [1, 2, 3].map(() => {
      const started = performance.now();
      run();
      return performance.now() - started;
    }),
  );
console.log('\nlarge broken answers: the median of three heals, ms (µs a KB)\n');
console.log('| shape | ~10 KB | ~100 KB | ~300 KB |\n|---|---|---|---|');
for (const [shape, make] of Object.entries(largeShapes)) {
  const cells = [200, 2000, 6000].map((n) => {
    const text = make(n);
    const ms = medianMs(() => healJson(text, { requireObject: true }));
    return `${ms.toFixed(1)} (${((1000 * ms) / (text.length / 1024)).toFixed(0)})`;
  });
  console.log(`| ${shape} | ${cells.join(' | ')} |`);
}
