import type { PromptFeatures, PromptToken } from './text-features.js';

/**
 * A stored prompt's features as one compact string, and back: the semantic index keeps one per entry and reads it
 * only for the few candidates the guards look at. As JSON the tokens repeated their seven field names each (~85
 * bytes a token: 8 KB for a prompt of 100 words, 80 MB for 10,000 such entries); packed, a token is its word, its
 * spelling when it differs, a number of flags and its kind (~10 bytes).
 */
export function encodeFeatures(features: PromptFeatures): string {
  let tokens = '';
  for (let index = 0; index < features.tokens.length; index++) {
    const token = features.tokens[index];
    tokens += `${index > 0 ? TOKEN : ''}${token.word}${FIELD}${token.written === token.word ? '' : token.written}${FIELD}${flagsOf(token)}${FIELD}${token.kind ?? ''}`;
  }
  const lists = [features.negations, features.numbers, features.identifiers, features.frame, features.speakerOwned, features.persons];
  return JSON.stringify([features.normalized, features.payload, tokens, ...lists]);
}

export function decodeFeatures(text: string): PromptFeatures {
  const [normalized, payload, packed, negations, numbers, identifiers, frame, speakerOwned, persons] = JSON.parse(text) as [string, string, string, ...string[][]];
  const tokens: PromptToken[] = packed === '' ? [] : packed.split(TOKEN).map(tokenOf);
  return { normalized, tokens, negations, numbers, identifiers, frame, payload, speakerOwned, persons };
}

/** Tokens are split from text on spaces, and '/' is among the signs stripped from it: neither can occur in one. */
const TOKEN = ' ';
const FIELD = '/';

const RELATIONAL = 1;
const ENTITY = 2;
const OPENS_PHRASE = 4;
const AFTER_COMMA = 8;
const PRONOUN = 16;
const ACRONYM = 32;
const CONDITION = 64;

function flagsOf(token: PromptToken): number {
  return (
    (token.relational ? RELATIONAL : 0) |
    (token.entity ? ENTITY : 0) |
    (token.opensPhrase ? OPENS_PHRASE : 0) |
    (token.afterComma ? AFTER_COMMA : 0) |
    (token.pronoun ? PRONOUN : 0) |
    (token.acronym ? ACRONYM : 0) |
    (token.condition ? CONDITION : 0)
  );
}

function tokenOf(packed: string): PromptToken {
  const [word, written, flagText, kind] = packed.split(FIELD);
  const flags = Number(flagText);
  const token: PromptToken = { word, written: written === '' ? word : written, relational: (flags & RELATIONAL) !== 0, entity: (flags & ENTITY) !== 0, opensPhrase: (flags & OPENS_PHRASE) !== 0, afterComma: (flags & AFTER_COMMA) !== 0 };
  if (kind !== '') token.kind = kind;
  if (flags & PRONOUN) token.pronoun = true;
  if (flags & ACRONYM) token.acronym = true;
  if (flags & CONDITION) token.condition = true;
  return token;
}
