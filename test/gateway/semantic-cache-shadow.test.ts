import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { startTestGateway, type TestGateway } from '../support/test-gateway.js';
import { createKey, createOrg, expectError, postChat, waitFor, writeConfigFile } from './gateway-test-helpers.js';

const chatCalls = (harness: TestGateway) => harness.mock.requests.filter((request) => request.path.includes('chat/completions')).length;

interface CacheReport {
  org_id: string;
  exact: { hits: number };
  semantic: { switch: string; note: string | null; hits: number; shadow: { decisions: number; agreed: number }; estimated_precision: number | null; precision_floor: number; min_samples: number };
}

/** Precision measured in production: shadow mode, the org's cache report, and the automatic stop under the floor. */
describe('semantic cache shadow mode and the org cache report', () => {
  let harness: TestGateway;
  let configPath: string;
  let run = 0;

  before(async () => {
    configPath = await writeConfigFile('cache:\n  semantic:\n    precision_floor: 0.75\n    min_shadow_samples: 3\n');
    harness = await startTestGateway({ env: { SVC_CONFIG: configPath } });
  });
  after(async () => {
    await harness.close();
    await rm(dirname(configPath), { recursive: true, force: true });
  });
  beforeEach(() => {
    harness.mock.reset();
    run++;
  });

  const orgWithKey = async () => {
    const orgId = await createOrg(harness, `shadow-${run}-${Math.random().toString(36).slice(2, 8)}`);
    const key = (await createKey(harness, { org_id: orgId })).key;
    return { orgId, key };
  };
  const ask = (key: string, content: string) => postChat(harness, { model: 'gpt-4o-mini', temperature: 0, messages: [{ role: 'user', content }] }, { key });
  const report = async (orgId: string, key?: string): Promise<CacheReport> => {
    const response = await harness.request(`/v1/admin/orgs/${orgId}/cache`, key ? { key } : undefined);
    assert.equal(response.status, 200, await response.clone().text());
    return (await response.json()) as CacheReport;
  };
  const setSwitch = (orgId: string, value: string | null) => harness.request(`/v1/admin/orgs/${orgId}/cache`, { method: 'PUT', body: { semantic_cache: value } });

  test('an org starts with the config default (serve), and its report counts exact and semantic hits', async () => {
    const { orgId, key } = await orgWithKey();
    harness.mock.enqueueReply({ content: 'Paris.' });
    await (await ask(key, 'What is the capital of France?')).arrayBuffer();
    assert.equal((await ask(key, 'What is the capital of France?')).headers.get('x-svc-cache-type'), 'exact');
    assert.equal((await ask(key, "what's the capital of france")).headers.get('x-svc-cache-type'), 'semantic');
    assert.ok(await waitFor(async () => (await report(orgId)).semantic.hits === 1));
    const seen = await report(orgId);
    assert.deepEqual({ ...seen, semantic: { ...seen.semantic } }, {
      org_id: orgId,
      exact: { hits: 1 },
      semantic: { switch: 'serve', note: null, hits: 1, shadow: { decisions: 0, agreed: 0 }, estimated_precision: null, precision_floor: 0.75, min_samples: 3 },
    });
  });

  test('in shadow mode a hit is decided but not served: the fresh answer is, and agreement is recorded', async () => {
    const { orgId, key } = await orgWithKey();
    assert.equal((await setSwitch(orgId, 'shadow')).status, 200);
    harness.mock.enqueueReply({ content: 'The capital of France is Paris.' });
    await (await ask(key, 'What is the capital of France?')).arrayBuffer();
    harness.mock.enqueueReply({ content: 'Paris is the capital of France.' });
    const paraphrase = await ask(key, "what's the capital of france");
    assert.equal(paraphrase.headers.get('x-svc-cache-hit'), 'false');
    assert.equal((await paraphrase.json()).choices[0].message.content, 'Paris is the capital of France.');
    assert.equal(chatCalls(harness), 2);
    assert.ok(await waitFor(async () => (await report(orgId)).semantic.shadow.decisions === 1));
    const seen = await report(orgId);
    assert.deepEqual([seen.semantic.switch, seen.semantic.shadow, seen.semantic.estimated_precision, seen.semantic.hits], ['shadow', { decisions: 1, agreed: 1 }, 1, 0]);
  });

  test('under the precision floor the semantic cache switches itself off for the org, says so in the log and the metrics, and an admin can switch it back', async () => {
    const { orgId, key } = await orgWithKey();
    await setSwitch(orgId, 'shadow');
    // Three shadow decisions whose fresh answers disagree with the cached ones (other numbers): precision 0 < 0.75.
    for (const [index, city] of ['Lyon', 'Nice', 'Lille'].entries()) {
      harness.mock.enqueueReply({ content: `${city} has ${100 + index} thousand people.` });
      await (await ask(key, `What is the population of ${city}?`)).arrayBuffer();
      harness.mock.enqueueReply({ content: `${city} has ${900 + index} thousand people.` });
      await (await ask(key, `what's the population of ${city}`)).arrayBuffer();
    }
    assert.ok(await waitFor(async () => (await report(orgId)).semantic.switch === 'off', 3000), JSON.stringify(await report(orgId)));
    const stopped = await report(orgId);
    assert.deepEqual(stopped.semantic.shadow, { decisions: 3, agreed: 0 });
    assert.match(stopped.semantic.note ?? '', /measured precision 0\.000 over 3 compared answers is under the floor 0\.75/);
    assert.ok(harness.logLines.some((line) => line.includes('semantic cache switched off for the org') && line.includes(orgId)));
    const metrics = await (await harness.request('/metrics')).text();
    assert.match(metrics, /^svc_semantic_cache_auto_off_total [1-9]/m);

    // Off: not even an exact prompt's paraphrase is looked up.
    harness.mock.enqueueReply({ content: 'Lyon has 100 thousand people.' });
    assert.equal((await ask(key, 'what is the population of lyon')).headers.get('x-svc-cache-hit'), 'false');

    const restored = (await (await setSwitch(orgId, 'serve')).json()) as CacheReport;
    assert.deepEqual([restored.semantic.switch, restored.semantic.note, restored.semantic.shadow], ['serve', null, { decisions: 0, agreed: 0 }]);
    assert.equal((await ask(key, "what's the population of nice")).headers.get('x-svc-cache-type'), 'semantic');
  });

  test('an org admin reads and sets its own org only; a bad switch is a 400 naming the field', async () => {
    const { orgId } = await orgWithKey();
    const other = await orgWithKey();
    const admin = (await createKey(harness, { org_id: orgId, scopes: ['admin'] })).key;
    assert.equal((await report(orgId, admin)).org_id, orgId);
    const foreign = await harness.request(`/v1/admin/orgs/${other.orgId}/cache`, { key: admin });
    assert.equal(foreign.status, 403);
    const bad = await harness.request(`/v1/admin/orgs/${orgId}/cache`, { method: 'PUT', body: { semantic_cache: 'sometimes' }, key: admin });
    await expectError(bad, { status: 400, type: 'invalid_request_error', code: 'validation_error', param: 'semantic_cache', message: 'semantic_cache must be one of serve, shadow, off (got "sometimes")' });
    assert.equal((await harness.request(`/v1/admin/orgs/${orgId}/cache`, { method: 'PUT', body: { semantic_cache: null }, key: admin })).status, 200);
  });
});

