import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import WebSocket from 'ws';
import { assertNoInternalError } from '../support/answer-faults.js';
import { seededMutations } from '../support/random-mutations.js';
import { waitFor } from '../support/helpers.js';
import { gatewayForSuite, testMasterKey } from '../support/test-gateway.js';

/**
 * A realtime session fed what careless and hostile clients send: valid client events mutated at random (members
 * dropped, added, replaced by hostile values), frames that are not JSON, binary frames. svc relays client events as
 * they are (the provider answers a bad one with an error event), but it also reads them to meter the session: none of
 * this may crash it, log an internal error, or stop the session. After the mutated events, a plain response.create
 * still gets its response.done. Seeded: a failure names the seed and replays (SVC_FUZZ_SEEDS=4-200 by hand).
 */
describe('realtime client events mutated at random never break the session', () => {
  const harness = gatewayForSuite();
  const audio = Buffer.alloc(3200, 7).toString('base64');
  const validEvents: Array<Record<string, unknown>> = [
    { type: 'session.update', session: { type: 'realtime', instructions: 'Be brief.', audio: { input: { format: { type: 'audio/pcm', rate: 24000 } }, output: { format: { type: 'audio/pcmu' } } } } },
    { type: 'input_audio_buffer.append', audio },
    { type: 'input_audio_buffer.commit' },
    { type: 'input_audio_buffer.clear' },
    { type: 'conversation.item.create', item: { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Hello there' }] } },
    { type: 'conversation.item.create', item: { type: 'message', role: 'user', content: [{ type: 'input_audio', audio }] } },
    { type: 'conversation.item.truncate', item_id: 'item_1', content_index: 0, audio_end_ms: 120 },
    { type: 'response.create', response: { instructions: 'Answer in one word.' } },
    { type: 'response.cancel' },
  ];
  const fieldNames = ['type', 'session', 'item', 'audio', 'content', 'text', 'instructions', 'item_id', 'audio_end_ms', 'response', 'format', 'rate', 'x'];

  const [first, last] = (process.env.SVC_FUZZ_SEEDS ?? '1-3').split('-').map(Number);
  for (let seed = first; seed <= (last ?? first); seed++) {
    test(`seed ${seed}: 30 mutated client events, then a response still completes`, async () => {
      const { next, pick, mutate } = seededMutations(seed);
      const logsBefore = harness.logLines.length;
      const received: Array<{ type: string }> = [];
      const socket = new WebSocket(`${harness.url.replace(/^http/, 'ws')}/v1/voice/realtime?model=gpt-realtime`, { headers: { authorization: `Bearer ${testMasterKey}` } });
      socket.on('message', (data) => received.push(JSON.parse(data.toString())));
      await new Promise<void>((resolve, reject) => {
        socket.once('open', () => resolve());
        socket.once('error', reject);
      });
      const sent: string[] = [];
      for (let index = 0; index < 30; index++) {
        const roll = next();
        if (roll < 0.05) {
          socket.send(Buffer.from([0xff, 0x00, 0x7b]), { binary: true });
          sent.push('<binary>');
          continue;
        }
        if (roll < 0.1) {
          const frame = pick(['{"type": "session.update", "session": ', 'null', '[1, 2]', '"response.create"', '']);
          socket.send(frame);
          sent.push(`<${JSON.stringify(frame)}>`);
          continue;
        }
        let event: unknown = pick(validEvents);
        const rounds = Math.floor(next() * 3);
        for (let round = 0; round < rounds; round++) event = mutate(event, fieldNames);
        const text = JSON.stringify(event);
        socket.send(text);
        sent.push(text.slice(0, 160));
      }
      const dones = () => received.filter((event) => event.type === 'response.done').length;
      const before = dones();
      socket.send(JSON.stringify({ type: 'response.create' }));
      const completed = await waitFor(() => dones() > before, 5000);
      const closedEarly = socket.readyState !== WebSocket.OPEN;
      socket.close(1000);
      assert.ok(completed && !closedEarly, `seed ${seed}: the session stopped answering after:\n${sent.join('\n')}`);
      assertNoInternalError(harness, logsBefore, ` (seed ${seed}) after:\n${sent.join('\n')}`);
      assert.ok(await waitFor(() => harness.mock.realtimeSessions === 0, 3000), 'the upstream session closed with the client');
    });
  }
});
