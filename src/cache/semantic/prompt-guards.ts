import { englishLexicon, nameCoinedFromWord, type Lexicon } from './lexicon.js';
import { swappedOrDoubled, withinEdits } from './edit-distance.js';
import { sameWordOrder } from './word-order.js';
import { groupWord, keptApart } from './word-groups.js';
import { fillerWords, type PromptFeatures, type PromptToken } from './text-features.js';

/**
 * Why two prompts that embed alike must still not share an answer, or undefined when nothing tells them
 * apart. An embedding says two prompts are about the same thing; only a word-by-word account says they ask
 * the same: every meaning word of each must be found in the other — the same word, a WordNet synonym
 * (`buy`/`purchase`) or a typo of it (`pyhton`) — and names, antonyms, languages, formats, scope and dates
 * only as themselves. Numbers, negation and code identifiers must be equal, and the words that both share
 * must come in the same order, or with one clause moved to the other end ("In Python, how do I…" / "How do
 * I… in Python"): "A older than B" and "B older than A" use the same words in another order.
 */
export function guardConflict(query: PromptFeatures, cached: PromptFeatures): string | undefined {
  for (const [reason, listOf] of leadingLists) if (!sameList(listOf(query), listOf(cached))) return reason;
  // Who is who, when both prompts name two persons or more: "How do I tell my parents I failed" (I, I) is not "How do
  // my parents tell me I failed" (me, I). Counted, not ordered, so that clauses may change places; a request's "can
  // you … me" against a question with one "I" is not compared.
  if (query.persons.length >= 2 && cached.persons.length >= 2 && !sameList(query.persons, cached.persons)) return 'persons';
  // Fewer than two each, "me" in one only, beside someone of the speaker's: who does what to whom changed ("Why did my
  // friend stop talking to me?" is not "Why did I stop talking to my friend?"; a passive "can I be evicted by my
  // landlord" is lost with it).
  if (speakerAndOtherSwap(query, cached)) return 'persons';
  // The text to translate, summarize or correct is compared as it is: "I love you" is not "I loved you".
  if (query.payload !== '' && cached.payload !== '' && query.payload !== cached.payload) return 'content';
  if (!sameList(query.frame, cached.frame) && !sameButTheSpeakers(query, cached) && !sameButTheSpeakers(cached, query)) return frameConflict(query.frame, cached.frame);
  const lexicon = englishLexicon();
  const alignment = align(query.tokens, cached.tokens, lexicon, { query: verbAfterWho(query.normalized), cached: verbAfterWho(cached.normalized) });
  if (alignment.unmatched.length > 0) return kindOf(alignment.unmatched);
  if (!sameWordOrder(alignment.pairs, query, cached)) return 'word order';
  if (conditionSwapped(alignment.pairs, query.tokens, cached.tokens)) return 'word order';
  return undefined;
}

/**
 * The condition and what follows from it changed places: "If I skip breakfast, will I lose weight?" is not "If I lose
 * weight, will I skip breakfast?", though "Will I lose weight if I skip breakfast?" is the first. Judged when both
 * prompts hold an "if" clause whose words are known (text-features.ts): a word matched must stand in it in both or
 * in neither.
 */
function conditionSwapped(pairs: ReadonlyArray<[number, number]>, query: readonly PromptToken[], cached: readonly PromptToken[]): boolean {
  if (!query.some((token) => token.condition) || !cached.some((token) => token.condition)) return false;
  return pairs.some(([left, right]) => !query[left].relational && query[left].condition !== cached[right].condition);
}

/** The lists guardConflict compares first, in order, each with the reason it gives: they must be equal. */
const leadingLists: ReadonlyArray<[reason: string, listOf: (features: PromptFeatures) => readonly string[]]> = [
  ['numbers', (features) => features.numbers],
  ['negation', (features) => features.negations],
  ['identifiers', (features) => features.identifiers],
];

/**
 * The leading lists as one string, kept beside a stored prompt: a candidate whose key differs from the query's is
 * refused for the reason guardConflict would give, without its features being read (templated prompts that differ
 * in a number are most of the candidates of a busy index). None of the lists can hold the separators.
 */
export function leadingGuardKey(features: PromptFeatures): string {
  if (leadingLists.every(([, listOf]) => listOf(features).length === 0)) return NO_LEADING_GUARDS;
  return leadingLists.map(([, listOf]) => listOf(features).join(ITEM)).join(LIST);
}

