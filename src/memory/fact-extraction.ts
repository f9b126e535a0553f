import nlp from 'compromise';
import type { FactEntityKind } from '../core/storage-interfaces.js';

/** A sentence the user said that states something worth remembering, and what it names. */
export interface ExtractedFact {
  text: string;
  entities: Array<{ kind: FactEntityKind; value: string }>;
}

/** Sentences read per turn, and their longest length: a pasted document is not a list of facts about the user. */
const MAX_SENTENCES = 20;
const MAX_SENTENCE_CHARS = 400;
const MAX_VALUE_CHARS = 60;

const sentenceEnd = /(?<=[.!?。！？])\s+|(?<=[。！？])|\n+/u;
/** Words of English that other languages of the set do not share: two of them make a sentence English. */
const englishWords = /\b(?:i|i'm|my|we|our|the|is|am|are|and|to|of|you|it|with|at)\b/gi;

/**
 * Rules that hold in every language: what the user says of themselves ("my name is", "me llamo", "我叫"),
 * what they like or cannot have (preferences), where they live and work. The value is what follows, up to
 * the end of the clause.
 */
const selfStatements: Array<{ kind: FactEntityKind; pattern: RegExp }> = [
  { kind: 'name', pattern: /\b(?:my name is|call me|i am called|me llamo|mi nombre es|ich heiße|mein name ist|je m'appelle|mon nom est)\s+([^,.;!?]+)/iu },
  { kind: 'name', pattern: /(?:我叫|我的名字是|私の名前は|わたしの名前は)([^，。！？、,.!?]+)/u },
  { kind: 'place', pattern: /\b(?:i live in|i'm from|i am from|i moved to|vivo en|soy de|ich wohne in|ich lebe in|ich komme aus|j'habite à|j'habite en|je vis à|je viens de)\s+([^,.;!?]+)/iu },
  { kind: 'place', pattern: /(?:我住在|我来自)([^，。！？、,.!?]+)|([^，。！？、,.!?\s]+)に住んで/u },
  { kind: 'organization', pattern: /\b(?:i work (?:at|for)|i'm working (?:at|for)|trabajo en|ich arbeite (?:bei|für)|je travaille (?:chez|pour))\s+([^,.;!?]+)/iu },
  {
    kind: 'preference',
    pattern:
      /\b(?:i (?:really |do not |don't )?(?:like|love|prefer|enjoy|hate|dislike|avoid|can't eat|cannot eat)|i'm allergic to|i am allergic to|i'm (?:a )?(?:vegetarian|vegan)|i am (?:a )?(?:vegetarian|vegan)|my favou?rite [a-z]+ is|me gusta(?:n)?|no me gusta(?:n)?|prefiero|soy alérgic[oa] a|ich mag|ich liebe|ich bevorzuge|ich bin allergisch gegen|j'aime|je préfère|je déteste|je suis allergique à)\s*([^,.;!?]*)/iu,
  },
  // "My locker is 42", "our budget is $500": the attribute is what a later question names.
  { kind: 'attribute', pattern: /\b(?:my|our|the) ((?:[a-z]+ ){0,2}[a-z]+) (?:is|are|was|were) [^,.;!?]+/iu },
  { kind: 'preference', pattern: /(?:我喜欢|我不喜欢|我爱|我对)([^，。！？,.!?]+)|([^，。！？、,.!?\s]+)が(?:好き|嫌い|苦手)/u },
];

/** A value ends where the clause does: "Dana and I work at…" names Dana. */
const clauseEnd = /\s+(?:and|but|so|who|which|because|y|pero|que|und|aber|weil|et|mais|qui|parce)\s+.*$/iu;

const clean = (value: string) =>
  value
    .replace(clauseEnd, '')
    .toLowerCase()
    .replace(/(?:です|だ|でございます)$/u, '')
    .replace(/^[\s"'“”«»(]+|[\s"'“”«».,;:!?)]+$/gu, '')
    .slice(0, MAX_VALUE_CHARS);

/**
 * The facts of one user turn (issue 18, L2 memory): each sentence that states something (not a question)
 * and names a person, organization, place, date, quantity or preference. English sentences are read with
 * compromise (rule-based NLP, no network); every language gets the self-statement rules and numbers.
 */
export function extractFacts(userText: string): ExtractedFact[] {
  const facts: ExtractedFact[] = [];
  const sentences = userText.split(sentenceEnd).map((sentence) => sentence.trim());
  for (const sentence of sentences.slice(0, MAX_SENTENCES)) {
    if (sentence.length < 4 || sentence.length > MAX_SENTENCE_CHARS || /[?？]\s*$/u.test(sentence)) continue;
    const entities = new Map<string, FactEntityKind>();
    const add = (kind: FactEntityKind, raw: string) => {
      const value = clean(raw);
      if (value.length >= 2 && !entities.has(value)) entities.set(value, kind);
    };
    for (const { kind, pattern } of selfStatements) {
      const match = pattern.exec(sentence);
      const value = match?.slice(1).find((group) => group !== undefined);
      if (value) add(kind, value);
    }
    if ((sentence.match(englishWords)?.length ?? 0) >= 2) readEnglish(sentence, add);
    else readAnyLanguage(sentence, add);
    // A number inside a date ("14th, 2025" of "June 14th, 2025") is not a quantity of its own.
    const dates = [...entities].filter(([, kind]) => kind === 'date').map(([value]) => value);
    for (const [value, kind] of entities) if (kind === 'quantity' && dates.some((date) => date !== value && date.includes(value))) entities.delete(value);
    if (entities.size > 0) facts.push({ text: sentence, entities: [...entities].map(([value, kind]) => ({ kind, value })) });
  }
  return facts;
}

function readEnglish(sentence: string, add: (kind: FactEntityKind, value: string) => void): void {
  const doc = nlp(sentence);
  const named = new Set<string>();
  const each = (kind: FactEntityKind, values: string[]) => {
    for (const value of values) {
      add(kind, value);
      named.add(clean(value));
    }
  };
  const people = doc.people().out('array') as string[];
  each('person', people);
  each('organization', doc.organizations().out('array') as string[]);
  each('place', doc.places().out('array') as string[]);
  each('date', doc.match('#Date+').out('array') as string[]);
  each('quantity', doc.match('(#Money|#Value)+ #Unit?').out('array') as string[]);
  // Proper nouns compromise could not type (a product, a pet, a project) are still names worth matching.
  for (const value of doc.match('#ProperNoun+').out('array') as string[]) if (!named.has(clean(value)) && !/^i\b/i.test(value)) add('name', value);
  // Members of a named person ("sister Laura") are matched by the name alone as well.
  for (const value of people) {
    const words = clean(value).split(' ');
    if (words.length > 1) add('person', words.at(-1)!);
  }
}

const latinName = /(?<=\S\s+)(\p{Lu}[\p{Ll}'-]+(?:\s+\p{Lu}[\p{Ll}'-]+)*)/gu;
const quantity = /(?:[$€£¥]\s?\d[\d.,]*|\d[\d.,]*\s?(?:%|[$€£¥]|eur|usd|km|kg|m|cm|h|min|años|jahre|ans|歳|岁|元|円|人|個|个)?)/giu;
const numericDate = /\b\d{1,4}[./-]\d{1,2}(?:[./-]\d{1,4})?\b|\d{1,2}\s?月\s?\d{1,2}\s?日/gu;
const wholeDate = /^(?:\d{1,4}[./-]\d{1,2}(?:[./-]\d{1,4})?|\d{1,2}\s?月\s?\d{1,2}\s?日)$/u;

/** Other languages: capitalised names inside the sentence, dates and numbers with their unit. */
function readAnyLanguage(sentence: string, add: (kind: FactEntityKind, value: string) => void): void {
  for (const match of sentence.matchAll(numericDate)) add('date', match[0]);
  for (const match of sentence.matchAll(quantity)) if (/\d/.test(match[0]) && !wholeDate.test(match[0].trim())) add('quantity', match[0]);
  for (const match of sentence.matchAll(latinName)) add('name', match[1]);
}
