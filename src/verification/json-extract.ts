/**
 * Finding the JSON inside a model's answer: code fences and prose around it are skipped, and of several
 * concatenated values the first complete one is taken. A value that never closes (the answer was cut)
 * is returned to its end, marked truncated, for the repair step to close.
 */
export interface JsonCandidate {
  text: string;
  /** Where it starts in the answer. */
  start: number;
  /** The value ran to the end of the answer without closing. */
  truncated: boolean;
  /** Text outside the value (fences, prose, further values) was left out. */
  trimmed: boolean;
}

/** The candidates, in order of appearance: each `{` or `[` that starts a value (at most `limit`). */
export function jsonCandidates(answer: string, limit = 8): JsonCandidate[] {
  const candidates: JsonCandidate[] = [];
  let from = 0;
  while (candidates.length < limit) {
    const start = nextOpening(answer, from);
    if (start < 0) break;
    const end = closingIndex(answer, start);
    if (end < 0) {
      candidates.push({ text: answer.slice(start), start, truncated: true, trimmed: answer.slice(0, start).trim() !== '' });
      break;
    }
    const text = answer.slice(start, end + 1);
    candidates.push({ text, start, truncated: false, trimmed: answer.trim() !== text });
    from = start + 1;
  }
  return candidates;
}

/** A label that says the value after it is the answer: "Output:", "Answer:", "Final answer:", "Result:", "JSON:". */
const answerLabel = /\b(?:output|answer|result|response|json)\s*[:=]\s*$/i;

/**
 * The candidates in the order to try them: of several values one after the other (a few-shot "Input: {…} Output:
 * {…}", an example then the answer), the one a label names goes first; otherwise the first. A value inside an
 * earlier one (`{result: {…}}`) is never moved up.
 */
export function inAnswerOrder(answer: string, candidates: JsonCandidate[]): JsonCandidate[] {
  const first = candidates[0];
  if (!first || first.truncated || answerLabel.test(answer.slice(Math.max(0, first.start - 40), first.start))) return candidates;
  const labelled = candidates.findIndex((candidate) => candidate.start >= first.start + first.text.length && answerLabel.test(answer.slice(Math.max(0, candidate.start - 40), candidate.start)));
  return labelled < 0 ? candidates : [candidates[labelled], ...candidates.filter((_, index) => index !== labelled)];
}

function nextOpening(text: string, from: number): number {
  for (let index = from; index < text.length; index++) {
    const character = text[index];
    if (character === '{' || character === '[') return index;
  }
  return -1;
}

/** The index of the bracket that closes the one at `start`, skipping strings ("…" and '…'); -1 when it never closes. */
function closingIndex(text: string, start: number): number {
  const stack: string[] = [];
  let quote: string | undefined;
  for (let index = start; index < text.length; index++) {
    const character = text[index];
    if (quote) {
      if (character === '\\') index++;
      else if (character === quote) quote = undefined;
      continue;
    }
    if (character === '"' || (character === "'" && isQuoteStart(text, index))) quote = character;
    // A comment's brackets close nothing (`/* } */`); a string's `//` never gets here, nor an unquoted URL's (`http://`).
    else if (character === '/' && (text[index + 1] === '*' || (text[index + 1] === '/' && text[index - 1] !== ':'))) {
      const end = text[index + 1] === '/' ? text.indexOf('\n', index) : text.indexOf('*/', index + 2) + 1;
      if (end <= 0) return -1;
      index = end;
    } else if (character === '{') stack.push('}');
    else if (character === '[') stack.push(']');
    else if (character === '}' || character === ']') {
      if (stack.pop() !== character) return -1;
      if (stack.length === 0) return index;
    }
  }
  return -1;
}

/** A single quote opens a string only where a value or key can start (not in "don't" inside prose-like keys). */
function isQuoteStart(text: string, index: number): boolean {
  for (let back = index - 1; back >= 0; back--) {
    const character = text[back];
    if (character === ' ' || character === '\n' || character === '\t' || character === '\r') continue;
    return character === '{' || character === '[' || character === ',' || character === ':';
  }
  return false;
}
