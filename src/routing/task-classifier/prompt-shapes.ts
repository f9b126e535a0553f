/**
 * Shapes of a prompt that say how its words are to be read, each a feature of the task classifier of its own. Each is
 * found in one pass over the prompt's start: a prompt's text is the caller's, and a regex that backtracks over it
 * (bounded spans, a quotation never closed) took 9–28 ms of the event loop on 4 KB written for it.
 */

/** An option's letter as an exam writes it: "A. …", "A) …", "(A) …", after a space, a colon or the start. */
const OPTION_MARK = /(?:^|[\s:：])\(?([A-D])[.)] ?\S/g;
const MAX_OPTION_CHARS = 300;

/**
 * Whether the text lists answer options A, B and C in order, each within MAX_OPTION_CHARS of the one before (`x:choices`):
 * a multiple-choice question is asked of its subject — a statistics course's "this design is best described as A. an
 * observational study…" is not a study to critique.
 */
export function listsAnswerOptions(text: string): boolean {
  let expected = 0;
  let last = 0;
  for (const mark of text.matchAll(OPTION_MARK)) {
    const option = mark[1].charCodeAt(0) - 0x41;
    if (option === expected && (expected === 0 || mark.index - last <= MAX_OPTION_CHARS)) expected++;
    else expected = option === 0 ? 1 : 0;
    if (expected === 3) return true;
    last = mark.index;
  }
  return false;
}

/**
 * Asked for a text made of what the prompt gives — written, rewritten, translated or summarized ("Write five more questions
 * like this one: …", "Translate this quiz into Spanish", "Résume ce QCM", "出几道类似的题"): options given to be worked on,
 * not picked. The verb opens the prompt or a sentence (not an option: "B. summarize the research" follows a letter), or
 * follows a "please" or a "can you", in the languages of the cues: an exam question holds such words inside its sentences
 * and options ("the chain exists to generate ATP", "the process of translation requires", "B. Drafting appropriations
 * bills") and asks for none of it. In Chinese and Japanese, whose sentences run on, the verbs of writing, translating and
 * summarizing anywhere.
 */
const TEXT_VERBS = [
  'write', 'create', 'generate', 'make', 'draft', 'compose', 'rewrite', 'rephrase', 'paraphrase', 'turn', 'convert', 'format', 'design', 'come up with',
  'translate', 'summari', 'sum up', 'condense', 'shorten',
  'escrib', 'escríb', 'crea', 'cree', 'genera', 'haz', 'redact', 'reescrib', 'conviert', 'traduc', 'resum', 'escreva', 'crie', 'gere', 'faça', 'traduza',
  'écri', 'ecri', 'crée', 'génère', 'générez', 'fais', 'faites', 'rédige', 'transform', 'convertis', 'tradui', 'résum',
  'schreib', 'erstell', 'generier', 'formulier', 'verfass', 'mach', 'wandle', 'übersetz', 'fass', 'scriv', 'riscriv', 'trasform', 'tradu', 'riassum',
].join('|');
const POLITE_OPENINGS = "please|pls|can you|could you|would you|help me|i need you to|i want you to|por favor|puedes|podrías|bitte|kannst du|können sie|könnten sie|peux-tu|pouvez-vous|merci de|per favore|puoi|potresti|você pode";
const TEXT_VERB = new RegExp(`(?:^|(?<!(?:^|\\P{L})\\p{L})[.!?:;]\\s*|\\n\\s*|(?<!\\p{L})(?:${POLITE_OPENINGS})\\s+)(?:${TEXT_VERBS})|写|编|出几|出题|改写|制作|翻译|翻訳|总结|概括|要約|まとめ|書い|書き|作って|作成し|作り|訳して`, 'u');

/** Whether the request asks for a text of its own made of what it gives (TEXT_VERB); `text` lower-cased. */
export const asksForAText = (text: string): boolean => TEXT_VERB.test(text);

/** A passage states something at length: this long at least (a quotation: QUOTATION_MIN_CHARS), with no question in it. */
const PASSAGE_MIN_CHARS = 80;
const QUOTATION_MIN_CHARS = 60;
/** The question asked of it is short. */
const QUESTION_MAX_CHARS = 250;
const QUESTION = /[?？]/;
/** Quotation marks, opening and closing: «…», “…”, „…“, "…", 「…」, 『…』. */
const QUOTATION_MARKS: ReadonlyArray<readonly [string, string]> = [['«', '»'], ['“', '”'], ['„', '“'], ['"', '"'], ['「', '」'], ['『', '』']];

/** The line with its quotations of QUOTATION_MIN_CHARS or more cut out, and whether one of them asks nothing. */
function withoutQuotations(line: string): { rest: string; quotesPassage: boolean } {
  let rest = line;
  let quotesPassage = false;
  for (const [open, close] of QUOTATION_MARKS) {
    let from = 0;
    for (;;) {
      const start = rest.indexOf(open, from);
      if (start === -1) break;
      const end = rest.indexOf(close, start + 1);
      if (end === -1) break;
      if (end - start - 1 >= QUOTATION_MIN_CHARS) {
        if (!QUESTION.test(rest.slice(start + 1, end))) quotesPassage = true;
        rest = `${rest.slice(0, start)} ${rest.slice(end + 1)}`;
        from = start + 1;
      } else {
        from = end + 1;
      }
    }
  }
  return { rest, quotesPassage };
}

