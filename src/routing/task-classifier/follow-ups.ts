import { isOnlyThanks } from './courtesy.js';
import { isKana, isWrittenWithoutSpaces } from './writing-systems.js';
import { asksToShorten } from './open-questions.js';
import { sharesTopic } from './shared-topic.js';

/**
 * How a conversation's latest turn is read against its first: a short follow-up ("and in Go?"), one that opens as a
 * continuation or refers back to the answer ("Rewrite your previous response…"), and one that asks to translate or
 * summarize the answer rather than more of the opening's task. Used by the classifier's features (classifier-features.ts).
 */
/** A latest turn of fewer words than this is a follow-up, whatever it says. */
const FOLLOW_UP_WORDS = 8;
/**
 * A longer one is a follow-up too when it opens as a continuation ("now…", "what if…", "¿y si…", "und jetzt…", "再…"), or
 * when it names no task of its own: "I mostly write offline, so which one for me?" after a comparison, "show me an example
 * where that bites you" after a question about JavaScript.
 */
const LONG_FOLLOW_UP_WORDS = 20;
const CONTINUATION = /^(?:(?:now|then|and|also|but|same|again|what if|what about|how about|instead|ahora|y|¿y|pero|jetzt|und|nun|aber|et|maintenant|mais|puis|ora|agora|e se|теперь|а если)(?!\p{L})|再|那|如果|然后|现在|今度は|じゃあ|では|次は|もし)/iu;
/**
 * A request to redo what came before ("Rewrite your previous response…", "Do the same task again…", "Amend your earlier
 * answer…"), in up to 40 words, asks for more of the opening's task: a follow-up, however many task words it holds.
 */
export const REFERS_BACK = /\b(?:your|the|that|my) (?:previous|earlier|last|above|prior|original) (?:response|answer|reply|output|version|text|story|poem|email|e-mail|letter|post|code|program|function|solution|list|table|json)\b|\bthe (?:same|previous) task\b|\b(?:rewrite|rework|revise|rephrase|redo|modify|alter|amend|update|shorten|extend|expand) (?:it|that|this|them)\b|\bsolve (?:it|that|this)\s*[?.!]*\s*$|\bthe above\b|\b(?:tu|su) (?:respuesta|texto|código) anterior\b|\b(?:la|el) (?:respuesta|texto) anterior\b|\b(?:deine?n?|ihre?n?) (?:vorherige|letzte|obige|frühere|eigene)n? (?:antwort|text|version|geschichte|e-mail|code)\b|\b(?:la tua|la sua|il tuo|il suo) (?:risposta|testo|codice) precedente\b|\b(?:sua|tua) resposta anterior\b|\b(?:ta|votre) (?:réponse|version) (?:précédente|antérieure)\b|\b(?:refaites|refais|rehaz|rifai|wiederholen sie) (?:la même|lo mismo|la stessa|die gleiche|dieselbe)\b|\bla réponse précédente\b|(?:上面|之前|刚才)的(?:回答|回复|内容|答案|代码|文章|故事)|(?:前|さっき|先ほど|上)の(?:回答|答え|文章|コード|返答)/i;
const REFERS_BACK_WORDS = 40;
/** A thanks or an "ok" before a follow-up ("thanks! now make it shorter") is not part of what it asks. */
const COURTESY = /^(?:thanks?(?: you)?|thx|great|perfect|nice|cool|ok(?:ay)?|awesome|gracias|perfecto|danke|super|merci|parfait|谢谢|好的|ありがとう)[\s!.,]*(?:(?:and|now|but|so|y|und|et)\s+)?/i;

/**
 * Characters a word runs to in Japanese (kanji with kana particles and endings: "これを / クラスを / 使って") and in Chinese
 * or Thai ("它的 / 时间 / 复杂度"), counted coarsely. At 3 and 2, 7 more of the 1,382 held-back requests put after an
 * unrelated exchange read right and no conversation of the set read otherwise; at 2.5 and 1.5, two training conversations did.
 */
const CHARACTERS_A_WORD = { japanese: 3, other: 2 };
/** A letter or digit at a position, read whole when it is a surrogate pair; ASCII without a pattern. */
const LETTER_AT = /[\p{L}\p{N}]/uy;
const SPACE_AT = /\s/uy;
function isLetterOrDigitAt(text: string, at: number, code: number): boolean {
  if (code < 128) return ((code | 32) >= 97 && (code | 32) <= 122) || (code >= 48 && code <= 57);
  LETTER_AT.lastIndex = at;
  return LETTER_AT.test(text);
}
function isSpaceAt(text: string, at: number, code: number): boolean {
  if (code < 128) return code === 32 || (code >= 9 && code <= 13);
  SPACE_AT.lastIndex = at;
  return SPACE_AT.test(text);
}

/**
 * A text's words, counted up to `atMost`: those between spaces, and in a script without spaces one for every few characters.
 * Counted by spaces, "识别下列新闻中提到的人物、机构和地点，并以JSON格式输出：…" was one word, and so a follow-up whatever it
 * said. In such a text a run of other characters ("JSON", "15%") is a word when it holds a letter or digit. The count stops
 * once it cannot end below `atMost`: a turn of a page costs what its first words do.
 */
