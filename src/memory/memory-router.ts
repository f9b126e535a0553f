/**
 * The memory router cascade (issue 18, spec 4.9): which memory a request needs, decided from its last user
 * message before any memory is read, so a self-contained request costs no lookup at all.
 *
 * - none: a request that stands on its own ("Translate 'good morning' into Italian").
 * - L1, the recent turns: a follow-up ("and in Go?", "make it shorter"), short or pointing back.
 * - L2, the facts stated long ago: a request about the user or what they said ("which city do I live in?",
 *   "book a table for my sister's wedding"), matched to facts by entity and by embedding similarity.
 */
export interface MemoryPlan {
  recent: boolean;
  facts: boolean;
  /** Why, for the routing explanation: 'self-contained', 'follow-up', 'personal', 'refers back'. */
  reason: string;
}

/** A message this short is a follow-up: it leans on what came before. */
const FOLLOW_UP_WORDS = 8;

/** Words that point back at something said before: pronouns, "again", "the same", "earlier" — in the six languages. */
const pointsBack =
  /\b(?:it|its|that|this|these|those|them|they|he|she|him|her|again|same|above|previous|earlier|before|remember|mentioned|told you|said|last time|as well|also|instead|another|more|other one|eso|esto|ese|esa|otra vez|antes|dije|recuerdas|anterior|das|dies|diese|nochmal|wieder|vorhin|gesagt|erinnerst|ça|cela|ceci|encore|avant|précédent|dit|souviens)\b|这个|那个|它|刚才|之前|上次|再|还记得|それ|これ|あれ|さっき|前に|もう一度|覚えて/iu;
/** Words of the user about themselves: what they said of themselves may be remembered. */
const personal = /\b(?:i|i'm|i've|my|me|mine|we|our|us|mi|mis|yo|mein|meine|meinen|ich|wir|unser|mon|ma|mes|je|nous|notre)\b|我|我们|私|僕|俺/iu;
/** A message that opens on a conjunction continues the one before ("and in Go?", "but shorter"). */
const continues = /^\s*(?:and|but|or|so|also|then|what about|how about|y|pero|o|und|aber|oder|et|mais|ou|那|还有|但是|じゃあ|それで|あと)\b/iu;

function wordCount(text: string): number {
  const cjk = text.match(/[\u3040-\u30ff\u3400-\u9fff]/gu)?.length ?? 0;
  const words = text.replace(/[\u3040-\u30ff\u3400-\u9fff]/gu, ' ').split(/\s+/).filter(Boolean).length;
  return words + Math.ceil(cjk / 2);
}

/**
 * The plan for one request. `carriesHistory`: the request sends earlier turns of its own (an assistant
 * message), so recent turns would only repeat them; facts from long ago may still help.
 */
export function planMemoryRecall(prompt: string, carriesHistory: boolean): MemoryPlan {
  const followUp = wordCount(prompt) < FOLLOW_UP_WORDS || continues.test(prompt);
  const back = pointsBack.test(prompt);
  const aboutUser = personal.test(prompt);
  const recent = !carriesHistory && (followUp || back);
  const facts = followUp || back || aboutUser;
  if (!recent && !facts) return { recent, facts, reason: 'self-contained' };
  return { recent, facts, reason: back ? 'refers back' : followUp ? 'follow-up' : 'personal' };
}
