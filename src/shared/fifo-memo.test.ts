import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FifoMemo } from './fifo-memo.js';

test('a memo remembers up to its capacity and forgets the oldest first', () => {
  const memo = new FifoMemo<string, number>(3);
  memo.set('a', 1);
  memo.set('b', 2);
  memo.set('c', 3);
  assert.equal(memo.get('a'), 1, 'reading does not change the order');
  memo.set('d', 4);
  assert.equal(memo.get('a'), undefined, 'the oldest is forgotten, though it was just read');
  assert.deepEqual(['b', 'c', 'd'].map((key) => memo.get(key)), [2, 3, 4]);
  memo.set('e', 5);
  memo.set('f', 6);
  memo.set('g', 7);
  assert.equal(memo.size, 3);
  assert.deepEqual(['e', 'f', 'g'].map((key) => memo.get(key)), [5, 6, 7]);
  assert.deepEqual(['b', 'c', 'd'].map((key) => memo.get(key)), [undefined, undefined, undefined]);
});

test('a key remembered again keeps its place: it is not counted twice, and goes when its first turn comes', () => {
  const memo = new FifoMemo<string, string>(2);
  memo.set('x', 'first');
  memo.set('x', 'second');
  assert.equal(memo.size, 1);
  assert.equal(memo.get('x'), 'second');
  memo.set('y', 'y');
  assert.equal(memo.get('x'), 'second', 'two keys fit in two places');
  memo.set('z', 'z');
  assert.equal(memo.get('x'), undefined);
  assert.equal(memo.get('y'), 'y');
  assert.equal(memo.get('z'), 'z');
});

test('a memo of one place holds the last key only; a capacity that is not a positive integer is refused', () => {
  const memo = new FifoMemo<number, number>(1);
  for (let key = 0; key < 5; key++) memo.set(key, key * 10);
  assert.equal(memo.size, 1);
  assert.equal(memo.get(4), 40);
  assert.equal(memo.get(3), undefined);
  assert.throws(() => new FifoMemo(0), RangeError);
  assert.throws(() => new FifoMemo(2.5), RangeError);
});
