import { billedAudioSeconds } from '../core/billed-audio.js';
import { countTokens, estimateChatPromptTokens } from '../billing/token-estimator.js';
import type { ChatCompletion, ChatCompletionChunk, ChatRequest, Usage } from '../core/chat-types.js';
import { meterChatUsage } from '../core/chat-usage.js';
import { emptyUsage, type MeteredUsage } from '../core/metered-usage.js';
import type { ChunkOf, Operation, RequestOf, ResultOf } from '../core/operations.js';
import { unreadableFieldsOf } from '../providers/shared/token-counts.js';
import { addWarning } from '../providers/shared/warnings.js';
import { changedInPlace } from '../core/verbatim-chunk.js';
import { estimatedSeconds, plausibleSeconds } from '../audio/audio-duration.js';

interface Meter<O extends Operation> {
  /**
   * Usage of a whole result. Where the upstream's counts are missing or unreadable, svc's estimate takes
   * their place — in the result the caller gets too, so caller and ledger agree — with a warning.
   */
  result(result: ResultOf<O>, request: RequestOf<O>, warnings: string[]): MeteredUsage | undefined;
  /** Usage carried by a streamed chunk (usually the last one), checked the same way. */
  chunk?(chunk: ChunkOf<O>, request: RequestOf<O>, streamedText: string[], warnings: string[]): MeteredUsage | undefined;
  /** The output text a chunk carries, kept to estimate a stream that ends without usage (a cut one). */
  textOf?(chunk: ChunkOf<O>): string | undefined;
  /** Usage estimated from the request and the output delivered so far. */
  estimate?(request: RequestOf<O>, outputText: string): MeteredUsage;
  /** Whether metering this result means counting tokens (the upstream's counts are missing or unreadable): the tokenizer is loaded first. */
  countsTokens?(result: ResultOf<O>): boolean;
}

function chatTextOf(completion: ChatCompletion): string {
  let text = '';
  for (const choice of completion.choices) {
    text += choice.message.content ?? '';
    for (const call of choice.message.tool_calls ?? []) text += call.function.name + call.function.arguments;
  }
  return text;
}

function estimateChat(request: ChatRequest, outputText: string): Usage {
  const prompt = estimateChatPromptTokens(request);
  const completion = countTokens(outputText);
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
}

/** A usage block the upstream sent with counts svc cannot bill: replaced by an estimate, with a warning. */
function checkedChatUsage(usage: Usage, request: ChatRequest, outputText: () => string, warnings: string[]): { usage: Usage; estimated: boolean } {
  const unreadable = unreadableFieldsOf(usage);
  if (!unreadable) return { usage, estimated: false };
  const estimate = estimateChat(request, outputText());
  addWarning(warnings, `usage: the upstream reported ${unreadable.join(', ')}, which are not token counts; svc counted the tokens itself (${estimate.prompt_tokens} in, ${estimate.completion_tokens} out)`);
  return { usage: estimate, estimated: true };
}

/** How each operation's own usage becomes svc's billing units (tokens, seconds, characters). */
export const meters: { [O in Operation]: Meter<O> } = {
  chat: {
    result(result, request, warnings) {
      if (!result.usage) {
        result.usage = estimateChat(request, chatTextOf(result));
        addWarning(warnings, 'usage: the upstream reported no usage; svc counted the tokens itself');
        return meterChatUsage(result.usage, true);
      }
      const checked = checkedChatUsage(result.usage, request, () => chatTextOf(result), warnings);
      result.usage = checked.usage;
      const usage = meterChatUsage(checked.usage, checked.estimated);
      // A music model's track is billed by its length.
      const seconds = billedAudioSeconds.get(result);
      if (seconds !== undefined) usage.audioSeconds = seconds;
      return usage;
    },
    chunk(chunk: ChatCompletionChunk, request, streamedText, warnings) {
      if (!chunk.usage) return undefined;
      const checked = checkedChatUsage(chunk.usage, request, () => streamedText.join(''), warnings);
      chunk.usage = checked.usage;
      changedInPlace(chunk);
      return meterChatUsage(checked.usage, checked.estimated);
    },
    textOf(chunk) {
      const choice = chunk.choices[0];
      if (!choice) return undefined;
      const content = choice.delta.content ?? undefined;
      const toolCalls = choice.delta.tool_calls;
      if (!toolCalls) return content;
      let text = content ?? '';
      for (const call of toolCalls) text += (call.function?.name ?? '') + (call.function?.arguments ?? '');
      return text;
    },
    estimate: (request, outputText) => meterChatUsage(estimateChat(request, outputText), true),
    countsTokens: (result) => !result.usage || unreadableFieldsOf(result.usage) !== undefined,
  },
  embeddings: {
    result(result, request, warnings) {
      if (result.usage) return { ...emptyUsage(), inputTokens: result.usage.prompt_tokens };
      // Gemini reports no counts for embeddings, and a count that is not one is not used: svc counts the input (token arrays count themselves).
      const counted = (request.input as Array<string | number[]>).reduce<number>((sum, input) => sum + (typeof input === 'string' ? countTokens(input) : input.length), 0);
      if (result.unreadableUsage) addWarning(warnings, `usage: the upstream reported ${result.unreadableUsage.join(', ')}, which are not token counts; svc counted the tokens itself (${counted} in)`);
      result.usage = { prompt_tokens: counted, total_tokens: counted };
      return { ...emptyUsage(), inputTokens: counted, estimated: true };
    },
    countsTokens: (result) => !result.usage,
  },
  // Moderation is free at every provider of the catalog, and reports no usage.
  moderation: { result: () => undefined },
  transcription: {
    // Seconds as svc measured them from the file; the upstream's figure only when the file did not say, and only one the
    // file can hold; else estimated from the file's size (never billed as nothing, never as a fortune).
    result(result, request) {
      const bytes = request.file.bytes.length;
      const measured = request.file.durationSeconds ?? plausibleSeconds(result.durationSeconds, bytes);
      const usage = { ...emptyUsage(), estimated: measured === undefined, audioSeconds: measured ?? estimatedSeconds(bytes) };
      if (result.tokens) Object.assign(usage, { inputTokens: result.tokens.input, audioInputTokens: result.tokens.audioInput, outputTokens: result.tokens.output });
      return usage;
    },
  },
  speech: {
    result: (_result, request) => ({ ...emptyUsage(), characters: request.input.length }),
  },
};
