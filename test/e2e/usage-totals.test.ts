import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { storageVariants } from '../support/storage-variants.js';
import { startTestGateway, type TestGateway } from '../support/test-gateway.js';
import { assertClose } from '../support/helpers.js';

/**
 * 500 mixed requests on PostgreSQL — non-stream, streams with and without the usage chunk, streams the
 * upstream cuts, failures — from two orgs: every admin total equals the sum of the org's rows in the
 * database, and every row of a complete answer holds exactly the mock's counts.
 */
const postgres = storageVariants().find((variant) => variant.name === 'postgres')!;
const REQUESTS = 500;

describe('usage totals on a mixed load (postgres)', { skip: postgres.skip }, () => {
  let harness: TestGateway;
  const orgs: Array<{ id: string; key: string }> = [];

  before(async () => {
    harness = await startTestGateway({ env: await postgres.prepare() });
    for (const name of ['mix-a', 'mix-b']) {
      const org = (await (await harness.request('/v1/admin/orgs', { body: { name } })).json()) as { id: string };
      const key = (await (await harness.request('/v1/admin/keys', { body: { org_id: org.id } })).json()) as { key: string };
      orgs.push({ id: org.id, key: key.key });
    }
  });
  after(async () => {
    await harness?.close();
    await postgres.cleanup();
  });

  test(`${REQUESTS} requests: totals are the sums of the rows, rows are the mock's counts`, async () => {
    const expected = new Map<string, { prompt: number; completion: number }>();
    const kinds = ['whole', 'stream_usage', 'stream_plain', 'failed', 'upstream_cut'] as const;
    for (let index = 0; index < REQUESTS; index++) {
      const kind = kinds[index % kinds.length];
      const org = orgs[index % 2];
      const usage = { input: 100 + index, output: 10 + (index % 13) };
      if (kind === 'failed') harness.mock.enqueueFault({ status: 500, message: 'mixed failure' });
      else harness.mock.enqueueReply({ chunks: ['one ', 'two ', 'three ', 'four'], usage });
      if (kind === 'upstream_cut') harness.mock.enqueueFault({ dropAfterEvents: 3 });
      const stream = kind.startsWith('stream') || kind === 'upstream_cut';
      const response = await harness.request('/v1/chat/completions', {
        key: org.key,
        body: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: `request ${index}` }], stream, ...(kind === 'stream_usage' ? { stream_options: { include_usage: true } } : {}) },
      });
      await response.text();
      const requestId = response.headers.get('x-svc-request-id')!;
      if (kind === 'whole' || kind === 'stream_usage' || kind === 'stream_plain') expected.set(requestId, { prompt: usage.input, completion: usage.output });
    }

    for (const org of orgs) {
      const summary = (await (await harness.request(`/v1/admin/usage?org_id=${org.id}`)).json()) as Record<string, any>;
      const rows = await postgres.ledgerRows('', { org_id: org.id });
      assert.equal(rows.length, REQUESTS / 2, 'one row per request, failed and cut ones included');
      assert.equal(summary.requests, rows.length);
      const sum = (field: string) => rows.reduce((total, row) => total + Number(row[field]), 0);
      assert.equal(summary.prompt_tokens, sum('prompt_tokens'));
      assert.equal(summary.completion_tokens, sum('completion_tokens'));
      assert.equal(summary.cached_tokens, sum('cached_tokens'));
      assertClose(summary.cost_usd, sum('cost_usd'), 'cost_usd', 1e-12);
      assertClose(summary.baseline_cost_usd, sum('baseline_cost_usd'), 'baseline_cost_usd', 1e-12);
      for (const row of rows) {
        const mock = expected.get(row.request_id as string);
        if (!mock) continue;
        assert.deepEqual([row.prompt_tokens, row.completion_tokens, row.estimated], [mock.prompt, mock.completion, 0], `row ${row.request_id}`);
        // gpt-4o-mini: 0.15 USD per million input tokens, 0.60 per million output tokens.
        assertClose(Number(row.cost_usd), (mock.prompt * 0.15 + mock.completion * 0.6) / 1e6, `cost of ${row.request_id}`);
      }
      const statuses = Object.fromEntries(summary.by_status.map((entry: { status: number; requests: number }) => [entry.status, entry.requests]));
      assert.deepEqual(statuses, { 200: 150, 502: 100 }, 'per org: 150 answered, 50 failed and 50 cut by the upstream');
      assert.ok(rows.filter((row) => row.status === 502 && row.estimated === 1).length === 50, 'the cut streams are flagged estimated');
    }
  });
});
