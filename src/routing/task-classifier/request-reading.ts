import { cuesIn } from './task-cues.js';

/**
 * A prompt longer than MATERIAL_MIN_CHARS may be material (a pasted document, a file, a thread) with a request before
 * or after it. The request is then its short opening or closing paragraph that names a task (requestOf), read as the
 * prompt is; of the material only its presence counts (`x:material`): its words tell what it is about, not what is
 * asked of it. Read whole, a long document outweighed its one line of request: "translate this", "extract the dates",
 * "is this clause fair?" all read as summarization. The complexity head still reads the whole prompt.
 */
const MATERIAL_MIN_CHARS = 250;
/** With no paragraph that names a task, a prompt up to this length is read whole, a longer one by its two ends. */
const LONG_PROMPT_CHARS = 1200;
/** A request paragraph is at most this long; so is each end read of a long prompt without one. */
const REQUEST_CHARS = 300;
const paragraphBreak = /\n\s*\n/;
const paragraphBreaks = /\n\s*\n/g;

/** A greeting or a thanks on a line of its own around a longer request ("Hallo,", "Thanks in advance!") is at most this long. */
const COURTESY_CHARS = 40;

/** What the family head reads as the prompt, and whether the rest of the prompt is material (x:material). */
export interface Reading {
  text: string;
  material: boolean;
}

/**
 * What a prompt asks: a short prompt whole; of a longer one, its short opening and closing paragraphs that name a task
 * (a document's own first and last paragraphs — a title, a greeting, a signature — are short too); of a paragraph of
 * prose (no line break), its last sentence when that sentence asks the assistant for a task ("…the vote was postponed by
 * two weeks. Can you give me the short version?": the council's debate read as analysis); with none, the whole prompt
 * up to LONG_PROMPT_CHARS, its first and last REQUEST_CHARS beyond, without a greeting or thanks around it: "Hallo,"
 * over a detailed tax question made it small talk.
 */
export function requestOf(prompt: string): Reading {
  if (prompt.length <= MATERIAL_MIN_CHARS) return { text: prompt, material: false };
  const opening = openingParagraph(prompt);
  // A first line that names a task over a list of items or a fenced block asks it of them ("Identify the countries… in the
  // following sentences.\na) …\nb) …": "escena" in a sentence made it writing, the equations under "extract the variable
  // names" maths).
  if (opening === undefined) {
    const overList = LINE_OVER_A_LIST.exec(prompt.slice(0, REQUEST_CHARS + 2))?.[0];
    if (overList !== undefined && asksSomething(overList)) return { text: overList, material: true };
  }
  const openingAsks = opening !== undefined && asksSomething(opening);
  // An opening that ends with a colon introduces what follows ("请从下面的财报摘要中提取…：", "Translate the following:"): all
  // of it is material, even a short last paragraph of it that holds a task word of its own.
  if (openingAsks && INTRODUCES.test(opening)) return { text: opening, material: true };
  const closing = closingParagraph(prompt);
  const asking: string[] = [];
  if (openingAsks) asking.push(opening);
  if (closing !== undefined && asksSomething(closing)) asking.push(closing);
  if (asking.length > 0) return { text: asking.join('\n'), material: true };
  if (!prompt.includes('\n')) {
    const last = closingSentence(prompt);
    // A line of a transcript or a list ends in a sentence too ("…a return label by email."): only prose, and only a
    // sentence addressed to the assistant, is taken for the request.
    if (last !== undefined && ADDRESSED.test(last) && asksSomething(last)) return { text: last, material: true };
  }
  const from = opening !== undefined && opening.length <= COURTESY_CHARS ? opening.length : 0;
  const to = closing !== undefined && closing.length <= COURTESY_CHARS && prompt.length - closing.length > from ? prompt.length - closing.length : prompt.length;
  const body = from === 0 && to === prompt.length ? prompt : prompt.slice(from, to).trim();
  if (body.length <= LONG_PROMPT_CHARS) return { text: body, material: false };
  return { text: `${body.slice(0, REQUEST_CHARS)}\n${body.slice(-REQUEST_CHARS)}`, material: true };
}

/**
 * Whether a paragraph names a task (translate, summarize, extract, write, code, compute…). Greetings and thanks do not
 * ("Hello,", "Thanks in advance!"), nor does a bare question ("Can you help me with this?"): read alone, they made a
 * detailed request under them small talk, served at T1.
 */
export function asksSomething(paragraph: string): boolean {
  return cuesIn(paragraph.toLowerCase()).some((family) => family !== 'chat');
}

/** A paragraph, or a first line, that ends with a colon introduces what follows ("Translate the following:\n…"). */
const INTRODUCES = /[:：]\s*$/;
const INTRODUCING_LINE = /^[^\n]{8,}?[:：]\s*\n/;
/** A first line followed by a list's first item ("a)", "1.", "(1)", "- ", "• ") or by a fenced block. */
const LINE_OVER_A_LIST = /^[^\n]{8,}\n(?=[ \t]*(?:\(?(?:[a-h]|\d{1,2})[).]|[-•*])[ \t]|```)/;

/** The first paragraph, or a first line that ends with a colon, when it is short and not blank. Only the start is searched: a 100 KB prompt costs what a short one does. */
function openingParagraph(prompt: string): string | undefined {
  const start = prompt.slice(0, REQUEST_CHARS + 2);
  let end = start.search(paragraphBreak);
  // "Edit the following paragraph to correct any grammatical errors:" on a line of its own opens the material too.
  if (end === -1) end = INTRODUCING_LINE.exec(start)?.[0].length ?? -1;
  const paragraph = end === -1 ? '' : prompt.slice(0, end);
  return paragraph.trim() ? paragraph : undefined;
}

/** The last paragraph when it is short and not blank; only the prompt's end is searched. */
function closingParagraph(prompt: string): string | undefined {
  const end = prompt.slice(-(REQUEST_CHARS + 2));
  let start = -1;
  for (const match of end.matchAll(paragraphBreaks)) start = match.index + match[0].length;
  const paragraph = start === -1 ? '' : end.slice(start);
  return paragraph.trim() ? paragraph : undefined;
}

const sentenceEnds = /[.!?](?=\s)|[。？！]/g;
/** A sentence addressed to the assistant: a question, a please, a "can you", "help me", "give me"… */
const ADDRESSED = /[?？]\s*$|\b(?:please|pls|can you|could you|would you|give me|help me|i need|bitte|kannst du|könntest du|por favor|puedes|podrías|s'il te plaît|tu peux|pourrais-tu)\b|帮我|请|ほしい|ください|もらえる/iu;

/** The last sentence, when it starts within the last REQUEST_CHARS. */
function closingSentence(prompt: string): string | undefined {
  const end = prompt.slice(-(REQUEST_CHARS + 2)).replace(/[.!。！\s]+$/u, '');
  let start = -1;
  for (const match of end.matchAll(sentenceEnds)) if (match.index < end.length - 1) start = match.index + 1;
  const sentence = start === -1 ? '' : end.slice(start).trim();
  return sentence ? sentence : undefined;
}

/**
 * Where a prompt's request is written (its task cues, the explanation and proof tests): the request found in it, else
 * the prompt's two ends — "…the vote was postponed. Can you give me the short version?" asks at its end, as a paragraph
 * of context before a question often does.
 */
export function requestEnds(prompt: string, reading = requestOf(prompt)): string {
  if (reading.material || reading.text.length <= 2 * REQUEST_CHARS) return reading.text;
  return `${reading.text.slice(0, REQUEST_CHARS)}\n${reading.text.slice(-REQUEST_CHARS)}`;
}
