/**
 * Which families' cues a text holds, in one pass over its word starts. A cue in an alphabet (Latin, Cyrillic…) starts
 * at a word start ("hi" is not in "this", "api" not in "capital") and may run on into an inflection ("summar" →
 * "summarize"); it is looked up by its first characters (up to four) at each word start, so the text is read once for
 * all families (8.8 µs a call on the routing set's prompts, where an alternation of hundreds of cues per family, each
 * scanning the whole text, took 21.2; looked up by their first two characters only, the 103 cues opening with "co" were
 * each tried at every "con" and "como": 12.0 against 9.4 µs, the two indexes alternating in one process). A cue in a script written without spaces (CJK, Hangul, Thai), or one that opens
 * with a symbol ('%'), is matched anywhere by a pattern per family. A pattern that opens at a word start (`\bsentiment\b`)
 * is a word cue, looked up by its first two letters. A text in Latin letters is not tried against the cues that need a
 * script without spaces (its accented letters made it try them all). A cue that counts only beside a number the text
 * gives (`DigitCue`) is read only when the pass saw a digit.
 */

import { requiresUnspacedScript, wordStartBranches } from './cue-patterns.js';
import { isUnspacedUnit } from './writing-systems.js';

/**
 * A cue that holds only when the text also holds a digit: a measure asked of numbers the prompt gives ("the area of a
 * 5 m square") and not of the world ("the area of Texas"). `withDigit` is a pattern's source; in an alphabet it must
 * start a word ("radius", not "ultraradius"); in a script without spaces it is matched anywhere.
 */
export interface DigitCue {
  readonly withDigit: string;
}

export type Cue = string | RegExp | DigitCue;

const letter = /\p{L}/u;
const nonAscii = /[^\x00-\x7f]/;
/** Whether a UTF-16 unit beyond ASCII is a letter (\p{L}), learnt once per unit: 0 unknown, 1 letter, 2 not. */
const letterUnits = new Uint8Array(0x10000);

/** Whether the character at `at` is a letter; the second unit of a surrogate pair is what its first was. */
function isLetterAt(text: string, at: number, code: number, previous: boolean): boolean {
  if (code < 128) return ((code | 32) >= 97 && (code | 32) <= 122);
  if (code >= 0xdc00 && code <= 0xdfff) return previous;
  if (code >= 0xd800 && code <= 0xdbff) return letter.test(String.fromCodePoint(text.codePointAt(at)!));
  let known = letterUnits[code];
  if (known === 0) known = letterUnits[code] = letter.test(text[at]) ? 1 : 2;
  return known === 1;
}
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A cue that opens with no letter ('%') or in a script without spaces: looked for anywhere in the text, not at word starts. */
const matchedAnywhere = (source: string) => !/^\s?\p{L}/u.test(source) || isUnspacedUnit(source.charCodeAt(/^\s/.test(source) ? 1 : 0));

interface WordCue {
  family: number;
  /** The cue's text, matched at a word start; or a sticky pattern for a cue given as a RegExp. */
  text?: string;
  pattern?: RegExp;
  /** A cue written with a trailing space: the word must end with it ("hi " is not "history"). */
  wholeWord: boolean;
}

/** The first letter a pattern's source matches ('w' of "(?:what is|…)"), to tell its script. */
const firstLetter = (source: string) => /\p{L}/u.exec(source)?.[0] ?? '';

/** A family's cues matched anywhere are joined into one pattern, which renumbers groups: a backreference must be named. */
function refuseNumberedBackreference(source: string): void {
  if (/\\[1-9]/.test(source)) throw new Error(`a cue matched anywhere must name its backreferences: ${source}`);
}

const isDigitCue = (cue: Cue): cue is DigitCue => typeof cue === 'object' && !(cue instanceof RegExp);

/** A family's digit cues as one pattern (and the part of it an ASCII text may hold), a cue in an alphabet at a word start. */
function digitCuesPattern(family: number, sources: readonly string[]): AnywhereCues {
  sources.forEach(refuseNumberedBackreference);
  const inAlphabet = (source: string) => !isUnspacedUnit(firstLetter(source).charCodeAt(0));
  const alternative = (source: string) => (inAlphabet(source) ? `(?<!\\p{L})(?:${source})` : `(?:${source})`);
  return anywherePatterns(family, sources, (source) => firstLetter(source).charCodeAt(0) < 128, alternative);
}

/**
 * A family's cues matched anywhere, joined: all of them, those a text in Latin letters may hold (none needing a script
 * without spaces), and of those the ones an ASCII text may hold (`opensInAscii`). `wrap` writes each cue's alternative.
 */
function anywherePatterns(family: number, sources: readonly string[], opensInAscii: (source: string) => boolean, wrap = (source: string) => source): AnywhereCues {
  const spaced = sources.filter((source) => !requiresUnspacedScript(source));
  const ascii = spaced.filter(opensInAscii);
  const joined = (some: readonly string[]) => (some.length > 0 ? new RegExp(some.map(wrap).join('|'), 'u') : undefined);
  return { family, pattern: joined(sources)!, asciiPattern: joined(ascii), spacedPattern: joined(spaced) };
}

