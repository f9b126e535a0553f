import type { ChatChoice, ChatCompletion, ChatCompletionChunk, ThinkingBlock, ToolCall, ToolCallDelta } from './chat-types.js';

/**
 * Between the two forms of a chat answer: a stream collected into one completion (for a stage that must
 * see the whole output, and for a stream a caller asked to get whole), and a completion replayed as the
 * compact stream of spec 4.1 (a role chunk, a content chunk, the usage chunk).
 */

interface ChoiceBuilder {
  index: number;
  content: string | null;
  refusal: string | null;
  toolCalls: Array<ToolCall & { index: number }>;
  thinkingBlocks: ThinkingBlock[];
  extras: Record<string, unknown>;
  logprobs: { content: unknown[] } | undefined;
  finishReason: ChatChoice['finish_reason'];
}

/** Folds chunks into a completion, one chunk at a time (the collector of a live stream). */
export class ChatStreamCollector {
  private id = '';
  private created = 0;
  private model = '';
  private systemFingerprint: string | null | undefined;
  private serviceTier: string | null | undefined;
  private readonly choices = new Map<number, ChoiceBuilder>();
  usage: ChatCompletion['usage'];

  add(chunk: ChatCompletionChunk): void {
    if (!this.id) {
      this.id = chunk.id;
      this.created = chunk.created;
      this.model = chunk.model;
      this.systemFingerprint = chunk.system_fingerprint;
      this.serviceTier = chunk.service_tier;
    }
    if (chunk.usage) this.usage = chunk.usage;
    for (const choice of chunk.choices) this.addChoice(choice);
  }

  /** The output text streamed so far, over every choice (what a cut stream produced). */
  get text(): string {
    let text = '';
    for (const choice of this.choices.values()) {
      text += choice.content ?? '';
      for (const call of choice.toolCalls) text += call.function.name + call.function.arguments;
    }
    return text;
  }

  completion(): ChatCompletion {
    const choices = [...this.choices.values()].sort((left, right) => left.index - right.index).map((builder): ChatChoice => {
      const message: ChatChoice['message'] = { role: 'assistant', content: builder.content, ...builder.extras };
      if (builder.refusal !== null) message.refusal = builder.refusal;
      if (builder.toolCalls.length > 0) message.tool_calls = builder.toolCalls.sort((left, right) => left.index - right.index).map(({ index: _index, ...call }) => call);
      if (builder.thinkingBlocks.length > 0) message.thinking_blocks = builder.thinkingBlocks;
      const choice: ChatChoice = { index: builder.index, message, finish_reason: builder.finishReason };
      if (builder.logprobs) choice.logprobs = builder.logprobs;
      return choice;
    });
    const completion: ChatCompletion = { id: this.id, object: 'chat.completion', created: this.created, model: this.model, choices };
    if (this.systemFingerprint !== undefined) completion.system_fingerprint = this.systemFingerprint;
    if (this.serviceTier !== undefined) completion.service_tier = this.serviceTier;
    if (this.usage) completion.usage = this.usage;
    return completion;
  }

  private addChoice(choice: ChatCompletionChunk['choices'][number]): void {
    let builder = this.choices.get(choice.index);
    if (!builder) {
      builder = { index: choice.index, content: null, refusal: null, toolCalls: [], thinkingBlocks: [], extras: {}, logprobs: undefined, finishReason: null };
      this.choices.set(choice.index, builder);
    }
    const { role: _role, content, refusal, tool_calls: toolCalls, thinking, thinking_signature: signature, redacted_thinking: redacted, ...extras } = choice.delta;
    if (thinking !== undefined || signature !== undefined || redacted !== undefined) addThinkingDelta(builder.thinkingBlocks, thinking, signature, redacted);
    if (typeof content === 'string') builder.content = (builder.content ?? '') + content;
    if (typeof refusal === 'string') builder.refusal = (builder.refusal ?? '') + refusal;
    for (const delta of toolCalls ?? []) addToolCallDelta(builder.toolCalls, delta);
    for (const [key, value] of Object.entries(extras)) {
      // Text fields of a dialect (DeepSeek's reasoning_content) arrive in pieces like content.
      builder.extras[key] = typeof value === 'string' && typeof builder.extras[key] === 'string' ? builder.extras[key] + value : value;
    }
    const logprobs = (choice.logprobs as { content?: unknown[] } | null | undefined)?.content;
    if (Array.isArray(logprobs)) (builder.logprobs ??= { content: [] }).content.push(...logprobs);
    if (choice.finish_reason) builder.finishReason = choice.finish_reason;
  }
}

