import type { MockReply, RequestSummary } from './mock-types.js';

/** Deterministic answer when no reply was scripted: echo, JSON for JSON mode, tool calls when tools are offered. */
export function defaultReply(summary: RequestSummary): MockReply {
  const inputTokens = Math.max(1, Math.ceil(summary.lastUserText.length / 4));
  if (summary.toolNames.length > 0 && !summary.toolChoiceNone && !summary.hasToolResult) {
    const names = summary.forcedTool
      ? [summary.forcedTool]
      : summary.parallelToolCalls && summary.toolNames.length > 1
        ? summary.toolNames.slice(0, 2)
        : summary.toolNames.slice(0, 1);
    return {
      toolCalls: names.map((name, index) => ({ id: `call_mock_${index}`, name, arguments: JSON.stringify({ query: summary.lastUserText, index }) })),
      finish: 'tool_calls',
      usage: { input: inputTokens, output: 12 * names.length },
    };
  }
  if (summary.wantsJson) {
    return { content: JSON.stringify({ echo: summary.lastUserText }), finish: 'stop', usage: { input: inputTokens, output: 8 } };
  }
  const content = `Echo: ${summary.lastUserText}`;
  return { content, finish: 'stop', usage: { input: inputTokens, output: Math.max(1, content.split(' ').length) } };
}

/** Splits content into stream deltas: the scripted chunks, or word by word keeping the spaces. */
export function contentChunks(reply: MockReply): string[] {
  if (reply.chunks) return reply.chunks;
  const content = reply.content ?? '';
  if (content === '') return [];
  return content.match(/\S+\s*|\s+/g) ?? [content];
}
