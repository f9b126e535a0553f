/**
 * Scripts by how their words are told apart, as UTF-16 units: the cue index matches a cue of such a script anywhere in a
 * text, and a turn's words are counted in them by characters (follow-ups.ts).
 */

/** Japanese kana (hiragana and katakana). */
export const isKana = (code: number) => code >= 0x3040 && code <= 0x30ff;

/** Katakana alone: the script of Japanese loanwords, content words as ideographs are. */
export const isKatakana = (code: number) => code >= 0x30a0 && code <= 0x30ff;

/** A CJK ideograph (the unified ideographs with extension A, and the compatibility block). */
export const isIdeograph = (code: number) => (code >= 0x3400 && code <= 0x9fff) || (code >= 0xf900 && code <= 0xfaff);

/** A unit of Thai, Japanese kana or a CJK ideograph: scripts written with no space between words. */
export const isWrittenWithoutSpaces = (code: number) => code >= 0x0e00 && (code <= 0x0e7f || isKana(code) || isIdeograph(code));

/**
 * Those, and Hangul: Korean has spaces, but its particles cling to its words, so a cue in it is matched anywhere as well,
 * and a Latin word may abut any of them. Asked of every letter that follows a letter, so the first test is the one that
 * sends ASCII away.
 */
export const isUnspacedUnit = (code: number) => isWrittenWithoutSpaces(code) || (code >= 0xac00 && code <= 0xd7af);
