import type { PromptFeatures, PromptToken } from './text-features.js';

/**
 * Whether the words both prompts share come in an order that asks the same: the same order, one phrase moved,
 * or the two sides of an "and" / "or" turned round; a manner adverb may stand anywhere ("permanently delete my
 * account" / "delete my account permanently"). `pairs` are the matched tokens in query order ([query index,
 * cached index]).
 */
export function sameWordOrder(pairs: ReadonlyArray<[number, number]>, query: PromptFeatures, cached: PromptFeatures): boolean {
  const ordered = orderMatters.test(cached.normalized);
  const withoutAdverbs = pairs.some(([index]) => isMannerAdverb(query.tokens[index])) ? pairs.filter(([index]) => !isMannerAdverb(query.tokens[index])) : pairs;
  const inQueryOrder = ordered ? withoutAdverbs : withConjunctsInQueryOrder(withoutAdverbs, cached.tokens);
  return inOrderOrPhraseMoved(inQueryOrder, query.tokens, cached.tokens, ordered) || (!ordered && swapsConjuncts(query.normalized, cached.normalized));
}

/**
 * Adverbs of manner, which say how the act is done wherever they stand. A listed few: "locally", "remotely",
 * "online" place the act ("a blank page after I deployed it, but it works locally" / "a blank page locally, but
 * it works after I deployed it"), and `early`, `daily`, `only` fix time or scope.
 */
const mannerAdverbs = new Set(
  'safely easily permanently properly correctly efficiently effectively manually automatically completely fully cheaply naturally legally securely temporarily gently carefully thoroughly politely quietly slowly nicely professionally respectfully discreetly gracefully'.split(' '),
);

function isMannerAdverb(token: PromptToken): boolean {
  return mannerAdverbs.has(token.written);
}

/**
 * The shared words come in the same order, or with one phrase moved: from one end to the other, or elsewhere,
 * when the order falls once and taking out one run of words on either side of the fall (the moved phrase)
 * leaves the rest in order. The moved phrase must be
 * one: it opens on a relating word, or after a comma, or a comma closes it ("*In Python*, how do I…" / "… *in
 * Python*"; "which is better *for weight loss*, A or B" / "*For weight loss*, which is better: A or B"). "Who did
 * Brutus betray?" / "Who betrayed Brutus?" turn two words round with no phrase moved, and a role swap ("A older
 * than B" / "B older than A") makes the order fall twice: refused.
 */
function inOrderOrPhraseMoved(pairs: ReadonlyArray<[number, number]>, query: readonly PromptToken[], cached: readonly PromptToken[], ordered: boolean): boolean {
  let cut = -1;
  let secondCut = -1;
  for (let index = 1; index < pairs.length; index++) {
    if (pairs[index][1] > pairs[index - 1][1]) continue;
    if (secondCut >= 0) return false;
    if (cut >= 0) secondCut = index;
    else cut = index;
  }
  if (cut < 0) return true;
  if (secondCut >= 0) return !ordered && endsSwapped(pairs, cut, secondCut, query, cached);
  if (phraseMovedToTheOtherEnd(pairs, cut, query, cached)) return true;
  // A prompt that orders by its words ("rank by price then rating") may only have a phrase moved from one end
  // to the other ("In Excel, sort by name" / "sort by name in Excel").
  if (ordered) return false;
  // The moved run ends just before the fall, or starts at it.
  for (let from = 0; from < cut; from++) if (movedPhrase(pairs, from, cut, query, cached)) return true;
  for (let to = cut + 1; to <= pairs.length; to++) if (movedPhrase(pairs, cut, to, query, cached)) return true;
  return false;
}

/**
 * One run of words moved from one end to the other: the order rises, falls once, and rises again to below its
 * start, and the moved part opens a phrase ("*In Python*, how do I…" / "… *in Python*"; "a recipe for
 * *pancakes*" / "a *pancake* recipe").
 */
