import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MemorySharedState } from '../storage/memory/memory-shared-state.js';
import { chainKeyOf, StickyRoutes } from './sticky-routes.js';

test('a chain keeps the model of its first turn, per org', async () => {
  const state = new MemorySharedState();
  const routes = new StickyRoutes(state);
  try {
    const chain = chainKeyOf('6f1c2a4e-8b1d-4c3e-9a7f-2d5e8c1b0a93', undefined)!;
    assert.equal(await routes.remember('org-a', chain, 'openai/gpt-4o-mini'), true);
    assert.equal(await routes.remember('org-a', chain, 'anthropic/claude-3-5-haiku'), false, 'only the first model is kept');
    assert.equal(await routes.get('org-a', chain), 'openai/gpt-4o-mini');
    assert.equal(await routes.get('org-b', chain), undefined, "another org's chain of the same id is another chain");
  } finally {
    await state.close();
  }
});

test('in process, chains callers name at will stay within the state\'s bound (the oldest routes go)', async () => {
  const state = new MemorySharedState({ maxDroppableBytes: 100_000 });
  const routes = new StickyRoutes(state);
  try {
    for (let index = 0; index < 5_000; index++) await routes.remember('org-a', chainKeyOf(undefined, `conversation-${index}`)!, 'openai/gpt-4o-mini');
    assert.ok(state.droppableSize <= 100_000, `bounded (${state.droppableSize} bytes)`);
    assert.equal(await routes.get('org-a', 'conversation:conversation-4999'), 'openai/gpt-4o-mini', 'the newest route is kept');
    assert.equal(await routes.get('org-a', 'conversation:conversation-0'), undefined, 'the oldest went');
  } finally {
    await state.close();
  }
});

test('a chain id that is not a UUID is ignored for the conversation id', () => {
  assert.equal(chainKeyOf('not-a-uuid', 'c1'), 'conversation:c1');
  assert.equal(chainKeyOf(undefined, ''), undefined);
});
