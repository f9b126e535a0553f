import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { loadCatalog, type Catalog } from '../catalog/catalog.js';
import { GatewayError } from '../errors/gateway-error.js';
import { routeChatRequest, type RouterContext } from './model-router.js';
import type { TaskClass, TaskClassifier } from './task-classifier/task-classifier.js';
import type { ChatRequest } from '../core/chat-types.js';

let catalog: Catalog;
const routable = (providers: string[], fallbacks: Record<string, string[]> = {}): RouterContext => ({
  catalog,
  isRoutable: (id) => providers.includes(id),
  fallbacks,
});

before(async () => {
  catalog = await loadCatalog();
});

test('an explicit model is pinned and resolved from a bare upstream name', () => {
  const decision = routeChatRequest('gpt-4o-mini', undefined, undefined, routable(['openai']));
  assert.equal(decision.model.slug, 'openai/gpt-4o-mini');
  assert.equal(decision.decisionSource, 'Pinned');
  assert.equal(decision.tier, 'T1');
});

test('an unknown model is a 400 naming the model parameter', () => {
  assert.throws(
    () => routeChatRequest('no-such-model', undefined, undefined, routable(['openai'])),
    (error: GatewayError) => error.status === 400 && error.param === 'model' && /not a model of the catalog/.test(error.message),
  );
});

test('a non-chat model is refused for chat', () => {
  assert.throws(() => routeChatRequest('openai/text-embedding-3-small', undefined, undefined, routable(['openai'])), /not a chat model/);
});

test('routing_override.force_model pins after routing', () => {
  const decision = routeChatRequest('auto', undefined, { force_model: 'anthropic/claude-haiku-4-5' }, routable(['openai', 'anthropic']));
  assert.equal(decision.model.slug, 'anthropic/claude-haiku-4-5');
});

test('auto picks the cheapest routable model of the wanted tier', () => {
  const decision = routeChatRequest('auto', { task_complexity: 'trivial' }, undefined, routable(['openai']));
  assert.equal(decision.tier, 'T1');
  const cheapest = catalog.models
    .filter((model) => model.provider === 'openai' && model.type === 'chat' && model.tier === 'T1')
    .sort((left, right) => (left.pricing.input_per_mtok! + left.pricing.output_per_mtok!) - (right.pricing.input_per_mtok! + right.pricing.output_per_mtok!))[0];
  assert.equal(decision.model.slug, cheapest.slug);
  assert.equal(decision.decisionSource, 'AutoRouter');
});

test('auto honours force_tier and max_tier, and prefers the turbo lane for prefer_latency', () => {
  assert.equal(routeChatRequest('auto', undefined, { force_tier: 'T3' }, routable(['openai'])).tier, 'T3');
  assert.equal(routeChatRequest('auto', { task_complexity: 'expert', max_tier: 2 }, undefined, routable(['openai'])).tier, 'T2');
  assert.equal(routeChatRequest('auto', { prefer_latency: true }, undefined, routable(['openai', 'groq'])).lane, 'turbo');
});

test('auto without any routable provider is an error, not a guess', () => {
  assert.throws(() => routeChatRequest('auto', undefined, undefined, routable([])), /at least one configured chat provider/);
});

test('failover candidates: the same open model on other providers, then configured fallbacks', () => {
  const decision = routeChatRequest('groq/openai/gpt-oss-120b', undefined, undefined, routable(['groq'], { 'groq/openai/gpt-oss-120b': ['openai/gpt-4o-mini'] }));
  const slugs = decision.candidates.map((model) => model.slug);
  assert.equal(slugs[0], 'groq/openai/gpt-oss-120b');
  assert.ok(slugs.includes('cerebras/gpt-oss-120b'));
  assert.ok(slugs.includes('fireworks/accounts/fireworks/models/gpt-oss-120b'));
  assert.equal(slugs.at(-1), 'openai/gpt-4o-mini');
});

test('allow_free_fallback: after the whole tier, the cheaper tiers may answer (cheapest first); without it they may not', () => {
  const withFallback = routeChatRequest('auto', { task_complexity: 'standard', allow_free_fallback: true }, undefined, routable(['openai']));
  assert.equal(withFallback.tier, 'T2');
  const tiers = withFallback.candidates.map((model) => model.tier);
  assert.ok(tiers.includes('T1'), tiers.join());
  assert.ok(tiers.lastIndexOf('T2') < tiers.indexOf('T1'), 'every T2 candidate before any T1 one');
  const without = routeChatRequest('auto', { task_complexity: 'standard' }, undefined, routable(['openai']));
  assert.ok(!without.candidates.some((model) => model.tier === 'T1'));
});

test('a latency budget of 2 s or less asks for the turbo lane', () => {
  assert.equal(routeChatRequest('auto', { max_latency_ms: 800 }, undefined, routable(['openai', 'groq'])).lane, 'turbo');
});

test('live health: a model failing most calls is ranked after a healthy one of its tier; max_latency_ms prefers models observed within it', () => {
  const context = routable(['openai', 'groq', 'anthropic', 'gemini']);
  const first = routeChatRequest('auto', undefined, { force_tier: 'T2' }, context);
  const failing = `${first.model.provider}/${first.model.upstream_model}`;
  const health = {
    p95Ms: (target: string) => (target === failing ? 9000 : 300),
    unhealthy: (target: string) => target === failing,
  };
  const rerouted = routeChatRequest('auto', undefined, { force_tier: 'T2' }, { ...context, health });
  assert.notEqual(rerouted.model, first.model);
  assert.equal(rerouted.tier, 'T2');
  assert.ok(rerouted.candidates.includes(first.model), 'still a candidate, after the healthy ones');
  assert.ok(rerouted.candidates.indexOf(first.model) > rerouted.candidates.indexOf(rerouted.model));

  const slowOnly = { p95Ms: (target: string) => (target === failing ? 9000 : 300), unhealthy: () => false };
  const withinBudget = routeChatRequest('auto', { max_latency_ms: 5000 }, { force_tier: 'T2' }, { ...context, health: slowOnly });
  assert.notEqual(withinBudget.model, first.model, 'the model observed at a 9 s p95 is passed over for a 5 s budget');
  assert.match(withinBudget.summary, /why=cheapest healthy of \d+ in the tier hints=max_latency_ms,force_tier$/);
});

test('a complex request is never served below T2 for want of a T2 model: with Anthropic alone (no T2 model) it goes up to T3', () => {
  const classifying = (complexity: 'standard' | 'complex'): TaskClassifier =>
    ({
      classify: (): TaskClass => ({ family: 'analysis', complexity, familyConfidence: 0.9, complexityProbabilities: { trivial: 0, standard: 0.1, complex: 0, expert: 0, [complexity]: 0.9 }, asksForProof: false, numbers: 0, beyondArithmetic: false, asksForExplanation: false, namesRareTerm: false }),
    }) as unknown as TaskClassifier;
  const request = { model: 'auto', messages: [{ role: 'user', content: 'Assess the risks of our expansion plan.' }] } as ChatRequest;
  const complex = routeChatRequest('auto', undefined, undefined, { ...routable(['anthropic']), classifier: classifying('complex') }, request);
  assert.equal(complex.tier, 'T3', complex.summary);
  assert.match(complex.summary, /\(wanted T2\)/);
  // A standard request may go down: T1 is within its bounds, and cheaper.
  assert.equal(routeChatRequest('auto', undefined, undefined, { ...routable(['anthropic']), classifier: classifying('standard') }, request).tier, 'T1');
});
