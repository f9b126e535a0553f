import { withinEdits } from './edit-distance.js';
import { languageNames } from './language-names.js';
import { withMisspellingsCorrected } from './misspellings.js';
import { englishLexicon, type Lexicon } from './lexicon.js';
import { inComparedOrder, numberOf, withNumbersApartFromWords } from './number-forms.js';
import { actInIng, rewriteQuestion } from './question-templates.js';
import { groupWord } from './word-groups.js';

/**
 * The words of a prompt as the semantic cache compares them: contractions expanded, lower case, British
 * spellings folded, each word reduced to its WordNet base form. Fillers (function words, politeness) are
 * dropped: a paraphrase may differ in them. Words that relate two others (`from`, `to`, `than`, `and`) are
 * kept apart: they carry no meaning alone but fix who does what to whom, so the guards check their order.
 */

/** Words a rephrasing adds or drops without changing the question. Negations, scope and direction words are NOT here. */
const fillers = new Set(
  (
    'a an the this that these those is are was were be been being am do does did i me my mine you your yours we us our it its ' +
    'about please kindly could can would will shall should may might must ' +
    'tell show give explain describe let know want help hey hi hello thanks thank just really quick quickly ' +
    'what whats which who whom whose how why where when there here whether if so then also too very ' +
    'way ways thing things something anything ' +
    'question answer simply term terms words briefly detail details located possible possibly exactly actually ' +
    'suggest recommend provide share reason process step steps go'
  ).split(' '),
);

/**
 * What frames a question beyond its meaning words, each of which two prompts must share: what is asked
 * (who, when, where, why, how many…: "Who wrote Hamlet?" is not "When was Hamlet written?"), the tense
 * ("Who won…" / "Who will win…"), whose thing it is ("my IP" / "your IP") and the direction words
 * ("flights to Paris" / "flights from Paris").
 */
const frameMarkers: Array<[string, RegExp]> = [
  // After another question word, "who" opens a relative clause and asks nothing: "what's a present for a coworker who
  // is retiring" asks what a "… for a retiring coworker" asks ("tell me who won" still asks who).
  ['ask:person', /(?:^|, )(?:who|whom)\b|\bwhose\b|^(?!(?:.*, )?(?:what|how|where|why|when|which)\b).*\b(?:who|whom)\b/],
  // "When wearing a mask" says when something happens, it does not ask when ("when spring starts" still asks).
  ['ask:time', new RegExp(`\\bwhen\\b(?! ${actInIng})`)],
  ['ask:place', /\bwhere\b/],
  ['ask:reason', /\b(?:why|reason)\b/],
  ['ask:quantity', /\bhow (?:many|much)\b/],
  ['ask:duration', /\bhow long\b/],
  ['ask:distance', /\bhow far\b/],
  ['ask:age', /\bhow old\b/],
  ['ask:frequency', /\bhow often\b/],
  // "Do vaccines work?" asks whether; "How do vaccines work?" asks how. A request put as a question ("Can you
  // tell me how…") asks nothing of the kind.
  ['ask:whether', /(?:^|, )(?!(?:can|could|would|will) you (?:please )?(?:tell|explain|show|give|help|list|describe|write|recommend|suggest|walk)\b)(?:do|does|did|is|are|was|were|am|can|could|will|would|should|has|have|had)\b/],
  ['tense:future', /\b(?:will|shall|gonna)\b/],
  // "Who painted…" asks in the past as "Who was the painter…" does; "Who won…" is not "Who wins…".
  ['tense:past', /\b(?:was|were|did|had)\b|^(?:who|what) (?:[a-z]{2,}ed|won|wrote|built|made|found|sang|began|ran|took|led|gave|drew|fought|said|came|became|bought|sold|taught|brought|held|lost|left|met|sent|spent|told|went|shot|stole|broke|chose|froze|spoke|threw|wore|beat|struck|sank|flew|grew|knew|saw|ate)\b/],
  ['owner:speaker', /\b(?:my|mine|our|ours)\b/],
  ['owner:listener', /\b(?:your|yours)\b/],
  ['owner:other', /\b(?:his|her|hers|their|theirs)\b/],
  // Modal verbs are fillers as words ("how can I" and "how do I" ask alike), but "must I" is not "may I", and a
  // question opening on "can I" (is it possible, allowed) is not one opening on "should I" (is it wise).
  ['modal:obligation', /\bmust\b/],
  ['modal:possibility', /\b(?:may|might)\b/],
  ['modal:ability', /(?:^|, )(?:can|could) (?:i|we)\b/],
  ['modal:advice', /(?:^|, )(?:should|ought) (?:i|we)\b/],
  // How long an answer is asked to be: "explain X briefly" is not "explain X in detail" (round 125), though "briefly"
  // and "detail" are fillers as words.
  ['length:brief', /\b(?:briefly|brief|concise|concisely|in short|in a nutshell|tl ?;? ?dr|in (?:one|a single|a few|few) (?:sentence|sentences|words?|lines?))\b/],
  ['length:detailed', /\b(?:in (?:great |full |more )?detail|detailed|in depth|in-depth|thoroughly|comprehensive|comprehensively)\b/],
  // "Want" is a filler in a request ("I want to know how…", "I want you to explain…"), but wanting to do a thing is
  // not doing it: "why do I want to sleep all the time" is not "why do I sleep all the time" (round 124).
  ['modal:desire', /\bwant(?:s|ed|ing)? to (?!(?:know|understand|learn|find out|ask|see)\b)/],
];
// `by` marks who acts in the passive: "who was Lincoln killed by" is not "who did Lincoln kill".
const directionWords = new Set(['from', 'into', 'onto', 'toward', 'towards', 'than', 'between', 'against', 'via', 'by']);