describe('semantic cache verification sample while serving', () => {
  test('with verify_sample_rate 1 every hit is answered fresh and compared', async () => {
    const configPath = await writeConfigFile('cache:\n  semantic:\n    verify_sample_rate: 1\n');
    const harness = await startTestGateway({ env: { SVC_CONFIG: configPath } });
    try {
      const orgId = await createOrg(harness, 'sampled');
      const key = (await createKey(harness, { org_id: orgId })).key;
      harness.mock.enqueueReply({ content: 'Blue light scatters more.' });
      await (await postChat(harness, { model: 'gpt-4o-mini', temperature: 0, messages: [{ role: 'user', content: 'Why is the sky blue?' }] }, { key })).arrayBuffer();
      harness.mock.enqueueReply({ content: 'Blue light scatters more.' });
      const again = await postChat(harness, { model: 'gpt-4o-mini', temperature: 0, messages: [{ role: 'user', content: 'why is the sky blue' }] }, { key });
      assert.equal(again.headers.get('x-svc-cache-hit'), 'false');
      assert.ok(
        await waitFor(async () => {
          const seen = (await (await harness.request(`/v1/admin/orgs/${orgId}/cache`)).json()) as CacheReport;
          return seen.semantic.shadow.decisions === 1 && seen.semantic.shadow.agreed === 1 && seen.semantic.switch === 'serve';
        }),
      );
    } finally {
      await harness.close();
      await rm(dirname(configPath), { recursive: true, force: true });
    }
  });
});
