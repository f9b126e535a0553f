import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { seededMutations } from '../support/random-mutations.js';
import { answerFault, assertNoInternalError } from '../support/answer-faults.js';
import { gatewayForSuite } from '../support/test-gateway.js';

/**
 * The legacy request headers of spec 4.1 (and the headers every client sends) with values no one should send:
 * numbers out of range, unknown words, JSON, very long text, several values at once. A header can only change what
 * svc decides, never crash it: each answer is a success or a 4xx in the spec's envelope, streams included, and an
 * answer that succeeded reports a mode of the spec's (and a tier, when it is not a stream). Seeded: a failure names the seed and replays
 * (SVC_FUZZ_SEEDS=4-200 by hand).
 */
describe('request headers with hostile values get a success or a 4xx, never a 5xx', () => {
  const harness = gatewayForSuite();
  const headerNames = ['x-svc-workflow', 'x-svc-voice', 'x-svc-planning-mode', 'x-svc-preference', 'x-svc-chain-routing', 'x-svc-lane', 'x-svc-tier', 'x-svc-run-id', 'x-svc-conversation-id', 'x-intelligence-mode', 'x-request-id', 'accept', 'accept-encoding', 'x-api-key', 'anthropic-version', 'openai-organization', 'idempotency-key'];
  const values = [
    '', ' ', '0', '-1', '1.5', '1e308', 'NaN', 'Infinity', 'true', 'null', '[]', '{}', '{"a":1}', 'T1', 'T4', 'tier-3', 'tier0', 'smart', 'turbo', 'fast', 'quality', 'proxy', 'cache', 'full', 'FULL',
    'long_horizon_autonomous', 'voice_complex', 'mixed', 'sticky', 'preact', 'planact', '00000000-0000-0000-0000-000000000000', 'x'.repeat(4000), 'a,b,c', 'gzip, br, zstd;q=0', 'text/event-stream', 'application/json;q=0', '*/*', '💥'.repeat(3),
  ];
  const bodies = [
    { model: 'auto', messages: [{ role: 'user', content: 'Write a haiku about rain.' }] },
    { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }], stream: true },
    { model: 'auto', messages: [{ role: 'user', content: 'Prove that the square root of 2 is irrational.' }], routing_hints: { mode: 'balanced' } },
  ];

  const [first, last] = (process.env.SVC_FUZZ_SEEDS ?? '1-3').split('-').map(Number);
  for (let seed = first; seed <= (last ?? first); seed++) {
    test(`seed ${seed}: 40 chat requests with hostile header values`, async () => {
      const { next, pick } = seededMutations(seed);
      const faults: string[] = [];
      const logsBefore = harness.logLines.length;
      for (let sent = 0; sent < 40; sent++) {
        const headers: Record<string, string> = {};
        const count = 1 + Math.floor(next() * 4);
        // Header values travel as Latin-1 bytes: what fetch cannot send (the emoji) goes percent-encoded, as a proxy might.
        for (let index = 0; index < count; index++) {
          const value = pick(values);
          headers[pick(headerNames)] = /^[\x20-\x7e]*$/.test(value) ? value : encodeURIComponent(value);
        }
        const body = pick(bodies);
        const response = await harness.request('/v1/chat/completions', { body, headers });
        const text = await response.text();
        const described = `${JSON.stringify(headers).slice(0, 300)} ${JSON.stringify(body).slice(0, 80)}`;
        const fault = answerFault(response.status, text);
        if (fault) faults.push(`${described}\n  → ${fault}`);
        else if (response.status < 400) {
          const tier = response.headers.get('x-svc-tier-used');
          const mode = response.headers.get('x-svc-intelligence-mode');
          // Spec 4.1: the tier is reported on non-stream answers; the mode on every answer.
          if (!('stream' in body) && !['T1', 'T2', 'T3'].includes(tier ?? '')) faults.push(`${described}\n  → x-svc-tier-used ${tier}`);
          if (!['proxy', 'cache', 'full'].includes(mode ?? '')) faults.push(`${described}\n  → x-svc-intelligence-mode ${mode}`);
        }
      }
      assert.deepEqual(faults, [], `seed ${seed}: ${faults.length} faults`);
      assertNoInternalError(harness, logsBefore);
    });
  }
});
