/**
 * A last sentence that says how to answer, not what to do — "Let's think step by step.", "Explain your reasoning.", "Be
 * concise.", "Answer in English.", "Answer in under 100 words.", "Use bullet points." — is read past: appended to the
 * routing set's held-back single-turn prompts, "Let's think step by step." turned 200 of 1,341 into reasoning (92.4 % →
 * 71.4 % right: "What's the capital of Peru? Let's think step by step." is still a quick fact) and "Answer in English."
 * 164 into translation, English prompts among them.
 */

const STEP_BY_STEP = String.raw`(?:let(?:'s|’s| us) )?(?:think|reason|work|go)(?: (?:it|this) through| through (?:it|this))?(?: carefully)? step[- ]by[- ]step|(?:piensa|razona|pensemos|razonemos)(?: con calma)? paso a paso|(?:denk(?:e|en wir)?|überleg(?:e)?)(?: bitte)? schritt für schritt(?: nach)?|(?:réfléchis(?:sez|sons)?|raisonn(?:e|ez|ons)) étape par étape|pensa passo (?:dopo|per) passo|pense passo a passo`;
const SHOW_REASONING = String.raw`(?:please )?(?:explain|show|walk me through|give) (?:your|the) (?:reasoning|work|working|steps|thinking|thought process)(?: step[- ]by[- ]step)?|explica (?:tu|el) razonamiento|(?:erkläre|erklär|begründe) (?:deine|die) (?:überlegungen?|begründung|gedankengänge?|schritte)|explique(?:z)? (?:ton|votre) raisonnement|spiega il (?:tuo )?ragionamento`;
const BE_BRIEF = String.raw`(?:please )?(?:be (?:concise|brief|succinct|precise|specific|detailed|thorough)|keep (?:it|your answer) (?:short|brief|concise))|sé (?:conciso|concisa|breve)|sei (?:präzise|knapp|kurz)|fass(?:e)? dich kurz|sois (?:concis|concise|bref|brève)|sii (?:conciso|breve)`;
const LENGTH = String.raw`(?:please )?(?:answer|respond|reply|keep (?:it|your answer|the answer|your response))(?: (?:in|with|within|to))? (?:under |less than |fewer than |at most |no more than |about |around |roughly |max(?:imum)? |up to )?\d+ (?:words?|sentences?|lines?|characters?|paragraphs?)(?: or (?:less|fewer))?|(?:responde|contesta)(?: en)? (?:menos de |como máximo |máximo |unas? )?\d+ (?:palabras|frases|líneas)|antworte (?:in|mit) (?:unter |höchstens |maximal |weniger als |etwa )?\d+ (?:wörtern|sätzen|zeilen)|réponds? en (?:moins de |au plus |environ )?\d+ (?:mots|phrases|lignes)`;
const FORMAT = String.raw`(?:please )?(?:use|with) (?:bullet points|bullets|a bulleted list|a numbered list|markdown|headings)|(?:please )?format (?:your|the) (?:answer|response|reply|output) (?:in|as|with|using) (?:markdown|bullet points|a (?:bulleted |numbered )?list|a table|headings)|usa (?:viñetas|markdown)|verwende (?:stichpunkte|aufzählungspunkte|markdown)|utilise (?:des puces|le markdown|markdown)`;
const LANGUAGES = String.raw`english|spanish|german|french|chinese|japanese|italian|portuguese|korean|russian|inglés|español|alemán|francés|chino|japonés|englisch|deutsch|spanisch|französisch|chinesisch|japanisch|anglais|espagnol|allemand|français|chinois|japonais|inglese|italiano`;
const ANSWER_LANGUAGE = String.raw`(?:please )?(?:answer|respond|reply)(?: only| me)? in (?:${LANGUAGES})|(?:responde|contesta)(?:me)? en (?:${LANGUAGES})|antworte(?: bitte)? (?:auf|in) (?:${LANGUAGES})|réponds?(?:-moi)? en (?:${LANGUAGES})|rispondi in (?:${LANGUAGES})`;

/** How to answer, in the alphabetic languages: one sentence's words, matched whole. */
const MANNER = String.raw`(?:${STEP_BY_STEP}|${SHOW_REASONING}|${BE_BRIEF}|${ANSWER_LANGUAGE}|${LENGTH}|${FORMAT})(?: please)?`;

/** One such sentence at the prompt's end: after a mark that ends a sentence or a line, with its own end marks. */
const TRAILING_MANNER = new RegExp(
  String.raw`(?<=[.!?。！？\n:：'"”’」』)])\s*(?:${MANNER}[\s.!。！]*|` +
    // An exam's "Answer:" on a line of its own, where the answer is to be written.
    String.raw`(?<=\n)\s*(?:answer|a|respuesta|antwort|réponse|risposta|resposta|答案?|回答|答え|解答)\s*[:：]\s*|` +
    String.raw`(?:请)?(?:一步一步|一步步|逐步)(?:地)?(?:思考|推理|分析)(?:一下)?[。！\s]*|(?:请)?(?:用|以)(?:中文|英文|英语|日语|日文)回答[。！\s]*|(?:请)?简洁(?:地)?回答[。！\s]*|(?:请)?(?:用|在)?\d+字以内(?:回答)?[。！\s]*|` +
    String.raw`(?:ステップバイステップで|段階的に|順を追って|一歩ずつ)考えて(?:ください|下さい|ね)?[。！\s]*|(?:日本語|英語)で(?:答えて|回答して)(?:ください|下さい)?[。！\s]*|(?:簡潔に|\d+字以内で)(?:答えて|回答して)(?:ください|下さい)?[。！\s]*)$`,
  'iu',
);

/**
 * The same sentence with no mark before it, written as a new sentence is: "how far is the moon Let's think step by
 * step." Tried only where a capital follows a space (found case-sensitively: the sentence's own pattern ignores case).
 */
const CAPITAL_AFTER_SPACE = /(?<=\S)\s+(?=\p{Lu})/gu;
const MANNER_FROM_START = new RegExp(String.raw`^${MANNER}[\s.!]*$`, 'iu');

/** Where a capitalized manner sentence starts in `tail` (its space before), or -1. */
function capitalizedManner(tail: string): number {
  for (const space of tail.matchAll(CAPITAL_AFTER_SPACE)) if (MANNER_FROM_START.test(tail.slice(space.index + space[0].length))) return space.index;
  return -1;
}

/** Only the prompt's end is searched: a long prompt costs what a short one does. */
const TAIL_CHARS = 80;

/**
 * The prompt without up to two such sentences at its end ("Be concise. Answer in English."), when `isRequest` still
 * holds of what is left; otherwise the prompt as it is ("Think step by step." alone asks nothing else).
 */
export function withoutAnswerManner(prompt: string, isRequest: (text: string) => boolean): string {
  let request = prompt;
  for (let round = 0; round < 2; round++) {
    const tailStart = Math.max(0, request.length - TAIL_CHARS);
    const tail = request.slice(tailStart);
    const at = TRAILING_MANNER.exec(tail)?.index ?? capitalizedManner(tail);
    if (at < 0) break;
    const rest = request.slice(0, tailStart + at).trimEnd();
    if (!isRequest(rest)) break;
    request = rest;
  }
  return request;
}
