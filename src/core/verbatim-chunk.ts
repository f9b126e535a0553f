import type { ChatCompletionChunk } from './chat-types.js';

/**
 * The upstream's own JSON text of stream chunks that svc passes on exactly as they were parsed (an OpenAI-wire
 * stream's content deltas, unchanged), or the text of a text chunk an adapter built (`verbatimTextChunk`): the chat renderer
 * sends that text instead of serializing the chunk again.
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

/**
 * A chunk of one choice carrying a piece of text and nothing more, as an adapter translating another wire format makes
 * for every token, kept with its wire text written from a template: what JSON.stringify would make, without walking
 * the object (on a cold CPU, the chunk and its text 20.6–22.2 → 16.2–16.4 µs: bench/HISTORY.md, forty-eighth session).
 */
export function verbatimTextChunk(id: string, created: number, model: string, content: string): ChatCompletionChunk {
  const chunk: ChatCompletionChunk = { id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta: { content }, finish_reason: null }] };
  texts.set(chunk, `{"id":${JSON.stringify(id)},"object":"chat.completion.chunk","created":${created},"model":${JSON.stringify(model)},"choices":[{"index":0,"delta":{"content":${JSON.stringify(content)}},"finish_reason":null}]}`);
  return chunk;
}
