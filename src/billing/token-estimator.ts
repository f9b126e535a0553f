import { setImmediate as nextTurnOfTheLoop } from 'node:timers/promises';
import type { ChatRequest } from '../core/chat-types.js';
import { loadO200kEncoding } from './o200k-encoding.js';
import { RememberedCounts } from './remembered-counts.js';

/**
 * Token counts svc makes itself, for when the upstream gave none it can use: a cut stream, a missing or
 * unreadable usage block (and later, TPM limits). o200k_base is the encoding of current OpenAI models;
 * for other vendors it is an estimate, which is why usage counted here is flagged as estimated.
 */

let countWithTokenizer: ((text: string) => number) | undefined;
let loading: Promise<void> | undefined;

/**
 * Loads the tokenizer once (about 60 ms, in slices between turns of the event loop, and ~10 MB outside the heap), on
 * the first need rather than at start: a stage that needs exact counts (tpm limits, quotas and budgets, memory
 * within a token budget, the Messages API's counts) awaits this first. Until it is loaded, counts are length / 4
 * (and counts svc makes are estimates).
 */
export function loadTokenizer(): Promise<void> {
  loading ??= loadO200kEncoding().then((encoding) => {
    countWithTokenizer = (text) => encoding.countTokens(text);
  });
  return loading;
}

/** Whether counts are exact now (the tokenizer is loaded). */
export function tokenizerLoaded(): boolean {
  return countWithTokenizer !== undefined;
}

export function countTokens(text: string): number {
  if (text.length === 0) return 0;
  if (countWithTokenizer) return countWithTokenizer(text);
  // A count asked before any stage needed the tokenizer (a cut stream's estimate): this one is rough, the next exact.
  void loadTokenizer();
  return Math.ceil(text.length / 4);
}

/** OpenAI's accounting of a chat prompt: each message costs 3 tokens of framing, the reply 3 more. */
const TOKENS_PER_MESSAGE = 3;
const TOKENS_PER_REPLY = 3;

/**
 * Token counts kept per request object: limits, the Anthropic stream's message_start and the metering of a cut
 * stream may all ask for one request's count, and it is tokenized once. Stages replace a request rather than
 * change it, so the count of a request object never goes stale. `parts` says what is counted: tokens known
 * without the tokenizer (framing, token arrays) and the texts.
 */
export class KeptCounts<R extends object> {
  private readonly counts = new WeakMap<R, number>();

  constructor(private readonly parts: (request: R) => { fixed: number; texts: Iterable<string> }) {}

  /** The count, made now if it was not yet. `scope` (the org): long texts it sent before are not tokenized again. */
  of(request: R, scope?: string): number {
    const kept = this.counts.get(request);
    if (kept !== undefined) return kept;
    const { fixed, texts } = this.parts(request);
    return this.keep(request, fixed + countEach(texts, scope));
  }

  /**
   * The same count, for a caller that may wait: made with the event loop running (see countTextsWithoutBlocking). A count
   * kept already, or of texts within one slice once the tokenizer is loaded (the usual prompt), is made now and returned
   * as a number: the caller has nothing to wait for.
   */
  withoutBlocking(request: R, scope?: string): number | Promise<number> {
    const kept = this.counts.get(request);
    if (kept !== undefined) return kept;
    const { fixed, texts } = this.parts(request);
    const list = [...texts];
    let length = 0;
    for (const text of list) length += text.length;
    if (countWithTokenizer && length <= SLICE_CHARS) return this.keep(request, fixed + countEach(list, scope));
    return countTextsWithoutBlocking(list, scope).then((counted) => this.keep(request, fixed + counted));
  }

  private keep(request: R, tokens: number): number {
    this.counts.set(request, tokens);
    return tokens;
  }
}

/** Counts of long texts by org (remembered-counts.ts). */
const remembered = new RememberedCounts();

function countEach(texts: Iterable<string>, scope: string | undefined): number {
  let tokens = 0;
  // Only exact counts are remembered: before the tokenizer is loaded, countTokens estimates.
  if (scope === undefined || !countWithTokenizer) for (const text of texts) tokens += countTokens(text);
  else for (const text of texts) tokens += remembered.count(scope, text, countTokens);
  return tokens;
}

const chatPrompts = new KeptCounts<ChatRequest>((request) => ({ fixed: TOKENS_PER_REPLY + TOKENS_PER_MESSAGE * request.messages.length, texts: promptTexts(request) }));

export const estimateChatPromptTokens = (request: ChatRequest): number => chatPrompts.of(request);
export const countChatPromptWithoutBlocking = (request: ChatRequest, scope?: string): number | Promise<number> => chatPrompts.withoutBlocking(request, scope);

/** Text counted between two turns of the event loop. */
const SLICE_CHARS = 64 * 1024;
/** A remembered text counts toward a slice as a sixteenth of its length (its digest is all that is computed). */
const REMEMBERED_WEIGHT = 16;

/**
 * The tokens of texts (a prompt's, an embeddings batch), counted like countTokens each, the event loop running
 * after every 64 KB of text: the tokenizer takes ~40 ms a megabyte, and the body limit is 10 MB. A long text is
 * cut into slices that end before a space, where the tokenizer splits anyway, so the count is the same. `scope`
 * (the org): a long text it sent before is not tokenized again.
 */
export async function countTextsWithoutBlocking(texts: Iterable<string>, scope?: string): Promise<number> {
  let tokens = 0;
  let sinceYield = 0;
  /** Counts `chars` of work done; after a slice's worth the event loop runs (the promise to await). */
  const spend = (chars: number): Promise<void> | undefined => {
    sinceYield += chars;
    if (sinceYield < SLICE_CHARS) return undefined;
    sinceYield = 0;
    return nextTurnOfTheLoop();
  };
  for (const text of texts) {
    const exact = scope !== undefined && countWithTokenizer !== undefined;
    const known = exact ? remembered.peek(scope, text) : undefined;
    if (known !== undefined) {
      tokens += known;
      // Hashing a text costs a small share of tokenizing it, but a 10 MB body of remembered turns is still ~20 ms
      // of it: it counts toward the slice at a sixteenth.
      await spend(text.length / REMEMBERED_WEIGHT);
      continue;
    }
    let counted = 0;
    // The usual text (a message) is one slice: counted without the slicing generator.
    for (const slice of text.length <= SLICE_CHARS ? [text] : slicesOf(text)) {
      counted += countTokens(slice);
      await spend(slice.length);
    }
    if (exact) remembered.remember(scope, text, counted);
    tokens += counted;
  }
  return tokens;
}

/** The text in pieces of at most SLICE_CHARS, each but the last ending before a space when one is near. */
function* slicesOf(text: string): Generator<string> {
  for (let start = 0; start < text.length; ) {
    let end = Math.min(text.length, start + SLICE_CHARS);
    if (end < text.length) {
      const space = text.lastIndexOf(' ', end);
      if (space > start + SLICE_CHARS / 2) end = space;
    }
    yield text.slice(start, end);
    start = end;
  }
}

/** The texts of a chat prompt that OpenAI counts: each message's role, text, name and tool calls, and the tools. */
function* promptTexts(request: ChatRequest): Generator<string> {
  for (const message of request.messages) {
    yield message.role;
    if (typeof message.content === 'string') yield message.content;
    else if (Array.isArray(message.content)) {
      for (const part of message.content) if (part.type === 'text' && typeof part.text === 'string') yield part.text;
    }
    if (message.name) yield message.name;
    for (const call of message.tool_calls ?? []) {
      yield call.function.name;
      yield call.function.arguments;
    }
  }
  if (request.tools?.length) yield JSON.stringify(request.tools);
}