function addToolCallDelta(calls: Array<ToolCall & { index: number }>, delta: ToolCallDelta): void {
  let call = calls.find((candidate) => candidate.index === delta.index);
  if (!call) {
    call = { index: delta.index, id: delta.id ?? '', type: 'function', function: { name: delta.function?.name ?? '', arguments: '' } };
    calls.push(call);
  } else {
    if (delta.id) call.id = delta.id;
    if (delta.function?.name) call.function.name = delta.function.name;
  }
  call.function.arguments += delta.function?.arguments ?? '';
  if (delta.extra_content) call.extra_content = { ...call.extra_content, ...delta.extra_content };
}

/** A thinking piece extends the open thinking block (one without its signature yet); a signature closes it. */
function addThinkingDelta(blocks: ThinkingBlock[], thinking: string | undefined, signature: string | undefined, redacted: string | undefined): void {
  if (redacted !== undefined) blocks.push({ type: 'redacted_thinking', data: redacted });
  if (thinking === undefined && signature === undefined) return;
  let open = blocks.at(-1);
  if (open?.type !== 'thinking' || open.signature !== '') {
    open = { type: 'thinking', thinking: '', signature: '' };
    blocks.push(open);
  }
  if (thinking !== undefined) open.thinking += thinking;
  if (signature !== undefined) open.signature += signature;
}

/** The chunk deltas that replay thinking blocks, one per block, in order. */
function thinkingDeltas(blocks: readonly ThinkingBlock[]): Array<ChatCompletionChunk['choices'][number]['delta']> {
  return blocks.map((block) => (block.type === 'thinking' ? { thinking: block.thinking, thinking_signature: block.signature } : { redacted_thinking: block.data }));
}

/** Reads a whole stream into one completion. */
export async function collectChatStream(chunks: AsyncIterable<ChatCompletionChunk>): Promise<ChatCompletion> {
  const collector = new ChatStreamCollector();
  for await (const chunk of chunks) collector.add(chunk);
  return collector.completion();
}

/** A completion as the compact stream of spec 4.1: one role chunk, one content chunk, and the usage chunk when there is usage. */
export function compactChunks(completion: ChatCompletion): ChatCompletionChunk[] {
  const base = {
    id: completion.id,
    object: 'chat.completion.chunk' as const,
    created: completion.created,
    model: completion.model,
    system_fingerprint: completion.system_fingerprint,
    service_tier: completion.service_tier,
  };
  const roleChunk: ChatCompletionChunk = {
    ...base,
    choices: completion.choices.map((choice) => ({ index: choice.index, delta: { role: 'assistant', content: choice.message.content === null ? null : '' }, finish_reason: null })),
  };
  // Thinking comes before the answer, one chunk per block (the first choice's: only one model thinks per answer).
  const thinkingChunks: ChatCompletionChunk[] = thinkingDeltas(completion.choices[0]?.message.thinking_blocks ?? []).map((delta) => ({ ...base, choices: [{ index: 0, delta, finish_reason: null }] }));
  const contentChunk: ChatCompletionChunk = {
    ...base,
    choices: completion.choices.map((choice) => {
      const { role: _role, tool_calls: toolCalls, thinking_blocks: _thinking, ...rest } = choice.message;
      const delta: ChatCompletionChunk['choices'][number]['delta'] = { ...rest };
      if (toolCalls?.length) delta.tool_calls = toolCalls.map((call, index) => ({ index, ...call }));
      const chunkChoice: ChatCompletionChunk['choices'][number] = { index: choice.index, delta, finish_reason: choice.finish_reason };
      if (choice.logprobs !== undefined) chunkChoice.logprobs = choice.logprobs;
      return chunkChoice;
    }),
  };
  const chunks = [roleChunk, ...thinkingChunks, contentChunk];
  if (completion.usage) chunks.push({ ...base, choices: [], usage: completion.usage });
  return chunks;
}

/** A completion replayed as a stream (a compact one). */
export async function* replayAsStream(completion: ChatCompletion): AsyncGenerator<ChatCompletionChunk> {
  yield* compactChunks(completion);
}