/** The fillers, for the guards' typo check. */
export function fillerWords(): string[] {
  return [...fillers];
}

/** A word a rephrasing adds or drops freely (the embedder weighs it little). */
export function isFillerWord(word: string): boolean {
  return fillers.has(word) || relational.has(word);
}

/** Words that relate two others: their order against the meaning words decides roles ("from X to Y"). */
const relational = new Set('from to than into onto between vs versus and or by for of in on at with against toward towards per via as'.split(' '));

/** The pronouns whose place is kept: the speaker (subject or object) and the one spoken to. */
const pronouns = new Set(['i', 'me', 'you']);

/** Plurals that mean another thing than their singular ("wear glasses" / "wear a glass"): never folded to it. */
const pluralsOfTheirOwn = new Set(['glasses', 'arms', 'goods', 'manners', 'spirits', 'customs', 'quarters', 'remains', 'premises', 'clothes', 'spectacles', 'greens']);

/** Words whose presence flips the meaning. */
const negations = new Set(['not', 'no', 'never', 'none', 'nothing', 'nobody', 'nowhere', 'neither', 'nor', 'without', 'cannot']);
/** Negations long enough for a misspelling of them to be told from another word (`nver`, `wihtout`). */
const typoProneNegations = ['never', 'nothing', 'nobody', 'nowhere', 'neither', 'without', 'cannot'];
const negationInitials = new Set(typoProneNegations.map((negation) => negation[0]));

/**
 * The negation a word misspells, if it does: not a word itself, same first letter, one edit away (two from
 * seven letters). A misspelt `without` left as a meaning word would make the prompt lose its negation.
 */
function misspeltNegation(token: string, lexicon: Lexicon): string | undefined {
  if (token.length < 4 || !negationInitials.has(token[0]) || lexicon.isWord(token)) return undefined;
  return typoProneNegations.find((negation) => negation[0] === token[0] && Math.abs(negation.length - token.length) <= 1 && withinEdits(token, negation, negation.length >= 7 ? 2 : 1));
}

/**
 * Words no synonym or typo may stand in for: each names the kind of near miss its change makes (an antonym
 * pair, another language, output format, scope or date). Two prompts must use the very same ones.
 */
