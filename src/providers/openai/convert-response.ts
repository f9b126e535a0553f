import { randomUUID } from 'node:crypto';
import type { ChatChoice, ChatCompletion, ToolCall } from '../../core/chat-types.js';
import { type UpstreamTarget } from '../provider-types.js';
import { UpstreamError } from '../../errors/upstream-error.js';
import { usageOfPayload } from './convert-usage.js';
import { normalizeFinishReason } from './finish-reason.js';
import { isJsonObject, numberOrUndefined, stringOrUndefined, type JsonObject } from '../../shared/json-values.js';
import { mapOpenAiInBandError } from './map-error.js';

/**
 * A 2xx chat.completion body → canonical ChatCompletion. Fields the canonical message does not name
 * (DeepSeek's `reasoning_content`, `annotations`, `audio`) stay on the message.
 */
export function convertOpenAiResponse(body: unknown, target: UpstreamTarget): ChatCompletion {
  const providerId = target.provider.id;
  if (!isJsonObject(body)) throw malformed(providerId, 'is not a JSON object');
  // OpenRouter can answer 200 and put the failure in the body.
  if (body.error !== undefined && body.error !== null) throw new UpstreamError(providerId, mapOpenAiInBandError(body.error));
  if (!Array.isArray(body.choices)) throw malformed(providerId, 'has no choices array');
  // A caller's SDK reads choices[0]: a list without one is no answer (n is at least 1).
  if (body.choices.length === 0) throw malformed(providerId, 'has no choice in its choices array');

  const completion: ChatCompletion = {
    id: stringOrUndefined(body.id) ?? `chatcmpl-${randomUUID()}`,
    object: 'chat.completion',
    created: numberOrUndefined(body.created) ?? Math.floor(Date.now() / 1000),
    model: stringOrUndefined(body.model) ?? target.model.upstream_model,
    choices: body.choices.map(convertChoice),
  };
  if (body.system_fingerprint !== undefined) completion.system_fingerprint = stringOrUndefined(body.system_fingerprint) ?? null;
  if (body.service_tier !== undefined) completion.service_tier = stringOrUndefined(body.service_tier) ?? null;
  const usage = usageOfPayload(body);
  if (usage) completion.usage = usage;
  return completion;
}

function convertChoice(raw: unknown, position: number): ChatChoice {
  const choice = isJsonObject(raw) ? raw : {};
  const message: JsonObject = isJsonObject(choice.message) ? { ...choice.message } : {};
  message.role = 'assistant';
  message.content = textOfContent(message.content);
  const toolCalls = Array.isArray(message.tool_calls) && message.tool_calls.length > 0 ? message.tool_calls.map(convertToolCall) : undefined;
  // Some hosts send `tool_calls: []` or null; the canonical message omits the field instead.
  if (toolCalls) message.tool_calls = toolCalls;
  else delete message.tool_calls;
  const converted: ChatChoice = {
    index: numberOrUndefined(choice.index) ?? position,
    message: message as ChatChoice['message'],
    finish_reason: normalizeFinishReason(choice.finish_reason),
  };
  if (choice.logprobs !== undefined) converted.logprobs = choice.logprobs;
  return converted;
}

function convertToolCall(raw: unknown, position: number): ToolCall {
  const call = isJsonObject(raw) ? raw : {};
  const fn = isJsonObject(call.function) ? call.function : {};
  // Some self-hosted servers return arguments as an object; the OpenAI shape is a JSON string.
  const args = typeof fn.arguments === 'string' ? fn.arguments : JSON.stringify(fn.arguments ?? {});
  return { id: stringOrUndefined(call.id) ?? `call_${position}`, type: 'function', function: { name: stringOrUndefined(fn.name) ?? '', arguments: args } };
}

/**
 * Message text: a string as is; an array of parts (Mistral's reasoning models) → its text parts joined.
 * Exported for the stream translator, whose deltas can carry the same arrays.
 */
export function textOfContent(content: unknown): string | null {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return null;
  let text = '';
  for (const part of content) if (isJsonObject(part) && part.type === 'text' && typeof part.text === 'string') text += part.text;
  return text;
}

function malformed(providerId: string, problem: string): UpstreamError {
  return new UpstreamError(providerId, { kind: 'server_error', message: `upstream chat response ${problem}` });
}
