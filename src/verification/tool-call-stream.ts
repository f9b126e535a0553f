import type { ChatCompletionChunk, ChunkChoice, ToolCallDelta } from '../core/chat-types.js';
import { healStands, type HealOutcome, type JsonExpectation } from './json-healer.js';
import { healJsonOffLoop } from './off-loop-healing.js';

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
 * Verifies and heals the tool calls of a streamed answer while its text keeps flowing: deltas without tool
 * calls pass at once; a choice's deltas that carry tool calls are held back until that choice finishes (or
 * the stream ends). Then, when every call's arguments are valid, they go out exactly as the provider sent
 * them (fragment by fragment, as the caller's SDK expects); when one had to be healed, the choice's calls go
 * out in one delta carrying each call's whole arguments, healed. The SDK assembles deltas by index either way.
 */
export async function* healToolCallStream(chunks: AsyncIterable<ChatCompletionChunk>, options: ToolCallStreamOptions): AsyncIterable<ChatCompletionChunk> {
  const held = new Map<number, { calls: HeldCall[]; chunks: ChatCompletionChunk[] }>();
  let last: ChatCompletionChunk | undefined;
  for await (const chunk of chunks) {
    last = chunk;
    const passing: ChunkChoice[] = [];
    const released: ChatCompletionChunk[] = [];
    for (const choice of chunk.choices) {
      if (choice.delta.tool_calls) {
        hold(held, chunk, choice);
        if (choice.finish_reason !== null) released.push(...(await release(held, choice.index, options, chunk)));
        continue;
      }
      if (choice.finish_reason !== null && held.has(choice.index)) released.push(...(await release(held, choice.index, options, chunk)));
      passing.push(choice);
    }
    for (const out of released) yield out;
    if (passing.length === chunk.choices.length) yield chunk;
    else if (passing.length > 0 || chunk.usage) yield { ...chunk, choices: passing };
  }
  // A stream that ended without finishing a choice (the provider stopped short): its calls still go out, closed.
  if (last) for (const index of [...held.keys()]) yield* await release(held, index, options, last);
}

function hold(held: Map<number, { calls: HeldCall[]; chunks: ChatCompletionChunk[] }>, chunk: ChatCompletionChunk, choice: ChunkChoice): void {
  let entry = held.get(choice.index);
  if (!entry) held.set(choice.index, (entry = { calls: [], chunks: [] }));
  entry.chunks.push({ ...chunk, choices: [choice], usage: undefined });
  for (const delta of choice.delta.tool_calls ?? []) {
    let call = entry.calls.find((candidate) => candidate.index === delta.index);
    if (!call) entry.calls.push((call = { index: delta.index, name: '', arguments: '' }));
    if (delta.id) call.id = delta.id;
    if (delta.type) call.type = delta.type;
    if (delta.function?.name) call.name += delta.function.name;
    if (delta.function?.arguments) call.arguments += delta.function.arguments;
    if (delta.extra_content) call.extra = { ...call.extra, ...delta.extra_content };
  }
}

/** The held deltas of one choice: as they came when every call is valid, else one delta with the healed calls. */
async function release(held: Map<number, { calls: HeldCall[]; chunks: ChatCompletionChunk[] }>, choiceIndex: number, options: ToolCallStreamOptions, template: ChatCompletionChunk): Promise<ChatCompletionChunk[]> {
  const entry = held.get(choiceIndex);
  held.delete(choiceIndex);
  if (!entry) return [];
  let healed = false;
  const tool_calls: ToolCallDelta[] = [];
  for (const call of entry.calls) {
    const outcome = await healJsonOffLoop(call.arguments, options.tools.get(call.name) ?? { requireObject: true });
    let text = call.arguments;
    if (outcome.status !== 'valid') {
      const applied = healStands(outcome, options.minConfidence, true);
      if (applied) {
        text = outcome.text;
        healed = true;
      }
      options.onFinding({ name: call.name, original: call.arguments, outcome, applied });
    }
    const delta: ToolCallDelta = { index: call.index, function: { name: call.name, arguments: text } };
    if (call.id) delta.id = call.id;
    if (call.type) delta.type = call.type;
    if (call.extra) delta.extra_content = call.extra;
    tool_calls.push(delta);
  }
  if (!healed) return entry.chunks;
  // Healed: the first held delta's other fields (role, content: null), the whole calls, and the finish if it came with them.
  const first = entry.chunks[0].choices[0];
  const { tool_calls: _streamed, ...opening } = first.delta;
  const finish = entry.chunks.at(-1)!.choices[0].finish_reason;
  return [{ ...template, choices: [{ index: choiceIndex, delta: { ...opening, tool_calls }, finish_reason: finish }], usage: undefined }];
}

