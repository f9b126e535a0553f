import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type OpenAI from 'openai';
import { startTestGateway, type TestGateway } from '../support/test-gateway.js';
import {
  expectApiError,
  postChat,
  readSseData,
  requestsSince,
  sdkClient,
} from './conformance-helpers.js';

import { targets, useConformanceGateway } from './conformance-targets.js';

/** Chat conformance, content filters and every upstream fault: the same scenarios against every wire adapter, through the openai SDK. */
for (const target of targets) {
  describe(`chat conformance (faults): ${target.slug} (${target.wire} wire)`, () => {
    let harness: TestGateway;
    let client: OpenAI;
    const { model, enqueue, call } = useConformanceGateway(target, (ready, readyClient) => {
      harness = ready;
      client = readyClient;
    });

    test('a filtered answer says content_filter, never a plain stop', async () => {
      enqueue({ content: '', finish: 'content_filter' });
      const { completion } = await call({ messages: [{ role: 'user', content: 'Something the filter dislikes' }] });
      assert.equal(completion.choices[0].finish_reason, 'content_filter');
      assert.ok(!completion.choices[0].message.content, 'no answer text');
    });

    if (target.wire === 'gemini') {
      test('Gemini safety: a prompt blocked before generation is a 400 error, not an empty success (JSON and stream)', async () => {
        for (const stream of [false, true]) {
          harness.mock.enqueueReply({ promptBlockReason: 'SAFETY' }, { wire: 'gemini' });
          const start = harness.mock.requests.length;
          await expectApiError(client.chat.completions.create({ model, stream, messages: [{ role: 'user', content: 'blocked prompt' }] }), {
            status: 400,
            code: 'validation_error',
            message: ['gemini', 'SAFETY'],
          });
          assert.equal(requestsSince(harness.mock, start).length, 1, 'a content filter is not retried elsewhere');
        }
      });
    }

    describe('faults', () => {
      let faulty: TestGateway;
      let faultyClient: OpenAI;
      const fault = (spec: Parameters<TestGateway['mock']['enqueueFault']>[0]) => faulty.mock.enqueueFault({ wire: target.wire, ...spec });

      before(async () => {
        faulty = await startTestGateway();
        faultyClient = sdkClient(faulty);
      });
      after(() => faulty.close());

      test('500 → 502 provider_error keeping the provider message', async () => {
        fault({ status: 500, message: 'mock upstream exploded' });
        const start = faulty.mock.requests.length;
        await expectApiError(faultyClient.chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }] }), {
          status: 502,
          code: 'provider_error',
          type: 'upstream_error',
          message: 'mock upstream exploded',
        });
        assert.equal(requestsSince(faulty.mock, start).length, 1, 'no other key or target to try');
      });

      test(`overloaded (${target.overloadedStatus}) → 502 keeping the provider message`, async () => {
        fault({ status: target.overloadedStatus, message: 'Overloaded, try again later' });
        await expectApiError(faultyClient.chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }] }), {
          status: 502,
          code: 'provider_error',
          message: ['Overloaded, try again later', String(target.overloadedStatus)],
        });
      });

      test('a stream that fails before its first token → a plain JSON 502, no SSE', async () => {
        fault({ status: 500, message: 'exploded before streaming' });
        const response = await postChat(faulty, { model, stream: true, messages: [{ role: 'user', content: 'hi' }] });
        assert.equal(response.status, 502);
        assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
        const body = (await response.json()) as { error: { code: string; message: string } };
        assert.equal(body.error.code, 'provider_error');
        assert.ok(body.error.message.includes('exploded before streaming'));
      });

      test('an in-band error event before the first token → a plain JSON 502 keeping the provider message', async () => {
        fault({ errorEventAfter: 0, message: 'in-band failure at once' });
        const start = faulty.mock.requests.length;
        await expectApiError(faultyClient.chat.completions.create({ model, stream: true, messages: [{ role: 'user', content: 'hi' }] }), {
          status: 502,
          code: 'provider_error',
          message: 'in-band failure at once',
        });
        assert.equal(requestsSince(faulty.mock, start).length, 1);
      });

      test('an in-band error event after the first tokens → an error event keeping the provider message, no [DONE]', async () => {
        fault({ errorEventAfter: target.dropAfterEvents, message: 'in-band failure midway' });
        faulty.mock.enqueueReply({ content: 'one two three four five six seven eight' }, { wire: target.wire });
        const response = await postChat(faulty, { model, stream: true, messages: [{ role: 'user', content: 'count' }] });
        assert.equal(response.status, 200);
        const payloads = await readSseData(response);
        assert.ok(!payloads.includes('[DONE]'));
        const last = JSON.parse(payloads.at(-1)!) as { error?: { code: string; message: string } };
        assert.equal(last.error?.code, 'provider_error');
        assert.ok(last.error?.message.includes('in-band failure midway'), `error event: ${payloads.at(-1)}`);
        assert.ok(payloads.slice(0, -1).some((payload) => (JSON.parse(payload) as OpenAI.ChatCompletionChunk).choices[0]?.delta?.content), 'content came before the error');
      });

      test('mid-stream drop → an error event and no [DONE]', async () => {
        const content = 'one two three four five six seven eight';
        fault({ dropAfterEvents: target.dropAfterEvents });
        faulty.mock.enqueueReply({ content }, { wire: target.wire });
        const response = await postChat(faulty, { model, stream: true, messages: [{ role: 'user', content: 'count' }] });
        assert.equal(response.status, 200);
        const payloads = await readSseData(response);
        assert.ok(!payloads.includes('[DONE]'), 'a broken stream never ends with [DONE]');
        const last = JSON.parse(payloads.at(-1)!) as { error?: { code: string; type: string } };
        assert.equal(last.error?.code, 'provider_error', `last event: ${payloads.at(-1)}`);
        const text = payloads
          .slice(0, -1)
          .map((payload) => (JSON.parse(payload) as OpenAI.ChatCompletionChunk).choices[0]?.delta?.content ?? '')
          .join('');
        assert.ok(text.length > 0 && content.startsWith(text) && text !== content, `a partial answer came first: ${JSON.stringify(text)}`);

        // The SDK surfaces the same stream as an error while iterating.
        fault({ dropAfterEvents: target.dropAfterEvents });
        faulty.mock.enqueueReply({ content }, { wire: target.wire });
        const stream = await faultyClient.chat.completions.create({ model, stream: true, messages: [{ role: 'user', content: 'count' }] });
        await assert.rejects(async () => {
          for await (const _chunk of stream) {
            // drain
          }
        }, /upstream/i, 'the SDK raises the gateway\'s error event');
      });
    });

    describe('rate limit', () => {
      let limited: TestGateway;
      before(async () => {
        limited = await startTestGateway();
      });
      after(() => limited.close());

      test('429 with Retry-After and no other key or target → 429 upsteam_rate_limit with retry-after', async () => {
        limited.mock.enqueueFault({ wire: target.wire, status: 429, retryAfterSeconds: 7, message: 'slow down please' });
        const error = await expectApiError(sdkClient(limited).chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }] }), {
          status: 429,
          code: 'upsteam_rate_limit',
          type: 'rate_limit_error',
          message: 'slow down please',
        });
        assert.equal(error.headers?.get('retry-after'), '7');
        assert.equal(limited.mock.requests.length, 1);

        // The key now cools down: the next call is refused at once, without reaching the upstream.
        const again = await expectApiError(sdkClient(limited).chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }] }), { status: 429, code: 'upsteam_rate_limit' });
        const retryAfter = Number(again.headers?.get('retry-after'));
        assert.ok(retryAfter >= 6 && retryAfter <= 7, `retry-after while cooling down (7 s, just started): ${retryAfter}`);
        assert.equal(limited.mock.requests.length, 1);
      });
    });
  });
}
