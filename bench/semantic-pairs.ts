/**
 * `npm run bench:semantic`: the semantic cache's decision scored on its labelled pairs
 * (test/fixtures/semantic-cache-pairs.json and semantic-cache-pairs-hard.json, written by hand apart from
 * the code, in the style of QQP and PAWS). A pair labelled hit must be served from the other's entry, a
 * pair labelled miss never. Prints precision and recall per kind at the built-in embedder's default
 * threshold (or `--threshold`); exits 1 on any false hit or a recall under `--min-recall` (default 0.6).
 */
import { parseArgs } from 'node:util';
import { localEmbedder } from '../src/cache/semantic/embedders.js';
import { decidePair, labelledPairs } from '../test/support/semantic-pairs.js';

const { values } = parseArgs({ options: { threshold: { type: 'string' }, 'min-recall': { type: 'string', default: '0.6' }, verbose: { type: 'boolean', default: false } } });
const threshold = values.threshold === undefined ? localEmbedder.defaultThreshold : Number(values.threshold);
const pairs = labelledPairs();

const kinds = new Map<string, { label: string; total: number; hits: number; examples: string[] }>();
for (const pair of pairs) {
  const decision = decidePair(pair, threshold);
  const key = `${pair.label}:${pair.kind ?? 'paraphrase'}`;
  const row = kinds.get(key) ?? { label: pair.label, total: 0, hits: 0, examples: [] };
  row.total++;
  if (decision.hit) row.hits++;
  const wrong = decision.hit !== (pair.label === 'hit');
  if (wrong) row.examples.push(`  ${decision.hit ? 'FALSE HIT' : 'missed'} (${decision.similarity.toFixed(3)}${decision.refusedBy ? `, ${decision.refusedBy}` : ''}): ${pair.a} | ${pair.b}`);
  kinds.set(key, row);
}
const hits = pairs.filter((pair) => pair.label === 'hit');
const found = hits.filter((pair) => decidePair(pair, threshold).hit).length;
const falseHits = pairs.filter((pair) => pair.label === 'miss' && decidePair(pair, threshold).hit).length;
console.log(`| must | kind | pairs | served from cache | ${'share'} |\n|---|---|---|---|---|`);
for (const [key, row] of [...kinds].sort()) {
  const [label, kind] = key.split(':');
  console.log(`| ${label} | ${kind} | ${row.total} | ${row.hits} | ${((100 * row.hits) / row.total).toFixed(1)} % |`);
}
const recall = found / hits.length;
const precision = found + falseHits === 0 ? 1 : found / (found + falseHits);
console.log(`\n${pairs.length} pairs, threshold ${threshold}: precision ${(100 * precision).toFixed(1)} % (${falseHits} false hits of ${pairs.length - hits.length} near misses), recall ${(100 * recall).toFixed(1)} % (${found} of ${hits.length})`);
if (values.verbose || falseHits > 0) for (const row of kinds.values()) for (const line of row.examples) if (values.verbose || line.includes('FALSE HIT')) console.log(line);
process.exitCode = falseHits === 0 && recall >= Number(values['min-recall']) ? 0 : 1;
