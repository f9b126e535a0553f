import { randomBytes } from 'node:crypto';
import type { ToolCall } from '../../core/chat-types.js';
import { extraContentForSignature, type GoogleExtraContent } from './thought-signature.js';
import type { GeminiPart } from './wire-types.js';

/** A tool call that may carry Gemini's thought signature for the client to send back. */
export type GeminiToolCall = ToolCall & GoogleExtraContent;

/** Whether a part is answer text (thought parts are the model's reasoning, not the answer). */
export function isAnswerText(part: GeminiPart): part is GeminiPart & { text: string } {
  return typeof part.text === 'string' && part.thought !== true;
}

/** The answer text of a candidate's parts, joined. */
export function answerTextOf(parts: GeminiPart[]): string {
  return parts.filter(isAnswerText).map((part) => part.text).join('');
}

/** A functionCall part as a chat completions tool call; Gemini often omits the id, so one is made up. */
export function toolCallOfPart(part: GeminiPart & { functionCall: NonNullable<GeminiPart['functionCall']> }): GeminiToolCall {
  return {
    id: part.functionCall.id || `call_${randomBytes(12).toString('hex')}`,
    type: 'function',
    function: { name: part.functionCall.name, arguments: JSON.stringify(part.functionCall.args ?? {}) },
    ...extraContentForSignature(part.thoughtSignature),
  };
}

export function isFunctionCall(part: GeminiPart): part is GeminiPart & { functionCall: NonNullable<GeminiPart['functionCall']> } {
  return part.functionCall !== undefined;
}
