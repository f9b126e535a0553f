import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Registry } from 'prom-client';
import { SummedCounter } from './summed-counter.js';

test('summed increments reach the counter at each scrape, summed per series, and are not counted twice', async () => {
  const registry = new Registry();
  const counter = new SummedCounter({ name: 'tokens_total', help: 'tokens', labelNames: ['org', 'model'], registers: [registry] });
  let labelsBuilt = 0;
  const add = (org: string, model: string, amount: number) => counter.add(`${org}/${model}`, () => (labelsBuilt++, { org, model }), amount);
  add('acme', 'gpt-4o-mini', 10);
  add('acme', 'gpt-4o-mini', 5);
  add('globex', 'gpt-4o-mini', 7);
  assert.equal(labelsBuilt, 2, 'labels are built once per series');
  const first = await registry.metrics();
  assert.match(first, /^tokens_total\{org="acme",model="gpt-4o-mini"\} 15$/m);
  assert.match(first, /^tokens_total\{org="globex",model="gpt-4o-mini"\} 7$/m);
  add('acme', 'gpt-4o-mini', 1);
  const second = await registry.metrics();
  assert.match(second, /^tokens_total\{org="acme",model="gpt-4o-mini"\} 16$/m);
  assert.match(second, /^tokens_total\{org="globex",model="gpt-4o-mini"\} 7$/m, 'a series with nothing new keeps its total');
});
