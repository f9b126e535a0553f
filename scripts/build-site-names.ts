/**
 * Builds lexicon/site-names.txt: the names of the most visited websites, which are words to the semantic cache's
 * guards and its spelling correction (`venmo` is not a misspelling of `venom`, nor `lyft` of `lift`). The source is
 * the Tranco top 10,000 (https://tranco-list.eu) as MISP's warning lists keep it (CC0, `lists/tranco10k/list.json`
 * of github.com/MISP/misp-warninglists); each domain gives the label before its public suffix (`venmo.com` → venmo,
 * `bbc.co.uk` → bbc), lower-cased, kept when it is four letters or more and letters only. Then re-run
 * scripts/build-word-filter.ts. Usage: npx tsx scripts/build-site-names.ts path/to/tranco10k/list.json
 */
import { readFileSync, writeFileSync } from 'node:fs';

const source = process.argv[2];
if (!source) throw new Error('usage: npx tsx scripts/build-site-names.ts path/to/tranco10k/list.json');
const domains = (JSON.parse(readFileSync(source, 'utf8')) as { list: string[] }).list;
/** Second-level labels under a country code (`co.uk`, `com.br`, `ac.jp`): the name is the label before them. */
const registrySecondLevels = new Set(['co', 'com', 'org', 'net', 'gov', 'ac', 'edu', 'ne', 'or', 'go', 'gob', 'nic', 'mil']);
const names = new Set<string>();
for (const domain of domains) {
  const labels = domain.toLowerCase().split('.');
  let index = labels.length - 2;
  while (index > 0 && registrySecondLevels.has(labels[index])) index--;
  const name = labels[index];
  if (name !== undefined && /^[a-z]{4,}$/.test(name)) names.add(name);
}
const header = [
  '# Website names that are not misspellings: merged into real-words.bloom by scripts/build-word-filter.ts.',
  '# The names of the Tranco top 10,000 sites (MISP warning list tranco10k, CC0), built by scripts/build-site-names.ts;',
  "# 'venmo' is a payment service, not a typo of 'venom'.",
];
writeFileSync(new URL('../lexicon/site-names.txt', import.meta.url), `${[...header, ...[...names].sort()].join('\n')}\n`);
process.stdout.write(`${names.size} names from ${domains.length} domains\n`);
