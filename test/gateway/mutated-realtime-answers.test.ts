import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import WebSocket from 'ws';
import { MOCK_AUDIO_DELTAS } from '../mock-upstream/realtime-endpoint.js';
import { assertNoInternalError } from '../support/answer-faults.js';
import { seededMutations } from '../support/random-mutations.js';
import { waitFor } from '../support/helpers.js';
import { gatewayForSuite } from '../support/test-gateway.js';
import { createKey, createOrg } from './gateway-test-helpers.js';

/**
 * A realtime session whose provider sends events mutated at random (members dropped, added, replaced by hostile
 * values: a response id that is a number, usage counts of 1e308, a delta that is an object). svc relays them and
 * meters the session from them: nothing may crash it or log an internal error, the session keeps answering, and what
 * the ledger records stays counts and a cost (finite, never negative) however wrong the events were. Seeded: a
 * failure names the seed and replays (SVC_FUZZ_SEEDS=4-200 by hand).
 */
describe('realtime answers mutated at random are relayed and metered without a fault', () => {
  const harness = gatewayForSuite();
  /** The mock's events of a response: created, item added, transcript delta, its audio deltas, audio done, transcript done, done. */
  const MOCK_RESPONSE_EVENTS = 6 + MOCK_AUDIO_DELTAS.length;
  const eventNames = ['type', 'response', 'id', 'status', 'usage', 'input_tokens', 'output_tokens', 'input_token_details', 'output_token_details', 'audio_tokens', 'text_tokens', 'cached_tokens', 'response_id', 'item_id', 'delta', 'transcript', 'item', 'output'];

  const [first, last] = (process.env.SVC_FUZZ_SEEDS ?? '1-3').split('-').map(Number);
  for (let seed = first; seed <= (last ?? first); seed++) {
    test(`seed ${seed}: six responses whose events are mutated, then one that is not`, async () => {
      const { next, mutate } = seededMutations(seed);
      const orgId = await createOrg(harness, `realtime-answers-${seed}-${Date.now()}`);
      const { key } = await createKey(harness, { org_id: orgId });
      const logsBefore = harness.logLines.length;
      const received: string[] = [];
      const socket = new WebSocket(`${harness.url.replace(/^http/, 'ws')}/v1/voice/realtime?model=gpt-realtime`, { headers: { authorization: `Bearer ${key}` } });
      socket.on('message', (data) => received.push(data.toString()));
      await new Promise<void>((resolve, reject) => {
        socket.once('open', () => resolve());
        socket.once('error', reject);
      });
      const sessionCreated = await waitFor(() => received.length > 0, 3000);
      assert.ok(sessionCreated, 'session.created');
      for (let response = 0; response < 6; response++) {
        const expected = received.length + MOCK_RESPONSE_EVENTS;
        harness.mock.enqueueReply({ alter: (event) => (next() < 0.4 ? mutate(event, eventNames) : event) }, { wire: 'openai/realtime' });
        socket.send(JSON.stringify({ type: 'response.create' }));
        assert.ok(await waitFor(() => received.length >= expected, 3000), `seed ${seed}: response ${response + 1} was not relayed whole`);
      }
      // A plain response after them all: the session still answers, and its response.done comes through.
      const dones = () => received.filter((text) => text.includes('"response.done"')).length;
      const before = dones();
      socket.send(JSON.stringify({ type: 'response.create' }));
      assert.ok(await waitFor(() => dones() > before, 3000), `seed ${seed}: the session stopped answering`);
      socket.close(1000);
      assert.ok(await waitFor(() => harness.mock.realtimeSessions === 0, 3000), 'the upstream session closed with the client');
      type Summary = { requests: number; prompt_tokens: number; completion_tokens: number; cost_usd: number };
      const summary = async () => (await (await harness.request(`/v1/admin/usage?org_id=${orgId}`)).json()) as Summary;
      assert.ok(await waitFor(async () => (await summary()).requests >= 1, 3000), 'at least the last response is a ledger row');
      const totals = await summary();
      for (const [name, value] of Object.entries({ prompt_tokens: totals.prompt_tokens, completion_tokens: totals.completion_tokens, cost_usd: totals.cost_usd })) {
        assert.ok(Number.isFinite(value) && value >= 0, `seed ${seed}: ${name} ${value}`);
      }
      // No count beyond what any request holds (the meter's bound) reached the ledger: 7 responses at most.
      assert.ok(totals.prompt_tokens + totals.completion_tokens <= 7 * 100_000_000, `seed ${seed}: ${JSON.stringify(totals)}`);
      assertNoInternalError(harness, logsBefore, ` (seed ${seed})`);
    });
  }
});
