import { test } from 'node:test';
import assert from 'node:assert/strict';
import { extractFacts } from './fact-extraction.js';
import { FactExtractor } from './fact-extractor.js';

test('facts are extracted on the worker thread exactly as in process, many at once, each answered to its own turn', async () => {
  const extractor = new FactExtractor();
  try {
    const turns = ['My sister Laura is getting married on June 14th, 2025 in Lisbon.', 'Our budget is $12,000 and we have 35 employees.', 'Recommend a book.', '我叫王伟，我住在上海。'];
    const answers = await Promise.all(turns.map((text) => extractor.extract(text)));
    assert.deepEqual(answers, turns.map((text) => extractFacts(text)));
    assert.equal(answers[0][0].text, 'My sister Laura is getting married on June 14th, 2025 in Lisbon.');
  } finally {
    await extractor.close();
  }
});
