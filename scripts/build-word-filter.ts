/**
 * Builds lexicon/real-words.bloom: a Bloom filter (1 % false positives, ~340 KB) of the 274,136 English words of
 * the MIT-licensed `word-list` package (4.1.0), so that the semantic cache's guards can tell a misspelling
 * (`pyhton`, not a word) from another real word one letter away (`nitrite` / `nitrate`, `butane` / `butene`,
 * `hypothyroidism` / `hyperthyroidism`), which must never share an answer. A false positive only refuses a typo.
 * With them, the 8,382 software names of lexicon/software-names.txt (`pydantic` is not a misspelling of `pedantic`)
 * and the 7,322 website names of lexicon/site-names.txt (`venmo` is not a misspelling of `venom`). And
 * lexicon/names.bloom (0.1 %, ~24 KB): those names again, the ones that are not English words, which the guards never
 * take for a misspelling.
 * Kept as data in the repository, so svc needs neither the package nor a download at run time. Re-run with:
 *   npm i --no-save word-list@4.1.0 && npx tsx scripts/build-word-filter.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { BloomFilter } from '../src/shared/bloom-filter.js';

const wordListPath = (await import('word-list' as string)).default as string;
const english = readFileSync(wordListPath, 'utf8').split('\n').map((word) => word.trim().toLowerCase()).filter(Boolean);
// Software and website names (lexicon/software-names.txt, site-names.txt) are words too: a library or a service one
// letter from an English word is no misspelling of it.
const namesIn = (file: string) => readFileSync(new URL(`../lexicon/${file}`, import.meta.url), 'utf8').split('\n').filter((line) => line !== '' && !line.startsWith('#'));
const names = [...namesIn('software-names.txt'), ...namesIn('site-names.txt')];
const words = [...new Set([...english, ...names])];
writeFilter('real-words.bloom', words, 0.001);
// The names apart, where they are not English words: a name is never a misspelling, not even of a word it is one
// letter from (`canva` / `canvas`, `figma` / `figa`), which the guards take an obscure word to be. A false "yes" here
// only refuses a typo, so the rate is kept low.
const englishWords = new Set(english);
writeFilter('names.bloom', [...new Set(names)].filter((name) => !englishWords.has(name)), 0.001);

function writeFilter(file: string, members: string[], falsePositiveRate: number): void {
  const filter = BloomFilter.sized(members.length, falsePositiveRate);
  for (const member of members) filter.add(member);
  const path = new URL(`../lexicon/${file}`, import.meta.url);
  const bytes = filter.toBytes();
  writeFileSync(path, bytes);
  process.stdout.write(`${members.length} words → ${path.pathname} (${bytes.length} bytes)\n`);
}
