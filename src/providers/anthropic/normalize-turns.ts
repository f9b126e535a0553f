import type { AnthropicMessage, AnthropicRequestBlock } from './wire-types.js';
import { addWarning } from '../shared/warnings.js';
import { PLACEHOLDER_USER_TEXT } from '../shared/placeholder-turn.js';

/**
 * Makes converted turns acceptable to Anthropic, which requires:
 * - no empty message (it rejects empty content);
 * - strict user/assistant alternation: consecutive same-role turns are merged into one, which is
 *   also how several OpenAI tool messages become one user turn with several tool_result blocks;
 * - tool_result blocks before any other block of their user turn;
 * - a user turn first;
 * - no trailing whitespace at the end of a final assistant turn (a prefill).
 */
export function normalizeTurns(turns: AnthropicMessage[], warnings: string[]): AnthropicMessage[] {
  const merged: AnthropicMessage[] = [];
  for (const turn of turns) {
    if (turn.content.length === 0) continue;
    const previous = merged[merged.length - 1];
    if (previous && previous.role === turn.role) previous.content = [...previous.content, ...turn.content];
    else merged.push({ role: turn.role, content: [...turn.content] });
  }
  for (const turn of merged) if (turn.role === 'user') turn.content = toolResultsFirst(turn.content);
  if (merged.length === 0 || merged[0].role !== 'user') {
    merged.unshift({ role: 'user', content: [{ type: 'text', text: PLACEHOLDER_USER_TEXT }] });
    addWarning(warnings, 'Anthropic needs a user message first: svc inserted a placeholder user message');
  }
  trimFinalAssistantTurn(merged);
  return merged;
}

function toolResultsFirst(blocks: AnthropicRequestBlock[]): AnthropicRequestBlock[] {
  const results = blocks.filter((block) => block.type === 'tool_result');
  if (results.length === 0) return blocks;
  return [...results, ...blocks.filter((block) => block.type !== 'tool_result')];
}

/** Anthropic continues a final assistant turn in place and rejects one that ends in whitespace. */
function trimFinalAssistantTurn(turns: AnthropicMessage[]): void {
  const last = turns[turns.length - 1];
  if (last.role !== 'assistant') return;
  const finalBlock = last.content[last.content.length - 1];
  if (finalBlock.type !== 'text') return;
  const trimmed = finalBlock.text.trimEnd();
  if (trimmed === finalBlock.text) return;
  if (trimmed === '') last.content = last.content.slice(0, -1);
  else last.content = [...last.content.slice(0, -1), { type: 'text', text: trimmed }];
  if (last.content.length === 0) turns.pop();
}
