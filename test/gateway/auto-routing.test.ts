import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { gatewayForSuite } from '../support/test-gateway.js';
import { createKey, createOrg } from './gateway-test-helpers.js';
import { catalogModel } from '../conformance/conformance-helpers.js';

/** Issue 18: `model: auto` reads the request — its task family is reported, its complexity bounds the tier. */
describe('model auto reads the request', () => {
  const harness = gatewayForSuite();

  async function auto(body: Record<string, unknown>) {
    const response = await harness.request('/v1/chat/completions', { body: { model: 'auto', ...body } });
    assert.equal(response.status, 200, await response.clone().text());
    return (await response.json()).svc_metadata as { task_family?: string; tier: string; routing_decision: string; decision_source: string };
  }
  const ask = (content: string, extra: Record<string, unknown> = {}) => auto({ messages: [{ role: 'user', content }], ...extra });

  test('the task family is on every auto answer, and said in routing_decision', async () => {
    const code = await ask('Write a TypeScript function that groups an array of objects by a key, with generics.');
    assert.equal(code.task_family, 'code');
    assert.match(code.routing_decision, /^family=code complexity=\w+ /);
    assert.equal(code.decision_source, 'AutoRouter');
    assert.equal((await ask('Translate into Spanish: the invoice is attached and due on Friday.')).task_family, 'translation');
    const pinned = await harness.request('/v1/chat/completions', { body: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hi' }] } });
    assert.equal((await pinned.json()).svc_metadata.task_family, undefined, 'a named model is not classified');
  });

  test("an agent's request is read with its tools' names: \"find out why and fix it\" is code for a coding agent", async () => {
    const tool = (name: string) => ({ type: 'function', function: { name, parameters: { type: 'object', properties: {} } } });
    const request = "It broke again after yesterday's change. Find out why and fix it.";
    assert.equal((await ask(request, { tools: ['open_file', 'str_replace_editor', 'run_tests'].map(tool) })).task_family, 'code');
    assert.notEqual((await ask(request, { tools: ['search_restaurants', 'reserve_table'].map(tool) })).task_family, 'code');
  });

  test('a proof is served at T3; small talk at T1; a follow-up keeps its family from the history', async () => {
    const proof = await ask('Prove that every bounded monotone sequence of real numbers converges, and show where completeness of the reals is used.');
    assert.equal(proof.task_family, 'math');
    assert.equal(proof.tier, 'T3');
    const hello = await ask('Hi! How are you?');
    assert.equal(hello.task_family, 'chat');
    assert.equal(hello.tier, 'T1');
    const followUp = await auto({ messages: [{ role: 'user', content: 'Write a Python function that checks if a string is a palindrome.' }, { role: 'assistant', content: 'def is_palindrome(s):\n    return s == s[::-1]' }, { role: 'user', content: 'now in Rust' }] });
    assert.equal(followUp.task_family, 'code');
  });

  test('hints move the tier within the bounds of the complexity; overrides win', async () => {
    const proof = 'Prove that there is no largest prime number, then prove that there are infinitely many primes of the form 4k+3.';
    assert.equal((await ask(proof, { routing_hints: { max_tier: 1 } })).tier, 'T2', 'max_tier does not take a complex request below T2');
    assert.equal((await ask(proof, { routing_override: { force_tier: 'T1' } })).tier, 'T1', 'an override wins');
    assert.equal((await ask('Hi! How are you?', { routing_hints: { mode: 'quality' } })).tier, 'T2', 'trivial chat goes no higher than T2');
    assert.equal((await ask('Hi! How are you?', { routing_hints: { task_complexity: 'expert' } })).tier, 'T3', "the caller's complexity replaces the classifier's");
  });
});

describe('the legacy routing headers and service_tier batch (spec 4.1)', () => {
  const harness = gatewayForSuite();

  async function routed(body: Record<string, unknown>, headers: Record<string, string> = {}) {
    const response = await harness.request('/v1/chat/completions', { body: { model: 'auto', messages: [{ role: 'user', content: 'Write a Python function that counts vowels in a string.' }], ...body }, headers });
    assert.equal(response.status, 200, await response.clone().text());
    return { tier: (await response.json()).svc_metadata.tier as string, lane: response.headers.get('x-svc-lane-used') };
  }

  test('x-svc-tier forces the tier unless the body overrides it; x-svc-lane forces the lane; x-svc-preference moves the dial', async () => {
    assert.equal((await routed({})).tier, 'T2', 'a standard code request');
    assert.equal((await routed({}, { 'x-svc-tier': 'tier-3' })).tier, 'T3');
    assert.equal((await routed({ routing_override: { force_tier: 'T1' } }, { 'x-svc-tier': 'T3' })).tier, 'T1', 'the body wins');
    assert.equal((await routed({}, { 'x-svc-lane': 'turbo' })).lane, 'turbo');
    assert.equal((await routed({}, { 'x-svc-preference': '0.9' })).tier, 'T3');
    assert.equal((await routed({}, { 'x-svc-preference': 'cost_optimized' })).tier, 'T1');
  });

  test('a legacy header whose value means nothing is ignored, and the answer says so', async () => {
    const response = await harness.request('/v1/chat/completions', {
      body: { model: 'auto', messages: [{ role: 'user', content: 'Write a Python function that counts vowels in a string.' }] },
      headers: { 'x-svc-tier': 'T9', 'x-svc-lane': 'fast', 'x-svc-preference': 'cheap' },
    });
    assert.equal(response.status, 200);
    const metadata = (await response.json()).svc_metadata;
    assert.equal(metadata.tier, 'T2', 'routed as without the headers');
    for (const warning of [
      'x-svc-tier "T9" is not a tier (T1, T2 or T3): ignored',
      'x-svc-lane "fast" is not a lane (smart or turbo): ignored',
      'x-svc-preference "cheap" is neither a dial from 0 to 1 nor one of fast, balanced, quality, cost_optimized, free_models_only: ignored',
    ]) {
      assert.ok(metadata.warnings?.includes(warning), `${warning} in ${JSON.stringify(metadata.warnings)}`);
    }
  });

  test('service_tier batch biases to cost: the lowest tier the complexity allows', async () => {
    assert.equal((await routed({ service_tier: 'batch' })).tier, 'T1');
    const proof = await harness.request('/v1/chat/completions', { body: { model: 'auto', service_tier: 'batch', messages: [{ role: 'user', content: 'Prove that the square root of 2 is irrational, then generalise the proof to every prime p.' }] } });
    assert.equal((await proof.json()).svc_metadata.tier, 'T2', 'a complex proof stays at T2 at least');
  });
});

describe('sticky chains (svc.chain_id, svc.conversation_id)', () => {
  const harness = gatewayForSuite();

  const smallTalk = 'Hi! How are you?';
  const proof = 'Prove that every bounded monotone sequence of real numbers converges, and show where completeness is used.';
  async function turn(content: string, svc: Record<string, unknown>, extra: Record<string, unknown> = {}, key?: string) {
    const response = await harness.request('/v1/chat/completions', { body: { model: 'auto', messages: [{ role: 'user', content }], svc, ...extra }, ...(key ? { key } : {}) });
    assert.equal(response.status, 200, await response.clone().text());
    return (await response.json()).svc_metadata as { provider: string; tier: string; decision_source: string; routing_decision: string };
  }

  test("later turns of a conversation stay on the first turn's model; chain_routing mixed routes each turn afresh", async () => {
    const first = await turn(smallTalk, { conversation_id: 'sticky-conv-1' });
    assert.equal(first.tier, 'T1');
    const second = await turn(proof, { conversation_id: 'sticky-conv-1' });
    assert.equal(second.decision_source, 'StickyRoute');
    assert.equal(second.tier, 'T1', 'kept on the first model, though the proof alone would go to T3');
    assert.match(second.routing_decision, /^sticky conversation → /);
    const mixed = await turn(proof, { conversation_id: 'sticky-conv-1' }, { routing_hints: { chain_routing: 'mixed' } });
    assert.equal(mixed.tier, 'T3');
    assert.equal(mixed.decision_source, 'AutoRouter');
  });

  test('a chain_id must be a UUID (another is ignored); chains are per org', async () => {
    const chain = '7d0c5a3e-1b2f-4c6d-8e9f-0a1b2c3d4e5f';
    await turn(smallTalk, { chain_id: chain });
    assert.equal((await turn(proof, { chain_id: chain })).decision_source, 'StickyRoute');
    await turn(smallTalk, { chain_id: 'not-a-uuid' });
    assert.equal((await turn(proof, { chain_id: 'not-a-uuid' })).decision_source, 'AutoRouter');
    const orgId = await createOrg(harness, `sticky-other-${Date.now()}`);
    const other = await createKey(harness, { org_id: orgId });
    assert.equal((await turn(proof, { chain_id: chain }, {}, other.key)).decision_source, 'AutoRouter', "another org's chain of the same id is its own");
  });
});

describe('full-mode memory in model selection (spec 4.9: the model-selection features of full mode)', () => {
  const harness = gatewayForSuite();

  const expertQuestion = 'Design a lock-free concurrent hash map in C++ with resizing, explain the memory ordering each atomic operation needs, and prove it is linearizable.';
  async function turn(content: string, svc: Record<string, unknown>, headers: Record<string, string> = {}) {
    const response = await harness.request('/v1/chat/completions', { body: { model: 'auto', messages: [{ role: 'user', content }], svc, routing_hints: { chain_routing: 'mixed' } }, headers });
    assert.equal(response.status, 200, await response.clone().text());
    return (await response.json()).svc_metadata as { task_family?: string; tier: string; decision_source: string; routing_decision: string };
  }

  test('a follow-up that leans on recalled turns is classified with them: "What about Go?" after an expert question is not trivial at T1', async () => {
    const alone = await turn('What about Go?', { conversation_id: `alone-${Date.now()}` });
    assert.equal(alone.tier, 'T1', 'alone, the follow-up reads as trivial');
    assert.doesNotMatch(alone.routing_decision, /read_with=/);
    const svc = { conversation_id: `follow-${Date.now()}` };
    await turn(expertQuestion, svc);
    const followUp = await turn('What about Go?', svc);
    assert.equal(followUp.decision_source, 'AutoRouter');
    assert.equal(followUp.task_family, 'code');
    // Read with the expert question it follows: T2 as standard work, or T3 where the model finds it plausibly complex; never T1.
    assert.ok(followUp.tier === 'T2' || followUp.tier === 'T3', `tier ${followUp.tier}`);
    assert.match(followUp.routing_decision, /^family=code complexity=(?:standard|complex) read_with=1 recalled turns lane=/);
    assert.match(followUp.routing_decision, / memory=follow-up: 1 turns, 0 facts$/);
  });

  test('"make it shorter" takes the family of what it follows; cache mode and enable_memory: false read the request alone', async () => {
    const svc = { conversation_id: `shorter-${Date.now()}` };
    await turn(expertQuestion, svc);
    assert.equal((await turn('make it shorter', svc)).task_family, 'code');
    const cacheMode = await turn('make it shorter', svc, { 'x-intelligence-mode': 'cache' });
    assert.equal(cacheMode.task_family, 'writing', 'no memory in cache mode: the request alone');
    assert.equal((await turn('make it shorter', { ...svc, enable_memory: false })).task_family, 'writing');
  });
});

describe('chain limits of long_horizon_autonomous workflows (svc.max_chain_steps, svc.chain_timeout_secs)', () => {
  const harness = gatewayForSuite();

  const step = (svc: Record<string, unknown>) => harness.request('/v1/chat/completions', { body: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'next step' }], svc } });

  test('the step past max_chain_steps is a 400 naming the bound; another chain has its own count', async () => {
    const svc = { workflow_type: 'long_horizon_autonomous', chain_id: '0f8e2d4c-6b1a-4e3f-9c7d-5a2b1e0d3c4f', max_chain_steps: 2 };
    assert.equal((await step(svc)).status, 200);
    assert.equal((await step(svc)).status, 200);
    const third = await step(svc);
    assert.equal(third.status, 400);
    const error = (await third.json()).error;
    assert.equal(error.param, 'svc.max_chain_steps');
    assert.match(error.message, /step 3 of the chain, past svc\.max_chain_steps \(2\)/);
    assert.equal((await step({ ...svc, chain_id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d' })).status, 200);
  });

  test('chain_timeout_secs 0: a later step of the chain, a second on, is refused', async () => {
    const svc = { workflow_type: 'long_horizon_autonomous', conversation_id: `timeout-${Date.now()}`, chain_timeout_secs: 0 };
    assert.equal((await step(svc)).status, 200);
    const started = Date.now();
    let refused: Response | undefined;
    while (!refused && Date.now() - started < 5000) {
      const next = await step(svc);
      if (next.status === 400) refused = next;
      else await new Promise((resolve) => setTimeout(resolve, 250));
    }
    assert.ok(refused, 'refused within the deadline');
    assert.equal((await refused.json()).error.param, 'svc.chain_timeout_secs');
  });

  test('for another workflow the bounds are not enforced, and the answer says so', async () => {
    const svc = { workflow_type: 'single_turn', chain_id: '2b3c4d5e-6f70-4a81-9b2c-3d4e5f607182', max_chain_steps: 1 };
    await step(svc);
    const second = await step(svc);
    assert.equal(second.status, 200);
    assert.match((await second.json()).svc_metadata.warnings.join(' '), /apply only to long_horizon_autonomous workflows/);
  });
});

describe('model auto serves a request only with a model that can take it', () => {
  const harness = gatewayForSuite();
  const image = { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=' } };

  async function auto(body: Record<string, unknown>) {
    const response = await harness.request('/v1/chat/completions', { body: { model: 'auto', ...body } });
    assert.equal(response.status, 200, await response.clone().text());
    const metadata = (await response.json()).svc_metadata as { routing_decision: string; tier: string };
    const slug = /model=(\S+)/.exec(metadata.routing_decision)![1];
    return { ...metadata, row: catalogModel(slug) };
  }

  test('small talk with an image goes to a T1 model with vision, not the cheapest T1 model', async () => {
    const plain = await auto({ messages: [{ role: 'user', content: 'Hi! How are you?' }] });
    assert.equal(plain.tier, 'T1');
    assert.equal(plain.row.capabilities.includes('vision'), false, `the cheapest T1 model here (${plain.row.slug}) has no vision`);
    assert.doesNotMatch(plain.routing_decision, /needs=/);
    const withImage = await auto({ messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi! What is this?' }, image] }] });
    assert.equal(withImage.tier, 'T1');
    assert.ok(withImage.row.capabilities.includes('vision'), `${withImage.row.slug} has vision`);
    assert.match(withImage.routing_decision, /needs=vision/);
  });

  test('a JSON schema goes to a model with structured outputs; tools to a model with tools', async () => {
    const schema = { type: 'json_schema', json_schema: { name: 'greeting', schema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] } } };
    const structured = await auto({ messages: [{ role: 'user', content: 'Say hi as JSON.' }], response_format: schema });
    assert.ok(structured.row.capabilities.includes('json_schema'), `${structured.row.slug} has json_schema`);
    assert.match(structured.routing_decision, /needs=json_schema/);
    const tools = [{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } } }];
    const withTools = await auto({ messages: [{ role: 'user', content: 'What is the weather in Paris?' }], tools });
    assert.ok(withTools.row.capabilities.includes('tools'));
    assert.match(withTools.routing_decision, /needs=tools/);
  });
});

describe('model auto with no configured model able to take the request', () => {
  // Only Groq is configured: none of its models takes images.
  const harness = gatewayForSuite({ env: { OPENAI_API_KEY: undefined, ANTHROPIC_API_KEY: undefined, GEMINI_API_KEY: undefined } });

  test('is a 400 naming what the request needs, not a call the provider would refuse', async () => {
    const image = { type: 'image_url', image_url: { url: 'https://example.com/cat.png' } };
    const response = await harness.request('/v1/chat/completions', { body: { model: 'auto', messages: [{ role: 'user', content: [{ type: 'text', text: 'What is this?' }, image] }] } });
    assert.equal(response.status, 400);
    const error = (await response.json()).error;
    assert.equal(error.type, 'invalid_request_error');
    assert.equal(error.param, 'model');
    assert.match(error.message, /no configured model that can take this request \(it needs vision\)/);
    assert.equal(harness.mock.requests.length, 0);
  });
});
