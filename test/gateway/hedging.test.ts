import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { loadCatalog } from '../../src/catalog/catalog.js';
import { gatewayForSuite } from '../support/test-gateway.js';
import { waitFor } from './gateway-test-helpers.js';

/** Issue 18, spec 4.1 `svc.enable_hedging`: a slow first call is raced by another provider of the same tier. */
describe('hedged calls', () => {
  const harness = gatewayForSuite();
  const tierTwo = { model: 'auto', routing_override: { force_tier: 'T2' } };

  async function ask(content: string, svc: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) {
    const started = Date.now();
    const response = await harness.request('/v1/chat/completions', { body: { ...tierTwo, messages: [{ role: 'user', content }], svc, ...extra } });
    assert.equal(response.status, 200, await response.clone().text());
    const body = await response.json();
    return { body, metadata: body.svc_metadata, elapsedMs: Date.now() - started, headers: response.headers };
  }

  test('the first call slower than its observed p95 is raced by a second provider; the first answer wins and the other is aborted', async () => {
    // Warm-up: the routed model's latency is observed (a few ms against the mock), so its p95 is small.
    const warm = await ask('warm up', { enable_hedging: true });
    for (let index = 0; index < 4; index++) await ask(`warm up ${index}`, { enable_hedging: true });
    assert.doesNotMatch(warm.metadata.routing_decision, /hedge=/, 'a fast first call is not hedged');
    const firstProvider = warm.metadata.provider;

    harness.mock.enqueueFault({ delayMs: 5000 }); // the next upstream request, the first call, hangs
    const sentBefore = harness.mock.requests.length;
    const hedged = await ask('Which is faster?', { enable_hedging: true });
    assert.ok(hedged.elapsedMs < 2500, `answered by the hedge in ${hedged.elapsedMs} ms, not after the slow call`);
    assert.notEqual(hedged.metadata.provider, firstProvider, 'another provider answered');
    assert.match(hedged.metadata.routing_decision, /hedge=[\w/.-]+ after \d+ ms, won/);
    assert.equal(hedged.headers.get('x-svc-speculation-accepted'), '0');
    const [first, second] = harness.mock.requests.slice(sentBefore);
    assert.ok(first && second, 'two upstream calls');
    assert.ok(await waitFor(() => first.abandoned === true, 2000), 'the slow call was aborted');
    assert.notEqual(second.abandoned, true);
    // The aborted call is billed for its prompt: the request costs more than the answering call alone
    // (its usage at the catalog's prices of the model that answered).
    const catalog = await loadCatalog();
    const winnerSlug = /hedge=(\S+) after \d+ ms, won/.exec(hedged.metadata.routing_decision)![1];
    const winner = catalog.resolveModel(winnerSlug)!;
    assert.equal(winner.provider, hedged.metadata.provider);
    const alone = (hedged.body.usage.prompt_tokens * winner.pricing.input_per_mtok! + hedged.body.usage.completion_tokens * winner.pricing.output_per_mtok!) / 1e6;
    assert.ok(hedged.metadata.cost_usd > alone * 1.01, `${hedged.metadata.cost_usd} > ${alone}`);
  });

  test('a stream is hedged on its first token: the second provider streams the answer, the slow call is aborted and billed for its prompt', async () => {
    for (let index = 0; index < 5; index++) await ask(`stream warm up ${index}`, { enable_hedging: true });
    harness.mock.enqueueFault({ delayMs: 5000 }); // the first call's answer does not start for 5 s
    const sentBefore = harness.mock.requests.length;
    const started = Date.now();
    const response = await harness.request('/v1/chat/completions', {
      body: { ...tierTwo, stream: true, stream_options: { include_usage: true }, messages: [{ role: 'user', content: 'Stream the faster answer' }], svc: { enable_hedging: true } },
    });
    assert.equal(response.status, 200);
    const text = await response.text();
    assert.ok(Date.now() - started < 2500, `streamed by the hedge in ${Date.now() - started} ms, not after the slow call`);
    const events = text.split('\n\n').filter((event) => event.startsWith('data: {')).map((event) => JSON.parse(event.slice(6)));
    assert.ok(text.trimEnd().endsWith('data: [DONE]'));
    const content = events.map((event) => event.choices?.[0]?.delta?.content ?? '').join('');
    assert.equal(content, 'Echo: Stream the faster answer', 'one answer, from one call: the losing stream sent nothing');
    const final = events.find((event) => event.usage && event.svc_metadata);
    assert.ok(final, 'the usage chunk carries svc_metadata');
    assert.match(final.svc_metadata.routing_decision, /hedge=[\w/.-]+ after \d+ ms, won/);
    assert.notEqual(final.svc_metadata.provider, undefined);
    const [first, second] = harness.mock.requests.slice(sentBefore);
    assert.ok(first && second, 'two upstream calls');
    assert.ok(await waitFor(() => first.abandoned === true, 2000), 'the slow stream was aborted');
    assert.notEqual(second.abandoned, true);
    // The aborted call is billed for its prompt: the stream costs more than its own usage at the winner's prices.
    const catalog = await loadCatalog();
    const winner = catalog.resolveModel(/hedge=(\S+) after \d+ ms, won/.exec(final.svc_metadata.routing_decision)![1])!;
    assert.equal(winner.provider, final.svc_metadata.provider);
    const alone = (final.usage.prompt_tokens * winner.pricing.input_per_mtok! + final.usage.completion_tokens * winner.pricing.output_per_mtok!) / 1e6;
    assert.ok(final.svc_metadata.cost_usd > alone * 1.01, `${final.svc_metadata.cost_usd} > ${alone}`);
  });

  test('a caller who leaves a hedged stream after the race cuts the winning upstream stream too', async () => {
    for (let index = 0; index < 5; index++) await ask(`leave warm up ${index}`, { enable_hedging: true });
    const slowStream = { content: 'one two three four five six seven eight nine ten eleven twelve', eventDelayMs: 150 };
    harness.mock.enqueueReply(slowStream);
    harness.mock.enqueueReply(slowStream);
    harness.mock.enqueueFault({ delayMs: 3000 });
    const sentBefore = harness.mock.requests.length;
    const response = await harness.request('/v1/chat/completions', {
      body: { ...tierTwo, stream: true, messages: [{ role: 'user', content: 'Stream slowly, then I leave' }], svc: { enable_hedging: true } },
    });
    const reader = response.body!.getReader();
    await reader.read(); // the winner's first chunk
    await reader.cancel(); // the caller leaves
    const [first, second] = harness.mock.requests.slice(sentBefore);
    assert.ok(first && second, 'two upstream calls');
    assert.ok(await waitFor(() => first.abandoned === true && second.abandoned === true, 3000), 'both upstream calls end: the loser when the race ended, the winner when the caller left');
  });

  test('without enable_hedging a slow call is waited for; a request no other provider serves says it was not hedged', async () => {
    harness.mock.enqueueFault({ delayMs: 400 });
    const patient = await ask('no hedge');
    assert.ok(patient.elapsedMs >= 400);
    assert.doesNotMatch(patient.metadata.routing_decision, /hedge=/);

    const pinned = await harness.request('/v1/chat/completions', { body: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }], svc: { enable_hedging: true } } });
    assert.deepEqual((await pinned.json()).svc_metadata.warnings, ['enable_hedging: no other provider of the same tier can serve this request, so it was not hedged']);

  });
});