/**
 * Whether a prompt asks a question of a text it gives (`x:given-text`): a passage of statements and, apart from it, a
 * short question ("Here is an excerpt from our handbook: … How many days can I carry over?", "Context: … Question: …",
 * a quoted rule and "can I park on Saturday?"). Read alone, the question looked like a word problem ("how many days")
 * or a quick fact; the answer is in the text (reading comprehension, retrieval-augmented apps). `lines`: the prompt's
 * lines, of its start as the other features read it.
 */
export function asksOfGivenText(lines: readonly string[]): boolean {
  let passage = false;
  let question = false;
  for (const raw of lines) {
    const { rest, quotesPassage } = withoutQuotations(raw.trim());
    const line = rest.trim();
    if (quotesPassage) passage = true;
    if (!line) continue;
    if (QUESTION.test(line)) {
      if (line.length <= QUESTION_MAX_CHARS) question = true;
    } else if (line.length >= PASSAGE_MIN_CHARS) {
      passage = true;
    }
    if (passage && question) return true;
  }
  return false;
}

/**
 * Maths beyond the four operations and a percentage: a power, a root, a remainder, a factorial, primes, divisors, a
 * logarithm, a derivative or an integral. "What is 7^222 mod 11?" or "¿Cuántos divisores tiene 10!?" are short and give
 * numbers, as "What's 15% of 80?" does, and read as trivial at 0.72–0.85: they are no plain arithmetic for T1's models
 * ("¿Cuánto es 3 elevado a 50?" went to T1 while a power said in words was not here).
 */
const BEYOND_ARITHMETIC = new RegExp(
  [
    String.raw`\^|\*\*|[√∛∑∫]|\d\s*!|(?<!\p{L})(?:mod|modulo|sqrt|log|ln|sin|cos|tan)(?!\p{L})`,
    String.raw`(?<!\p{L})(?:primes?|factorial|divisors?|remainder|fibonacci|square root|cube root|logarithm|derivative|integral|to the power|power of|raised to)`,
    // A power said in words: "3 elevado a 50", "2 elevato alla 64", "3 hoch 50".
    String.raw`(?<!\p{L})(?:elevad[oa] a|elevat[oa] al?)|\d\s*hoch\s*\d`,
    String.raw`(?<!\p{L})(?:primos?|raíz|radice|divisores|potencia|logaritmo|derivada|primzahl|wurzel|fakultät|teiler|potenz|logarithmus|ableitung)`,
    String.raw`(?<!\p{L})(?:nombres? premiers?|racine|factorielle|diviseurs|puissance|logarithme|dérivée|intégrale)`,
    String.raw`次方|次幂|平方根|开方|余数|素数|质数|阶乘|约数|因数|对数|导数|积分|\d乗|乗根|余り|階乗|約数|対数|微分|積分`,
  ].join('|'),
  'iu',
);

/**
 * A figure of four digits or more, its separators aside ("98765", "1,250,000", "3.14159"). Two of them make a sum no
 * weak model works out reliably in one pass: "¿Cuánto es 98765 por 43219?" and "987654×123456は？" went to T1.
 */
const LONG_FIGURE = /\d(?:[,.'\u00a0\u202f]?\d){3,}/g;

/** Whether the maths asked goes beyond the four operations on short figures (BEYOND_ARITHMETIC, LONG_FIGURE). */
export const goesBeyondArithmetic = (text: string): boolean => BEYOND_ARITHMETIC.test(text) || (text.match(LONG_FIGURE)?.length ?? 0) >= 2;

const FIGURE_OPEN = '[asy]';
const FIGURE_CLOSE = '[/asy]';

/**
 * The prompt with the code of its Asymptote figures cut, their marks kept: "[asy] pair A,B; draw(A--B); label("$A$",A,SW);
 * [/asy]" draws a competition problem's figure, and its statements read as pasted code (MATH's geometry: 43 of 1,000
 * problems read as code). One pass with indexOf: an unclosed figure runs to the end, and a text of many marks costs no more.
 */
export function withoutFigureCode(prompt: string): string {
  let open = prompt.indexOf(FIGURE_OPEN);
  if (open === -1) return prompt;
  let kept = '';
  let from = 0;
  while (open !== -1) {
    kept += prompt.slice(from, open + FIGURE_OPEN.length);
    const close = prompt.indexOf(FIGURE_CLOSE, open + FIGURE_OPEN.length);
    if (close === -1) return kept;
    from = close + FIGURE_CLOSE.length;
    open = prompt.indexOf(FIGURE_OPEN, from);
  }
  return kept + prompt.slice(from);
}
