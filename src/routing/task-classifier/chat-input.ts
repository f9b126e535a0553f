import { textOfContent } from '../../core/chat-text.js';
import type { ChatRequest } from '../../core/chat-types.js';
import type { ClassifierInput } from './classifier-features.js';

/** Earlier turns the classifier reads: the first (what the conversation is about) and the last few (what a follow-up refers to). */
const HISTORY_TURNS = 6;

/**
 * A chat request as the classifier reads it: the last user message, the system prompt, the turns before —
 * after `recalled`, the texts of the conversation's earlier turns that full mode's memory brought back (a
 * follow-up such as "and in Rust?" is as hard as what it follows).
 */
export function classifierInputOfChat(request: ChatRequest, recalled: readonly string[] = []): ClassifierInput {
  const messages = request.messages;
  let last = messages.length - 1;
  while (last >= 0 && messages[last].role !== 'user') last--;
  const history: string[] = [...recalled];
  let system: string | undefined;
  for (let index = 0; index < messages.length; index++) {
    const message = messages[index];
    if (message.role === 'system' || message.role === 'developer') system = system === undefined ? textOfContent(message.content) : `${system}\n${textOfContent(message.content)}`;
    else if (index < last && (message.role === 'user' || message.role === 'assistant')) history.push(textOfContent(message.content));
  }
  const json = request.response_format?.type === 'json_object' || request.response_format?.type === 'json_schema';
  // A follow-up is read with the conversation's opening: in a long conversation that is no longer among the last turns.
  const kept = history.length <= HISTORY_TURNS ? history : [history[0], ...history.slice(1 - HISTORY_TURNS)];
  return { prompt: last >= 0 ? textOfContent(messages[last].content) : '', system, history: kept, tools: request.tools?.length ?? 0, toolNames: request.tools?.map((tool) => tool.function.name), json };
}