function phraseMovedToTheOtherEnd(pairs: ReadonlyArray<[number, number]>, cut: number, query: readonly PromptToken[], cached: readonly PromptToken[]): boolean {
  if (pairs[pairs.length - 1][1] > pairs[0][1]) return false;
  const [queryStart, cachedOfStart] = pairs[0];
  const [queryCut, cachedOfCut] = pairs[cut];
  const lastMoved = (query[queryCut].opensPhrase || cached[cachedOfCut].opensPhrase) && !leavesItsRelationBehind(pairs, cut, pairs.length, query, cached);
  return lastMoved || ((query[queryStart].opensPhrase || cached[cachedOfStart].opensPhrase) && !leavesItsRelationBehind(pairs, 0, cut, query, cached));
}

/**
 * Whether the run pairs[from, to) moved without the relating word before it, which both prompts still have:
 * "a flight cancelled *by the airline*" / "*the airline* … a flight cancelled by" (you) hands the role to
 * another. A relating word the other prompt drops is no role ("a recipe *for pancakes*" / "a *pancake* recipe").
 */
function leavesItsRelationBehind(pairs: ReadonlyArray<[number, number]>, from: number, to: number, query: readonly PromptToken[], cached: readonly PromptToken[]): boolean {
  const { queryFirst, cachedFirst } = spanOf(pairs, from, to);
  const relation = cached[cachedFirst - 1];
  if (!relation?.relational || relation.pronoun) return false;
  if (pairs.some(([, position], index) => position === cachedFirst - 1 && (index < from || index >= to))) return true;
  // A relating word met twice is left unmatched ("to fly *to Rome* from Paris"): it is still behind when the query
  // has it, but not right before the run ("to fly to Paris *from Rome*").
  return query[queryFirst - 1]?.word !== relation.word && query.some((token) => token.word === relation.word);
}

/** Where the run pairs[from, to) starts in the query, and starts and ends in the cached prompt. */
function spanOf(pairs: ReadonlyArray<[number, number]>, from: number, to: number): { queryFirst: number; cachedFirst: number; cachedLast: number } {
  let queryFirst = Infinity;
  let cachedFirst = Infinity;
  let cachedLast = -1;
  for (let index = from; index < to; index++) {
    queryFirst = Math.min(queryFirst, pairs[index][0]);
    cachedFirst = Math.min(cachedFirst, pairs[index][1]);
    cachedLast = Math.max(cachedLast, pairs[index][1]);
  }
  return { queryFirst, cachedFirst, cachedLast };
}

/** Prepositions whose object may stand before the noun instead: "apps for kids" / "kids apps", "cost of living in Lisbon" / "Lisbon cost of living". */
const modifierPrepositions = new Set(['for', 'on', 'in', 'of', 'about', 'with', 'at', 'to']);

/** Whether pairs[from, to) is a phrase whose removal leaves the other shared words in order. */
function movedPhrase(pairs: ReadonlyArray<[number, number]>, from: number, to: number, query: readonly PromptToken[], cached: readonly PromptToken[]): boolean {
  const { cachedFirst: lowest, cachedLast: highest } = spanOf(pairs, from, to);
  let last = -1;
  for (let index = 0; index < pairs.length; index++) {
    if (index >= from && index < to) continue;
    // The rest in order, and none of it inside the phrase: a phrase moves whole.
    if (pairs[index][1] < last || (pairs[index][1] > lowest && pairs[index][1] < highest)) return false;
    last = pairs[index][1];
  }
  return isPhrase(pairs, from, to, query, cached);
}

/**
 * Whether the run pairs[from, to) is a phrase that moves whole. It opens on a relating word followed by its object
 * ("*for* weight loss"; a relating word alone is no phrase: "substitute for butter" / "substitute butter for"), or
 * after a comma in either prompt, or a comma closes it in either prompt; and it takes its relating word along.
 */
function isPhrase(pairs: ReadonlyArray<[number, number]>, from: number, to: number, query: readonly PromptToken[], cached: readonly PromptToken[]): boolean {
  const [queryFirst, cachedFirst] = pairs[from];
  const [queryLast, cachedLast] = pairs[to - 1];
  const prepositional = to - from >= 2 && query[queryFirst].relational && !query[queryFirst].pronoun && !query[pairs[from + 1][0]].relational;
  // Or, as "software *for doctors*" / "*doctors* software", it was the object of a preposition the query drops
  // (not of "or": "the mother or the father pay" / "the father pay the mother").
  const opens =
    prepositional ||
    query[queryFirst].afterComma ||
    cached[cachedFirst].afterComma ||
    query[queryLast + 1]?.afterComma === true ||
    cached[cachedLast + 1]?.afterComma === true ||
    modifierPrepositions.has(cached[cachedFirst - 1]?.word ?? '');
  return opens && !leavesItsRelationBehind(pairs, from, to, query, cached);
}

