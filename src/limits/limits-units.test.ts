import assert from 'node:assert/strict';
import { test } from 'node:test';
import { gcraAdjust, gcraStep } from '../shared/gcra.js';
import { formatDuration, rateLimitHeaders } from './rate-limit-headers.js';

test('GCRA: 60 per minute allows a burst of 60, then one per second; the wait is exact', () => {
  const check = { key: 'k', limit: 60, windowMs: 60_000, cost: 1 };
  let tat: number | undefined;
  const now = 1_000_000;
  for (let index = 0; index < 60; index++) {
    const step = gcraStep(tat, now, check);
    assert.equal(step.allowed, true, `request ${index + 1}`);
    assert.equal(step.state.remaining, 59 - index);
    tat = step.newTat;
  }
  const refused = gcraStep(tat, now, check);
  assert.deepEqual([refused.allowed, refused.retryAfterMs, refused.state.remaining, refused.state.resetMs], [false, 1000, 0, 60_000]);
  assert.equal(gcraStep(tat, now + 1000, check).allowed, true, 'one second later one more fits');
});

test('GCRA: a cost larger than the limit never fits; a refund never banks capacity beyond a full window', () => {
  const check = { key: 'k', limit: 1000, windowMs: 60_000, cost: 1001 };
  assert.equal(gcraStep(undefined, 0, check).allowed, false);
  assert.equal(gcraAdjust(undefined, 5000, check, -500), 5000, 'refunding an idle counter leaves it idle');
  const afterSpend = gcraStep(undefined, 0, { ...check, cost: 600 }).newTat;
  assert.equal(gcraAdjust(afterSpend, 0, check, -100), 30_000, '600 tokens − 100 refunded = 500 tokens = 30 s of a 1000/min limit');
});

test('OpenAI-style reset durations and the strictest limit in the headers', () => {
  assert.deepEqual([formatDuration(20), formatDuration(1000), formatDuration(1500), formatDuration(360_000), formatDuration(90_500), formatDuration(3_723_000)], ['20ms', '1s', '1.5s', '6m0s', '1m30.5s', '1h2m3s']);
  assert.deepEqual(rateLimitHeaders('requests', [{ limit: 100, state: { remaining: 40, resetMs: 1000 } }, { limit: 10, state: { remaining: 3, resetMs: 42_000 } }], {}), {
    'x-ratelimit-limit-requests': '10',
    'x-ratelimit-remaining-requests': '3',
    'x-ratelimit-reset-requests': '42s',
  });
  assert.deepEqual(rateLimitHeaders('tokens', [], {}), {});
});

test('an embeddings input counted ahead of the estimates is the count the estimates make: texts with the tokenizer, token arrays by length', async () => {
  const { countInputWithoutBlocking, estimatedTokens } = await import('./request-estimates.js');
  const { countTokens } = await import('../billing/token-estimator.js');
  const texts = ['The quarterly report covers revenue and costs. '.repeat(3000), 'a short line'];
  const embeddings = (input: string[] | number[][]) =>
    ({ operation: 'embeddings', principal: { orgId: 'org_units' }, request: { model: 'text-embedding-3-small', input, encoding_format: 'float' } }) as never;
  const counted = embeddings(texts);
  await countInputWithoutBlocking(counted);
  assert.equal(estimatedTokens(counted), countTokens(texts[0]) + countTokens(texts[1]));
  // Sent again by the same org, the long text's count is the one remembered: the same number.
  const resent = embeddings(texts);
  await countInputWithoutBlocking(resent);
  assert.equal(estimatedTokens(resent), countTokens(texts[0]) + countTokens(texts[1]));
  assert.equal(estimatedTokens(embeddings(texts)), estimatedTokens(counted), 'counted here or by the estimate alone: the same');
  const arrays = embeddings([[1, 2, 3], [4, 5]]);
  await countInputWithoutBlocking(arrays);
  assert.equal(estimatedTokens(arrays), 5);
});
