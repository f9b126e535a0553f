import type { Lexicon } from './lexicon.js';

/** Words that may be misspelt: only letters, of the lengths lexicon.correction() considers. */
const candidateWord = /\b[a-z]{5,16}\b/g;

/**
 * The text with each misspelt word written as the word it misspells (`calcualte` → calculate), before the question
 * forms are read: "how do I calcualte the area" then reads as "… calculate the area" does. A name (`names`, the
 * words written with a capital) is never corrected, nor a word of the vocabulary or of the word list.
 */
export function withMisspellingsCorrected(lowered: string, names: ReadonlySet<string>, lexicon: Lexicon): string {
  return lowered.replace(candidateWord, (word) => (names.has(word) ? word : (lexicon.correction(word) ?? word)));
}
