import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { IncomingMessage } from 'node:http';
import WebSocket from 'ws';
import { DEFAULT_REALTIME_USAGE, MOCK_AUDIO_DELTAS } from '../mock-upstream/realtime-endpoint.js';
import { waitFor } from '../support/helpers.js';
import { sqliteVariant } from '../support/storage-variants.js';
import { gatewayForSuite, testMasterKey } from '../support/test-gateway.js';
import { assertClose, createKey, createOrg } from './gateway-test-helpers.js';

type Event = { type: string; [field: string]: unknown };

/** A ws client that keeps every event it receives and can wait for one. */
class RealtimeClient {
  readonly events: Event[] = [];
  readonly socket: WebSocket;
  upgradeHeaders: IncomingMessage['headers'] = {};
  closed?: { code: number };

  constructor(url: string, options: { headers?: Record<string, string>; protocols?: string[] } = {}) {
    this.socket = new WebSocket(url, options.protocols ?? [], { headers: options.headers });
    this.socket.on('upgrade', (response) => (this.upgradeHeaders = response.headers));
    this.socket.on('message', (data) => this.events.push(JSON.parse(data.toString())));
    this.socket.on('close', (code) => (this.closed = { code }));
  }

  opened(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.socket.once('open', () => resolve());
      this.socket.once('error', reject);
    });
  }

  /** The HTTP answer to a refused upgrade: status and body. */
  refused(): Promise<{ status: number; body: { error: { type: string; code: string; message: string } } }> {
    return new Promise((resolve, reject) => {
      this.socket.once('open', () => reject(new Error('the upgrade was accepted')));
      this.socket.once('unexpected-response', (_request, response) => {
        let text = '';
        response.on('data', (part: Buffer) => (text += part));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
      });
      this.socket.on('error', () => undefined);
    });
  }

  send(event: Record<string, unknown>): void {
    this.socket.send(JSON.stringify(event));
  }

  async until(type: string, count = 1): Promise<Event[]> {
    assert.ok(await waitFor(() => this.events.filter((event) => event.type === type).length >= count, 3000), `no ${count} × ${type} in ${this.events.map((event) => event.type).join(', ')}`);
    return this.events.filter((event) => event.type === type);
  }
}

