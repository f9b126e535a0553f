import type { PromptFeatures } from './text-features.js';

/** Words whose difference names the kind of near miss (for the refusal's reason; any content difference refuses). */
const kinds: Array<[string, RegExp]> = [
  ['antonym', /^(left|right|before|after|include|exclude|increase|decrease|up|down|min|max|minimum|maximum|first|last|open|close|buy|sell|add|enable|disable|true|false|yes|hot|cold|more|less|above|below|inside|outside|import|export|encrypt|decrypt|start|stop|accept|reject|allow|deny|push|pull|upper|lower|ascend|descend|north|south|east|west|fast|slow|cheap|expensive|positive|negative|win|lose|input|output|send|receive|old|new|high|low|long|short)$/],
  ['language', /^(english|french|spanish|german|italian|portuguese|chinese|japanese|korean|russian|arabic|hindi|dutch|swedish|polish|turkish|greek|hebrew|latin)$/],
  ['format', /^(json|yaml|xml|csv|table|markdown|bullet|list|code|python|javascript|typescript|java|rust|go|sql|html|haiku|poem|essay|paragraph|sentence|tweet|email|letter)$/],
  ['scope', /^(all|every|each|only|any|most|few|many|entire|whole|partial|single|both|either)$/],
  ['date', /^(today|tomorrow|yesterday|week|month|year|monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|july|august|september|october|november|december|morning|evening|night)$/],
];

/**
 * Why two prompts that embed alike must still not share an answer, or undefined when nothing tells them
 * apart: different numbers, negation, code identifiers, or any meaning-carrying word (an antonym, a
 * language, an output format, a scope word, a date, a name) — in the same order.
 */
export function guardConflict(query: PromptFeatures, cached: PromptFeatures): string | undefined {
  if (!sameList(query.numbers, cached.numbers)) return 'numbers';
  if (!sameList(query.negations, cached.negations)) return 'negation';
  if (!sameList(query.identifiers, cached.identifiers)) return 'identifiers';
  // Order counts from three words on ("dog bit man"); two are a phrase turned round ("pancake recipe", "recipe for pancakes").
  const sameWords = query.content.length <= 2 ? sameSet(query.content, cached.content) : sameList(query.content, cached.content);
  if (!sameWords) {
    const differing = [...query.content.filter((word) => !cached.content.includes(word)), ...cached.content.filter((word) => !query.content.includes(word))];
    for (const [kind, pattern] of kinds) if (differing.some((word) => pattern.test(word))) return kind;
    return differing.length === 0 ? 'word order' : 'content';
  }
  return undefined;
}

function sameList(left: readonly string[], right: readonly string[]): boolean {
  return left.length === right.length && left.every((value, index) => value === right[index]);
}

function sameSet(left: readonly string[], right: readonly string[]): boolean {
  return left.length === right.length && left.every((value) => right.includes(value));
}
