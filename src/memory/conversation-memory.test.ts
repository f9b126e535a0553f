import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MemorySharedState } from '../storage/memory/memory-shared-state.js';
import { ConversationMemory } from './conversation-memory.js';

test('in process, conversations pushed out for room are gone, and forgetting an org still finds every one it has left', async () => {
  // Room for about sixty turns of 2,000 characters each side.
  const state = new MemorySharedState({ maxDroppableBytes: 60 * (2 * 4_050 + 64) });
  const memory = new ConversationMemory(state);
  const turn = (index: number) => ({ user: `question ${index} ${'q'.repeat(2_000)}`, assistant: `answer ${index} ${'a'.repeat(2_000)}` });
  try {
    // org_a opens one conversation and goes on in it; its index is written once, at the start.
    await memory.remember('org_a', 'kept-talking', turn(0));
    // Another org's hundred new conversations churn through the room, while org_a's conversation stays in use.
    for (let index = 0; index < 100; index++) {
      await memory.remember('org_b', `conversation-${index}`, turn(index));
      if (index % 5 === 0) await memory.remember('org_a', 'kept-talking', turn(index));
    }
    assert.equal((await memory.recent('org_b', 'conversation-0')).length, 0, "org_b's oldest conversation went for room");
    assert.equal((await memory.recent('org_a', 'kept-talking')).length, 20, 'its conversation, in use, stayed (the last 20 turns)');
    // org_a's index was the least recently used log of all: it outlived the churn, so forgetting the org finds the conversation.
    assert.equal(await memory.forgetOrg('org_a'), 1);
    assert.equal((await memory.recent('org_a', 'kept-talking')).length, 0);
    assert.equal((await memory.recent('org_b', 'conversation-99')).length, 1, 'another org keeps its own');
  } finally {
    await state.close();
  }
});

test('a conversation costs its log alone: no marker key of its own, and forgetting one conversation leaves the org index usable', async () => {
  const state = new MemorySharedState();
  const memory = new ConversationMemory(state);
  try {
    for (let index = 0; index < 100; index++) await memory.remember('org_a', `conversation-${index}`, { user: `hello ${index}`, assistant: 'hi' });
    await memory.remember('org_a', 'conversation-7', { user: 'again', assistant: 'hi' });
    // Reached without a read: the keys the state holds besides its logs.
    assert.equal((state as unknown as { entries: Map<string, unknown> }).entries.size, 0);
    assert.equal(await memory.forget('org_a', 'conversation-7'), true);
    assert.equal(await memory.forgetOrg('org_a'), 99);
  } finally {
    await state.close();
  }
});