/** What guardConflict would answer from the leading lists alone: a reason, or undefined when they are equal. */
export function leadingGuardConflict(queryKey: string, cachedKey: string): string | undefined {
  if (queryKey === cachedKey) return undefined;
  const [queryLists, cachedLists] = [queryKey.split(LIST), cachedKey.split(LIST)];
  return leadingLists.find((_, index) => queryLists[index] !== cachedLists[index])?.[0];
}

const ITEM = '\u0001';
const LIST = '\u0002';
/** The key of a prompt with no number, negation or identifier (most): one string for all of them. */
const NO_LEADING_GUARDS = LIST.repeat(leadingLists.length - 1);

/**
 * "Me" in one prompt and not in the other, beside a noun both call "my", and no "you" (a request to the assistant
 * says "me" for the asker): the speaker is acted on in one and acts in the other ("my friend stopped talking to
 * me" / "I stopped talking to my friend"; "for my boss to text me" / "to text my boss").
 */
function speakerAndOtherSwap(query: PromptFeatures, cached: PromptFeatures): boolean {
  if (query.persons.includes('you') || cached.persons.includes('you')) return false;
  if (query.persons.includes('me') === cached.persons.includes('me')) return false;
  return query.speakerOwned.some((word) => cached.speakerOwned.includes(word));
}

/** "What is the meaning / definition of…", "what does … mean", "define …" (one word group, word-groups.ts). */
const asksMeaning = (tokens: readonly PromptToken[]) => tokens.some((token) => token.word === 'meaning');

interface Alignment {
  /** Matched tokens, in query order: [query index, cached index]. */
  pairs: Array<[number, number]>;
  /** Meaning words of either prompt found nowhere in the other. */
  unmatched: PromptToken[];
}

/**
 * Matches each meaning word of one prompt to one of the other: the same word first, then a synonym, then a
 * typo. A relating word is matched only when it occurs once in each (a repeated `to` cannot tell roles).
 */
function align(query: readonly PromptToken[], cached: readonly PromptToken[], lexicon: Lexicon, askedWho: { query?: string; cached?: string }): Alignment {
  const matchOf = new Array<number>(query.length).fill(-1);
  const taken = new Array<boolean>(cached.length).fill(false);
  const queryCounts = wordCounts(query);
  const cachedCounts = wordCounts(cached);
  const once = (word: string) => queryCounts.get(word) === 1 && cachedCounts.get(word) === 1;
  // Asked what a word means, the word itself is asked about: "the definition of irony" is not "of sarcasm", nor
  // "the meaning of big" "of large" (words of one listed group are the same word elsewhere).
  const definitional = asksMeaning(query) || asksMeaning(cached);
  const tests: Array<(left: PromptToken, right: PromptToken) => boolean> = [
    (left, right) => left.word === right.word && (!left.relational || once(left.word)) && !nameAgainstItsWord(left, right) && (!definitional || left.written === right.written || left.word === 'meaning' || !groupWord.has(left.written)),
    (left, right) => !definitional && !left.relational && !right.relational && substitutable(left, right) && lexicon.synonymous(left.word, right.word) && usedAlike(left.word, right.word, lexicon) && !keptApart(left.word, right.word),
    (left, right) => !left.relational && !right.relational && (left.kind === undefined || right.kind === undefined) && !left.acronym && !right.acronym && isTypo(left.written, right.written, lexicon, left.entity !== right.entity) && !unknownNameAgainstWord(left, right, lexicon),
    // Only for the verb right after "who": "my printer" is not "my print", "the murderer" not "who was murdered".
    (left, right) => left.kind === undefined && right.kind === undefined && ((right.written === askedWho.cached && doerOf(left.word, right.word)) || (left.written === askedWho.query && doerOf(right.word, left.word))),
  ];
  for (const test of tests) {
    for (let index = 0; index < query.length; index++) {
      if (matchOf[index] >= 0) continue;
      const found = cached.findIndex((token, position) => !taken[position] && test(query[index], token));
      if (found >= 0) {
        matchOf[index] = found;
        taken[found] = true;
      }
    }
  }
  const joined = matchCompounds(query, cached, matchOf, taken);
  // A relating word only one prompt has says nothing alone ("capital of France" / "France's capital").
  const unmatched = [
    ...query.filter((token, index) => matchOf[index] < 0 && !joined.has(index) && !token.relational && !isFillerTypo(token, lexicon)),
    ...cached.filter((token, position) => !taken[position] && !token.relational && !isFillerTypo(token, lexicon)),
  ];
  const pairs: Array<[number, number]> = [];
  matchOf.forEach((position, index) => position >= 0 && pairs.push([index, position]));
  return { pairs, unmatched };
}

