import { englishLexicon, sifWeight } from '../../cache/semantic/lexicon.js';
import { asksForExplanation, asksToShorten } from './open-questions.js';
import { cuesIn } from './task-cues.js';
import { writtenKind } from './written-texts.js';
import { asksToTransformAnswer, isFollowUp, REFERS_BACK, standsAlone } from './follow-ups.js';
import { asksForAText, asksOfGivenText, listsAnswerOptions, withoutFigureCode } from './prompt-shapes.js';
import { asksSomething, requestEnds, requestOf, type Reading } from './request-reading.js';
import { withoutAnswerManner } from './answer-manner.js';
import { isLongEnough, isOnlyGreeting, withoutCourtesy } from './courtesy.js';
import { fnv1a } from '../../shared/fnv1a.js';
import { addToolFeatures } from './tool-names.js';

/**
 * The features of a request for the task classifier: hashed words, word pairs and character trigrams (CJK
 * text as characters and character pairs), from the last user message, with the system prompt and the earlier
 * turns as features of their own; plus what the request's shape says (tools, JSON mode, length, code, numbers).
 * Training (scripts/train-task-classifier.ts) and serving use this one function, so they never disagree.
 */

export interface ClassifierInput {
  prompt: string;
  system?: string;
  /** Earlier turns, oldest first (user and assistant alike). */
  history?: string[];
  tools?: number;
  /** The names of the functions it declares ("read_file", "runTests"): what an agent can do says what it is for. */
  toolNames?: readonly string[];
  json?: boolean;
}

/** A sparse vector: bucket indices and their weights (L2-normalised). */
export interface SparseFeatures {
  indices: Int32Array;
  values: Float32Array;
}

/** A request's features, and what its shape rules out whatever they weigh. */
export interface RequestFeatures extends SparseFeatures {
  /** It asks to pick one of the options it lists, and for no text of its own (see OWN_TEXT_TASKS). */
  picksAnOption: boolean;
  /**
   * A follow-up that asks to redo the answer and names no task of its own ("Modify your earlier reply and eliminate the
   * use of gendered pronouns", "Rewrite your previous response in a more formal tone") or only to shorten it: its task is
   * the opening's.
   */
  redoesOpening: boolean;
}

/**
 * The families whose answer is a text of the request's own making: a multiple-choice question ("Which of the following…
 * A. … B. … C. …") is answered by picking an option, never by a composition, a summary or a translation — unless it
 * asks for such a text of what it gives ("translate this quiz into Spanish", "write five questions like this one":
 * asksForAText). Read alone, exam questions about law, history or psychology read as all three (MMLU's subjects
 * other than mathematics: 947 of 13,000). An extraction stays possible: "according to the passage, in which year…" is one.
 */
export const OWN_TEXT_TASKS: ReadonlySet<string> = new Set(['writing', 'summarization', 'translation']);

/**
 * How much of a system prompt is searched for cues, and their weight: half a prompt's own cue (6); and when the message
 * names no task of its own ("Translate the user's text into German" over the text alone), as much again as the
 * message's own cue would weigh, which grows with its length (cueWeight): at a fixed 3, a pasted article or a list of
 * quoted feedback outweighed "Condense every article…" or "You are a product analyst…" (an app's system prompts with
 * bare material: 16 of 23 read right, 18 after; every other set the same or better).
 */
const SYSTEM_CUE_CHARS = 600;
const SYSTEM_CUE_WEIGHT = 3;
const MAX_SYSTEM_TASKS = 2;

/** Text beyond this is not read: the start of a long document says what is asked of it. */
const MAX_CHARS = 4000;
const cjk = /[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]/u;
const token = /[\p{L}\p{N}_]+|[^\s\p{L}\p{N}]/gu;
const letter = /\p{L}/u;

/** Adds `weight` to the feature whose name hashed to `nameHash`. */
type AddHashed = (nameHash: number, weight: number) => void;

