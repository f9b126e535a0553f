import { isIdeograph, isKatakana, isWrittenWithoutSpaces } from './writing-systems.js';

/**
 * Whether a conversation's latest turn speaks of something its earlier turns spoke of: a word of its own (four letters or
 * more, not a function word, compared by its first five) or, in Chinese and Japanese, two ideographs or katakana in a row
 * that an earlier turn holds too. "What's the area of the circle circumscribing the triangle?" after a question about a
 * triangle does; "Warum sind unsere Lieferzeiten seit dem Umzug länger geworden?" after "What is the capital of France?"
 * does not. Used to tell a follow-up that names no task from a new request that names none either (follow-ups.ts).
 */

/** How much of each earlier turn is compared: its start says what it is about. */
const TURN_CHARS = 600;
/** Words compared by their start, so that "days" meets "day" and "Heizkosten" meets "Heizkosten-Ideen". */
const STEM_CHARS = 5;
const MIN_WORD_CHARS = 4;

/** Words of four letters or more that any text holds, in the languages of the set: they say nothing of its topic. */
const FUNCTION_WORDS = new Set(
  (
    'what which where when whom whose there their they them then than that this these those with without have having from your yours ' +
    'about would could should will shall been being were does doing done make made more most some such also only into like just very ' +
    'much many other others another here over under after before because while each every same both even still well really please ' +
    'thanks thank know think want need tell give show explain help take find good best first last next time times thing things ' +
    'para pero como esta este estos estas porque cuando donde sobre entre tiene tienen puedo puedes hacer tengo quiero todo todos ' +
    'algo nada bien más muy también solo sólo gracias favor cómo qué cuál ' +
    'wenn eine einen einem einer dass nicht auch oder aber sind wird werden kann kannst können habe haben mein meine dein ' +
    'deine sein seine ihre wie was warum welche welcher welches noch schon mehr sehr bitte danke gibt geben mach machen ' +
    'dans pour avec mais cette sont être avoir fait faire comment quel quelle quels quelles pourquoi aussi plus très merci ' +
    'peux peut veux vous nous leur leurs tout tous toute mon ' +
    'questo questa sono come perché anche della delle degli molto grazie'
  ).split(' '),
);

const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu;
/** A CJK ideograph or a katakana: the units of a Chinese or Japanese content word (hiragana are mostly its endings). */
const isContentUnit = (code: number) => isIdeograph(code) || isKatakana(code);
/** Pairs of ideographs any Chinese or Japanese request holds. */
const FUNCTION_PAIRS = new Set([
  ...['什么', '怎么', '可以', '一个', '我们', '这个', '那个', '你们', '他们', '如何', '为什', '是否', '一下', '哪个', '还是', '应该'],
  ...['一番', '何か', '場合', '方法'],
]);

/** The stems and ideograph pairs a text's start holds. */
function topicTermsOf(text: string, into: Set<string>): Set<string> {
  const start = text.length > TURN_CHARS ? text.slice(0, TURN_CHARS) : text;
  for (const [word] of start.toLowerCase().matchAll(WORD)) {
    const content = word.length >= MIN_WORD_CHARS && !FUNCTION_WORDS.has(word) && !isWrittenWithoutSpaces(word.charCodeAt(0));
    if (content) into.add(word.slice(0, STEM_CHARS));
  }
  for (let at = 0; at + 1 < start.length; at++) {
    if (isContentUnit(start.charCodeAt(at)) && isContentUnit(start.charCodeAt(at + 1))) {
      const pair = start.slice(at, at + 2);
      if (!FUNCTION_PAIRS.has(pair)) into.add(pair);
    }
  }
  return into;
}

/**
 * Whether `prompt` shares a word or an ideograph pair with the conversation before it (`history`, its turns in order): with
 * its opening, or with its latest exchange. Read only when a follow-up is in doubt, so nothing is gathered before.
 */
export function sharesTopic(prompt: string, history: readonly string[]): boolean {
  const asked = topicTermsOf(prompt, new Set());
  if (asked.size === 0) return false;
  const earlier = history.length <= 3 ? history : [history[0], ...history.slice(-2)];
  const said = new Set<string>();
  for (const turn of earlier) {
    said.clear();
    for (const term of topicTermsOf(turn, said)) if (asked.has(term)) return true;
  }
  return false;
}
