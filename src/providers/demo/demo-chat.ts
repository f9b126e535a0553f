import type { CallerSignal } from '../../core/caller-signal.js';
import type { ChatCompletion, ChatCompletionChunk, ChatRequest, FinishReason, ToolCall, Usage } from '../../core/chat-types.js';
import { countTokens, estimateChatPromptTokens } from '../../billing/token-estimator.js';
import type { Outcome } from '../../core/operations.js';
import { fnv1a } from '../../shared/fnv1a.js';
import { addWarning } from '../shared/warnings.js';
import type { InProcessCall } from '../wire-adapter.js';
import { DEMO_WARNING, demoAnswerText, streamPieces } from './demo-text.js';

/**
 * Chat by the demo provider. A forced tool choice is answered with a call of that tool (arguments `{}`), so
 * that agents can be wired up before a key exists; otherwise a text that quotes the caller. Honours n,
 * max_tokens (cut at that many tokens, finish_reason length), JSON response formats and streaming.
 */
export const demoChat: InProcessCall<'chat'> = async (target, request, options): Promise<Outcome<'chat'>> => {
  addWarning(options.warnings, DEMO_WARNING);
  const id = `chatcmpl-demo-${digest(request)}`;
  const created = Math.floor(Date.now() / 1000);
  const model = target.model.upstream_model;
  const forcedTool = forcedToolName(request);
  const { text, finishReason } = forcedTool ? { text: '', finishReason: 'tool_calls' as const } : cutToMaxTokens(demoAnswerText(request), request.max_tokens);
  const choices = request.n ?? 1;
  const promptTokens = estimateChatPromptTokens(request);
  const completionTokens = (forcedTool ? countTokens(`${forcedTool}{}`) : countTokens(text)) * choices;
  const usage: Usage = { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens };
  const toolCall = (index: number): ToolCall => ({ id: `call_demo_${index}`, type: 'function', function: { name: forcedTool!, arguments: '{}' } });

  if (!request.stream) {
    const completion: ChatCompletion = {
      id,
      object: 'chat.completion',
      created,
      model,
      choices: Array.from({ length: choices }, (_, index) => ({
        index,
        message: forcedTool ? { role: 'assistant' as const, content: null, tool_calls: [toolCall(index)] } : { role: 'assistant' as const, content: text },
        finish_reason: finishReason,
      })),
      usage,
    };
    return { kind: 'complete', result: completion };
  }

  const chunk = (choices: ChatCompletionChunk['choices'], chunkUsage?: Usage): ChatCompletionChunk => ({ id, object: 'chat.completion.chunk', created, model, choices, ...(chunkUsage ? { usage: chunkUsage } : {}) });
  const chunks: ChatCompletionChunk[] = [];
  for (let index = 0; index < choices; index++) {
    if (forcedTool) {
      // As OpenAI streams a tool-call-only answer: one opening chunk with the role, `content: null` and the call.
      chunks.push(chunk([{ index, delta: { role: 'assistant', content: null, tool_calls: [{ index: 0, ...toolCall(index) }] }, finish_reason: null }]));
    } else {
      chunks.push(chunk([{ index, delta: { role: 'assistant', content: '' }, finish_reason: null }]));
      for (const piece of streamPieces(text)) chunks.push(chunk([{ index, delta: { content: piece }, finish_reason: null }]));
    }
    chunks.push(chunk([{ index, delta: {}, finish_reason: finishReason }]));
  }
  chunks.push(chunk([], usage));
  return { kind: 'stream', chunks: replay(chunks, options) };
};

/** Hands the chunks out one by one, as a provider's stream would, and stops when the caller goes away. */
async function* replay(chunks: ChatCompletionChunk[], options: { signal?: CallerSignal; observeChunk?: (chunk: ChatCompletionChunk) => void }): AsyncGenerator<ChatCompletionChunk> {
  for (const chunk of chunks) {
    if (options.signal?.aborted) return;
    options.observeChunk?.(chunk);
    yield chunk;
  }
}

function forcedToolName(request: ChatRequest): string | undefined {
  const choice = request.tool_choice;
  if (!request.tools?.length || choice === undefined || choice === 'none' || choice === 'auto') return undefined;
  return choice === 'required' ? request.tools[0].function.name : choice.function.name;
}

/** At most `maxTokens` tokens of the text, word by word. */
function cutToMaxTokens(text: string, maxTokens: number | undefined): { text: string; finishReason: FinishReason } {
  if (maxTokens === undefined || countTokens(text) <= maxTokens) return { text, finishReason: 'stop' };
  let kept = '';
  for (const piece of streamPieces(text)) {
    if (countTokens(kept + piece) > maxTokens) break;
    kept += piece;
  }
  return { text: kept.trimEnd(), finishReason: 'length' };
}

/** A short stable tag of the request, so that the same request gets the same completion id. */
function digest(request: ChatRequest): string {
  return fnv1a(JSON.stringify(request.messages)).toString(16).padStart(8, '0');
}
