import { closedString, readString, withoutHalfEscape } from './json-string-reading.js';
import { SpacedCommaArrays } from './spaced-comma-arrays.js';

/**
 * The fixes a general JSON repairer (jsonrepair) gets wrong or cannot know, made token by token before it
 * runs: non-finite numbers (`NaN`, `Infinity`) become `null`, numbers in JavaScript or Python spelling
 * (`+3`, `- 4`, `09`, `.5`, `5.`, `0x1F`, `1_000`) become JSON numbers, a backslash before punctuation (`\$`) is dropped,
 * `#` comments go like `//` ones, and an answer cut short loses the half-written key or literal at its end.
 * A placeholder where values should be (`...`, `// remaining rows omitted`, a `40 more` block comment, a bare `etc`) refuses the answer: it is not a
 * broken value but a missing one, and no repair can bring back what the model left out.
 */
export type LexicalFix = { ok: true; text: string } | { ok: false; reason: string };

type TokenKind = 'space' | 'string' | 'number' | 'word' | 'punctuation';

interface Token {
  kind: TokenKind;
  text: string;
  /** A string or word where an object's key goes. */
  isKey: boolean;
  /** A string the answer ended inside. */
  unterminated: boolean;
}

const nonFinite = new Set(['nan', 'infinity', 'inf']);
const literals = ['true', 'false', 'null'];
/** Comment text that stands for values left out rather than explaining them. */
const placeholderComment = /\.\.\.|…|\b(?:remaining|rest of|more (?:items|rows|entries|elements|records|objects)|\d+ (?:more|others|additional)|the rest|similar(?:ly)?|and so on|etc|omitted|truncated|same (?:as above|pattern|format)|repeat(?:ed|s)?)\b/i;
const placeholderString = /^\s*(?:\.\.\.|…)\s*$/;