/**
 * One word written as two, or with a hyphen, in the other prompt: "setup" / "set up", "login" / "log in",
 * "co-worker" / "coworker". The two words must stand side by side and be unmatched otherwise; the first takes
 * the pair's place in the order. Returns the query positions matched as the second of two words.
 */
function matchCompounds(query: readonly PromptToken[], cached: readonly PromptToken[], matchOf: number[], taken: boolean[]): Set<number> {
  const joined = new Set<number>();
  const squash = (token: PromptToken) => token.written.replaceAll('-', '');
  for (let index = 0; index < query.length; index++) {
    if (matchOf[index] >= 0 || query[index].relational) continue;
    const whole = squash(query[index]);
    for (let position = 0; position < cached.length; position++) {
      if (taken[position]) continue;
      if (!cached[position].relational && squash(cached[position]) === whole) {
        matchOf[index] = position;
        taken[position] = true;
        break;
      }
      if (position + 1 < cached.length && !taken[position + 1] && !cached[position].relational && squash(cached[position]) + squash(cached[position + 1]) === whole) {
        matchOf[index] = position;
        taken[position] = taken[position + 1] = true;
        break;
      }
    }
  }
  for (let position = 0; position < cached.length; position++) {
    if (taken[position] || cached[position].relational) continue;
    const whole = squash(cached[position]);
    for (let index = 0; index + 1 < query.length; index++) {
      if (matchOf[index] >= 0 || matchOf[index + 1] >= 0 || joined.has(index) || joined.has(index + 1) || query[index].relational) continue;
      if (squash(query[index]) + squash(query[index + 1]) !== whole) continue;
      matchOf[index] = position;
      taken[position] = true;
      joined.add(index + 1);
      break;
    }
  }
  return joined;
}

/** The word right after a question's opening "who" ("who painted the mona lisa" → painted): the verb of an active question. */
function verbAfterWho(normalized: string): string | undefined {
  return /^who (\S+)/.exec(normalized)?.[1];
}

/** A capitalised word the dictionary does not know is a name (Traefik, Pydantic), not a misspelling of a lower-case word (traffic, pedantic). */
function unknownNameAgainstWord(left: PromptToken, right: PromptToken, lexicon: Lexicon): boolean {
  if (left.entity === right.entity) return false;
  const name = left.entity ? left : right;
  return !lexicon.isWord(name.written);
}

/** A name against the word it inflects: "Polars" (the library) is not "polar", "Windows" not "window", "Jobs" not "job"; nor is a name another name of a word group. */
function nameAgainstItsWord(left: PromptToken, right: PromptToken): boolean {
  if (left.written === right.written) return false;
  // Two words of one listed group are one word, not in a name: "the Great Wall" is not "the Good Wall" (an acronym
  // is the name's short form: "JS" is "JavaScript").
  if (left.entity && right.entity) return !left.acronym && !right.acronym && (groupWord.has(left.written) || groupWord.has(right.written));
  if (left.entity === right.entity) return false;
  return left.written.startsWith(right.written) || right.written.startsWith(left.written);
}

/** Whether `noun` names who does `verb` (painter / paint, inventor / invent, creator / create): "Who painted X?" = "Who was the painter of X?". */
function doerOf(noun: string, verb: string): boolean {
  if (noun.length < 5 || !(noun.endsWith('er') || noun.endsWith('or'))) return false;
  const stem = noun.slice(0, -2);
  const undoubled = stem.at(-1) === stem.at(-2) ? stem.slice(0, -1) : stem; // kidnapper / kidnap
  return verb === stem || verb === undoubled || verb === `${stem}e` || verb === noun.slice(0, -1);
}

function wordCounts(tokens: readonly PromptToken[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const token of tokens) counts.set(token.word, (counts.get(token.word) ?? 0) + 1);
  return counts;
}

/**
 * WordNet lists every sense of a word: `thread` and `string` share a synset (the cord), `key` and `paint`
 * too. Synonyms in the sense a prompt means are also used alike in text: their word vectors are close.
 */
