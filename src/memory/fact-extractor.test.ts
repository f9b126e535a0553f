import { test } from 'node:test';
import assert from 'node:assert/strict';
import { extractFacts } from './fact-extraction.js';
import { FactExtractor } from './fact-extractor.js';

test('facts are extracted on the worker thread exactly as in process, a batch of turns in one message, each answered to its own turn', async () => {
  const extractor = new FactExtractor();
  try {
    const thread = extractor.start()!;
    let messages = 0;
    const post = thread.postMessage.bind(thread);
    thread.postMessage = (message: unknown) => (messages++, post(message));
    const turns = ['My sister Laura is getting married on June 14th, 2025 in Lisbon.', 'Our budget is $12,000 and we have 35 employees.', 'Recommend a book.', '我叫王伟，我住在上海。'];
    const [answers, again] = await Promise.all([extractor.extract(turns), extractor.extract(['My name is Alice and I live in Paris.'])]);
    assert.deepEqual(answers, turns.map((text) => extractFacts(text)));
    assert.equal(answers[0][0].text, 'My sister Laura is getting married on June 14th, 2025 in Lisbon.');
    assert.deepEqual(answers[2], [], 'a turn that states nothing has no facts, in its place');
    assert.deepEqual(again, [extractFacts('My name is Alice and I live in Paris.')], 'two batches at once are each answered with their own');
    assert.equal(messages, 2, 'one message a batch');
  } finally {
    await extractor.close();
  }
});

test('a thread that dies is started again for the next turn; after three deaths the turns are extracted in process', async () => {
  const extractor = new FactExtractor();
  const text = 'My name is Alice and I live in Paris.';
  try {
    for (let death = 1; death <= 3; death++) {
      const thread = extractor.start()!;
      const exited = new Promise((resolve) => thread.once('exit', resolve));
      thread.ref(); // an idle thread is unreferenced: the test waits for its exit
      await thread.terminate();
      await exited;
      assert.deepEqual(await extractor.extract([text]), [extractFacts(text)], `after death ${death} the facts still come`);
      if (death < 3) assert.notEqual(extractor.start(), thread, 'a new thread took over');
    }
    assert.equal(extractor.start(), undefined, 'three deaths: no thread any more, extraction runs here');
  } finally {
    await extractor.close();
  }
});

test('a turn longer than 64 KiB is cut before it reaches the thread: its first sentences still give their facts', async () => {
  const extractor = new FactExtractor();
  try {
    const text = `My name is Alice and I live in Paris. ${'word '.repeat(200_000)}`;
    const [facts] = await extractor.extract([text]);
    assert.equal(facts[0]?.text, 'My name is Alice and I live in Paris.');
  } finally {
    await extractor.close();
  }
});

test('a turn the thread answers without facts (its extraction threw there) is extracted here: its facts are not lost', async () => {
  const extractor = new FactExtractor();
  try {
    const thread = extractor.start()!;
    // The thread answers null for a turn whose extraction threw; no text makes extractFacts throw, so the reply is altered.
    const emit = thread.emit.bind(thread);
    thread.emit = (event: string | symbol, ...args: unknown[]) => {
      if (event === 'message') {
        const reply = args[0] as { output: unknown[] };
        reply.output[1] = null;
      }
      return emit(event, ...args);
    };
    const turns = ['Recommend a book.', 'My name is Alice and I live in Paris.', 'Our budget is $12,000.'];
    const answers = await extractor.extract(turns);
    assert.deepEqual(answers, turns.map((text) => extractFacts(text)));
    assert.equal(answers[1][0]?.text, 'My name is Alice and I live in Paris.', 'the failed turn has its facts');
  } finally {
    await extractor.close();
  }
});

test('closing the thread with a batch still waiting rejects it, so that its caller extracts the turns itself instead of waiting forever', async () => {
  const extractor = new FactExtractor();
  const waiting = extractor.extract(['My name is Alice and I live in Paris.']);
  await extractor.close();
  await assert.rejects(waiting, /the fact extraction thread was closed/);
});
