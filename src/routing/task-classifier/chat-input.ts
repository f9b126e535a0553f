import type { ChatMessage, ChatRequest } from '../../core/chat-types.js';
import type { ClassifierInput } from './classifier-features.js';

/** Earlier turns the classifier reads: the last few are what a follow-up refers to. */
const HISTORY_TURNS = 6;

function textOf(message: ChatMessage): string {
  if (typeof message.content === 'string') return message.content;
  if (!message.content) return '';
  let text = '';
  for (const part of message.content) if (part.type === 'text') text += `${(part as { text?: string }).text ?? ''} `;
  return text;
}

/** A chat request as the classifier reads it: the last user message, the system prompt, the turns before. */
export function classifierInputOfChat(request: ChatRequest): ClassifierInput {
  const messages = request.messages;
  let last = messages.length - 1;
  while (last >= 0 && messages[last].role !== 'user') last--;
  const history: string[] = [];
  let system: string | undefined;
  for (let index = 0; index < messages.length; index++) {
    const message = messages[index];
    if (message.role === 'system' || message.role === 'developer') system = system === undefined ? textOf(message) : `${system}\n${textOf(message)}`;
    else if (index < last && (message.role === 'user' || message.role === 'assistant')) history.push(textOf(message));
  }
  const json = request.response_format?.type === 'json_object' || request.response_format?.type === 'json_schema';
  return { prompt: last >= 0 ? textOf(messages[last]) : '', system, history: history.slice(-HISTORY_TURNS), tools: request.tools?.length ?? 0, json };
}
