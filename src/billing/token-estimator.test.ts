import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import type { ChatRequest } from '../core/chat-types.js';
import { countChatPromptWithoutBlocking, countTextsWithoutBlocking, countTokens, estimateChatPromptTokens, loadTokenizer } from './token-estimator.js';

before(() => loadTokenizer());

const longText = 'The quarterly report covers revenue, costs, hiring plans and the risks we see for next year. '.repeat(4000);
const chat = (content: string): ChatRequest => ({ model: 'gpt-4o-mini', messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content }] });

test("a chat prompt is counted the OpenAI way: 3 tokens a message, 3 for the reply, and each message's role and text", () => {
  const request = chat('Hello there');
  assert.equal(estimateChatPromptTokens(request), 3 + 2 * 3 + countTokens('system') + countTokens('Be brief.') + countTokens('user') + countTokens('Hello there'));
});

test('a long prompt counted in slices comes to the same count as counted whole', async () => {
  assert.ok(longText.length > 300_000);
  const whole = estimateChatPromptTokens(chat(longText));
  assert.equal(await countChatPromptWithoutBlocking(chat(longText)), whole);
});

test('while a long prompt is counted, the event loop goes on', async () => {
  let ticks = 0;
  const ticker = setInterval(() => ticks++, 0);
  const counting = countChatPromptWithoutBlocking(chat(longText.repeat(3)));
  await counting;
  clearInterval(ticker);
  assert.ok(ticks > 0, 'a timer ran between slices');
});

test('the count is kept for the request: the estimates read it without counting again', async () => {
  const request = chat(longText);
  const counted = await countChatPromptWithoutBlocking(request);
  assert.equal(estimateChatPromptTokens(request), counted);
});

test('a batch of texts (an embeddings input) is counted like each text alone, with timers running meanwhile', async () => {
  const texts = [...Array.from({ length: 3000 }, (_, index) => `Sentence number ${index} about the report.`), longText];
  const alone = texts.reduce((sum, text) => sum + countTokens(text), 0);
  let ticks = 0;
  const ticker = setInterval(() => ticks++, 0);
  assert.equal(await countTextsWithoutBlocking(texts), alone);
  clearInterval(ticker);
  assert.ok(ticks > 0);
});

test("an org's texts counted before are remembered, and a batch of them still lets the event loop run", async () => {
  const texts = Array.from({ length: 4000 }, (_, index) => `Paragraph ${index}: ${'the quarterly figures by region and product line. '.repeat(6)}`);
  const first = await countTextsWithoutBlocking(texts, 'org_tokens');
  assert.equal(first, texts.reduce((sum, text) => sum + countTokens(text), 0));
  // 1.2 MB, every text remembered: counted by digest, with turns of the loop between slices.
  let ran = false;
  setImmediate(() => (ran = true));
  assert.equal(await countTextsWithoutBlocking(texts, 'org_tokens'), first);
  assert.ok(ran, 'the event loop turned while the remembered texts were looked up');
});

test('a short prompt, once the tokenizer is loaded, is counted at once: a number, nothing to wait for; a long one is a promise', async () => {
  const short = chat('How far is the moon?');
  const counted = countChatPromptWithoutBlocking(short);
  assert.equal(typeof counted, 'number');
  assert.equal(counted, 3 + 2 * 3 + countTokens('system') + countTokens('Be brief.') + countTokens('user') + countTokens('How far is the moon?'));
  const long = countChatPromptWithoutBlocking(chat(longText));
  assert.ok(long instanceof Promise);
  assert.equal(await long, estimateChatPromptTokens(chat(longText)));
});