function usedAlike(left: string, right: string, lexicon: Lexicon): boolean {
  return (lexicon.similarity(left, right) ?? 0) >= SYNONYM_USAGE_SIMILARITY;
}

/** Word-vector cosine from which two WordNet synonyms count as meant alike (measured: thread/string 0.32, buy/purchase 0.83). */
const SYNONYM_USAGE_SIMILARITY = 0.5;

/**
 * Names, languages, formats, scope words and dates are only ever themselves; an antonym-prone word (`buy`,
 * `big`) may be replaced by a synonym (`purchase`, `large`): WordNet never puts antonyms in one synset.
 */
function substitutable(left: PromptToken, right: PromptToken): boolean {
  const free = (token: PromptToken) => !token.entity && (token.kind === undefined || token.kind === 'antonym');
  return free(left) && free(right);
}

/** `waht`, `teh`, `pleese`: a misspelt filler is a filler (a rare word one letter from a filler counts as one). */
function isFillerTypo(token: PromptToken, lexicon: Lexicon): boolean {
  // A name is never a misspelt filler: `AWS` is not `was`.
  if (token.entity) return false;
  const rank = lexicon.rank(token.written);
  if (rank !== undefined && rank < RARE_RANK) return false;
  return typoProneFillers.some((filler) => token.written !== filler && Math.abs(token.written.length - filler.length) <= 1 && withinEdits(token.written, filler, 1));
}

/** Fillers long enough for a misspelling of them to be told from another short word. */
const typoProneFillers = fillerWords().filter((word) => word.length >= 3);

/** Names shorter than this are misspelt only by a swap or a doubled letter. */
const SHORT_NAME = 7;

/** Below this rank a word is common enough to be meant as written. */
const RARE_RANK = 10_000;

/**
 * A typo: one edit (two for long words) between words of four letters or more, an English word and a
 * non-word. Two real words one letter apart (`Austria`/`Australia`, `dessert`/`desert`, `nitrite`/`nitrate`,
 * `hypotension`/`hypertension`) are different words, however rare; and two words neither of which is English
 * cannot be told apart from a misspelling (`perro`/`perra`, two CJK sentences one name apart), so they are not.
 */
function isTypo(left: string, right: string, lexicon: Lexicon, nameAgainstWord = false): boolean {
  const shorter = Math.min(left.length, right.length);
  if (shorter < 4 || left === right) return false;
  const leftIsWord = lexicon.isWord(left);
  const rightIsWord = lexicon.isWord(right);
  // A software or website name is no slip of the word it is a letter from (`venmo` / `venom`, `canva` / `canvas`),
  // though a name can be misspelt itself: a short one only by a swap or a doubled letter (`ngnix`, `vercell`), since
  // a letter left out or changed is as often another name (`figma` / `figa`).
  const named = lexicon.isName(left) || lexicon.isName(right);
  if (named && (leftIsWord === rightIsWord || (shorter < SHORT_NAME && !swappedOrDoubled(left, right)))) return false;
  if (leftIsWord === rightIsWord) {
    // Two non-words, or two words: only an obscure word one letter from a common one is a misspelling of it, and
    // a name is never one (`Polars` is not `polar`).
    if (!leftIsWord || nameAgainstWord || !obscureSpellingOfCommonWord(left, right, lexicon)) return false;
  }
  // A misspelling keeps the first letter (it is the one people get right): `async` is not a typo of `sync`.
  if (left[0] !== right[0]) return false;
  if (leftIsWord !== rightIsWord && (leftIsWord ? nameCoinedFromWord(right, left) : nameCoinedFromWord(left, right))) return false;
  const allowed = shorter >= 7 ? 2 : 1;
  if (Math.abs(left.length - right.length) > allowed) return false;
  // A misspelling never changes a number: `carbon-14` / `carbon-12` and `gpt-4o` / `gpt-5o` are other things.
  if (digitsOf(left) !== digitsOf(right)) return false;
  return withinEdits(left, right, allowed);
}

/**
 * The word list holds 274,000 words, obscure ones too, so a dropped or doubled letter often lands on one (`pupy`,
 * `lawer`, `planing`): a word outside the 50,000 of the vocabulary one letter added or dropped from a word inside
 * it is taken as its misspelling, and so is a long word outside it against another. A letter changed is not
 * (`nitrite` / `nitrate`), nor two words both in it.
 */
