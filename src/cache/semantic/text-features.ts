/**
 * The words of a prompt as the semantic cache compares them: contractions expanded, lower case, light
 * stemming, a few synonyms folded. Function words and polite fillers are set apart: a paraphrase may
 * differ in them, never in the words that carry the meaning.
 */

/** Words a rephrasing adds or drops without changing the question. Negations, scope and direction words are NOT here. */
const fillers = new Set(
  (
    'a an the this that these those is are was were be been being am do does did i me my mine you your yours we us our it its ' +
    'of to for in on at by from as into about please kindly could can would will shall should may might must ' +
    'tell show give explain describe let know want need like help hey hi hello thanks thank just really quick quickly ' +
    'what whats which who whom how why where when there here whether if or and so then than also too very ' +
    'way ways some thing things something anything get got make made use using used doing done say said ' +
    'question answer simple simply term terms words briefly detail details located'
  ).split(' '),
);

/** Words whose presence flips the meaning. */
const negations = new Set(['not', 'no', 'never', 'none', 'nothing', 'nobody', 'nowhere', 'neither', 'nor', 'without', 'cannot']);

/** Different words, one meaning: each maps to the first of its group. */
const synonymGroups = [
  ['car', 'automobile', 'vehicle'],
  ['buy', 'purchase'],
  ['big', 'large', 'huge'],
  ['small', 'little', 'tiny'],
  ['start', 'begin', 'commence'],
  ['end', 'finish'],
  ['fix', 'repair'],
  ['movie', 'film'],
  ['picture', 'photo', 'image'],
  ['delete', 'remove'],
  ['create', 'generate'],
  ['capital', 'capitol'],
  ['color', 'colour'],
  ['center', 'centre'],
  ['favorite', 'favourite'],
  ['reset', 'restore'],
  ['forget', 'forgot', 'forgotten'],
  ['password', 'passcode'],
  ['recipe', 'recipes'],
  ['difference', 'differ', 'compare', 'comparison', 'vs', 'versus'],
  ['meaning', 'mean', 'definition', 'define'],
  ['write', 'compose'],
  ['summary', 'summarize', 'summarise'],
  ['translate', 'translation'],
  ['work', 'operate'],
];
const synonyms = new Map<string, string>();
for (const group of synonymGroups) for (const word of group) synonyms.set(word, group[0]);

const numberWords = new Map(
  'zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty'
    .split(' ')
    .map((word, index) => [word, String(index)] as const),
);
for (const [word, value] of [['thirty', '30'], ['forty', '40'], ['fifty', '50'], ['hundred', '100'], ['thousand', '1000'], ['million', '1000000'], ['billion', '1000000000'], ['dozen', '12'], ['half', '0.5']] as const) {
  numberWords.set(word, value);
}

const contractions: Array<[RegExp, string]> = [
  [/\bcan['’]t\b/g, 'can not'],
  [/\bwon['’]t\b/g, 'will not'],
  [/\bshan['’]t\b/g, 'shall not'],
  [/n['’]t\b/g, ' not'],
  [/['’]re\b/g, ' are'],
  [/['’]ll\b/g, ' will'],
  [/['’]ve\b/g, ' have'],
  [/['’]m\b/g, ' am'],
  [/['’]d\b/g, ' would'],
  [/['’]s\b/g, ''],
];

export interface PromptFeatures {
  /** The normalized text (what the embedder reads). */
  normalized: string;
  /** Meaning-carrying words, stemmed and folded, in order, each once. */
  content: string[];
  negations: string[];
  /** Numbers written in digits or words, in order. */
  numbers: string[];
  /** Code identifiers (snake_case, camelCase, dotted.names, calls()), case kept, in order. */
  identifiers: string[];
}

/** Identifiers keep their case: `getUser` and `getuser` are different code. */
const identifierPattern = /\b(?:[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+|[a-z]+(?:[A-Z][a-z0-9]*)+|[A-Za-z]*_[\w]*|[A-Za-z_$][\w$]*\(\))/g;

export function promptFeatures(text: string): PromptFeatures {
  const identifiers = [...new Set(text.match(identifierPattern) ?? [])];
  let lowered = text.toLowerCase().normalize('NFKC');
  for (const [pattern, replacement] of contractions) lowered = lowered.replace(pattern, replacement);
  const normalized = lowered.replace(/[^\p{L}\p{N}_.$%+-]+/gu, ' ').replace(/(?<!\d)[.]|[.](?!\d)/g, ' ').replace(/\s+/g, ' ').trim();
  const content: string[] = [];
  const negationWords: string[] = [];
  const numbers: string[] = [];
  for (const token of normalized.split(' ')) {
    if (token === '') continue;
    if (/^[+-]?\d+(?:[.,]\d+)?%?$/.test(token)) {
      numbers.push(token.replace(',', '.'));
      continue;
    }
    const numberWord = numberWords.get(token);
    if (numberWord !== undefined) {
      numbers.push(numberWord);
      continue;
    }
    if (negations.has(token)) {
      negationWords.push(token === 'cannot' ? 'not' : token);
      continue;
    }
    if (fillers.has(token)) continue;
    const word = synonyms.get(token) ?? synonyms.get(stem(token)) ?? stem(token);
    if (!content.includes(word)) content.push(word);
  }
  return { normalized, content, negations: negationWords.sort(), numbers, identifiers };
}

/** Light suffix stripping: plurals, -ing, -ed, -ly (enough to fold "users"/"user", "running"/"run"). */
export function stem(word: string): string {
  const stemmed = stripSuffix(word);
  // A final e is dropped too, so that "exercise" and "exercising" meet at "exercis".
  return stemmed.length > 4 && stemmed.endsWith('e') ? stemmed.slice(0, -1) : stemmed;
}

function stripSuffix(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith('ing') && word.length > 5) return undouble(word.slice(0, -3));
  if (word.endsWith('ed') && word.length > 4) return undouble(word.slice(0, -2));
  if (word.endsWith('ly') && word.length > 4) return word.slice(0, -2);
  if (word.endsWith('es') && /(?:ss|x|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us') && !word.endsWith('is')) return word.slice(0, -1);
  return word;
}

function undouble(word: string): string {
  return /([b-df-hj-np-tv-z])\1$/.test(word) ? word.slice(0, -1) : word;
}
