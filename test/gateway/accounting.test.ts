import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { storageVariants } from '../support/storage-variants.js';
import { startTestGateway, testMasterKey, type TestGateway } from '../support/test-gateway.js';
import { assertClose, chatBody, createKey, createOrg, postChat, readSse, waitFor } from './gateway-test-helpers.js';

/**
 * Issue 8, accounting that nothing can break, on SQLite and on PostgreSQL: rows are read from the
 * database itself and compared with what the mock sent, token for token.
 */
for (const variant of storageVariants()) {
  describe(`exact accounting under faults (${variant.name})`, { skip: variant.skip }, () => {
    let harness: TestGateway;
    let orgId: string;
    let key: string;

    before(async () => {
      harness = await startTestGateway({ env: await variant.prepare() });
      orgId = await createOrg(harness, `accounting-${variant.name}`);
      key = (await createKey(harness, { org_id: orgId })).key;
    });
    after(async () => {
      await harness?.close();
      await variant.cleanup();
    });

    /** The org's ledger rows, straight from the database, once the ledger has flushed. */
    async function rows(): Promise<Array<Record<string, any>>> {
      await harness.request(`/v1/admin/usage?org_id=${orgId}`); // the admin read flushes the ledger first
      return variant.ledgerRows(harness.gateway.config.storage.dataDir, { org_id: orgId });
    }
    const rowOf = async (requestId: string | null) => (await rows()).find((row) => row.request_id === requestId);
    const chat = (body: Record<string, unknown>) => postChat(harness, chatBody(body), { key });

    test('usage counts that are not token counts (12.5, -3, "abc", 1e20, null) never stop the ledger: each is estimated, and the next rows are written', async () => {
      const prompt = 'Count these words please';
      const expectedPrompt = 3 + 3 + countTokens('user') + countTokens(prompt); // OpenAI's framing: 3 a message, 3 for the reply
      for (const bad of [12.5, -3, 'abc', 1e20, null]) {
        harness.mock.enqueueReply({ content: 'four words right here', rawUsage: { prompt_tokens: bad, completion_tokens: 4, total_tokens: 99 } });
        const response = await chat({ messages: [{ role: 'user', content: prompt }] });
        const body = await response.json();
        assert.equal(response.status, 200, JSON.stringify(body));
        assert.equal(body.usage.prompt_tokens, expectedPrompt, `prompt_tokens ${JSON.stringify(bad)} is replaced by svc's count`);
        assert.ok(body.svc_metadata.warnings.some((warning: string) => warning.includes('not token counts')), JSON.stringify(body.svc_metadata.warnings));
        const row = await rowOf(response.headers.get('x-svc-request-id'));
        assert.ok(row, `the row of the request with prompt_tokens ${JSON.stringify(bad)} is written`);
        assert.equal(row.prompt_tokens, expectedPrompt);
        assert.equal(row.estimated, 1);
      }
      harness.mock.enqueueReply({ content: 'fine', usage: { input: 21, output: 9 } });
      const good = await chat({});
      const row = await rowOf(good.headers.get('x-svc-request-id'));
      assert.deepEqual([row?.prompt_tokens, row?.completion_tokens, row?.estimated], [21, 9, 0], 'the ledger goes on writing exact rows');
    });

    test("a complete answer's row holds the mock's counts, token for token, priced from the catalog", async () => {
      harness.mock.enqueueReply({ content: 'priced', usage: { input: 1234, output: 567, cached: 200, reasoning: 17 } });
      const response = await chat({});
      const row = await rowOf(response.headers.get('x-svc-request-id'));
      assert.deepEqual(
        [row?.status, row?.prompt_tokens, row?.completion_tokens, row?.cached_tokens, row?.reasoning_tokens, row?.estimated],
        [200, 1234, 567, 200, 17, 0],
      );
      // gpt-4o-mini: 0.15 per million input, 0.075 cached, 0.60 output.
      assertClose(row?.cost_usd, (1034 * 0.15 + 200 * 0.075 + 567 * 0.6) / 1e6);
    });

    test('a stream the client cuts is billed with its prompt and the output streamed so far, status 499, estimated', async () => {
      const words = Array.from({ length: 30 }, (_, index) => `word${index} `);
      harness.mock.enqueueReply({ chunks: words, eventDelayMs: 40, usage: { input: 999, output: 999 } });
      const controller = new AbortController();
      const response = await fetch(`${harness.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify(chatBody({ stream: true, messages: [{ role: 'user', content: 'Tell me a long story' }] })),
        signal: controller.signal,
      });
      const requestId = response.headers.get('x-svc-request-id');
      const { events } = await readSse(response, performance.now(), (_event, index) => index === 4);
      controller.abort();
      assert.ok(await waitFor(async () => (await rowOf(requestId)) !== undefined, 3000), 'the cut stream has its row');
      const row = (await rowOf(requestId))!;
      assert.equal(row.status, 499);
      assert.equal(row.estimated, 1);
      assert.equal(row.prompt_tokens, 3 + 3 + countTokens('user') + countTokens('Tell me a long story'));
      // What the client saw (content of the chunks it read), or one chunk more that was already on its way.
      const seen = events.map((event) => JSON.parse(event.data).choices?.[0]?.delta?.content ?? '').join('');
      const oneMore = seen + words[events.length - 1];
      assert.ok([countTokens(seen), countTokens(oneMore)].includes(row.completion_tokens), `completion_tokens ${row.completion_tokens} vs streamed "${seen}"`);
      assert.ok(row.cost_usd > 0, 'a cut stream is not free');
    });

    test('a stream the upstream cuts is billed up to the cut, status 502, estimated', async () => {
      harness.mock.enqueueReply({ chunks: ['alpha ', 'beta ', 'gamma ', 'delta '], usage: { input: 50, output: 50 } });
      harness.mock.enqueueFault({ dropAfterEvents: 3 }); // the role chunk, then "alpha " and "beta "
      const response = await chat({ stream: true, messages: [{ role: 'user', content: 'go' }] });
      const requestId = response.headers.get('x-svc-request-id');
      await response.text();
      const row = (await rowOf(requestId))!;
      assert.deepEqual([row.status, row.estimated, row.completion_tokens], [502, 1, countTokens('alpha beta ')]);
      assert.equal(row.prompt_tokens, 3 + 3 + countTokens('user') + countTokens('go'));
    });

    test('failed requests are in the ledger with their status and no cost: an upstream failure, and a refused body', async () => {
      harness.mock.enqueueFault({ status: 500, message: 'upstream down' });
      const failed = await chat({});
      assert.equal(failed.status, 502);
      const refused = await chat({ temperature: 7 });
      assert.equal(refused.status, 400);
      const failedRow = await rowOf(failed.headers.get('x-svc-request-id'));
      const refusedRow = await rowOf(refused.headers.get('x-svc-request-id'));
      assert.deepEqual([failedRow?.status, failedRow?.cost_usd, failedRow?.prompt_tokens], [502, 0, 0]);
      assert.deepEqual([refusedRow?.status, refusedRow?.cost_usd, refusedRow?.requested_model], [400, 0, 'gpt-4o-mini']);
      const summary = await (await harness.request(`/v1/admin/usage?org_id=${orgId}`, { key: testMasterKey })).json();
      assert.ok(summary.by_status.some((entry: { status: number }) => entry.status === 400));
    });
  });
}
