/**
 * The upstream's own JSON text of stream chunks that svc passes on exactly as they were parsed (an OpenAI-wire
 * stream's content deltas, unchanged): the chat renderer sends that text instead of serializing the chunk again.
 *
 * The rule that keeps it true: a stage that changes a chunk makes a copy (`{ ...chunk, choices }`, as PII restore and
 * tool-call healing do) — a copy is never in here — or, changing one in place, calls `changedInPlace(chunk)`. Only the
 * text of one line goes in: an event whose data spans lines is serialized again, since `data: <text>` must stay one line.
 */
const texts = new WeakMap<object, string>();

/** Keeps `text` as `chunk`'s wire form; `text` must parse to `chunk` as it is now. */
export function keepVerbatim(chunk: object, text: string): void {
  if (text.indexOf('\n') === -1 && text.indexOf('\r') === -1) texts.set(chunk, text);
}

/** The chunk's text as the upstream sent it, while the chunk is unchanged. */
export function verbatimOf(chunk: object): string | undefined {
  return texts.get(chunk);
}

/** Called by code that changes a chunk in place: its upstream text no longer says what it holds. */
export function changedInPlace(chunk: object): void {
  texts.delete(chunk);
}
