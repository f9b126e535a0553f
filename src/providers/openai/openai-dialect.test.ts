import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { loadCatalog, type Catalog } from '../../catalog/catalog.js';
import type { ChatRequest } from '../../core/chat-types.js';
import type { UpstreamTarget } from '../provider-types.js';
import { openaiAdapter } from './index.js';
import { jsonBodyText } from '../../../test/support/json-body-text.js';

/** Targets built from the shipped catalog rows: the adaptations below are data, and these tests notice when it changes. */
let catalog: Catalog;
before(async () => {
  catalog = await loadCatalog();
});

function target(slug: string): UpstreamTarget {
  const model = catalog.getModel(slug)!;
  const row = catalog.getProvider(model.provider)!;
  return {
    provider: { id: row.id, wire: row.wire, baseUrl: row.base_url, auth: row.auth, requiredHeaders: row.required_headers ?? {}, paths: row.paths, chatOptions: row.chat_options, apiKeys: ['k'], timeouts: { connectMs: 1, firstByteMs: 1, idleMs: 1 } },
    model,
    apiKey: 'k',
    baseUrl: row.base_url,
    keySource: 'pool',
  };
}

const messages: ChatRequest['messages'] = [{ role: 'user', content: 'hi' }];
function send(slug: string, request: Partial<ChatRequest>) {
  const warnings: string[] = [];
  const built = openaiAdapter.chat!.buildRequest({ model: slug, messages, ...request }, target(slug), warnings);
  return { body: JSON.parse(jsonBodyText(built)), warnings };
}

test('service_tier "batch" is a routing hint of svc: never forwarded; other tiers are', () => {
  assert.equal(send('openai/gpt-4o-mini', { service_tier: 'batch' }).body.service_tier, undefined);
  assert.equal(send('openai/gpt-4o-mini', { service_tier: 'flex' }).body.service_tier, 'flex');
});

test('OpenAI reasoning models get no temperature, top_p or penalties; other models keep them', () => {
  const { body, warnings } = send('openai/o3', { temperature: 0.2, top_p: 0.9, presence_penalty: 1 });
  assert.deepEqual([body.temperature, body.top_p, body.presence_penalty], [undefined, undefined, undefined]);
  assert.deepEqual(warnings, [
    'temperature was dropped: openai reasoning models (o3) reject it',
    'top_p was dropped: openai reasoning models (o3) reject it',
    'presence_penalty was dropped: openai reasoning models (o3) reject it',
  ]);
  const plain = send('openai/gpt-4o-mini', { temperature: 0.2, top_p: 0.9 });
  assert.deepEqual([plain.body.temperature, plain.body.top_p, plain.warnings], [0.2, 0.9, []]);
});

test('OpenAI takes metadata only with store: true', () => {
  const dropped = send('openai/gpt-4o-mini', { metadata: { team: 'a' } });
  assert.equal(dropped.body.metadata, undefined);
  assert.deepEqual(dropped.warnings, ['metadata was dropped: openai takes metadata only with store: true']);
  const kept = send('openai/gpt-4o-mini', { metadata: { team: 'a' }, extra: { store: true } });
  assert.deepEqual(kept.body.metadata, { team: 'a' });
});

test("reasoning_effort is mapped into the provider's set, and dropped for a model without reasoning", () => {
  const xai = send('xai/grok-4.5', { reasoning_effort: 'medium' });
  assert.equal(xai.body.reasoning_effort, 'low', 'xAI takes low and high: medium goes to the nearest, the lower on a tie');
  assert.deepEqual(xai.warnings, ['reasoning_effort medium became low: xai takes low, high']);
  assert.equal(send('xai/grok-4.5', { reasoning_effort: 'xhigh' }).body.reasoning_effort, 'high');
  assert.equal(send('openai/o3', { reasoning_effort: 'high' }).body.reasoning_effort, 'high');
  const noReasoning = send('openai/gpt-4o-mini', { reasoning_effort: 'high' });
  assert.equal(noReasoning.body.reasoning_effort, undefined);
  assert.deepEqual(noReasoning.warnings, ['reasoning_effort was dropped: gpt-4o-mini on openai takes no reasoning_effort']);
});

test('Mistral rejects stream_options (422): it is not sent, and a caller who asked for usage is told', () => {
  const { body, warnings } = send('mistral/mistral-small-2603', { stream: true, stream_options: { include_usage: true } });
  assert.equal(body.stream, true);
  assert.equal(body.stream_options, undefined);
  assert.equal(warnings.length, 1);
  assert.equal(send('openai/gpt-4o-mini', { stream: true }).body.stream_options.include_usage, true);
});

test('top_k goes to hosts that take it, and is dropped with a warning elsewhere', () => {
  assert.equal(send('together/meta-llama/Llama-3.3-70B-Instruct-Turbo', { top_k: 40 }).body.top_k, 40);
  const openai = send('openai/gpt-4o-mini', { top_k: 40 });
  assert.equal(openai.body.top_k, undefined);
  assert.deepEqual(openai.warnings, ['top_k was dropped: openai takes no top_k']);
});

test("Anthropic's cache_control on tools and content parts never reaches an OpenAI-wire host", () => {
  const { body } = send('openai/gpt-4o-mini', {
    messages: [{ role: 'user', content: [{ type: 'text', text: 'long prefix', cache_control: { type: 'ephemeral' } }] }],
    tools: [{ type: 'function', function: { name: 'f' }, cache_control: { type: 'ephemeral' } }],
  });
  assert.deepEqual(body.messages[0].content, [{ type: 'text', text: 'long prefix' }]);
  assert.deepEqual(body.tools, [{ type: 'function', function: { name: 'f' } }]);
});
