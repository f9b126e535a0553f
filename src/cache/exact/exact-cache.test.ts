import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { test } from 'node:test';
import type { ChatCompletion } from '../../core/chat-types.js';
import { MemorySharedState } from '../../storage/memory/memory-shared-state.js';
import type { SharedState } from '../../core/shared-state.js';
import { cachedAnswer, completionOf, type CachedAnswer } from '../cached-answer.js';
import { ExactCache } from './exact-cache.js';

const silent = { warn: () => undefined, error: () => undefined };

const contentOf = (found: CachedAnswer | undefined) => (found ? completionOf(found).choices[0].message.content : undefined);

function answer(text: string): CachedAnswer {
  const completion: ChatCompletion = {
    id: 'chatcmpl-1',
    object: 'chat.completion',
    created: 1,
    model: 'gpt-4o-mini',
    choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 5, completion_tokens: 2, total_tokens: 7 },
  };
  return cachedAnswer(completion, 'openai/gpt-4o-mini');
}

test('entries live for the TTL (an injected clock, no sleep)', async () => {
  let now = 1_000_000;
  const cache = new ExactCache(undefined, { maxEntries: 10, maxBytes: 1 << 20, ttlMs: 60_000, clock: () => now }, silent);
  cache.store('k', answer('four'));
  now += 59_999;
  assert.equal(contentOf(await cache.get('k')), 'four');
  now += 1;
  assert.equal(await cache.get('k'), undefined, 'expired at the TTL');
});

test('L0 is bounded in entries and in bytes: the least recently used goes first', async () => {
  const byEntries = new ExactCache(undefined, { maxEntries: 2, maxBytes: 1 << 20, ttlMs: 60_000 }, silent);
  byEntries.store('a', answer('A'));
  byEntries.store('b', answer('B'));
  await byEntries.get('a');
  byEntries.store('c', answer('C'));
  assert.deepEqual([!!(await byEntries.get('a')), !!(await byEntries.get('b')), !!(await byEntries.get('c'))], [true, false, true]);

  const byBytes = new ExactCache(undefined, { maxEntries: 100, maxBytes: 4096, ttlMs: 60_000 }, silent);
  for (let index = 0; index < 10; index++) byBytes.store(`k${index}`, answer('x'.repeat(1000)));
  assert.ok(byBytes.entries < 10 && byBytes.entries > 0, `the byte bound keeps fewer entries (${byBytes.entries})`);
  assert.ok(await byBytes.get('k9'), 'the newest stays');
});

test('L1: another instance sharing the state finds the answer (large values compressed); L0 is filled from it', async () => {
  const shared = new MemorySharedState();
  const first = new ExactCache(shared, { maxEntries: 10, maxBytes: 1 << 20, ttlMs: 60_000 }, silent);
  const second = new ExactCache(shared, { maxEntries: 10, maxBytes: 1 << 20, ttlMs: 60_000 }, silent);
  const long = 'a long answer '.repeat(500);
  first.store('small', answer('four'));
  first.store('large', answer(long));
  await first.flush();
  const stored = await shared.get('cache:exact:large');
  assert.equal(stored?.[0], 'z', 'a large value is deflated');
  assert.ok(stored!.length < long.length / 4);
  assert.equal(contentOf(await second.get('small')), 'four');
  assert.equal(contentOf(await second.get('large')), long);
  assert.ok(second.entries === 2, 'L0 of the second instance now holds both');
  assert.ok((await shared.ttl('cache:exact:small'))! <= 60_000, 'L1 entries expire with the TTL');
});

test('L1 unreachable: a lookup is a miss, never an error', async () => {
  const broken = new MemorySharedState() as SharedState;
  broken.get = async () => {
    throw new Error('ECONNREFUSED');
  };
  const cache = new ExactCache(broken, { maxEntries: 10, maxBytes: 1 << 20, ttlMs: 60_000 }, silent);
  assert.equal(await cache.get('absent'), undefined);
  await cache.close();
});

test('L1 answers written to an in-process state (Redis down: the fallback) stay within its bound', async () => {
  const shared = new MemorySharedState({ maxDroppableBytes: 200_000 });
  const cache = new ExactCache(shared, { maxEntries: 10, maxBytes: 1 << 20, ttlMs: 60_000 }, silent);
  try {
    // 500 answers of 2,048 hex digits (deflated to ~1,400 base64 characters each): ~1.4 MB written, 200 KB kept.
    const hexOf = (index: number) => Array.from({ length: 32 }, (_, part) => createHash('sha256').update(`${index}:${part}`).digest('hex')).join('');
    for (let index = 0; index < 500; index++) cache.store(`k${index}`, answer(hexOf(index)));
    await cache.flush();
    assert.ok(shared.droppableSize <= 200_000, `bounded (${shared.droppableSize} bytes)`);
    assert.ok(await shared.get('cache:exact:k499'), 'the newest answer is kept');
    assert.equal(await shared.get('cache:exact:k0'), undefined, 'the oldest went');
  } finally {
    await cache.close();
    await shared.close();
  }
});
