import { ChatStreamCollector } from '../../core/chat-stream.js';
import type { ChatCompletionChunk } from '../../core/chat-types.js';
import type { Outcome } from '../../core/operations.js';
import { tapStream } from '../../core/stream-tap.js';
import { checkDeclaredTools, checkToolCall } from '../../governance/tool-checks.js';
import type { RegisteredTool } from '../../core/storage-interfaces.js';
import type { RoutedContext } from '../request-context.js';
import type { Next, Stage } from '../stage.js';

/**
 * Governance of tool calls. The names the answer called are recorded (audit trail). When the org enforces
 * its registry: a request declaring an unregistered tool is refused (404 tool_not_registered), and an
 * answer calling a blocked tool or with arguments failing the registered schema is refused (422
 * tool_call_blocked) — in a stream, the tool call is held back and checked before any of it is sent.
 */
export function toolGovernanceStage(): Stage<'chat'> {
  return {
    name: 'tool_governance',
    appliesTo: (context) => (context.request.tools?.length ?? 0) > 0,
    intercept: governed,
  };
}

/** Checks what the request declares, calls on, and checks (or records) what the answer calls. */
async function governed(context: RoutedContext<'chat'>, next: Next<'chat'>): Promise<Outcome<'chat'>> {
  const declared = context.request.tools ?? [];
  const governance = context.governance;
  const enforce = governance.policy?.enforce_tools === true;
  if (enforce) checkDeclaredTools(declared.map((tool) => tool.function.name), governance.tools);
  const outcome = await next();
  if (outcome.kind === 'complete') {
    const calls = outcome.result.choices.flatMap((choice) => choice.message.tool_calls ?? []);
    context.toolCalls = calls.map((call) => call.function.name);
    if (enforce) for (const call of calls) checkToolCall(call.function.name, call.function.arguments, governance.tools);
    return outcome;
  }
  if (enforce) return { kind: 'stream', chunks: holdToolCalls(outcome.chunks, governance.tools, context) };
  const collector = new ChatStreamCollector();
  const chunks = tapStream(
    outcome.chunks,
    (chunk) => {
      if (chunk.choices.some((choice) => choice.delta.tool_calls)) collector.add(chunk);
    },
    () => {
      context.toolCalls = collector.completion().choices.flatMap((choice) => (choice.message.tool_calls ?? []).map((call) => call.function.name));
    },
  );
  return { kind: 'stream', chunks };
}

/**
 * From the first tool-call fragment on, chunks are held until the calls are complete (a finish reason, the
 * usage chunk or the end); the calls are checked, then everything held is sent. A refused call throws, and
 * the stream ends with an error event instead.
 */
async function* holdToolCalls(chunks: AsyncIterable<ChatCompletionChunk>, registry: Map<string, RegisteredTool>, context: RoutedContext<'chat'>): AsyncGenerator<ChatCompletionChunk> {
  const held: ChatCompletionChunk[] = [];
  let collector: ChatStreamCollector | undefined;
  const release = (complete: ChatStreamCollector) => {
    const calls = complete.completion().choices.flatMap((choice) => choice.message.tool_calls ?? []);
    context.toolCalls = calls.map((call) => call.function.name);
    for (const call of calls) checkToolCall(call.function.name, call.function.arguments, registry);
    collector = undefined;
    return held.splice(0);
  };
  for await (const chunk of chunks) {
    const carriesCalls = chunk.choices.some((choice) => choice.delta.tool_calls);
    if (!collector && !carriesCalls) {
      yield chunk;
      continue;
    }
    collector ??= new ChatStreamCollector();
    collector.add(chunk);
    held.push(chunk);
    const ends = chunk.choices.length === 0 || chunk.choices.some((choice) => choice.finish_reason);
    if (ends) yield* release(collector);
  }
  if (collector) yield* release(collector);
}