/** A string that is only an ellipsis: what a model writes where it left values out. */
export const isPlaceholderText = (text: string) => placeholderString.test(text);
/** A type suffix after a number literal, then the value's end (`f` in `1.5f,`). */
const typeSuffix = /[fFdDlL](?=\s*(?:[,}\]]|$))/y;
/** A string between Japanese corner brackets: `「Ada」`. */
const cornerQuote = /^「([^」\n]{0,500})」/;
/** A key between two different quotes, followed by its colon. */
const mixedQuoteKey = /^(?:"([^"'\n]{1,100})'|'([^"'\n]{1,100})")(?=\s*:)/;
/** A value between two different quotes, followed by the next key or the end of its container (`"b', "c": 1`). */
const mixedQuoteValue = /^(?:"([^"'\n]{0,200})'|'([^"'\n]{0,200})")(?=\s*(?:,\s*["'][^"'\n]{1,100}["']\s*:|[}\]]))/;
/** Words a model writes, unquoted, where it left a value out. */
const placeholderWords = new Set(['etc', 'todo', 'tbd', 'fixme', 'placeholder']);
// Digits may be grouped by underscores (`1_000_000`, Python and JavaScript), which JSON does not allow.
const numberPattern = /^[+-]?(?:0[xX][0-9a-fA-F]+(?:_[0-9a-fA-F]+)*|(?:\d+(?:_\d+)*(?:\.(?:\d+(?:_\d+)*)?)?|\.\d+(?:_\d+)*)(?:[eE][+-]?\d*)?)/;
const wordPattern = /^[+-]?[A-Za-z_$][\w$]*/;
/** Punctuation a model writing in Chinese or Japanese may put between members: `"a"：1，"b"：2`. */
const fullWidthPunctuation: Record<string, string> = { '\uff1a': ':', '\uff0c': ',', '\uff5b': '{', '\uff5d': '}', '\uff3b': '[', '\uff3d': ']' };
/** The index of the last colon when only numbers, words and commas follow it (at least one comma); -1 otherwise. */
function colonBeforeBareValues(tokens: readonly Token[]): number {
  let commas = 0;
  for (let back = tokens.length - 1; back >= 0; back--) {
    const part = tokens[back];
    if (part.kind === 'space' || part.kind === 'number' || (part.kind === 'word' && !part.isKey)) continue;
    if (part.text === ',') commas++;
    else return part.text === ':' && commas > 0 ? back : -1;
  }
  return -1;
}

/** The index of the last token other than space before `before` (the end by default); -1 when there is none. */
function significantIndex(tokens: readonly Token[], before = tokens.length): number {
  let back = before - 1;
  while (back >= 0 && tokens[back].kind === 'space') back--;
  return back;
}

/** The tokens end on a quoted key standing alone after a comma (`, "b"`): no colon, no value, nothing before it. */
function endsOnLoneKey(tokens: readonly Token[]): boolean {
  const last = significantIndex(tokens);
  return last >= 0 && tokens[last].kind === 'string' && tokens[last].isKey && tokens[significantIndex(tokens, last)]?.text === ',';
}

/** Where a key or a value opens: at the start, or after `{`, `[`, `,` or `:`. */
const openers = new Set([undefined, '{', '[', ',', ':']);

/**
 * A value a model forgot to quote that no repair reads whole: a version or an address of three dotted numbers or more
 * (`1.2.3`), an ISO date or date-time, a time of day, a URL, an e-mail address (`2024-01-05` is not the number 2024 minus 1 minus 5, and `//` in a URL opens no comment).
 */
const unquotedTextValue = /(?:\d+(?:\.\d+){2,}|\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?|\d{1,2}:\d{2}(?::\d{2})?|[a-z][a-z\d+.-]*:\/\/[^\s,}\]"']+|[\w.+-]+@[\w-]+(?:\.[\w-]+)+)(?=\s*[,}\]]|\s*$)/iy;
/** A bracketed placeholder where a value goes (`<remaining rows omitted>`, `<name>`): JSON has no `<` outside strings. */
const anglePlaceholder = /^<[^<>\n]{1,120}>/;

export function fixLexically(text: string): LexicalFix {
  const tokens: Token[] = [];
  const stack: Array<'object' | 'array'> = [];
  /** Depths of the stack at which a tuple opened, to close it with its `)`. */
  const tuples: number[] = [];
  /** Depths of the stack at which an array that parts its items with ", " opened (read ahead when it opens). */
  const spacedArrays: number[] = [];
  const inSpacedArray = () => {
    while ((spacedArrays.at(-1) ?? 0) > stack.length) spacedArrays.pop();
    return stack.at(-1) === 'array' && spacedArrays.at(-1) === stack.length;
  };
  let expectKey = false;
  let index = 0;
  let spacedCommas: SpacedCommaArrays | undefined;
  const previousSignificant = (): string | undefined => tokens[significantIndex(tokens)]?.text;
  /** A key or a value opens here: a quote, a `u''` prefix or a corner bracket may start a string. */
  const atOpening = () => openers.has(previousSignificant());
  /** An object's key goes here. */
  const atKey = () => stack.at(-1) === 'object' && expectKey;
  /** A value may start here: after a colon, a comma or an opening bracket. */
  const atValueStart = () => [':', ',', '['].includes(previousSignificant() ?? '');
  /**
   * `[{"a": 1} {"b": 2}]`, `{"a": 1 "b": 2}`: a quoted string, an object or an array that follows a value with no comma
   * inside a container gets its comma here. A bare word or number after a value may be the rest of an unquoted text
   * (`hello world`, `5 kg`): those are left to the repairer. The repairer inserts each comma by copying all it has
   * written: an answer of many took time quadratic in its length (170 KB: 6 s of the event loop).
   */
  const separateFromValueBefore = () => {
    if (stack.length === 0 || !endsValue(tokens[significantIndex(tokens)])) return;
    tokens.push(token('punctuation', ','));
    expectKey = stack.at(-1) === 'object';
  };
  while (index < text.length) {
    const character = fullWidthPunctuation[text[index]] ?? text[index];
    const rest = text.slice(index, index + 64);
    if (/\s/.test(character)) {
      const end = skipWhile(text, index, (c) => /\s/.test(c));
      tokens.push(token('space', text.slice(index, end)));
      index = end;
      continue;
    }
    // JSON printed as the body of a string literal, its newlines written `\n`: whitespace between tokens.
    if (character === '\\' && 'nrt'.includes(text[index + 1] ?? '')) {
      tokens.push(token('space', ' '));
      index += 2;
      continue;
    }
    const comment = commentAt(text, index);
    if (comment) {
      if (placeholderComment.test(comment.body)) return refuse(`a placeholder comment (${comment.body.trim().slice(0, 60)}) stands where values were left out`);
      index = comment.end;
      continue;
    }
    if (text.startsWith('...', index) || character === '…') return refuse('an ellipsis stands where values were left out');
    if (!atKey() && atValueStart()) {
      unquotedTextValue.lastIndex = index;
      const textValue = unquotedTextValue.exec(text);
      if (textValue) {
        tokens.push(token('string', JSON.stringify(textValue[0])));
        index += textValue[0].length;
        continue;
      }
    }
    // Python 2's u'' prefix before a key or a value string (`{u'name': u'Ada'}`) says nothing JSON needs.
    if ((character === 'u' || character === 'U') && (text[index + 1] === "'" || text[index + 1] === '"') && atOpening()) {
      index++;
      continue;
    }
    // `=` or PHP's `=>` after a key stands for its colon (`{'name' => 'Ada'}`).
    if (character === '=' && atKey() && tokens[significantIndex(tokens)]?.isKey === true) {
      tokens.push(token('punctuation', ':'));
      expectKey = false;
      index += text[index + 1] === '>' ? 2 : 1;
      continue;
    }
    // Japanese corner brackets used as quotes where a key or a value opens: `{「name」: 「Ada」}`.
    const cornerQuoted = character === '「' && atOpening() ? cornerQuote.exec(text.slice(index, index + 520)) : null;
    if (cornerQuoted) {
      tokens.push({ kind: 'string', text: JSON.stringify(cornerQuoted[1]), isKey: atKey(), unterminated: false });
      index += cornerQuoted[0].length;
      continue;
    }
    const opensString = character === '"' || (character === "'" && atOpening());
    if (opensString) {
      separateFromValueBefore();
      const isKey = atKey();
      // A key opened with one quote and closed with the other (`"name': "Ada"`): the colon after it says where it ends.
      const mixedKey = isKey ? mixedQuoteKey.exec(rest) : mixedQuoteValue.exec(rest);
      if (mixedKey) {
        tokens.push({ kind: 'string', text: JSON.stringify(mixedKey[1] ?? mixedKey[2]), isKey, unterminated: false });
        index += mixedKey[0].length;
        continue;
      }
      const string = readString(text, index, !isKey);
      if (!isKey && isPlaceholderText(string.text.slice(1, string.unterminated ? undefined : -1))) return refuse('a placeholder string ("...") stands where values were left out');
      tokens.push({ kind: 'string', text: string.text, isKey, unterminated: string.unterminated });
      index = string.end;
      continue;
    }
    const word = wordPattern.exec(rest);
    if (word && !/^[+-]?\d/.test(word[0])) {
      const bare = word[0].replace(/^[+-]/, '');
      const isKey = atKey();
      const placeholder = isKey ? undefined : placeholderWords.has(bare.toLowerCase()) ? bare : /^and (?:more|so on)\b/i.exec(rest)?.[0];
      if (placeholder !== undefined) return refuse(`a bare "${placeholder}" stands where values were left out`);
      // `NaN`, `Infinity` and a lower-case `none` (Python's None, written as a model might) stand for no value.
      const noValue = nonFinite.has(bare.toLowerCase()) || word[0] === 'none';
      // JSON's literals in other spellings where a value goes: `TRUE`, `False`, `NULL`, Ruby's `nil`.
      const literal = isKey || word[0] !== bare ? undefined : otherLiteralSpellings.get(bare.toLowerCase());
      tokens.push({ kind: 'word', text: isKey ? word[0] : noValue ? 'null' : (literal ?? word[0]), isKey, unterminated: false });
      index += word[0].length;
      continue;
    }
    // A sign parted from its number by a space (`- 4`) where a value goes; the typographic minus `−` is `-`.
    const spacedSign = /^[+-][ \t]+(?=[\d.])/.exec(rest);
    const number = numberPattern.exec(spacedSign ? rest.slice(spacedSign[0].length) : character === '\u2212' ? `-${rest.slice(1)}` : rest);
    if (number && (!spacedSign || atValueStart())) {
      let written = spacedSign ? `${character}${number[0]}` : number[0];
      index += (spacedSign?.[0].length ?? 0) + number[0].length;
      // `2,102,650`: groups of three digits glued to an integer are its thousands, where no key follows and the
      // container parts its items with ", " (an array written `[100,200]` holds two numbers).
      if (/^[+-]?\d+$/.test(written) && (stack.at(-1) === 'object' || inSpacedArray())) {
        for (let group = thousandsGroupAt(text, index); group; group = thousandsGroupAt(text, index)) {
          written += group[1];
          index += group[0].length;
        }
      }
      // `1.5f`, `10L`: a Java or C literal's type suffix says nothing JSON keeps.
      typeSuffix.lastIndex = index;
      if (typeSuffix.test(text) && !/^[+-]?0[xX]/.test(written)) index++;
      tokens.push(token('number', jsonNumber(written)));
      continue;
    }
    if (character === '<' && atValueStart() && anglePlaceholder.test(rest)) {
      return refuse(`a placeholder (${anglePlaceholder.exec(rest)![0].slice(0, 60)}) stands where values were left out`);
    }
    // A Python tuple where a value goes (`(1, 2)`) is an array; a bracket never opens a value in JSON otherwise.
    if (character === '(' && stack.length > 0 && atValueStart()) {
      stack.push('array');
      tuples.push(stack.length);
      tokens.push(token('punctuation', '['));
      index++;
      continue;
    }
    if (character === ')' && tuples.at(-1) === stack.length) {
      stack.pop();
      tuples.pop();
      tokens.push(token('punctuation', ']'));
      index++;
      continue;
    }
    // `{"a": 1, 2, 3]}`: a `]` no array opened closes the values after the last colon; its `[` was left out.
    if (character === ']' && !stack.includes('array')) {
      const colon = colonBeforeBareValues(tokens);
      if (colon >= 0) {
        tokens.splice(colon + 1, 0, token('punctuation', '['));
        tokens.push(token('punctuation', ']'));
        index++;
        continue;
      }
    }
    if (character === '{') {
      separateFromValueBefore();
      stack.push('object');
      expectKey = true;
    } else if (character === '[') {
      separateFromValueBefore();
      stack.push('array');
      while ((spacedArrays.at(-1) ?? 0) >= stack.length) spacedArrays.pop();
      spacedCommas ??= new SpacedCommaArrays(text);
      if (spacedCommas.at(index)) spacedArrays.push(stack.length);
    }
    else if (character === '}' || character === ']') {
      const opener = character === '}' ? 'object' : 'array';
      // `[1, 2,]`, `{"a": 1,}`: a trailing comma goes, here where it costs a token. The repairer strips each one by copying
      // all it has written so far: an answer of many took time quadratic in its length (280 KB: 6 s of the event loop).
      const beforeCloser = significantIndex(tokens);
      if (beforeCloser >= 0 && tokens[beforeCloser].kind === 'punctuation' && tokens[beforeCloser].text === ',') tokens.splice(beforeCloser, 1);
      // `{"a": 1, "b"}`: a key with no colon and no value says nothing; it goes, as it does from a cut answer.
      if (character === '}' && endsOnLoneKey(tokens)) dropHalfWrittenEnd(tokens);
      if (stack.at(-1) !== opener && stack.length > 0 && stack.includes(opener)) {
        // The wrong bracket: `{"a": [1, 2}, "b": 3}` meant `]` when a key follows, so the object goes on;
        // otherwise the inner one was left open (`{"a": [1, 2}`) and is closed first.
        if (/^[}\]]\s*,\s*(?:"[^"\n]*"|'[^'\n]*'|[\w$-]+)\s*:/.test(rest)) {
          stack.pop();
          expectKey = stack.at(-1) === 'object';
          tokens.push(token('punctuation', opener === 'object' ? ']' : '}'));
          index++;
          continue;
        }
        while (stack.at(-1) !== opener) tokens.push(token('punctuation', stack.pop() === 'object' ? '}' : ']'));
      }
      stack.pop();
      expectKey = false;
      while ((tuples.at(-1) ?? 0) > stack.length) tuples.pop();
    }
    else if (character === ':') {
      // `"a":: 1`: a colon typed twice is one.
      if (previousSignificant() === ':') {
        index++;
        continue;
      }
      expectKey = false;
    }
    else if (character === ',') {
      // `[1, , 2]`: an item left out is null, as a value left out is; `{"a": 1,, "b": 2}`: a comma typed twice is one.
      if (stack.at(-1) === 'object' && previousSignificant() === ',') {
        index++;
        continue;
      }
      if (stack.at(-1) === 'array' && [',', '['].includes(previousSignificant() ?? '')) tokens.push(token('word', 'null'));
      expectKey = stack.at(-1) === 'object';
    }
    tokens.push(token('punctuation', character));
    index++;
  }
  const cut = stack.length > 0 || tokens.at(-1)?.unterminated === true;
  if (cut) dropHalfWrittenEnd(tokens);
  return { ok: true, text: tokens.map((part) => part.text).join('') };
}

