/**
 * Reading one string of a broken JSON answer, for the lexical fixes (json-lexical-fixes.ts): escapes JSON does not have
 * fixed, raw control characters escaped, apostrophes and unescaped quotes told from the string's end, and a string cut
 * short closed as it was written.
 */

const validEscapes = '"\\/bfnrtu';

/** The four characters after `\u` are hex digits, or all that is left of a cut answer is. */
function opensUnicodeEscape(following: string, cut: boolean): boolean {
  return /^[0-9a-fA-F]{4}$/.test(following) || (cut && /^[0-9a-fA-F]*$/.test(following));
}

/** A string token cut short, closed with its own quote (a lone backslash at its end is dropped: it escaped nothing). */
export function closedString(text: string): string {
  const body = /(?<!\\)(?:\\\\)*\\$/.test(text) ? text.slice(0, -1) : text;
  return body + text[0];
}

/** A string cut inside a `\u` escape loses the half escape; `\\` at the end is a whole escaped backslash and stays. */
export function withoutHalfEscape(text: string): string {
  const half = /(\\+)(u[0-9a-fA-F]{0,3})$/.exec(text);
  return half && half[1].length % 2 === 1 ? text.slice(0, -(half[2].length + 1)) : text;
}

/**
 * What follows a quote inside a value the model forgot to escape when a comma comes next (`, word"` in
 * `"a "quoted", word"`). What comes after the comma is neither a key (it has no colon) nor a value (it ends on a quote that closes nothing) but the string's rest.
 */
const innerQuoteBeforeComma = /^\s*,\s*[^\s"'{}[\]:,][^"{}[\]:]*"\s*(?:[,}\]]|$)/;

/**
 * Whether the `"` at `index` ends the value string it is in: not when the sentence goes on after it (`"He said "hi" to
 * me"`: a letter or digit follows, and it is no key with its colon) or a comma follows the rest of the sentence (above).
 */
function endsValueString(text: string, index: number): boolean {
  const after = text.slice(index + 1, index + 200);
  if (innerQuoteBeforeComma.test(after)) return false;
  return !(/^\s*[\p{L}\p{N}]/u.test(after) && !/^\s*[\p{L}\p{N}_$.-]+\s*[:=]/u.test(after));
}

/**
 * Reads a string from its opening quote, fixing escapes JSON does not have; ends at the text's end if unclosed. A value
 * string (`value`) also keeps the quotes its writer forgot to escape.
 */
export function readString(text: string, start: number, value = false): { text: string; end: number; unterminated: boolean } {
  const quote = text[start];
  let result = quote;
  for (let index = start + 1; index < text.length; index++) {
    const character = text[index];
    // `'it's fine'`: a single quote between two letters is an apostrophe, not the string's end.
    const apostrophe = quote === "'" && character === "'" && /\p{L}/u.test(text[index - 1] ?? '') && /\p{L}/u.test(text[index + 1] ?? '');
    if (character === quote && value && quote === '"' && !endsValueString(text, index)) {
      result += '\\"';
      continue;
    }
    if (character === quote && !apostrophe) return { text: result + quote, end: index + 1, unterminated: false };
    if (apostrophe) {
      result += "\\'";
      continue;
    }
    if (character !== '\\') {
      // A control character typed raw (a newline, a tab, a NUL) is written as JSON's escape of it.
      result += character < ' ' ? JSON.stringify(character).slice(1, -1) : character;
      continue;
    }
    const next = text[index + 1];
    if (next === undefined) break;
    index++;
    // `\u` starts an escape only before four hex digits (or fewer where the answer was cut): `\u00zz` is meant as written.
    if (next === 'u' && !opensUnicodeEscape(text.slice(index + 1, index + 5), index + 5 > text.length)) result += '\\\\u';
    else if (validEscapes.includes(next) || next === "'") result += character + next;
    // `\x41`: JavaScript's and Python's byte escape is JSON's `\u0041`.
    else if (next === 'x' && /^[0-9a-fA-F]{2}$/.test(text.slice(index + 1, index + 3))) {
      result += `\\u00${text.slice(index + 1, index + 3)}`;
      index += 2;
    }
    // `\$`, `\-`, `\.`, `\ `: an escape of punctuation or a space that needs none means the character itself.
    else if (/[^\p{L}\p{N}\r\n\t]/u.test(next)) result += next;
    // `C:\Users`: a backslash before a letter that starts no escape is meant literally.
    else result += '\\\\' + next;
  }
  return { text: result, end: text.length, unterminated: true };
}