/** Spec 4.7: GET /v1/voice/realtime, bridged to OpenAI's Realtime API (through the mock). */
describe('realtime voice over a websocket', () => {
  const harness = gatewayForSuite();
  let base: string;

  before(() => {
    base = `${harness.url.replace(/^http/, 'ws')}/v1/voice/realtime`;
  });

  test('a session through the ws client: events relayed in order both ways, audio deltas intact, the response recorded with its usage', async () => {
    const orgId = await createOrg(harness, `realtime-${Date.now()}`);
    const key = await createKey(harness, { org_id: orgId });
    const client = new RealtimeClient(`${base}?model=gpt-realtime`, { headers: { authorization: `Bearer ${key.key}` } });
    await client.opened();
    await client.until('session.created');
    assert.equal(client.upgradeHeaders['x-svc-intelligence-mode'], 'full');
    const [handshake] = harness.mock.requests;
    assert.equal(handshake.path, '/v1/realtime?model=gpt-realtime');
    assert.equal(handshake.headers.authorization, 'Bearer sk-openai-test');

    const audio = Buffer.alloc(4800, 9).toString('base64');
    client.send({ type: 'session.update', session: { type: 'realtime', instructions: 'Be brief.' } });
    client.send({ type: 'input_audio_buffer.append', audio });
    client.send({ type: 'input_audio_buffer.commit' });
    client.send({ type: 'response.create' });
    await client.until('response.done');
    assert.deepEqual(harness.mock.realtimeEvents.map((event) => event.type), ['session.update', 'input_audio_buffer.append', 'input_audio_buffer.commit', 'response.create']);
    assert.equal(harness.mock.realtimeEvents[1].audio, audio);
    assert.deepEqual(client.events.map((event) => event.type), [
      'session.created',
      'session.updated',
      'input_audio_buffer.committed',
      'response.created',
      'response.output_item.added',
      'response.output_audio_transcript.delta',
      'response.output_audio.delta',
      'response.output_audio.delta',
      'response.output_audio.delta',
      'response.output_audio.done',
      'response.output_audio_transcript.done',
      'response.done',
    ]);
    assert.deepEqual((await client.until('response.output_audio.delta', 3)).map((event) => event.delta), MOCK_AUDIO_DELTAS);

    client.socket.close(1000);
    assert.ok(await waitFor(() => harness.mock.realtimeSessions === 0, 3000), 'the upstream session closed with the client');
    type Summary = { requests: number; prompt_tokens: number; completion_tokens: number; cost_usd: number; by_endpoint: Array<{ endpoint: string; requests: number }> };
    const summary = async () => (await (await harness.request(`/v1/admin/usage?org_id=${orgId}`)).json()) as Summary;
    assert.ok(await waitFor(async () => (await summary()).requests === 1, 3000), 'one ledger row per response');
    const totals = await summary();
    assert.equal(totals.by_endpoint[0].endpoint, 'voice.realtime');
    assert.equal(totals.prompt_tokens, DEFAULT_REALTIME_USAGE.input_tokens);
    assert.equal(totals.completion_tokens, DEFAULT_REALTIME_USAGE.output_tokens);
    // gpt-realtime (catalog): text in 4, audio in 32, text out 16, audio out 64 USD per million tokens; the mock's usage is 20 + 80 in, 10 + 40 out.
    assertClose(totals.cost_usd, (20 * 4 + 80 * 32 + 10 * 16 + 40 * 64) / 1e6);
  });

  test("a browser's key in the subprotocol is accepted and never echoed; proxy mode is escalated to cache", async () => {
    const client = new RealtimeClient(base, { protocols: ['realtime', `openai-insecure-api-key.${testMasterKey}`], headers: { 'x-intelligence-mode': 'proxy' } });
    await client.opened();
    assert.equal(client.socket.protocol, 'realtime');
    assert.equal(client.upgradeHeaders['x-svc-intelligence-mode'], 'cache');
    assert.equal(harness.mock.requests[0].path, '/v1/realtime?model=gpt-realtime-mini', 'the default model is the lower-cost one');
    assert.equal(harness.mock.requests[0].headers['sec-websocket-protocol'], undefined, 'the caller\'s subprotocols do not go upstream');
    client.socket.close();
  });

  test('refusals are HTTP answers to the upgrade: no key 401, a model that is not realtime 400, an upstream failure 502', async () => {
    const anonymous = await new RealtimeClient(base).refused();
    assert.equal(anonymous.status, 401);
    assert.equal(anonymous.body.error.type, 'authentication_error');
    const wrongKey = await new RealtimeClient(base, { protocols: ['realtime', 'openai-insecure-api-key.svc_wrong'] }).refused();
    assert.equal(wrongKey.status, 401);
    const chatModel = await new RealtimeClient(`${base}?model=gpt-4o-mini`, { headers: { authorization: `Bearer ${testMasterKey}` } }).refused();
    assert.equal(chatModel.status, 400);
    assert.match(chatModel.body.error.message, /is a chat model, not a realtime model/);
    assert.equal(harness.mock.requests.length, 0);
    harness.mock.enqueueFault({ status: 500, message: 'realtime down', wire: 'openai/realtime', times: 5 });
    const down = await new RealtimeClient(base, { headers: { authorization: `Bearer ${testMasterKey}` } }).refused();
    assert.equal(down.status, 502);
    assert.equal(down.body.error.code, 'provider_error');
    const plain = await fetch(harness.url + '/v1/voice/realtime', { headers: { authorization: `Bearer ${testMasterKey}` } });
    assert.equal(plain.status, 400);
  });

  /** The ledger rows of an org, read from the database itself once `count` are written (the admin usage view flushes the ledger's queue). */
  async function ledgerRowsOf(orgId: string, count: number): Promise<Array<Record<string, number>>> {
    const read = async () => (await sqliteVariant().ledgerRows(harness.gateway.config.storage.dataDir, { org_id: orgId })) as Array<Record<string, number>>;
    let rows: Array<Record<string, number>> = [];
    assert.ok(await waitFor(async () => (await harness.request(`/v1/admin/usage?org_id=${orgId}`)).ok && (rows = await read()).length >= count, 3000), `${count} ledger rows for ${orgId}, found ${rows.length}`);
    return rows;
  }

  // OpenAI's rule (developers.openai.com/api/docs/guides/realtime-costs): user audio is 1 token per 100 ms, assistant audio 1 per 50 ms.
  // PCM16 at 24 kHz is 48,000 bytes a second: 96,000 bytes of user audio are 20 tokens, 48,000 of assistant audio 20.
  test('a response the client leaves before its end is billed for the conversation it read and the audio relayed: 499, estimated, never nothing', async () => {
    const orgId = await createOrg(harness, `realtime-cut-${Date.now()}`);
    const key = await createKey(harness, { org_id: orgId });
    const client = new RealtimeClient(`${base}?model=gpt-realtime`, { headers: { authorization: `Bearer ${key.key}` } });
    await client.opened();
    await client.until('session.created');
    client.send({ type: 'input_audio_buffer.append', audio: Buffer.alloc(96_000, 7).toString('base64') });
    client.send({ type: 'input_audio_buffer.commit' });
    harness.mock.enqueueReply({ content: '', audioDeltaBytes: 48_000, eventDelayMs: 300 }, { wire: 'openai/realtime' });
    client.send({ type: 'response.create' });
    await client.until('response.output_audio.delta', 2);
    client.socket.close(1000);
    const [row] = await ledgerRowsOf(orgId, 1);
    assert.equal(row.status, 499);
    assert.equal(row.estimated, 1);
    assert.deepEqual([row.prompt_tokens, row.audio_input_tokens, row.completion_tokens, row.audio_output_tokens], [20, 20, 40, 40], 'two seconds of user audio in, the two seconds relayed out');
    // gpt-realtime (catalog): audio in 32, audio out 64 USD per million tokens.
    assertClose(row.cost_usd, (20 * 32 + 40 * 64) / 1e6);
  });

  test('a response.done whose counts are not counts is counted by svc, not billed as 0', async () => {
    const orgId = await createOrg(harness, `realtime-unreadable-${Date.now()}`);
    const key = await createKey(harness, { org_id: orgId });
    const client = new RealtimeClient(`${base}?model=gpt-realtime`, { headers: { authorization: `Bearer ${key.key}` } });
    await client.opened();
    client.send({ type: 'input_audio_buffer.append', audio: Buffer.alloc(48_000, 7).toString('base64') });
    client.send({ type: 'input_audio_buffer.commit' });
    harness.mock.enqueueReply({ content: '', audioDeltaBytes: 24_000, rawUsage: { input_tokens: 'many', output_tokens: -1 } }, { wire: 'openai/realtime' });
    client.send({ type: 'response.create' });
    await client.until('response.done');
    client.socket.close(1000);
    const [row] = await ledgerRowsOf(orgId, 1);
    assert.equal(row.status, 200);
    assert.equal(row.estimated, 1);
    // One second of user audio (10 tokens); three half-second deltas relayed (1.5 s: 30 tokens).
    assert.deepEqual([row.prompt_tokens, row.audio_input_tokens, row.completion_tokens, row.audio_output_tokens], [10, 10, 30, 30]);
  });

  test('an upstream that drops the session closes the client too', async () => {
    harness.mock.enqueueFault({ dropAfterEvents: 1, wire: 'openai/realtime' });
    const client = new RealtimeClient(base, { headers: { authorization: `Bearer ${testMasterKey}` } });
    await client.opened();
    await client.until('session.created');
    client.send({ type: 'response.create' });
    assert.ok(await waitFor(() => client.closed !== undefined, 3000), 'the client was closed');
    assert.equal(client.closed!.code, 1011);
  });

  test('the monthly budget holds per session: a response it no longer covers is cancelled upstream with an error event; a new session is a 402', async () => {
    const orgId = await createOrg(harness, `realtime-budget-${Date.now()}`);
    const key = await createKey(harness, { org_id: orgId, monthly_budget_usd: 0.005 });
    const client = new RealtimeClient(base + '?model=gpt-realtime', { headers: { authorization: `Bearer ${key.key}` } });
    await client.opened();
    client.send({ type: 'response.create' });
    await client.until('response.done');
    // The first response cost 0.00536 USD (see above): the 0.005 budget is spent.
    client.send({ type: 'response.create' });
    const [refusal] = await client.until('error');
    assert.equal((refusal.error as { code: string }).code, 'budget_exceeded');
    assert.ok(await waitFor(() => harness.mock.realtimeEvents.some((event) => event.type === 'response.cancel'), 3000), 'the upstream was told to cancel');
    client.socket.close();
    const next = await new RealtimeClient(base, { headers: { authorization: `Bearer ${key.key}` } }).refused();
    assert.equal(next.status, 402);
    assert.equal(next.body.error.code, 'budget_exceeded');
  });
});