const protectedKinds: Array<[string, string]> = [
  ['antonym', 'left|right|before|after|include|exclude|increase|decrease|up|down|min|max|minimum|maximum|first|last|open|close|buy|sell|add|remove|enable|disable|true|false|yes|hot|cold|warm|cool|more|less|most|least|above|below|over|under|inside|outside|import|export|encrypt|decrypt|start|stop|accept|reject|allow|deny|push|pull|upper|lower|ascend|descend|north|south|east|west|fast|slow|cheap|expensive|positive|negative|win|lose|input|output|send|receive|old|older|oldest|young|younger|youngest|new|newer|high|higher|low|lower|long|longer|short|shorter|big|bigger|small|smaller|good|better|best|bad|worse|worst|early|earlier|late|later|heavy|light|rich|poor|easy|hard|safe|dangerous|healthy|unhealthy|legal|illegal|male|female|men|women|man|woman|boy|girl|day|night|summer|winter|spring|autumn|fall|sunrise|sunset|asleep|awake|alive|dead|wet|dry|full|empty|plus|minus|multiply|divide|sum|difference|average|median|mean|mode|total|celsius|fahrenheit|kilometer|mile|meter|foot|feet|pound|kilogram|inch|centimeter|liter|gallon|dollar|euro|yen|pound'],
  ['language', languageNames],
  ['format', 'json|yaml|xml|csv|table|markdown|bullet|list|code|python|javascript|typescript|java|rust|golang|sql|html|css|ruby|php|swift|kotlin|bash|shell|haiku|poem|essay|paragraph|sentence|tweet|email|letter|summary|outline|story|song|limerick|sonnet'],
  // Places by their level too: WordNet makes `state` and `country` synonyms (a nation), but the largest US state is not the largest country.
  ['scope', 'all|every|each|only|any|some|most|few|many|entire|whole|partial|single|both|either|always|sometimes|usually|often|rarely|ever|per|total|overall|country|state|nation|province|county|city|town|village|continent|region|district|territory'],
  ['date', 'today|tomorrow|yesterday|tonight|week|weekly|month|monthly|year|yearly|annual|daily|hour|hourly|minute|second|decade|century|monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|july|august|september|october|november|december|morning|afternoon|evening|night|now|currently|current|latest|recent|past|future'],
];

/** Each protected word's kind, the first listed where a word is under two (`total`: antonym, not scope): one lookup per token instead of a test of every kind's pattern. */
const protectedKindOf = new Map<string, { kind: string; order: number }>();
protectedKinds.forEach(([kind, words], order) => {
  for (const word of words.split('|')) if (!protectedKindOf.has(word)) protectedKindOf.set(word, { kind, order });
});

/** The kind a token makes protected, as written or as its base form (the earlier-listed kind when both are). */
function protectedKind(written: string, word: string): string | undefined {
  const asWritten = protectedKindOf.get(written);
  const asBase = protectedKindOf.get(word);
  if (!asWritten || !asBase) return (asWritten ?? asBase)?.kind;
  return asWritten.order <= asBase.order ? asWritten.kind : asBase.kind;
}

/** Negative contractions written without their apostrophe, by what comes before the final "t": "dont" is "do not". */
const negatedVerbs: Record<string, string> = {
  can: 'can', won: 'will', ain: 'is', don: 'do', doesn: 'does', didn: 'did', isn: 'is', aren: 'are', wasn: 'was', weren: 'were',
  wouldn: 'would', shouldn: 'should', couldn: 'could', haven: 'have', hasn: 'has', hadn: 'had', mustn: 'must', needn: 'need',
};
const apostropheLessNegations = new RegExp(`\\b(${Object.keys(negatedVerbs).join('|')})t\\b`, 'g');

