import assert from 'node:assert/strict';
import type { ChatCompletionChunk } from '../../src/core/chat-types.js';
import type { SseEvent } from '../../src/http/sse-writer.js';

type Choice = ChatCompletionChunk['choices'][number];

/** A canonical chat chunk of one choice, as an upstream adapter hands it to a stream encoder. */
export const chatChunk = (delta: Choice['delta'], finish_reason: Choice['finish_reason'] = null, model = 'gpt-4o-mini'): ChatCompletionChunk => ({
  id: 'chatcmpl-1',
  object: 'chat.completion.chunk',
  created: 1_700_000_000,
  model,
  choices: [{ index: 0, delta, finish_reason }],
});

/** Each named event's data parsed, checked to name the same type as its SSE `event:` line. */
export function parsedEvents(events: SseEvent[]): Array<Record<string, unknown>> {
  return events.map((event) => {
    const data = JSON.parse(event.data) as Record<string, unknown>;
    assert.equal(data.type, event.event, 'the data names the event it is sent under');
    return data;
  });
}