/** The hashes of the feature-name heads of a text ("w:", "s:t:"…): a feature's hash goes on from its head's. */
interface NameHeads {
  word: number;
  trigram: number;
  pair: number;
  char: number;
  charPair: number;
}

const namesWithPrefix = (prefix: string): NameHeads => ({ word: fnv1a(`${prefix}w:`), trigram: fnv1a(`${prefix}t:`), pair: fnv1a(`${prefix}b:`), char: fnv1a(`${prefix}c:`), charPair: fnv1a(`${prefix}cc:`) });
const promptNames = namesWithPrefix('');
const systemNames = namesWithPrefix('s:');
const historyNames = namesWithPrefix('h:');
const firstWordName = fnv1a('w0:');
const SPACE = 0x20;
const FNV_PRIME = 0x01000193;

/** The hash of `<word>`'s trigram at `start` (the name `t:` + those three characters), without building it. */
function trigramHash(head: number, word: string, start: number): number {
  let hash = head;
  for (let position = start; position < start + 3; position++) {
    const code = position === 0 ? 0x3c : position === word.length + 1 ? 0x3e : word.charCodeAt(position - 1);
    hash = Math.imul(hash ^ code, FNV_PRIME);
  }
  return hash >>> 0;
}

/**
 * Words, word pairs and trigrams of a text, as hashes of their names (`w:word`, `b:one two`, `t:<wo`, with the
 * text's prefix): the names are never built, which made them most of the classifier's cost.
 */
function textFeatures(text: string, names: NameHeads, weight: number, add: AddHashed, firstWord = false): void {
  const head = text.length > MAX_CHARS ? text.slice(0, MAX_CHARS) : text;
  const words: string[] = [];
  for (const match of head.toLowerCase().matchAll(token)) {
    const word = match[0];
    if (cjk.test(word)) {
      // No spaces between CJK words: characters and character pairs stand in for them.
      const chars = [...word];
      for (let index = 0; index < chars.length; index++) {
        add(fnv1a(chars[index], names.char), weight);
        if (index + 1 < chars.length) add(fnv1a(chars[index + 1], fnv1a(chars[index], names.charPair)), weight);
        words.push(chars[index]);
      }
      continue;
    }
    words.push(word);
    add(fnv1a(word, names.word), weight);
    // Trigrams of the word carry its stem across inflections and languages (übersetze, übersetzen).
    if (word.length > 3 && letter.test(word)) {
      for (let start = 0; start + 3 <= word.length + 2; start++) add(trigramHash(names.trigram, word, start), weight * 0.5);
    }
  }
  for (let index = 0; index + 1 < words.length; index++) add(fnv1a(words[index + 1], Math.imul(fnv1a(words[index], names.pair) ^ SPACE, FNV_PRIME) >>> 0), weight);
  if (firstWord) add(fnv1a(words[0] ?? '', firstWordName), weight);
}


/**
 * Code written in the prompt: a fence, a statement's end, an arrow, a keyword, an operator, a call on an object or with no
 * arguments (`free()`), or an identifier in camelCase (`useEffect`, `getElementById`; not `iPhone` or `macOS`).
 */
