/**
 * What the cue index reads in a cue's pattern source before it builds its lookups: its top-level branches, whether it can
 * only match text in a script written without spaces, and which of its branches open at a word start.
 */

import { isUnspacedUnit } from './writing-systems.js';

/** Where the group opening at `open` ('(') closes, escapes and character classes read past; -1 when it does not. */
function groupEnd(source: string, open: number): number {
  let depth = 0;
  for (let at = open; at < source.length; at++) {
    const char = source[at];
    if (char === '\\') at++;
    else if (char === '[') at = classEnd(source, at);
    else if (char === '(') depth++;
    else if (char === ')' && --depth === 0) return at;
  }
  return -1;
}

/** Where the character class opening at `open` ('[') closes. */
function classEnd(source: string, open: number): number {
  let at = open + 1;
  while (at < source.length && source[at] !== ']') at += source[at] === '\\' ? 2 : 1;
  return at;
}

/** A pattern's source split at its top-level '|'. */
function topLevelBranches(source: string): string[] {
  const branches: string[] = [];
  let start = 0;
  for (let at = 0; at < source.length; at++) {
    const char = source[at];
    if (char === '\\') at++;
    else if (char === '[') at = classEnd(source, at);
    else if (char === '(') {
      at = groupEnd(source, at);
      if (at < 0) return [source];
    } else if (char === '|') {
      branches.push(source.slice(start, at));
      start = at + 1;
    }
  }
  branches.push(source.slice(start));
  return branches;
}

/**
 * Whether every match of a cue's source holds a unit of a script without spaces: it opens with one, after any lookbehind,
 * or with a group (not optional) each of whose branches does. A text in Latin letters with accents need not try it. False
 * when unsure: the cue is then tried.
 */
export function requiresUnspacedScript(source: string): boolean {
  return topLevelBranches(source).every((branch) => {
    let at = 0;
    while (branch.startsWith('(?<', at) && (branch[at + 3] === '!' || branch[at + 3] === '=')) {
      const end = groupEnd(branch, at);
      if (end < 0) return false;
      at = end + 1;
    }
    if (isUnspacedUnit(branch.charCodeAt(at))) return true;
    if (branch[at] !== '(') return false;
    const end = groupEnd(branch, at);
    if (end < 0 || /[?*{]/.test(branch[end + 1] ?? '')) return false;
    const inner = branch.slice(at + (branch.startsWith('(?:', at) ? 3 : branch.startsWith('(?<', at) ? branch.indexOf('>', at) + 1 - at : 1), end);
    return requiresUnspacedScript(inner);
  });
}

/** A word start asserted at a pattern's opening: `\\b` or "no letter before". */
const WORD_START_ASSERTION = /^(?:\\b|\(\?<!\\p\{L\}\))/;
/** Two letters the pattern opens with, neither made optional or repeated: the key it is looked up by. */
const opensWithTwoLetters = (source: string) => /^\p{L}\p{L}(?![?*+{])/u.test(source);

/**
 * A regex cue's branches that start at a word start (`\\bword…`, `(?<!\\p{L})(?:one|other)…`), as patterns opening with
 * two letters, to be looked up at word starts like a word cue; and the branches that must still be tried anywhere. A
 * branch opening with a group has each of the group's branches put in front of the rest ("(?:into|in) english" → "into
 * english", "in english"). Each is tried at a word start only where the text has those two letters, where tried anywhere
 * it cost every position of the text (about a third of the cue index's time on text in Latin letters).
 */
export function wordStartBranches(source: string): { atWordStart: string[]; anywhere: string[] } {
  const atWordStart: string[] = [];
  const anywhere: string[] = [];
  for (const branch of topLevelBranches(source)) {
    const assertion = WORD_START_ASSERTION.exec(branch);
    const opened = assertion ? branch.slice(assertion[0].length) : '';
    const expanded = assertion && !branch.includes('\\k<') ? openingAlternatives(opened) : undefined;
    if (expanded?.every(opensWithTwoLetters)) atWordStart.push(...expanded);
    else anywhere.push(branch);
  }
  return { atWordStart, anywhere };
}

/** A pattern opening with a group (not optional) as one pattern per branch of it, each followed by the rest; else itself. */
function openingAlternatives(source: string): string[] {
  if (!source.startsWith('(?:')) return [source];
  const end = groupEnd(source, 0);
  if (end < 0 || /[?*+{]/.test(source[end + 1] ?? '')) return [source];
  const rest = source.slice(end + 1);
  return topLevelBranches(source.slice(3, end)).map((branch) => branch + rest);
}
