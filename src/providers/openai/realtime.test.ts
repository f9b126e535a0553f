import { test } from 'node:test';
import assert from 'node:assert/strict';
import { realtimeUsageOf } from './realtime.js';

const done = (usage: Record<string, unknown>) => ({ type: 'response.done', response: { id: 'resp_1', usage } });

test("a response.done's usage: text and audio tokens in and out, cached within the input", () => {
  const usage = realtimeUsageOf(done({ input_tokens: 100, output_tokens: 50, input_token_details: { cached_tokens: 20, audio_tokens: 80 }, output_token_details: { audio_tokens: 40 } }));
  assert.deepEqual([usage?.inputTokens, usage?.outputTokens, usage?.cachedInputTokens, usage?.audioInputTokens, usage?.audioOutputTokens, usage?.estimated], [100, 50, 20, 80, 40, false]);
});

test('counts that are not token counts (a fraction, a negative, more than any request holds) are not billed as given', () => {
  for (const bad of [1.5, -1, 1e15, '12']) {
    const usage = realtimeUsageOf(done({ input_tokens: bad, output_tokens: 5 }));
    assert.equal(usage?.estimated, true, String(bad));
    assert.equal(usage?.inputTokens, 0, String(bad));
  }
  assert.equal(realtimeUsageOf({ type: 'response.done', response: { id: 'resp_1' } }), undefined);
});