const CODE_SHAPE = /```|[{};]\s*$|=>|\bdef |\bfunction\b|\breturn\b|[=!]==?(?!=)|&&|\|\||\bfor \w+ in \w|\bimport \w|\bconst \w|\bprint\(|\w\.\w+\(|\b\w+\(\)|\b[a-z]{2,}[A-Z][a-z]+/m;
/** Lines of code-like shape (CODE_SHAPE) from which a prompt counts as holding pasted code. */
const PASTED_CODE_LINES = 3;
/** Whether PASTED_CODE_LINES of these lines or more have code's shape. */
function holdsPastedCode(lines: readonly string[]): boolean {
  let count = 0;
  for (const line of lines) if (line.length > 2 && CODE_SHAPE.test(line) && ++count === PASTED_CODE_LINES) return true;
  return false;
}
const NUMBER = /\d+(?:[.,]\d+)?/g;
/** How many numbers a text gives ("1,100" and "2.5" are one each): a feature, and the tier rules' test for plain arithmetic. */
export const countNumbers = (text: string) => text.match(NUMBER)?.length ?? 0;
/** A year standing alone ("the 2010 World Cup", "2008年", "en 1998"): a date, not a quantity a problem gives. */
const YEAR = /(?<![\d.,$€£¥])(?:1[5-9]\d\d|20\d\d)(?![\d%]|[.,]\d|\s*(?:€|\$|euros?|dollars?|yen|円|元|km|m\b|kg|g\b|people|personas|personnes|menschen|人))/g;
/** How many numbers a text gives that are not years: the feature a word problem's story is told around. */
const countQuantities = (text: string) => countNumbers(text) - (text.match(YEAR)?.length ?? 0);
/** A sum, an equation or a mathematical symbol written in the prompt. */
const MATH_SHAPE = /\d\s*[-+*/^=]\s*\d|[∫∑√≤≥π]|\^\d/;
const lengthBucket = (length: number) => Math.min(12, Math.floor(Math.log2(length + 1)));

/** Dimensions of the word-vector part (the lexicon's vectors), indexed after the hashed buckets. */
export const MEANING_DIMENSIONS = 100;
/** The word-vector part weighs as much as this many hashed features of weight 1. */
const MEANING_WEIGHT = 3;
const MAX_MEANING_WORDS = 200;

/**
 * A prompt's own task cue weighs as much as CUE_WEIGHT words in a prompt of up to CUE_CHARS characters, and grows with the
 * square root of a longer one's length: the features are L2-normalised, so a fixed weight shrank as the words around it
 * grew, and "Write me the first chapter of a novel about…" over a page of plot read as a puzzle (on Arena's hard prompts,
 * 61.8 → about 66 % of coding and creative-writing requests read right; the set's held-back part unchanged).
 */
const CUE_WEIGHT = 6;
const CUE_CHARS = 100;
const cueWeight = (length: number) => CUE_WEIGHT * Math.max(1, Math.sqrt(Math.min(length, MAX_CHARS) / CUE_CHARS));

/**
 * An explanation asked in a language ("explain photosynthesis in Spanish", "Erklär mir auf Spanisch, wie…", "中国語で…説明して")
 * names only the language of the answer: its language cue is dropped, as no phrase or text is given to translate. Read
 * with it, eleven such requests of eleven were translations (the model learnt the cue from translations, nearly all of
 * the set's rows that name a language).
 */
function withoutAnswerLanguage(cues: string[], requestText: string): string[] {
  if (!cues.includes('language') || cues.includes('translation') || !asksForExplanation(requestText)) return cues;
  return cues.filter((family) => family !== 'language');
}

/** Earlier turns read at most (the first and the latest), so the features cost the same however long the conversation. */
const MAX_HISTORY_TURNS = 8;
/** Of each earlier turn, its start is read: what the conversation is about shows there. */
const MAX_HISTORY_CHARS = 1000;
const startOfTurn = (turn: string) => (turn.length > MAX_HISTORY_CHARS ? turn.slice(0, MAX_HISTORY_CHARS) : turn);

const ENGLISH_WORD = /[a-z][a-z'-]*/g;

/**
 * The frequency-weighted average of the prompt's English word vectors (smooth inverse frequency): words
 * never seen in training still land near those that were ("casserole" near "recipe"). Zero for other scripts.
 */
function meaningOf(text: string): Float32Array | undefined {
  const lexicon = englishLexicon();
  const sum = new Float32Array(MEANING_DIMENSIONS);
  let words = 0;
  const vectors = lexicon.vectors;
  for (const match of text.toLowerCase().matchAll(ENGLISH_WORD)) {
    if (words >= MAX_MEANING_WORDS) break;
    // The vector read in place (knownWord would make a view and an object a word: the classifier's hottest loop).
    const rank = lexicon.knownRank(match[0]);
    if (rank === undefined) continue;
    const weight = sifWeight(rank);
    const offset = (rank - 1) * MEANING_DIMENSIONS;
    for (let index = 0; index < MEANING_DIMENSIONS; index++) sum[index] += weight * vectors[offset + index];
    words++;
  }
  if (words === 0) return undefined;
  let norm = 0;
  for (const value of sum) norm += value * value;
  if (norm === 0) return undefined;
  const scale = MEANING_WEIGHT / Math.sqrt(norm);
  for (let index = 0; index < MEANING_DIMENSIONS; index++) sum[index] *= scale;
  return sum;
}

/** Rows of a model over these features: the hashed buckets, then the word-vector dimensions. */
export const featureRows = (buckets: number) => buckets + MEANING_DIMENSIONS;

/**
 * The sum being built: one weight per row, and the rows touched in the order first touched (the order the
 * sparse vector lists them in). Kept between calls, since a call is synchronous and allocating 16 k rows per
 * request would cost more than the rest; each call clears only what it touched.
 */
const scratch = { sums: new Float64Array(0), marks: new Uint32Array(0), generation: 0, touched: new Int32Array(256), count: 0 };

function touch(row: number, weight: number): void {
  if (scratch.marks[row] !== scratch.generation) {
    scratch.marks[row] = scratch.generation;
    scratch.sums[row] = 0;
    if (scratch.count === scratch.touched.length) {
      const grown = new Int32Array(scratch.touched.length * 2);
      grown.set(scratch.touched);
      scratch.touched = grown;
    }
    scratch.touched[scratch.count++] = row;
  }
  scratch.sums[row] += weight;
}

/** What each head of the classifier reads: the family the request, the complexity the whole prompt (one vector when they are the same). */
export interface HeadFeatures {
  reading: Reading;
  /** Where the family head's reading says the task is written, lower-cased (its cues; the proof and explanation tests). */
  requestText: string;
  /** The conversation's opening turn as read: its first user turn that is more than a greeting. */
  opening?: string;
  family: RequestFeatures;
  complexity: SparseFeatures;
}

/**
 * A prompt without what says nothing of its task: a greeting before it, a thanks after it (courtesy.ts), a sentence on how
 * to answer ("Be concise.", answer-manner.ts), a figure's drawing code (prompt-shapes.ts). How to answer is read past first
 * and again after: "Hi! Be concise." is a greeting, "… Be concise. Thanks!" a request.
 */
function theRequestItself(prompt: string, inConversation: boolean): string {
  return withoutAnswerManner(withoutCourtesy(withoutAnswerManner(withoutFigureCode(prompt), isLongEnough), inConversation, asksSomething), isLongEnough);
}

/** The features of both heads of a request: what training and serving read, from this one function. */
export function headFeatures(input: ClassifierInput, buckets: number): HeadFeatures {
  const prompt = theRequestItself(input.prompt, Boolean(input.history?.length));
  if (prompt !== input.prompt) input = { ...input, prompt };
  // A conversation that opened with a greeting ("Hi!" / "Hello! How can I help?") opens its task with the turn after it.
  if (input.history?.length && isOnlyGreeting(input.history[0])) input = { ...input, history: input.history.length > 2 ? input.history.slice(2) : undefined };
  const reading = requestOf(input.prompt);
  const requestText = requestEnds(input.prompt, reading).toLowerCase();
  const family = classifierFeatures(input, buckets, reading, requestText);
  return { reading, requestText, opening: input.history?.[0], family, complexity: reading.text === input.prompt ? family : classifierFeatures(input, buckets, { text: input.prompt, material: false }) };
}

/**
 * The request's features, hashed into `buckets` buckets, then the word-vector part at `buckets + d`. `request` is what
 * is read as the prompt: what requestOf found (the family head's reading), or the prompt itself (the complexity head's —
 * "Write a Python function." over a page of specification is as hard as the specification).
 */
export function classifierFeatures(input: ClassifierInput, buckets: number, reading = requestOf(input.prompt), requestText = requestEnds(input.prompt, reading).toLowerCase()): RequestFeatures {
  const request = reading.text;
  const rows = featureRows(buckets);
  if (scratch.sums.length < rows) {
    scratch.sums = new Float64Array(rows);
    scratch.marks = new Uint32Array(rows);
  }
  scratch.generation = (scratch.generation + 1) >>> 0 || 1;
  scratch.count = 0;
  const add: AddHashed = (nameHash, weight) => touch(nameHash % buckets, weight);
  const addNamed = (name: string, weight: number) => touch(fnv1a(name) % buckets, weight);
  textFeatures(request, promptNames, 1, add, true);
  // The material's own words say what it is about, not what is asked of it: only that there is some counts.
  if (reading.material) addNamed('x:material', 1);
  // A follow-up ("and in Go?") means little alone: its meaning is read with the turn that opened the conversation.
  const head = input.prompt.length > MAX_CHARS ? input.prompt.slice(0, MAX_CHARS) : input.prompt;
  const headLines = head.split('\n');
  const promptCues = withoutAnswerLanguage(cuesIn(requestText), requestText);
  // Pasted code is a cue of its own: its words are identifiers, not task words, and the question around it is often
  // in other words ("why does x change too??", a comment in Chinese above it).
  if (!promptCues.includes('code') && holdsPastedCode(headLines)) promptCues.push('code');
  // A thanks or a greeting is a small-talk cue, and no task of the prompt's own ("thanks! and shorter?").
  const namesTask = promptCues.some((family) => family !== 'chat');
  // Shortening needs something to shorten: with a history, "Now make the JSON object shorter by…" is a follow-up however long.
  const onlyShortens = !promptCues.some((family) => family !== 'chat' && family !== 'summarization') && asksToShorten(requestText);
  const openingCues = input.history?.length ? cuesIn(input.history[0].slice(0, 300).toLowerCase()) : [];
  const followUp = input.history?.length && (isFollowUp(head, namesTask, input.history) || onlyShortens) && !standsAlone(head, promptCues, openingCues);
  // A follow-up that asks to translate or summarize what came before ("translate it into English" after "write a birthday
  // wish", "summarize it in one line" after a story) asks that of the answer: the opening says what the text is, not what is
  // asked, and is read as a history's turn, not as the prompt. Shortening one's own text ("kürzer, für Instagram") is an
  // edit of it: the opening's task still.
  const asksAnotherTask = followUp && asksToTransformAnswer(promptCues, openingCues, requestText);
  // A follow-up that asks more of the opening's own task: the opening is read with it, as if it were the prompt.
  const continuesOpening = followUp && !asksAnotherTask;
  // Redoing the answer ("Modify your earlier reply…") or only shortening it ("Now make the JSON object shorter…") names no task
  // of its own: the classifier then takes the opening's family (TaskClassifier.classify).
  const redoesOpening = Boolean(continuesOpening) && ((!namesTask && REFERS_BACK.test(head.slice(0, 300))) || onlyShortens);
  // The whole prompt's meaning is read from its start, as its words are (a 100 KB prompt is not lower-cased whole).
  const meaning = meaningOf(continuesOpening ? `${head} ${input.history![0].slice(0, MAX_CHARS)}` : request === input.prompt ? head : request);
  if (meaning) for (let index = 0; index < MEANING_DIMENSIONS; index++) touch(buckets + index, meaning[index]);
  const promptCueWeight = cueWeight(request.length);
  for (const family of promptCues) addNamed(`cue:${family}`, promptCueWeight);
  // What a request to write names as its object (written-texts.ts): a note on a Redis outage is prose, a script that mails a report is software.
  const written = writtenKind(requestText);
  if (written !== undefined) addNamed(`x:writes:${written}`, promptCueWeight);
  // A follow-up ("and into Italian?", "shorter please") asks for more of what the conversation's opening asked:
  // its cues count as much as the prompt's own, unless it names a task of its own ("summarize your essay").
  const openingCueWeight = continuesOpening ? (namesTask ? 3 : 6) : 1;
  for (const family of openingCues) addNamed(`hcue:${family}`, openingCueWeight);
  if (input.system) {
    textFeatures(input.system, systemNames, 0.5, add);
    // An app's system prompt often carries the task and the user message only the material: its cues count too.
    // One that names three families or more lists an assistant's skills ("you can write code, summarize, translate…"):
    // it says nothing of this request.
    const systemCues = cuesIn(input.system.slice(0, SYSTEM_CUE_CHARS).toLowerCase());
    if (systemCues.length <= MAX_SYSTEM_TASKS) {
      for (const family of systemCues) {
        addNamed(`scue:${family}`, SYSTEM_CUE_WEIGHT);
        if (promptCues.length === 0) addNamed(`scue-alone:${family}`, promptCueWeight);
      }
    }
  }
  const history = input.history ?? [];
  // An agent's conversation may hold hundreds of turns: the first (what it is about) and the latest are read.
  const read = history.length <= MAX_HISTORY_TURNS ? history : [history[0], ...history.slice(1 - MAX_HISTORY_TURNS)];
  for (let index = 0; index < read.length; index++) textFeatures(startOfTurn(read[index]), historyNames, continuesOpening && index === 0 ? 1 : 0.3, add);
  // A follow-up's opening is also read as a prompt is: the prompt's features are learnt from every row, the history's from
  // the few with one, so "Modify your earlier reply…" after "Edit the following paragraph…" is read by what editing looks
  // like in any request (MT-Bench's second turns after two models' real answers: 72 → 89 of 120 read right when it was
  // made, with the rows written for it; eval/routing/README.md).
  if (continuesOpening) textFeatures(startOfTurn(history[0]), promptNames, 1, add);
  addNamed(`x:len:${lengthBucket(input.prompt.length)}`, 1);
  addNamed(`x:turns:${Math.min(history.length, 6)}`, 1);
  if (input.tools) addNamed('x:tools', 1);
  // What an agent's tools are named says what it is for (tool-names.ts).
  if (input.toolNames?.length) addToolFeatures(input.toolNames, addNamed);
  if (input.json) addNamed('x:json', 1);
  if (input.system) addNamed('x:system', 1);
  // The shape of what is written, from the prompt's start as its words are: a 100 KB prompt is not scanned whole.
  if (CODE_SHAPE.test(head)) addNamed('x:code', 1);
  if (MATH_SHAPE.test(head)) addNamed('x:math', 1);
  const listsOptions = listsAnswerOptions(head);
  if (listsOptions) addNamed('x:choices', 1);
  // Weighing 3: at 1 the passage's own words outweighed it (the style's probe, rows 5934–5949: 2 of 16 against 5).
  if (!promptCues.includes('code') && asksOfGivenText(headLines)) addNamed('x:given-text', 3);
  if (head.includes('%')) addNamed('x:percent', 1);
  // How many numbers it gives (0–4 or more), years left out: a word problem's story is told around them, in any language
  // ("Carla lädt eine Datei mit 200 GB herunter…", "ハルトは1時間に1,100円…" had read as puzzles).
  addNamed(`x:numbers:${Math.min(countQuantities(head), 4)}`, 2);
  if (headLines.length > 5) addNamed('x:lines', 1);
  let norm = 0;
  for (let position = 0; position < scratch.count; position++) {
    const value = scratch.sums[scratch.touched[position]];
    norm += value * value;
  }
  norm = Math.sqrt(norm) || 1;
  const indices = scratch.touched.slice(0, scratch.count);
  const values = new Float32Array(scratch.count);
  for (let position = 0; position < scratch.count; position++) values[position] = scratch.sums[indices[position]] / norm;
  return { indices, values, picksAnOption: listsOptions && !asksForAText(requestText), redoesOpening };
}