export function wordCount(text: string, atMost = Infinity): number {
  /** As `split(/\s+/)` counts: pieces between runs of spaces. */
  let pieces = 1;
  /** Runs between spaces and characters of those scripts that hold a letter or digit. */
  let runs = 0;
  let inRun = false;
  let inSpace = false;
  let unspaced = 0;
  let kana = false;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    const space = isSpaceAt(text, at, code);
    if (space && !inSpace) pieces++;
    inSpace = space;
    if (isWrittenWithoutSpaces(code)) {
      unspaced++;
      kana ||= isKana(code);
      inRun = false;
    } else if (space) inRun = false;
    else if (!inRun && isLetterOrDigitAt(text, at, code)) {
      runs++;
      inRun = true;
    }
    // The least the count can end at: more pieces only if no such script follows, at least one word more if one does.
    const least = unspaced === 0 ? Math.min(pieces, runs + 1) : runs + Math.ceil(unspaced / CHARACTERS_A_WORD.japanese);
    if (least >= atMost) return atMost;
  }
  const words = unspaced === 0 ? pieces : runs + Math.ceil(unspaced / (kana ? CHARACTERS_A_WORD.japanese : CHARACTERS_A_WORD.other));
  return Math.min(words, atMost);
}

/**
 * A follow-up ("and in Go?", "thanks! now make it shorter"), read with the turn that opened the conversation: its words
 * counted without a leading thanks. A thanks that asks nothing more ("thanks, that helps!") is small talk. `namesTask`:
 * the prompt holds a task cue of its own; `history`: the conversation's turns before it.
 */
export function isFollowUp(prompt: string, namesTask: boolean, history: readonly string[]): boolean {
  if (isOnlyThanks(prompt)) return false;
  const asked = prompt.replace(COURTESY, '');
  const words = wordCount(asked, REFERS_BACK_WORDS);
  if (words < FOLLOW_UP_WORDS) return true;
  if (words < LONG_FOLLOW_UP_WORDS && (CONTINUATION.test(asked) || (!namesTask && continuesTopic(asked, history)))) return true;
  return words < REFERS_BACK_WORDS && REFERS_BACK.test(asked);
}

/**
 * Whether a turn that names no task goes on with what was said. One that says something ("más largo y que mencione el viaje",
 * "I'm studying mechanical engineering") adds to the request before it. A question goes on when it points back ("Is that
 * really true?") or speaks of something said ("What's the area of the circle circumscribing the triangle?"); a question
 * of its own after an unrelated exchange ("Warum sind unsere Lieferzeiten … länger geworden?" after one about Paris) does
 * neither.
 */
function continuesTopic(asked: string, history: readonly string[]): boolean {
  if (!QUESTION_MARK.test(asked)) return true;
  return POINTS_BACK.test(asked) || REFERS_BACK.test(asked) || sharesTopic(asked, history);
}

const QUESTION_MARK = /[?？]/;

/** Tasks any answer can be put through, whatever it was: its translation, its summary. */
const TRANSFORMS = ['translation', 'summarization'];

/** A language named alone ("and in Spanish?") asks for a translation of what came before. */
const asTask = (family: string) => (family === 'language' ? 'translation' : family);

/** The tasks a turn's cues name, small talk left out, a language named alone read as a translation. */
const askedTasks = (promptCues: readonly string[]) => promptCues.filter((family) => family !== 'chat').map(asTask);

/** Whether a follow-up asks to translate or summarize the answer, a task its conversation's opening did not ask. */
export function asksToTransformAnswer(promptCues: readonly string[], openingCues: readonly string[], request: string): boolean {
  const asked = askedTasks(promptCues);
  if (asked.length !== 1 || !TRANSFORMS.includes(asked[0]) || openingCues.map(asTask).includes(asked[0])) return false;
  return asked[0] !== 'summarization' || !asksToShorten(request);
}

/**
 * Words that point back at what was said ("it", "again", "the same", "that one", 它, それ): a turn that holds none and
 * opens with no continuation reads as a sentence of its own. Not "this" or "these" before a colon or a quote, which point
 * at the turn's own material ("Shorten this: '…'"), nor "that", "she", "her", a conjunction and pronouns a request of its
 * own holds as often; nor 这 alone (这段代码: the code that follows), but 这里 and ここで, a place in the answer ("这里为什么要用 with 语句？"). Spanish, French and German object pronouns are articles too.
 * "Also" does in each language (noch, también, aussi, anche), and a "that" done or said ("how you got that", "what did
 * you mean by that?").
 */
const POINTS_BACK = /(?<!\p{L})(?:it|them|those|above|previous|earlier|again|same|instead|another|also|too|(?:this|that) one|(?:this|these)(?!\s*[:：'"«“„「]))(?!\p{L})|(?<!\p{L})(?:eso|ello|cela|ça|davon|daraus|noch|también|aussi|anche)(?!\p{L})|(?<!\p{L})(?:got|get|did|do|mean|meant|said|found|derived|calculated|by) that(?= (?:with|by|from|for|in|using|about|right|correctly)(?!\p{L})|\s*(?:[?.!,]|$))|它|上面|刚才|刚刚|前面的|这里|这儿|这一步|这一行|这行|这句|これ(?!から)|それ|さっき|上記|先ほど|ここ(?:で|の|は)/iu;

/**
 * Whether a short latest turn is a request of its own rather than a follow-up: it names a task (`asked`, its families
 * other than small talk) that the conversation's opening did not, opens with no continuation and points back at
 * nothing. "写一首关于秋天的现代诗。" or "Convert 5 miles to kilometres." after a question about Paris is no follow-up
 * of it: read as one, 128 of 1,345 held-back requests put after an unrelated first exchange read as small talk.
 */
export function standsAlone(prompt: string, promptCues: readonly string[], openingCues: readonly string[]): boolean {
  const asked = askedTasks(promptCues);
  // Translating, summarizing or shortening is asked of the answer ("Kürzer und knackiger, für Instagram", "en anglais ?").
  if (asked.length === 0 || asked.every((family) => TRANSFORMS.includes(family))) return false;
  const opened = openingCues.map(asTask);
  if (asked.some((family) => opened.includes(family))) return false;
  return !CONTINUATION.test(prompt) && !REFERS_BACK.test(prompt) && !POINTS_BACK.test(prompt);
}
