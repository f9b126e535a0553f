import { hash } from 'node:crypto';
import type { CatalogModel } from '../../catalog/catalog-types.js';
import type { ChatRequest } from '../../core/chat-types.js';
import { answerShapingJson } from '../exact/request-key.js';

export type SemanticScope = 'model' | 'family';

/**
 * The part of a chat request the semantic cache compares loosely — the last user turn — or undefined when
 * the request is not one it serves: the last message is not a user text, or the conversation is longer
 * than `maxTurns` user turns.
 */
export function semanticPromptOf(request: ChatRequest, maxTurns: number): string | undefined {
  const last = request.messages[request.messages.length - 1];
  if (!last || last.role !== 'user') return undefined;
  let userTurns = 0;
  for (const message of request.messages) if (message.role === 'user') userTurns++;
  if (userTurns > maxTurns) return undefined;
  if (typeof last.content === 'string') return last.content.trim() === '' ? undefined : last.content;
  if (!Array.isArray(last.content) || last.content.some((part) => part.type !== 'text')) return undefined;
  return last.content.map((part) => (part as { text: string }).text).join('\n');
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
