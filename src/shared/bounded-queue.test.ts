import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BoundedQueue } from './bounded-queue.js';

const options = { name: 'test', maxItems: 100, maxBatch: 3, flushIntervalMs: 60_000 };

test('items are handed over in batches of at most maxBatch, and close() flushes the rest', async () => {
  const batches: number[][] = [];
  const queue = new BoundedQueue<number>({ ...options, maxBatch: 500 }, async (batch) => void batches.push([...batch]));
  for (let index = 0; index < 7; index++) queue.push(index);
  assert.equal(batches.length, 0, 'nothing is handled while the caller waits');
  await queue.close();
  assert.deepEqual(batches, [[0, 1, 2, 3, 4, 5, 6]]);
  assert.equal(queue.depth, 0);
});

test('a full batch starts a flush at once', async () => {
  const batches: number[][] = [];
  const queue = new BoundedQueue<number>(options, async (batch) => void batches.push([...batch]));
  for (let index = 0; index < 7; index++) queue.push(index);
  await queue.close();
  assert.deepEqual(batches.map((batch) => batch.length), [3, 3, 1]);
});

/** A queue whose handler holds each batch's write until release() is called: what is queued meanwhile can be watched. */
function queueWithHeldWrites() {
  const batches: number[][] = [];
  let releaseWrite: () => void = () => undefined;
  const queue = new BoundedQueue<number>(options, (batch) => {
    batches.push([...batch]);
    return new Promise<void>((resolve) => (releaseWrite = resolve));
  });
  return { queue, batches, release: () => releaseWrite() };
}

test('items queued while a full batch is written wait for the next full batch or a flush, not a batch of their own', async () => {
  const { queue, batches, release } = queueWithHeldWrites();
  for (let index = 0; index < 3; index++) queue.push(index); // a full batch: handed over at once
  queue.push(3);
  queue.push(4); // queued while the first batch is written
  release();
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(batches, [[0, 1, 2]], 'two items are not a batch: they wait');
  queue.push(5); // now a full batch
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(batches, [[0, 1, 2], [3, 4, 5]]);
  queue.push(6);
  const flushed = queue.flush(); // a flush hands over what is left, however little
  release();
  await new Promise((resolve) => setImmediate(resolve));
  release();
  await flushed;
  assert.deepEqual(batches, [[0, 1, 2], [3, 4, 5], [6]]);
  assert.equal(queue.depth, 0);
  await queue.close();
});

test('a flush asked for while a full batch is written also hands over the remainder', async () => {
  const { queue, batches, release } = queueWithHeldWrites();
  for (let index = 0; index < 4; index++) queue.push(index);
  const flushed = queue.flush();
  release();
  await new Promise((resolve) => setImmediate(resolve));
  release();
  await flushed;
  assert.deepEqual(batches, [[0, 1, 2], [3]]);
  await queue.close();
});

test('a flush hands over what was queued when it was asked for: what is queued during its writes waits for a full batch', async () => {
  const { queue, batches, release } = queueWithHeldWrites();
  queue.push(0);
  queue.push(1);
  const flushed = queue.flush(); // owed: the two items queued now
  queue.push(2); // queued while that batch is written (a timer's flush under steady traffic)
  release();
  await flushed;
  assert.deepEqual(batches, [[0, 1]], 'the item queued during the write is not a batch of its own');
  assert.equal(queue.depth, 1);
  queue.push(3);
  queue.push(4); // a full batch now
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(batches, [[0, 1], [2, 3, 4]]);
  release();
  await queue.close();
});

test('a failed batch stays queued and is retried on the next flush', async () => {
  let failures = 1;
  const handled: number[] = [];
  const failuresSeen: number[] = [];
  const queue = new BoundedQueue<number>(
    options,
    async (batch) => {
      if (failures-- > 0) throw new Error('storage down');
      handled.push(...batch);
    },
    { onFailure: (_error, size) => failuresSeen.push(size) },
  );
  queue.push(1);
  await queue.flush();
  assert.equal(queue.depth, 1);
  assert.deepEqual(failuresSeen, [1]);
  await queue.close();
  assert.deepEqual(handled, [1]);
});

