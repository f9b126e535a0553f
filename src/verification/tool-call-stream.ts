import type { ChatCompletionChunk, ChunkChoice, ToolCallDelta } from '../core/chat-types.js';
import { healJson, type HealOutcome, type JsonExpectation } from './json-healer.js';

/** A tool call whose arguments were not valid JSON as streamed. */
export interface StreamedToolCallFinding {
  name: string;
  original: string;
  outcome: Exclude<HealOutcome, { status: 'valid' }>;
  /** The healed arguments were sent instead of the streamed ones. */
  applied: boolean;
}

export interface ToolCallStreamOptions {
  /** By tool name: what its arguments must be. */
  tools: ReadonlyMap<string, JsonExpectation>;
  /** A heal below this confidence is not applied (closing a cut answer always is: an unclosed value is useless). */
  minConfidence: number;
  onFinding(finding: StreamedToolCallFinding): void;
}

interface HeldCall {
  index: number;
  id?: string;
  type?: 'function';
  name: string;
  arguments: string;
  extra?: Record<string, unknown>;
}

/**
 * Verifies and heals the tool calls of a streamed answer while its text keeps flowing: content, refusal
 * and role deltas pass at once; tool-call deltas are held back, per choice, until that choice finishes
 * (or the stream ends), and then sent as one delta per call carrying its whole arguments — checked against
 * the tool's schema and healed like a whole answer's. The caller's SDK assembles deltas by index either
 * way, so one delta per call is what a slow provider's stream would also look like.
 */
export async function* healToolCallStream(chunks: AsyncIterable<ChatCompletionChunk>, options: ToolCallStreamOptions): AsyncIterable<ChatCompletionChunk> {
  const held = new Map<number, HeldCall[]>();
  let last: ChatCompletionChunk | undefined;
  for await (const chunk of chunks) {
    last = chunk;
    const choices: ChunkChoice[] = [];
    const before: ChunkChoice[] = [];
    for (const choice of chunk.choices) {
      const calls = choice.delta.tool_calls;
      let passing = choice;
      if (calls) {
        hold(held, choice.index, calls);
        const { tool_calls: _held, ...delta } = choice.delta;
        passing = { ...choice, delta };
      }
      if (passing.finish_reason !== null && held.has(passing.index)) before.push(releaseChoice(held, passing.index, options));
      if (!isEmpty(passing)) choices.push(passing);
    }
    if (before.length > 0) yield { ...chunk, choices: before, usage: undefined };
    if (choices.length > 0 || chunk.usage) yield choices.length === chunk.choices.length && !hasToolCalls(chunk) ? chunk : { ...chunk, choices };
  }
  // A stream that ended without finishing a choice (the provider stopped short): its calls still go out, closed.
  if (last && held.size > 0) {
    const rest = [...held.keys()].map((index) => releaseChoice(held, index, options));
    yield { ...last, choices: rest, usage: undefined };
  }
}

function hold(held: Map<number, HeldCall[]>, choiceIndex: number, deltas: ToolCallDelta[]): void {
  let calls = held.get(choiceIndex);
  if (!calls) held.set(choiceIndex, (calls = []));
  for (const delta of deltas) {
    let call = calls.find((candidate) => candidate.index === delta.index);
    if (!call) calls.push((call = { index: delta.index, name: '', arguments: '' }));
    if (delta.id) call.id = delta.id;
    if (delta.type) call.type = delta.type;
    if (delta.function?.name) call.name += delta.function.name;
    if (delta.function?.arguments) call.arguments += delta.function.arguments;
    if (delta.extra_content) call.extra = { ...call.extra, ...delta.extra_content };
  }
}

/** The held calls of one choice, verified and healed, as one delta with every call whole. */
function releaseChoice(held: Map<number, HeldCall[]>, choiceIndex: number, options: ToolCallStreamOptions): ChunkChoice {
  const calls = held.get(choiceIndex) ?? [];
  held.delete(choiceIndex);
  const tool_calls = calls.map((call): ToolCallDelta => {
    const outcome = healJson(call.arguments, options.tools.get(call.name) ?? { requireObject: true });
    let text = call.arguments;
    if (outcome.status !== 'valid') {
      const applied = outcome.status === 'healed' && (outcome.confidence >= options.minConfidence || outcome.stage === 'truncation_close');
      if (applied && outcome.status === 'healed') text = outcome.text;
      options.onFinding({ name: call.name, original: call.arguments, outcome, applied });
    }
    const delta: ToolCallDelta = { index: call.index, function: { name: call.name, arguments: text } };
    if (call.id) delta.id = call.id;
    if (call.type) delta.type = call.type;
    if (call.extra) delta.extra_content = call.extra;
    return delta;
  });
  return { index: choiceIndex, delta: { tool_calls }, finish_reason: null };
}

function isEmpty(choice: ChunkChoice): boolean {
  return choice.finish_reason === null && choice.logprobs == null && Object.values(choice.delta).every((value) => value === undefined);
}

function hasToolCalls(chunk: ChatCompletionChunk): boolean {
  return chunk.choices.some((choice) => choice.delta.tool_calls !== undefined);
}