interface AnywhereCues {
  family: number;
  pattern: RegExp;
  /** Its cues that open with an ASCII character ('%') and need no script without spaces: the only ones an ASCII text may hold. */
  asciiPattern?: RegExp;
  /** Its cues that may match without a unit of a script without spaces: the only ones a text in Latin letters may hold. */
  spacedPattern?: RegExp;
}

/** The cue of `words` (other than `cue`) that always matches where `cue` does, if any. */
function coveringCue(cue: string, words: readonly string[]): string | undefined {
  const anywhere = matchedAnywhere(cue);
  return words.find((other) => {
    if (other === cue) return false;
    // An anywhere cue covers any text holding it; a word cue, one that starts as it does (a whole word, only its own word).
    if (matchedAnywhere(other)) return anywhere && cue.includes(other);
    if (anywhere) return false;
    return other.endsWith(' ') ? cue.trimStart().startsWith(other.trimStart()) : cue.trim().startsWith(other.trim());
  });
}

/**
 * A cue that another of its family always matches first is dead weight in the index (`'sqlite'` beside `'sql'`,
 * `'表にして'` beside `'表に'`): refused when the index is built, as a cue too short to look up is.
 */
function rejectCoveredCues(family: string, words: readonly string[]): void {
  for (const cue of words) {
    const covering = coveringCue(cue, words);
    if (covering !== undefined || words.indexOf(cue) !== words.lastIndexOf(cue)) throw new Error(`the ${family} cue '${cue}' is ${covering === undefined ? 'listed twice' : `always matched by '${covering}'`}`);
  }
}

/**
 * Cues of Spanish, French, Portuguese and Italian: ASCII and those languages' accented letters only. Not German's umlauts:
 * "kürze" (shorten) without them is "kurze" (short), and Germans write "kuerze" instead.
 */
const romanceSpelling = /^[\x00-\x7fáéíóúñàèìòùâêîôûçãõëï]*$/;
/** A stem shorter than this, once its accents are gone, may start an English word ("crée" → "cree" in "creedence"). */
const MIN_FOLDED_STEM = 6;
/**
 * An accent on a cue's last syllable ("función", "programação", "café"): the unaccented stem goes on into other words
 * ("funcion" starts "funciona", it works), since those languages drop or move that accent as the word inflects ("funciones").
 */
const accentOnLastSyllable = /[áéíóúàèìòùâêîôûãõ]\p{L}?$/u;

/**
 * A cue of those languages without its accents ("qué es mejor" → "que es mejor"), or undefined when it has none. A short
 * stem, or one whose last syllable held the accent, becomes a whole word.
 */
function withoutAccents(cue: string): string | undefined {
  if (!romanceSpelling.test(cue)) return undefined;
  const folded = cue.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  if (folded === cue) return undefined;
  const wholeWord = folded.trim().length < MIN_FOLDED_STEM || accentOnLastSyllable.test(cue);
  return !folded.endsWith(' ') && wholeWord ? `${folded} ` : folded;
}

/**
 * Beside each of a family's cues written with accents, the same cue without them: people type "que es mejor", "cuantos",
 * "ecris un poeme" as often as the accented words. A variant the family already holds, one that a cue of it always
 * matches first, or one `keepVariant` refuses (a word of another language: "scenario" of "scénario") is left out.
 */
function accentlessVariants(words: readonly string[], keepVariant: (variant: string) => boolean): string[] {
  const variants: string[] = [];
  for (const cue of words) {
    const folded = withoutAccents(cue);
    if (folded === undefined || words.includes(folded) || variants.includes(folded) || coveringCue(folded, words) !== undefined || !keepVariant(folded)) continue;
    variants.push(folded);
  }
  return variants;
}

/**
 * Word cues by their opening, a character at a time from the third: common openings hold many cues ("co": 103, "re": 72,
 * and "que", "con", "de" open every other word of Spanish or French), so a word is tried only against the cues its own
 * first characters lead to. A cue sits at the node of its first CUE_KEY_CHARS characters (of all of them when shorter);
 * a pattern at its first two.
 */
interface CueNode {
  cues: WordCue[];
  next?: Map<number, CueNode>;
}
/** How many of a cue's first characters lead to it: past four, a node holds a handful of cues, and deeper nodes cost more to walk than they save. */
const CUE_KEY_CHARS = 4;

export class CueIndex {
  /** Cues by their first two UTF-16 units, as one number (no string made per word). */
  private readonly byPrefix = new Map<number, CueNode>();
  private readonly anywhere: AnywhereCues[] = [];
  /** Families' cues read only in a text holding a digit. */
  private readonly withDigit: AnywhereCues[] = [];