test('beyond maxItems new items are dropped and counted', async () => {
  const drops: number[] = [];
  const queue = new BoundedQueue<number>({ ...options, maxItems: 2, maxBatch: 1000 }, async () => {
    throw new Error('never drains');
  }, { onDrop: (dropped) => drops.push(dropped) });
  const accepted = [1, 2, 3, 4, 5].map((item) => queue.push(item));
  assert.deepEqual(accepted, [true, true, false, false, false]);
  assert.equal(queue.dropped, 3);
  assert.deepEqual(drops, [1, 2, 3]);
});

test('close() reports what it could not hand over', async () => {
  let lost = 0;
  const queue = new BoundedQueue<number>(options, async () => {
    throw new Error('down');
  }, { onLoss: (count) => (lost = count) });
  queue.push(1);
  queue.push(2);
  await queue.close();
  assert.equal(lost, 2);
});

test('close() gives up at its deadline on a handler that never answers, and reports the items still queued', async () => {
  let lost = 0;
  const queue = new BoundedQueue<number>(options, () => new Promise<void>(() => undefined), { onLoss: (count) => (lost = count) });
  for (let index = 0; index < 5; index++) queue.push(index);
  const startedAt = performance.now();
  await queue.close(Date.now() + 200);
  const waitedMs = performance.now() - startedAt;
  assert.ok(waitedMs >= 150 && waitedMs < 1500, `close() returned after ${waitedMs.toFixed(0)} ms (deadline 200 ms)`);
  assert.equal(lost, 5, 'the batch in the handler and the rest are both reported');
});

test('close() with a deadline still retries a failed batch while there is time', async () => {
  let calls = 0;
  const handled: number[] = [];
  const queue = new BoundedQueue<number>(options, async (batch) => {
    if (++calls === 1) throw new Error('down once');
    handled.push(...batch);
  });
  queue.push(1);
  await queue.close(Date.now() + 5_000);
  assert.deepEqual(handled, [1]);
});

test('close() without a deadline waits for a slow handler as long as it takes', async () => {
  const handled: number[] = [];
  const queue = new BoundedQueue<number>(options, async (batch) => {
    await new Promise((resolve) => setTimeout(resolve, 50));
    handled.push(...batch);
  });
  queue.push(1);
  await queue.close();
  assert.deepEqual(handled, [1]);
});

/** Polls until `done()` holds, failing after `withinMs`. */
async function eventually(done: () => boolean, withinMs: number, what: string): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (!done()) {
    if (Date.now() > deadline) assert.fail(`${what} within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

test('an item short of a batch is handed over by the timer, also after the queue sat idle for several intervals', async () => {
  const batches: number[][] = [];
  const queue = new BoundedQueue<number>({ ...options, flushIntervalMs: 30 }, async (batch) => void batches.push([...batch]));
  // Idle past several intervals first (the timer is not due then: it is armed again by the item).
  await new Promise((resolve) => setTimeout(resolve, 100));
  queue.push(1);
  await eventually(() => batches.length === 1, 1_000, 'the item handed over');
  assert.deepEqual(batches, [[1]]);
  queue.push(2);
  await eventually(() => batches.length === 2, 1_000, 'a later item handed over too');
  await queue.close();
});

test('items queued without pause are flushed on time: each new item does not push the timer back', async () => {
  const handledAt: number[] = [];
  const queue = new BoundedQueue<number>({ ...options, maxItems: 100_000, maxBatch: 100_000, flushIntervalMs: 150 }, async () => void handledAt.push(Date.now()));
  const started = Date.now();
  // An item every 5 ms, far more often than the 150 ms interval: a timer restarted by each would never fire.
  const feeding = setInterval(() => queue.push(0), 5);
  try {
    await eventually(() => handledAt.length >= 2, 1_500, 'two timed flushes while items keep coming');
  } finally {
    clearInterval(feeding);
  }
  assert.ok(handledAt[0] - started < 700, `the first flush came ${handledAt[0] - started} ms after the first item, not at its 150 ms`);
  await queue.close();
});

test('a failed batch is tried again by the timer, with no flush asked for', async () => {
  let attempts = 0;
  const queue = new BoundedQueue<number>({ ...options, flushIntervalMs: 20 }, async () => {
    attempts++;
    if (attempts === 1) throw new Error('store down');
  });
  queue.push(1);
  await eventually(() => attempts === 2 && queue.depth === 0, 1_000, 'the batch retried and handed over');
  await queue.close();
});
