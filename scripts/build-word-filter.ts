/**
 * Builds lexicon/real-words.bloom: a Bloom filter (1 % false positives, ~330 KB) of the 274,136 English words
 * of the MIT-licensed `word-list` package (4.1.0), so that the semantic cache's guards can tell a misspelling
 * (`pyhton`, not a word) from another real word one letter away (`nitrite` / `nitrate`, `butane` / `butene`,
 * `hypothyroidism` / `hyperthyroidism`), which must never share an answer. A false positive only refuses a typo.
 * With them, the 8,382 software names of lexicon/software-names.txt (`pydantic` is not a misspelling of `pedantic`).
 * Kept as data in the repository, so svc needs neither the package nor a download at run time. Re-run with:
 *   npm i --no-save word-list@4.1.0 && npx tsx scripts/build-word-filter.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { BloomFilter } from '../src/shared/bloom-filter.js';

const wordListPath = (await import('word-list' as string)).default as string;
const english = readFileSync(wordListPath, 'utf8').split('\n').map((word) => word.trim().toLowerCase()).filter(Boolean);
// Software names (lexicon/software-names.txt) are words too: a library one letter from an English word is no misspelling of it.
const names = readFileSync(new URL('../lexicon/software-names.txt', import.meta.url), 'utf8').split('\n').filter((line) => line !== '' && !line.startsWith('#'));
const words = [...new Set([...english, ...names])];
const filter = BloomFilter.sized(words.length, 0.01);
for (const word of words) filter.add(word);
const path = new URL('../lexicon/real-words.bloom', import.meta.url);
const bytes = filter.toBytes();
writeFileSync(path, bytes);
process.stdout.write(`${words.length} words → ${path.pathname} (${bytes.length} bytes)\n`);
