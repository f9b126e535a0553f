import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestGateway, type TestGateway } from '../support/test-gateway.js';
import { expectError, postChat } from './gateway-test-helpers.js';

/**
 * One request must not freeze the gateway for every tenant: the JSON schemas callers send (response_format,
 * tool parameters, Responses text.format) are bounded in size and depth, and their patterns run in linear
 * time, so /healthz keeps answering while a hostile schema is checked.
 */
describe('hostile JSON schemas', () => {
  let harness: TestGateway;

  before(async () => {
    harness = await startTestGateway();
    // Warm-up: the first schema compile and the first connections of a process are slow for reasons of their own.
    harness.mock.enqueueReply({ content: '{"code":"abc"}' });
    const warm = await postChat(harness, { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'warm' }], response_format: { type: 'json_schema', json_schema: { name: 'code', schema: { type: 'object', properties: { code: { type: 'string', pattern: '^[a-z]+$' } } } } } });
    await warm.arrayBuffer();
    await (await fetch(`${harness.url}/healthz`)).arrayBuffer();
  });
  after(() => harness.close());

  /** Runs `work` while /healthz is asked every 10 ms; returns the slowest /healthz answer in ms. */
  async function slowestHealthzDuring(work: () => Promise<unknown>): Promise<number> {
    let done = false;
    let slowest = 0;
    const probe = (async () => {
      while (!done) {
        const started = performance.now();
        const response = await fetch(`${harness.url}/healthz`);
        await response.arrayBuffer();
        slowest = Math.max(slowest, performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    try {
      await work();
    } finally {
      done = true;
      await probe;
    }
    return slowest;
  }

  /**
   * Runs `request` (which returns the answer's status) up to three times while /healthz is asked, until one
   * try keeps /healthz under 100 ms. Other test files share the CPUs in CI; a backtracking engine would take
   * minutes on every try, so one quick try is proof enough. Returns the statuses and the slowest /healthz of each try.
   */
  async function healthzWithinBudgetDuring(request: () => Promise<number>): Promise<{ statuses: number[]; tries: number[] }> {
    const statuses: number[] = [];
    const tries: number[] = [];
    for (let attempt = 0; attempt < 3 && !tries.some((slowest) => slowest < 100); attempt++) {
      tries.push(await slowestHealthzDuring(async () => statuses.push(await request())));
    }
    return { statuses, tries };
  }
  const answered = async (response: Response) => {
    await response.arrayBuffer();
    return response.status;
  };

  const evilSchema = { type: 'object', properties: { code: { type: 'string', pattern: '^(a+)+$' } }, required: ['code'] };
  // 28 "a" and a "!": a backtracking engine takes minutes on it (every further "a" doubles the time).
  const evilAnswer = JSON.stringify({ code: `${'a'.repeat(28)}!` });

  test('a backtracking pattern in response_format is checked in linear time: /healthz answers within 100 ms meanwhile', async () => {
    const { statuses, tries } = await healthzWithinBudgetDuring(async () => {
      harness.mock.enqueueReply({ content: evilAnswer });
      return answered(await postChat(harness, { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'code?' }], response_format: { type: 'json_schema', json_schema: { name: 'code', schema: evilSchema } } }));
    });
    assert.ok(statuses.every((status) => status === 200), JSON.stringify(statuses));
    assert.ok(tries.some((slowest) => slowest < 100), `/healthz took ${tries.map((slowest) => slowest.toFixed(1)).join(', ')} ms`);
  });

  test('the same pattern in a registered tool schema and in a tool call is checked in linear time too', async () => {
    const orgResponse = await harness.request('/v1/admin/orgs', { body: { name: 'hostile-tools' } });
    const orgId = (await orgResponse.json()).id as string;
    const key = (await (await harness.request('/v1/admin/keys', { body: { org_id: orgId } })).json()).key as string;
    assert.equal((await harness.request(`/v1/admin/orgs/${orgId}/policy`, { method: 'PUT', body: { enforce_tools: true } })).status, 200);
    assert.equal((await harness.request(`/v1/admin/orgs/${orgId}/tools/submit`, { method: 'PUT', body: { policy: 'allow', schema: evilSchema } })).status, 200);
    const { statuses, tries } = await healthzWithinBudgetDuring(async () => {
      harness.mock.enqueueReply({ toolCalls: [{ name: 'submit', arguments: evilAnswer }] });
      return answered(await postChat(harness, { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'submit' }], tools: [{ type: 'function', function: { name: 'submit', parameters: evilSchema } }] }, { key }));
    });
    assert.ok(statuses.every((status) => status === 422), `the arguments fail the pattern: refused (${JSON.stringify(statuses)})`);
    assert.ok(tries.some((slowest) => slowest < 100), `/healthz took ${tries.map((slowest) => slowest.toFixed(1)).join(', ')} ms`);
  });

  test('a pattern RE2 cannot run (backreference, lookahead) is a 400 naming the field', async () => {
    for (const pattern of ['^(a)\\1$', '^(?=a)a$']) {
      const schema = { type: 'object', properties: { x: { type: 'string', pattern } } };
      await expectError(await postChat(harness, { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'x' }], response_format: { type: 'json_schema', json_schema: { name: 'x', schema } } }), {
        status: 400,
        type: 'invalid_request_error',
        code: 'validation_error',
        param: 'response_format.json_schema.schema',
        message: 'linear time',
      });
    }
  });

  test('schemas past the bounds (subschemas, bytes, depth) are a 400, never a stall or a stack overflow', async () => {
    const wide = (count: number) => ({ type: 'object', properties: Object.fromEntries(Array.from({ length: count }, (_, index) => [`p${index}`, { type: 'string' }])) });
    let deep: Record<string, unknown> = { type: 'string' };
    for (let level = 0; level < 60; level++) deep = { type: 'object', properties: { next: deep } };
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['tools', { tools: [{ type: 'function', function: { name: 'big', parameters: wide(100_000) } }] }, 'tools[0].function.parameters'],
      ['response_format', { response_format: { type: 'json_schema', json_schema: { name: 'big', schema: wide(20_000) } } }, 'response_format.json_schema.schema'],
      ['subschemas', { response_format: { type: 'json_schema', json_schema: { name: 'big', schema: wide(600) } } }, 'response_format.json_schema.schema'],
      ['depth', { tools: [{ type: 'function', function: { name: 'deep', parameters: deep } }] }, 'tools[0].function.parameters'],
    ];
    const sentBefore = harness.mock.requests.length;
    const slowest = await slowestHealthzDuring(async () => {
      for (const [, body, param] of cases) {
        await expectError(await postChat(harness, { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'x' }], ...body }), { status: 400, type: 'invalid_request_error', code: 'validation_error', param });
      }
    });
    assert.ok(slowest < 1000, `/healthz took ${slowest.toFixed(1)} ms while megabyte bodies were parsed`);
    assert.equal(harness.mock.requests.length, sentBefore, 'nothing went upstream');
  });

  test('a body nested deeper than a JSON parser can follow is a 400 in the envelope, not a crash', async () => {
    const levels = 100_000;
    const body = `{"model":"gpt-4o-mini","messages":[{"role":"user","content":"x"}],"tools":[{"type":"function","function":{"name":"deep","parameters":${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}}}]}`;
    const response = await fetch(`${harness.url}/v1/chat/completions`, { method: 'POST', headers: { authorization: `Bearer ${harness.gateway.config.masterKey}`, 'content-type': 'application/json' }, body });
    await expectError(response, { status: 400, type: 'invalid_request_error', code: 'validation_error' });
    assert.equal((await fetch(`${harness.url}/healthz`)).status, 200);
  });

  test('the Responses API bounds text.format and tool schemas the same way', async () => {
    const schema = { type: 'object', properties: { x: { type: 'string', pattern: '(a)\\1' } } };
    await expectError(await harness.request('/v1/responses', { body: { model: 'gpt-4o-mini', input: 'x', text: { format: { type: 'json_schema', name: 'x', schema } } } }), {
      status: 400,
      type: 'invalid_request_error',
      code: 'validation_error',
      param: 'text.format.schema',
    });
  });
});