/**
 * At the end of a cut answer: a key without its value and a dangling comma or sign are dropped, a literal
 * cut mid-word (`tr`) is finished, a string cut inside an escape loses the half escape. A key whose colon
 * was written keeps it (the repairer gives it `null`: the member was begun, its value is unknown).
 */
function dropHalfWrittenEnd(tokens: Token[]): void {
  for (;;) {
    const last = tokens.at(-1);
    if (!last) return;
    if (last.kind === 'space' || last.isKey || (last.kind === 'punctuation' && ',+-'.includes(last.text))) {
      tokens.pop();
      continue;
    }
    if (last.kind === 'word') {
      const lower = last.text.toLowerCase();
      const finished = literals.find((literal) => literal.startsWith(lower)) ?? (lower === 'none'.slice(0, lower.length) ? 'null' : undefined);
      if (finished) last.text = finished;
    }
    // A string cut short is closed here, as written to the cut, its last spaces too.
    if (last.kind === 'string' && last.unterminated) last.text = closedString(withoutHalfEscape(last.text));
    return;
  }
}

function commentAt(text: string, index: number): { body: string; end: number } | undefined {
  const two = text.slice(index, index + 2);
  if (two === '/*') {
    const close = text.indexOf('*/', index + 2);
    const end = close < 0 ? text.length : close + 2;
    return { body: text.slice(index + 2, close < 0 ? text.length : close), end };
  }
  if (two === '//' || text[index] === '#') {
    const newline = text.indexOf('\n', index);
    const end = newline < 0 ? text.length : newline;
    return { body: text.slice(index + (two === '//' ? 2 : 1), end), end };
  }
  return undefined;
}