const contractions: Array<[RegExp, string]> = [
  [/\b(what|who|where|when|how|why|which|that|there|here|it|he|she|let)['’]s\b/g, '$1 is'],
  // What is left of 's is a possessive: "Canada's capital" reads "capital of canada", as the other phrasing; at the
  // end of the prompt with up to two words on each side ("green tea's health benefits?" → "health benefits of green tea").
  // Neither side takes a function word: "Who was Obama's president before?" is not "… president before of was obama";
  // nor is an owner that is itself owned moved ("return *my landlord's* deposit": its role is the possessive's own),
  // nor the act before it taken for part of the owner ("how can I clear Chrome's cache" is not "… cache of clear chrome").
  [/(?<!\b(?:my|your|our|his|her|their) )\b((?:(?<!\b(?:i|we|you|they|to|please) )(?!(?:is|was|are|were|be|the|a|an|do|does|did|of|to|in|on|for|and|or|what|who|how|why|when|where|which|my|your|our|his|her|their)\b)[\p{L}\p{N}]+ )?[\p{L}\p{N}]+)['’]s ([\p{L}\p{N}]+(?: (?!(?:before|after|now|then|today|first|last|again|too|also|ago|here|there)\b)[\p{L}\p{N}]+)?)(?=\s*[?.!]*\s*$)/gu, '$2 of $1'],
  [/(?<!\b(?:my|your|our|his|her|their) )\b([\p{L}\p{N}]+)['’]s\s+([\p{L}\p{N}]+)/gu, '$2 of $1'],
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

export interface PromptToken {
  /** The base form (`cities` → `city`), spelling folded. */
  word: string;
  /** The word as written (lower case): typos are judged on it. */
  written: string;
  relational: boolean;
  /** Written with a capital inside the sentence, or in capitals (`Paris`, `NASA`): a name, never swapped for a synonym. */
  entity: boolean;
  /** The kind of near miss a change of this word makes (antonym words may still be replaced by a synonym). */
  kind?: string;
  /** Opens a phrase: comes right after a relating word or a comma ("In *Python*, …", "…, *how* …"). */
  opensPhrase: boolean;
  /** Comes right after a comma (or a colon, a semicolon): a phrase set off by commas begins or ends there. */
  afterComma: boolean;
  /** "I", "me", "you": placed like a relating word, never a phrase's opening. */
  pronoun?: true;
  /** Written in capitals (`HTTP`, `CSS`): another letter makes another term (`HTTPS`, `CSV`), never a typo. */
  acronym?: true;
  /** Stands in an "if" clause: the condition, not what follows from it. */
  condition?: true;
}

export interface PromptFeatures {
  /** The normalized text (what the embedder reads). */
  normalized: string;
  /** Meaning-carrying and relating words, in order. */
  tokens: PromptToken[];
  negations: string[];
  /** Numbers written in digits or words, in order. */
  numbers: string[];
  /** Code identifiers (snake_case, camelCase, dotted.names, calls()), case kept, in order. */
  identifiers: string[];
  /** What is asked, tense, owner and direction words (`ask:person`, `tense:past`, `direction:from`), sorted. */
  frame: string[];
  /**
   * The text the request works on, when it sets it apart: what is quoted, else what follows a short instruction
   * and a colon ("Translate to French: I love you"); lower case, words only. '' when there is none.
   */
  payload: string;
  /** The words right after "my" or "our" (`my router` → router), in order. */
  speakerOwned: string[];
  /** The pronouns "i", "me", "you" it holds, sorted ("thank you" aside). */
  persons: string[];
}

const nonAscii = /[^\x00-\x7f]/;
/** A single letter with `#` after it and no word character after that: C#, F#, J#, Q#. */
const sharpLanguage = /(?<![\p{L}\p{N}_])(\p{L})#(?![\p{L}\p{N}_])/gu;

/** Identifiers keep their case: `getUser` and `getuser` are different code. */
const identifierPattern = /\b(?:[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+|[a-z]+(?:[A-Z][a-z0-9]*)+|[A-Za-z]*_[\w]*|[A-Za-z_$][\w$]*\(\))/g;
/**
 * A product name people also type in lower case (iPhone, eBay, iCloud): one letter, then one capitalised word. iOS
 * stays. So is a JavaScript project's name (Node.js, Vue.js, D3.js), typed as often `nodejs` or `node js`: its words
 * are compared as words.
 */
const lowerCasedName = /^(?:[a-z][A-Z][a-z]+|[A-Za-z][A-Za-z0-9]*\.js)$/;
/** Command-line flags keep their case: `ls -l` is not `ls -L`. */
const flagPattern = /(?<![\p{L}\p{N}_-])--?[A-Za-z][\w-]*/gu;
/** Operators (`==`, `===`, `+=`, `=>`, `<`, `&&`): code whose meaning the words around it do not carry. */
const operatorPattern = /[=!<>&|+*/%^~-]*[=<>&|][=!<>&|+*/%^~-]*/g;

/** An arithmetic operator between numbers, which normalizing would drop as punctuation: "2^10" is not "2*10" (round 130). */
const arithmeticPattern = /(?<=\d\s*)(?:\*\*|[*/^×÷])(?=\s*\d)/g;
/** Quoted text: '…', "…", “…”, «…», 「…」 (an apostrophe inside a word opens nothing). */
const quotedPattern = /(?<![\p{L}\p{N}])'([^'\n]+)'(?![\p{L}\p{N}])|"([^"\n]+)"|“([^”\n]+)”|«([^»\n]+)»|「([^」\n]+)」/gu;
/** A short instruction, then a colon, then the text it works on. */
const instructionPattern = /^\s*((?:\S+\s+){0,5}\S+?)\s*:\s*(\S[\s\S]*)$/u;

/** What a prompt works on (see PromptFeatures.payload). */
function payloadOf(text: string): string {
  let quoted = '';
  if (/['"“«「]/.test(text)) for (const match of text.matchAll(quotedPattern)) quoted += ` ${match.slice(1).find((group) => group !== undefined)}`;
  const payload = quoted || (text.includes(':') ? (instructionPattern.exec(text)?.[2] ?? '') : '');
  return payload === '' ? '' : payload.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

export function promptFeatures(text: string): PromptFeatures {
  const lexicon = englishLexicon();
  const identifiers = [...new Set([...(text.match(identifierPattern) ?? []).filter((name) => !lowerCasedName.test(name)), ...(text.match(operatorPattern) ?? []), ...(text.match(arithmeticPattern) ?? []), ...(text.match(flagPattern) ?? [])])];
  const entities = entityWords(text);
  const acronyms = acronymWords(text);
  // NFKC changes nothing in ASCII, and every contraction has an apostrophe: most prompts skip both.
  let lowered = (romanNumeralCue.test(text) ? text.replace(romanNumeral, romanAsDigits) : text).toLowerCase();
  if (nonAscii.test(lowered)) lowered = lowered.normalize('NFKC');
  if (lowered.includes("'") || lowered.includes('’')) for (const [pattern, replacement] of contractions) lowered = lowered.replace(pattern, replacement);
  // "dont", "cant", "wont" typed without the apostrophe are negations all the same ("why wont my car start" is not
  // "why does my car start").
  if (lowered.includes('nt')) lowered = lowered.replace(apostropheLessNegations, (_, verb: string) => `${negatedVerbs[verb]} not`);
  // Question forms and phrasal verbs that ask alike, written one way ("what's the best way to" = "how do I").
  lowered = rewriteQuestion(withMisspellingsCorrected(lowered, entities, lexicon));
  if (lowered.includes('-')) lowered = withNumbersApartFromWords(lowered);
  // `C#` and `F#` are languages of their own, not `C` and `F` (the `#` would be dropped below as punctuation).
  if (lowered.includes('#')) lowered = lowered.replace(sharpLanguage, '$1sharp');
  // Commas and the like stay as tokens of their own for a moment: they mark where a phrase opens.
  const marked = lowered.replace(/[^\p{L}\p{N}_.$%+,;:-]+/gu, ' ').replace(/(?<!\d)[.]|[.](?!\d)/g, ' ').replace(/(?<!\d),|,(?!\d)|[;:]/g, ' , ').replace(/\s+/g, ' ').trim();
  const normalized = marked.replace(/ ?(?<!\d),(?!\d) ?/g, ' ').trim();
  const tokens: PromptToken[] = [];
  const negationWords: string[] = [];
  const numbers: string[] = [];
  let opensPhrase = false;
  let afterComma = false;
  // The words of an "if" clause: up to the comma that closes it, or to the end when it comes last ("Will I lose
  // weight if I skip breakfast?"). An opening "if" clause with no comma has no end one can tell: none is marked.
  const conditionKnown = marked.includes('if ') && (!/^(?:\S+ )?if /.test(marked) || marked.includes(' , '));
  let inCondition = false;
  for (const token of marked.split(' ')) {
    if (token === '') continue;
    if (token === ',') {
      opensPhrase = true;
      afterComma = true;
      inCondition = false;
      continue;
    }
    if (token === 'if' && conditionKnown) inCondition = true;
    const number = numberOf(token);
    if (number !== undefined) {
      numbers.push(number);
      continue;
    }
    const negation = negations.has(token) ? token : misspeltNegation(token, lexicon);
    if (negation !== undefined) {
      negationWords.push(negation === 'cannot' ? 'not' : negation);
      continue;
    }
    // "I", "me" and "you" weigh nothing as words, but where they stand says who does what: "How can I tell if my
    // partner is cheating?" is not "How can my partner tell if I am cheating?". They are placed like relating
    // words (compared only when each prompt has one), and open no phrase.
    if (pronouns.has(token)) {
      tokens.push({ word: token, written: token, relational: true, pronoun: true, entity: false, opensPhrase, afterComma });
      continue;
    }
    // "US", "IT", "OR" written in capitals inside a sentence are names, not fillers: "a US citizen" is not "a citizen".
    if (acronyms?.has(token) && (fillers.has(token) || relational.has(token))) {
      tokens.push({ word: token, written: token, relational: false, entity: true, opensPhrase, afterComma });
      opensPhrase = false;
      afterComma = false;
      continue;
    }
    if (fillers.has(token)) continue;
    if (relational.has(token)) {
      tokens.push({ word: token, written: token, relational: true, entity: false, opensPhrase, afterComma });
      opensPhrase = true;
      afterComma = false;
      continue;
    }
    const american = foldSpelling(token);
    const folded = american !== token && lexicon.rank(lexicon.lemma(american)) !== undefined ? american : token;
    // An acronym is not inflected: "HTTPS" is not the plural of "HTTP".
    const acronym = acronyms?.has(token) === true;
    const word = groupWord.get(folded) ?? (pluralsOfTheirOwn.has(folded) || acronym ? folded : (groupWord.get(lexicon.lemma(folded)) ?? lexicon.lemma(folded)));
    const kind = protectedKind(token, word);
    const meaningToken: PromptToken = { word, written: token, relational: false, entity: entities.has(token), kind, opensPhrase, afterComma };
    if (acronym) meaningToken.acronym = true;
    if (inCondition) meaningToken.condition = true;
    tokens.push(meaningToken);
    opensPhrase = false;
    afterComma = false;
  }
  // Read with the commas kept: a question that opens after a clause ("If it rains, should I…") opens after one.
  const frame = frameMarkers.filter(([, pattern]) => pattern.test(marked)).map(([marker]) => marker);
  for (const token of tokens) if (directionWords.has(token.word)) frame.push(`direction:${token.word}`);
  const speakerOwned = frame.includes('owner:speaker') ? Array.from(normalized.matchAll(/\b(?:my|our) (\S+)/g), (match) => match[1]) : [];
  const thanks = lowered.includes('thank you');
  const persons = tokens.filter((token) => token.pronoun === true && !(thanks && token.word === 'you')).map((token) => token.word);
  return { normalized, tokens, negations: negationWords.sort(), numbers: inComparedOrder(numbers, normalized), identifiers, frame: frame.sort(), payload: payloadOf(text), speakerOwned, persons: persons.sort() };
}

/**
 * "World War II", "Henry VIII", "Part IV": a Roman numeral of two letters or more, in capitals, after a capitalised
 * word, is its number ("World War 2"). One letter stays a letter ("Malcolm X", "Plan B", "I").
 */
const romanNumeralCue = /\b[IVX]{2,}\b/;
const romanNumeral = /(?<=\b\p{Lu}\p{L}*\s)[IVX]{2,}(?![\p{L}\p{N}])/gu;
const romanValues: Record<string, number> = { I: 1, V: 5, X: 10 };

function romanAsDigits(numeral: string): string {
  let value = 0;
  for (let index = 0; index < numeral.length; index++) {
    const current = romanValues[numeral[index]];
    const next = romanValues[numeral[index + 1]] ?? 0;
    value += current < next ? -current : current;
  }
  // Only well-formed numerals (XIV, not IIX or VV): written back, the number must give the same letters.
  return digitsAsRoman(value) === numeral ? String(value) : numeral;
}

function digitsAsRoman(value: number): string {
  const tens = ['', 'X', 'XX', 'XXX'][Math.floor(value / 10)] ?? '';
  const ones = ['', 'I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX'][value % 10];
  return tens + ones;
}

/** `organise` → `organize`, `flavour` → `flavor`, `analyse` → `analyze` (used when the lexicon knows the result). */
function foldSpelling(word: string): string {
  // Each ending below holds "is", "our" or "ys": a word with none of them is left as it is without three replaces.
  if (word.length < 6 || !(word.includes('is') || word.includes('our') || word.includes('ys'))) return word;
  return word.replace(/is(e|ed|es|ing|ation|ations)$/, 'iz$1').replace(/our(s|ed|ing)?$/, 'or$1').replace(/yse(s|d)?$/, 'yze$1');
}

/** Words of two letters or more written in capitals in a prompt that is not all capitals, lower-cased; undefined when none. */
function acronymWords(text: string): Set<string> | undefined {
  if (!/[A-Z]{2}/.test(text) || text === text.toUpperCase()) return undefined;
  return new Set(Array.from(text.matchAll(/\b[A-Z][A-Z0-9]*[A-Z][A-Z0-9]*\b/g), (match) => match[0].toLowerCase()));
}

/** Lower-cased words written as names: capitalised inside a sentence, or in capitals. */
function entityWords(text: string): Set<string> {
  const names = new Set<string>();
  for (const match of text.matchAll(/(^|[.!?]\s+|\s|["'(])(\p{Lu}[\p{L}\p{N}]*)/gu)) {
    const sentenceStart = match[1] === '' || /[.!?]/.test(match[1]);
    const word = match[2];
    if (!sentenceStart || (word.length > 1 && word === word.toUpperCase())) names.add(word.toLowerCase());
  }
  return names;
}