/**
 * The phrases at the two ends changed places around the rest, each whole: "*When traveling to Japan*, do I need a
 * visa *as a US citizen*?" / "*As a US citizen*, do I need a visa *when traveling to Japan*?". The order falls
 * twice; the query's first run is the cached prompt's last, its last run the cached prompt's first. "A older than
 * B" / "B older than A" has the same shape, but a bare name is no phrase.
 */
function endsSwapped(pairs: ReadonlyArray<[number, number]>, cut: number, secondCut: number, query: readonly PromptToken[], cached: readonly PromptToken[]): boolean {
  const front = spanOf(pairs, 0, cut);
  const middle = spanOf(pairs, cut, secondCut);
  const back = spanOf(pairs, secondCut, pairs.length);
  if (!(back.cachedLast < middle.cachedFirst && middle.cachedLast < front.cachedFirst)) return false;
  return isPhrase(pairs, 0, cut, query, cached) && isPhrase(pairs, secondCut, pairs.length, query, cached);
}

/** Words that join two equals: "X and Y", "X or Y" say the same in either order. */
const coordinators = new Set(['and', 'or']);
/** …unless the prompt orders by them: "sort by name and date" is not "sort by date and name". */
const orderMatters = /\b(?:sort(?:s|ed|ing)?|order(?:s|ed|ing)?|group(?:s|ed|ing)?|rank(?:s|ed|ing)?|arrange[sd]?|prioriti[sz]e[sd]?|nest(?:s|ed)?|then|sequence)\b/;

/**
 * The pairs, with the two words of each coordination of the cached prompt ("a crocodile *and* an alligator",
 * "Python *or* JavaScript") taken in the query's order: "the difference between an alligator and a crocodile"
 * asks the same. Only single words joined directly, so roles around them ("A older than B") still count.
 */
function withConjunctsInQueryOrder(pairs: ReadonlyArray<[number, number]>, cached: readonly PromptToken[]): ReadonlyArray<[number, number]> {
  let swapped: Array<[number, number]> | undefined;
  for (let middle = 1; middle + 1 < cached.length; middle++) {
    const left = cached[middle - 1];
    const right = cached[middle + 1];
    if (!coordinators.has(cached[middle].word) || left.relational || right.relational) continue;
    const leftPair = pairs.findIndex(([, position]) => position === middle - 1);
    const rightPair = pairs.findIndex(([, position]) => position === middle + 1);
    if (leftPair < 0 || rightPair < 0 || pairs[leftPair][0] < pairs[rightPair][0]) continue;
    swapped ??= pairs.map(([query, position]) => [query, position]);
    swapped[leftPair][1] = middle + 1;
    swapped[rightPair][1] = middle - 1;
  }
  return swapped ?? pairs;
}

/** Longest conjunct, in words, that swapsConjuncts turns round. */
const MAX_CONJUNCT_WORDS = 4;

/**
 * Whether `query` is `cached` with the phrases on either side of one "and" / "or" turned round, word for word:
 * "is it better to pay off debt or invest" / "… to invest or pay off debt", "a roth ira or a traditional ira".
 * The words around them stay where they were, so no role can change hands.
 */
function swapsConjuncts(query: string, cached: string): boolean {
  if (query.length !== cached.length) return false;
  const words = cached.split(' ');
  for (let middle = 1; middle + 1 < words.length; middle++) {
    if (!coordinators.has(words[middle])) continue;
    for (let left = 1; left <= MAX_CONJUNCT_WORDS && middle - left >= 0; left++) {
      for (let right = 1; right <= MAX_CONJUNCT_WORDS && middle + right < words.length; right++) {
        const swapped = [...words.slice(0, middle - left), ...words.slice(middle + 1, middle + 1 + right), words[middle], ...words.slice(middle - left, middle), ...words.slice(middle + 1 + right)];
        if (swapped.join(' ') === query) return true;
      }
    }
  }
  return false;
}