function obscureSpellingOfCommonWord(left: string, right: string, lexicon: Lexicon): boolean {
  const leftRanked = lexicon.rank(left) !== undefined;
  const rightRanked = lexicon.rank(right) !== undefined;
  // Two words both outside the vocabulary are one misspelling of the other only when long (`unistall` /
  // `uninstall`, round 70): short rare words one letter apart are as often two words.
  if (leftRanked === rightRanked && (leftRanked || Math.min(left.length, right.length) < LONG_RARE_WORD)) return false;
  return Math.abs(left.length - right.length) === 1 && withinEdits(left, right, 1);
}

/** From this length two rare words a letter added or dropped apart are taken for one word misspelt. */
const LONG_RARE_WORD = 8;

/** The digits of a word, in order ('' for most words, at the cost of one scan). */
function digitsOf(word: string): string {
  let digits = '';
  for (let index = 0; index < word.length; index++) {
    const code = word.charCodeAt(index);
    if (code >= 48 && code <= 57) digits += word[index];
  }
  return digits;
}

/** The reason named for the words found in only one prompt. */
function kindOf(unmatched: readonly PromptToken[]): string {
  const protectedKind = unmatched.find((token) => token.kind !== undefined)?.kind;
  if (protectedKind) return protectedKind;
  if (unmatched.some((token) => token.entity)) return 'entity';
  return 'content';
}

/** `question`, `tense`, `owner` or `direction`: the first marker only one prompt has. */
function frameConflict(left: readonly string[], right: readonly string[]): string {
  const differing = [...left.filter((marker) => !right.includes(marker)), ...right.filter((marker) => !left.includes(marker))][0] ?? 'direction:';
  const kind = differing.slice(0, differing.indexOf(':'));
  return kind === 'ask' ? 'question' : kind;
}

/**
 * "In my kitchen" asks what "in the kitchen" asks: the frames differ only by the speaker's ownership, the other
 * prompt owns nothing, and each thing `owner` calls "my" or "our" is "the" thing in `other`. "Read my handwriting"
 * is not "read handwriting", nor "my IP address" "your IP address". "My sink" is also "a sink" when the act works
 * on a thing one has ("unclog my sink" / "unclog a sink"), never when it finds or makes one ("find my phone" is not
 * "find a phone", nor "open my account" "open an account").
 */
function sameButTheSpeakers(owner: PromptFeatures, other: PromptFeatures): boolean {
  if (owner.speakerOwned.length === 0 || other.frame.some((marker) => marker.startsWith('owner:'))) return false;
  if (!sameList(owner.frame.filter((marker) => marker !== 'owner:speaker'), other.frame)) return false;
  const words = ` ${other.normalized} `;
  return owner.speakerOwned.every((word) => words.includes(` the ${word} `) || actedOnAsOwned(owner.normalized, other.normalized, word));
}

/**
 * Acts on a thing one already has: done to "my X", to "a X" or to X alone ("water my plants" / "water plants"), the
 * instructions are the same. Not removing or unlocking: "remove my name from Google" is not "remove a name", nor
 * "unlock my phone" "unlock a phone".
 */
const actsOnAThingHeld = new Set(['fix', 'repair', 'clean', 'unclog', 'unblock', 'reset', 'restart', 'reboot', 'update', 'upgrade', 'charge', 'wash', 'sharpen', 'descale', 'defrost', 'format', 'polish', 'paint', 'replace', 'water', 'prune', 'trim', 'groom', 'bathe', 'train', 'season', 'calibrate', 'defragment']);

/** The same act right before "my `word`" in one prompt and "a/an `word`" or "`word`" in the other. */
function actedOnAsOwned(owner: string, other: string, word: string): boolean {
  const lexicon = englishLexicon();
  const thing = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const actOn = (text: string, determiner: string) => new RegExp(`(?:^| )(\\S+) ${determiner}${thing}(?= |$)`).exec(text)?.[1];
  const ownedBy = actOn(owner, '(?:my|our) ');
  const heldBy = actOn(other, '(?:(?:a|an) )?');
  return ownedBy !== undefined && heldBy !== undefined && lexicon.lemma(ownedBy) === lexicon.lemma(heldBy) && actsOnAThingHeld.has(lexicon.lemma(heldBy));
}

function sameList(left: readonly string[], right: readonly string[]): boolean {
  return left.length === right.length && left.every((value, index) => value === right[index]);
}
