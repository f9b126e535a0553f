/**
 * Whether a prompt asks a question of a text it gives: a passage of statements and, apart from it, a short question
 * ("Here is an excerpt from our handbook: … How many days can I carry over?", "Context: … Question: …", a quoted
 * rule and "can I park on Saturday?"). Read alone, the question looked like a word problem ("how many days") or a
 * quick fact; the answer is in the text (reading comprehension, retrieval-augmented apps). A feature of the request's
 * shape (`x:given-text`): what the question's own words ask still counts.
 */

/** A passage states something at length: this long at least, with no question in it. */
const PASSAGE_MIN_CHARS = 80;
/** The question asked of it is short. */
const QUESTION_MAX_CHARS = 250;
const QUESTION = /[?？]/;
/** A quoted passage inside a line: «…», “…”, „…“, "…", 「…」, 『…』. */
const QUOTED = /«[^»]{60,}»|“[^”]{60,}”|„[^“]{60,}“|"[^"\n]{60,}"|「[^」]{60,}」|『[^』]{60,}』/gu;

/**
 * The question asked of a given text, if the prompt is one (its question lines and the rest of a line around a
 * quotation, joined); `lines`: the prompt's lines (its start, as the other features read it).
 */
export function questionOfGivenText(lines: readonly string[]): string | undefined {
  let passage = false;
  const questions: string[] = [];
  for (const raw of lines) {
    const line = raw.trim();
    if (!line) continue;
    const quoted = line.match(QUOTED);
    if (quoted) {
      // A quotation inside a line: the quotation is the passage, the rest of the line may be the question.
      if (quoted.some((text) => !QUESTION.test(text))) passage = true;
      const rest = line.replace(QUOTED, ' ');
      if (QUESTION.test(rest) && rest.trim().length <= QUESTION_MAX_CHARS) questions.push(rest.trim());
      continue;
    }
    if (QUESTION.test(line)) {
      if (line.length <= QUESTION_MAX_CHARS) questions.push(line);
    } else if (line.length >= PASSAGE_MIN_CHARS) {
      passage = true;
    }
  }
  return passage && questions.length > 0 ? questions.join('\n') : undefined;
}