  constructor(
    readonly families: readonly string[],
    cues: Readonly<Record<string, readonly Cue[]>>,
    /** Whether a cue's variant without accents is looked for too (all are by default). */
    keepAccentlessVariant: (variant: string) => boolean = () => true,
  ) {
    families.forEach((family, index) => {
      const words = cues[family].filter((cue): cue is string => typeof cue === 'string');
      rejectCoveredCues(family, words);
      const anywhere: string[] = [];
      const digitCues = cues[family].filter(isDigitCue).map((cue) => cue.withDigit);
      if (digitCues.length > 0) this.withDigit.push(digitCuesPattern(index, digitCues));
      const plainCues = cues[family].filter((cue): cue is string | RegExp => !isDigitCue(cue));
      for (const cue of [...plainCues, ...accentlessVariants(words, keepAccentlessVariant)]) {
        const source = cue instanceof RegExp ? cue.source : cue;
        if (cue instanceof RegExp && matchedAnywhere(source)) {
          refuseNumberedBackreference(source);
          const branches = wordStartBranches(source);
          for (const branch of branches.atWordStart) this.add(branch, { family: index, pattern: new RegExp(branch, 'uy'), wholeWord: false });
          if (branches.anywhere.length > 0) anywhere.push(branches.anywhere.join('|'));
        } else if (cue instanceof RegExp) this.add(source, { family: index, pattern: new RegExp(source, 'uy'), wholeWord: false });
        else if (matchedAnywhere(cue)) anywhere.push(escape(cue));
        else this.add(cue.trim(), { family: index, text: cue.trim(), wholeWord: cue.endsWith(' ') });
      }
      if (anywhere.length > 0) this.anywhere.push(anywherePatterns(index, anywhere, (cue) => !nonAscii.test(cue[0])));
    });
  }

  /** For each family (in the order given), whether `text` (lower-cased) holds one of its cues. */
  holds(text: string): boolean[] {
    const found = this.families.map(() => false);
    let ascii = true;
    /** A unit of a script without spaces seen: only then are the cues that require one tried. */
    let unspaced = false;
    let digit = false;
    let previous = false;
    let previousCode = 0;
    for (let at = 0; at < text.length; at++) {
      const code = text.charCodeAt(at);
      if (code >= 128) {
        ascii = false;
        if (!unspaced && isUnspacedUnit(code)) unspaced = true;
      } else if (code >= 48 && code <= 57) digit = true;
      const isLetter = isLetterAt(text, at, code, previous);
      // A Latin word written against CJK or Thai text ("我的react项目", "このpythonコード") starts where the script changes.
      if (isLetter && (!previous || (code < 128 && isUnspacedUnit(previousCode)))) {
        let node = this.byPrefix.get(code * 0x10000 + (text.charCodeAt(at + 1) || 0));
        for (let depth = 2; node !== undefined; depth++) {
          for (const cue of node.cues) if (!found[cue.family] && this.matchesAt(cue, text, at)) found[cue.family] = true;
          node = node.next?.get(text.charCodeAt(at + depth));
        }
      }
      previous = isLetter;
      previousCode = code;
    }
    const script = ascii ? 'ascii' : unspaced ? 'any' : 'spaced';
    this.readAnywhere(this.anywhere, text, script, found);
    if (digit) this.readAnywhere(this.withDigit, text, script, found);
    return found;
  }

  private readAnywhere(patterns: readonly AnywhereCues[], text: string, script: 'ascii' | 'spaced' | 'any', found: boolean[]): void {
    for (const { family, pattern, asciiPattern, spacedPattern } of patterns) {
      const read = script === 'ascii' ? asciiPattern : script === 'spaced' ? spacedPattern : pattern;
      if (!found[family] && read?.test(text)) found[family] = true;
    }
  }

  private matchesAt(cue: WordCue, text: string, at: number): boolean {
    if (cue.pattern) {
      cue.pattern.lastIndex = at;
      return cue.pattern.test(text);
    }
    if (!text.startsWith(cue.text!, at)) return false;
    if (!cue.wholeWord) return true;
    const end = at + cue.text!.length;
    const next = text.charCodeAt(end);
    return end >= text.length || !isLetterAt(text, end, next, false) || isUnspacedUnit(next);
  }

  private add(source: string, cue: WordCue): void {
    // Its first two characters are the key a cue is looked up by ('c#', 'c++' too); a pattern's must be letters.
    if (source.length < 2 || (cue.pattern && !/^\p{L}{2}/u.test(source))) throw new Error(`a cue in an alphabet must open with two characters it matches: ${source}`);
    const key = source.charCodeAt(0) * 0x10000 + source.charCodeAt(1);
    let node = this.byPrefix.get(key);
    if (node === undefined) this.byPrefix.set(key, (node = { cues: [] }));
    const keyChars = cue.text === undefined ? 2 : Math.min(cue.text.length, CUE_KEY_CHARS);
    for (let depth = 2; depth < keyChars; depth++) {
      const code = cue.text!.charCodeAt(depth);
      node.next ??= new Map();
      let child = node.next.get(code);
      if (child === undefined) node.next.set(code, (child = { cues: [] }));
      node = child;
    }
    node.cues.push(cue);
  }
}