/** `+3` → `3`, `09` → `9`, `.5` → `0.5`, `5.` → `5`, `1e` → `1`, `0x1F` → `31`, `1_000` → `1000`. */
function jsonNumber(written: string): string {
  const sign = written.startsWith('-') ? '-' : '';
  const unsigned = written.replace(/^[+-]/, '').replaceAll('_', '');
  if (/^0[xX]/.test(unsigned)) return sign + String(Number.parseInt(unsigned.slice(2), 16));
  const match = /^(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d*))?$/.exec(unsigned);
  if (!match) return written;
  const integer = match[1].replace(/^0+(?=\d)/, '') || '0';
  const fraction = match[2] ? `.${match[2]}` : '';
  const exponent = match[3] && /\d/.test(match[3]) ? `e${match[3]}` : '';
  return sign + integer + fraction + exponent;
}

const otherLiteralSpellings = new Map([['true', 'true'], ['false', 'false'], ['null', 'null'], ['nil', 'null']]);

/** A comma and three digits glued to the number before it, no key after them (`,650` in `2,102,650`). */
const thousandsGroup = /,(\d{3})(?![\d.]|\s*:)/y;

function thousandsGroupAt(text: string, index: number): RegExpExecArray | null {
  thousandsGroup.lastIndex = index;
  return thousandsGroup.exec(text);
}

/** Whether a token ends a value: a string or a word that is no key, a number, a closing bracket. */
function endsValue(part: Token | undefined): boolean {
  if (!part) return false;
  if (part.kind === 'punctuation') return part.text === '}' || part.text === ']';
  return (part.kind === 'string' || part.kind === 'word' || part.kind === 'number') && !part.isKey;
}

function skipWhile(text: string, from: number, test: (character: string) => boolean): number {
  let index = from;
  while (index < text.length && test(text[index])) index++;
  return index;
}

function token(kind: TokenKind, text: string): Token {
  return { kind, text, isKey: false, unterminated: false };
}

function refuse(reason: string): LexicalFix {
  return { ok: false, reason: `the answer is incomplete: ${reason}` };
}
