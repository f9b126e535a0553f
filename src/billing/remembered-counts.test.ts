import assert from 'node:assert/strict';
import { test } from 'node:test';
import { RememberedCounts } from './remembered-counts.js';

/** A stand-in tokenizer that says how often it ran. */
function countingTokenizer() {
  const seen: string[] = [];
  return { seen, count: (text: string) => (seen.push(text), text.split(' ').length) };
}

const longTurn = `Turn 1: ${'the quarterly report shows revenue growth in the region '.repeat(10)}`;

test("an org's long text is tokenized once: the next time it is resent (an agent's earlier turns) its count is remembered", () => {
  const counts = new RememberedCounts();
  const tokenizer = countingTokenizer();
  assert.equal(counts.count('org_a', longTurn, tokenizer.count), 93);
  assert.equal(counts.count('org_a', longTurn, tokenizer.count), 93);
  assert.equal(counts.count('org_a', `${longTurn}!`, tokenizer.count), 93);
  assert.equal(tokenizer.seen.length, 2, 'the same text once, a changed text again');
});

test("another org's identical text is tokenized anew: nothing one org sent speeds up another's count", () => {
  const counts = new RememberedCounts();
  const tokenizer = countingTokenizer();
  counts.count('org_a', longTurn, tokenizer.count);
  counts.count('org_b', longTurn, tokenizer.count);
  assert.equal(tokenizer.seen.length, 2);
});

test('short texts are tokenized every time (their digest would cost as much), and peek / remember serve sliced counting', () => {
  const counts = new RememberedCounts();
  const tokenizer = countingTokenizer();
  counts.count('org_a', 'hello there', tokenizer.count);
  counts.count('org_a', 'hello there', tokenizer.count);
  assert.equal(tokenizer.seen.length, 2);
  assert.equal(counts.peek('org_a', longTurn), undefined);
  counts.remember('org_a', longTurn, 7);
  assert.equal(counts.peek('org_a', longTurn), 7);
  assert.equal(counts.peek('org_b', longTurn), undefined);
});
