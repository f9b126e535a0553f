import { hash } from 'node:crypto';
import type { CatalogModel } from '../../catalog/catalog-types.js';
import type { ChatRequest } from '../../core/chat-types.js';
import { answerShapingJson } from '../exact/request-key.js';

export type SemanticScope = 'model' | 'family';

/**
 * Prompts longer than this are not matched by meaning. The guards compare two prompts word by word (about
 * 1 ms at 170 words, 170 ms at 5,000, on the event loop), and a long prompt (a document to summarize, a
 * question with its context) must match word for word anyway: the exact cache serves its repeats.
 */
export const MAX_SEMANTIC_PROMPT_CHARS = 1000;

/**
 * The part of a chat request the semantic cache compares loosely — the last user turn — or undefined when
 * the request is not one it serves: the last message is not a user text, the conversation is longer than
 * `maxTurns` user turns, or the turn is longer than MAX_SEMANTIC_PROMPT_CHARS.
 */
export function semanticPromptOf(request: ChatRequest, maxTurns: number): string | undefined {
  const last = request.messages[request.messages.length - 1];
  if (!last || last.role !== 'user') return undefined;
  let userTurns = 0;
  for (const message of request.messages) if (message.role === 'user') userTurns++;
  if (userTurns > maxTurns) return undefined;
  let prompt: string;
  if (typeof last.content === 'string') prompt = last.content;
  else if (Array.isArray(last.content) && last.content.every((part) => part.type === 'text')) prompt = last.content.map((part) => (part as { text: string }).text).join('\n');
  else return undefined;
  return prompt.trim() === '' || prompt.length > MAX_SEMANTIC_PROMPT_CHARS ? undefined : prompt;
}

/**
 * The bucket of a request: the scope (the resolved model, or its family — provider and tier) and a hash of
 * everything that must match exactly (system prompt, earlier turns, tools, response format, sampling).
 */
export function semanticBucketOf(request: ChatRequest, model: CatalogModel, scope: SemanticScope): string {
  const scopeKey = scope === 'model' ? model.slug : `${model.provider}/${model.tier ?? 'untiered'}`;
  const context = answerShapingJson({ ...request, messages: request.messages.slice(0, -1) });
  return `${scopeKey}\u0000${hash('sha256', context, 'base64url')}`;
}
