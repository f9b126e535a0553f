import { englishLexicon } from '../../cache/semantic/lexicon.js';

/**
 * Whether an English request names a term outside everyday vocabulary ("what's a monad", "is a bijection invertible",
 * "what's an idempotent request"): read by the tier rules, which then do not take a short request's "trivial" on the
 * classifier's word. The classifier learnt that short is easy, and a word it never saw weighs nothing: "what's a monad"
 * read as trivial small talk at 0.94 and went to T1. Such requests go to T2 now, which costs next to nothing (T1 saves
 * little over T2 against the baseline: see tier-rules.ts); "what's a quokka" and a misspelt word go with them.
 */

/** The words read: the request's start is where a short question names its subject. */
const READ_CHARS = 300;
/** Shorter words are never counted as terms ("api", "sql" are cues of their own; "haha", "ciao" are not terms). */
const SHORTEST_TERM = 5;
/** Chat's spellings that the word filter takes for words: never a term. */
const CHAT_SPELLINGS = new Set(['whats', 'thats', 'hahaha', 'hehehe', 'lolol']);
/**
 * Words of English that the other languages of the routing set do not write (not "a", "in", "an", "die", "est", nor
 * German "was" or Portuguese "do"): a text holding one reads as English. "¿Cómo se dice 'ventana' en inglés?" holds none
 * ("ventana" is an English word for the word filter), nor does "'Bonjour, ça va ?' in English please".
 */
const ENGLISH_ONLY = new Set(['the', 'is', 'are', 'what', 'whats', 'who', 'how', 'why', 'does', 'of', 'and', 'you', 'this', 'that', 'which', 'can', 'should', 'would', 'could', 'with', 'there']);
/** Words as letters of any script: "qué" and "ça" are one word each. */
const WORD = /\p{L}+/gu;

export function namesRareTerm(prompt: string): boolean {
  const lexicon = englishLexicon();
  const text = prompt.length > READ_CHARS ? prompt.slice(0, READ_CHARS).toLowerCase() : prompt.toLowerCase();
  let english = false;
  let rareTerm = false;
  for (const match of text.matchAll(WORD)) {
    const word = match[0];
    if (!english && ENGLISH_ONLY.has(word)) english = true;
    if (word.length < SHORTEST_TERM) continue;
    // A term: a word outside the 50,000 of everyday text ("monad", "functor", "merkle", "idempotent"; "mongolia", "avocado",
    // "pluto" are within them), not a product's name ("chatgpt") nor chat's spelling. A misspelling ("captial") counts too:
    // the word filter takes "operad" for a slip of "operand", and T2 for a typo costs next to nothing.
    if (!rareTerm && !CHAT_SPELLINGS.has(word) && lexicon.knownRank(word) === undefined && !lexicon.isName(word)) rareTerm = true;
    if (english && rareTerm) return true;
  }
  return false;
}
