import { englishLexicon, knownWord } from '../../cache/semantic/lexicon.js';
import { CueIndex, type Cue } from './cue-index.js';
import { codeCues } from './cues/code.js';
import { writingCues } from './cues/writing.js';
import { analysisCues } from './cues/analysis.js';
import { mathCues } from './cues/math.js';
import { extractionCues } from './cues/extraction.js';
import { summarizationCues } from './cues/summarization.js';
import { translationCues } from './cues/translation.js';
import { languageCues } from './cues/language.js';
import { chatCues } from './cues/chat.js';
import { reasoningCues } from './cues/reasoning.js';
import { asksForSoftware } from './software-requests.js';

/**
 * Words that say what is asked: the verbs and nouns of each task family ("translate", "traduce", "übersetze",
 * "翻译"…), in the six languages of the routing set and, since a cue is one feature whatever its language, in other
 * common ones too (Italian, Portuguese, Russian, Korean, Dutch, Polish, Turkish; the main verbs in Indonesian, Arabic,
 * Vietnamese, Hindi, Thai, Greek and Hebrew; a word problem's "how many" in Bengali, Telugu and Swahili too): a prompt
 * in a language the set does not hold is read by the same cue features the six taught the model. A cue ending in a
 * space is a whole word; a RegExp is a word with its everyday use left out ("dress code", "the function of the liver").
 * They are general vocabulary, not phrases of the set; the model learns how much each family's cues count (a 'prove' in
 * small talk is outweighed by the rest). Matched as substrings of the lower-cased text, so inflections match too.
 * Each family's list is a file of `cues/`; the order here is the order of the features (the model file depends on it).
 */
const taskCues: Record<string, readonly Cue[]> = {
  code: codeCues,
  writing: writingCues,
  analysis: analysisCues,
  math: mathCues,
  extraction: extractionCues,
  summarization: summarizationCues,
  translation: translationCues,
  language: languageCues,
  chat: chatCues,
  reasoning: reasoningCues,
};

/**
 * A one-word cue without its accents that is an English word, or a stem of one ("scenario" of "scénario", "redact" of
 * "redáct", as in "redacted"), would be read in English text: left out. Phrases ("en ingles", "que es mejor") are kept.
 */
const ENGLISH_ENDINGS = ['', 's', 'e', 'es', 'ed', 'ing', 'ion', 'ions', 'er', 'al'];
function notEnglish(variant: string): boolean {
  if (variant.trim().includes(' ')) return true;
  const endings = variant.endsWith(' ') ? [''] : ENGLISH_ENDINGS;
  return endings.every((ending) => knownWord(englishLexicon(), variant.trim() + ending) === undefined);
}

let cueIndex: CueIndex | undefined;
const families = Object.keys(taskCues);
const CODE = families.indexOf('code');

/**
 * The cue index, built at the first call, not when this module loads: the build asks the English lexicon and takes ~80 ms,
 * which neither an import nor the first classified request should pay. The classifier's loading makes that call at start.
 */
export function prepareTaskCues(): CueIndex {
  return (cueIndex ??= new CueIndex(families, taskCues, notEnglish));
}

/** The families whose cues appear in `text` (lower-cased), each once, in the order of `taskCues`. */
export function cuesIn(text: string): string[] {
  const held = prepareTaskCues().holds(text);
  if (!held[CODE] && asksForSoftware(text)) held[CODE] = true;
  const found: string[] = [];
  for (let index = 0; index < held.length; index++) if (held[index]) found.push(families[index]);
  return found;
}
