import type { ChatRequest } from '../core/chat-types.js';

/**
 * Token counts svc makes itself, for when the upstream gave none it can use: a cut stream, a missing or
 * unreadable usage block (and later, TPM limits). o200k_base is the encoding of current OpenAI models;
 * for other vendors it is an estimate, which is why usage counted here is flagged as estimated.
 */

let countWithTokenizer: ((text: string) => number) | undefined;
let loading: Promise<void> | undefined;

/**
 * Loads the tokenizer once (about 200 ms and 60 MB), on the first need rather than at start: a stage that
 * needs exact counts (tpm limits, quotas and budgets, memory within a token budget, the Messages API's
 * counts) awaits this first. Until it is loaded, counts are length / 4 (and counts svc makes are estimates).
 */
export function loadTokenizer(): Promise<void> {
  loading ??= import('gpt-tokenizer/encoding/o200k_base').then((module) => {
    countWithTokenizer = (text) => module.countTokens(text);
  });
  return loading;
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
 * A prompt is tokenized once per request, though limits, the Anthropic stream's message_start and the
 * metering of a cut stream all need its count. Stages replace the request rather than change it, so the
 * count of a request object never goes stale.
 */
const counted = new WeakMap<ChatRequest, number>();

export function estimateChatPromptTokens(request: ChatRequest): number {
  let tokens = counted.get(request);
  if (tokens === undefined) {
    tokens = TOKENS_PER_REPLY + TOKENS_PER_MESSAGE * request.messages.length;
    for (const text of promptTexts(request)) tokens += countTokens(text);
    counted.set(request, tokens);
  }
  return tokens;
}

/** Texts longer than this are counted in slices, the event loop running between them. */
const SLICE_CHARS = 64 * 1024;

/**
 * The same count as estimateChatPromptTokens, for a caller that may wait: a long text is counted a slice at a
 * time, yielding between slices (the tokenizer takes ~40 ms a megabyte, and the body limit is 10 MB). Slices end
 * before a space, where the tokenizer splits anyway, so the count is the same. The count is kept for the request.
 */
export async function countChatPromptWithoutBlocking(request: ChatRequest): Promise<number> {
  let tokens = counted.get(request);
  if (tokens !== undefined) return tokens;
  tokens = TOKENS_PER_REPLY + TOKENS_PER_MESSAGE * request.messages.length;
  for (const text of promptTexts(request)) tokens += text.length > SLICE_CHARS ? await countInSlices(text) : countTokens(text);
  counted.set(request, tokens);
  return tokens;
}

/**
 * The tokens of several texts (an embeddings batch), counted like countTokens each, the event loop running every
 * 64 KB: a long text a slice at a time, short ones a run of them at a time.
 */
export async function countTextsWithoutBlocking(texts: readonly string[]): Promise<number> {
  let tokens = 0;
  let sinceYield = 0;
  for (const text of texts) {
    if (text.length > SLICE_CHARS) {
      tokens += await countInSlices(text);
      continue;
    }
    tokens += countTokens(text);
    sinceYield += text.length;
    if (sinceYield > SLICE_CHARS) {
      sinceYield = 0;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  return tokens;
}

async function countInSlices(text: string): Promise<number> {
  let tokens = 0;
  for (let start = 0; start < text.length; ) {
    let end = Math.min(text.length, start + SLICE_CHARS);
    if (end < text.length) {
      const space = text.lastIndexOf(' ', end);
      if (space > start + SLICE_CHARS / 2) end = space;
    }
    tokens += countTokens(text.slice(start, end));
    start = end;
    if (start < text.length) await new Promise((resolve) => setImmediate(resolve));
  }
  return tokens;
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
