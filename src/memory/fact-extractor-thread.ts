import { parentPort } from 'node:worker_threads';
import { extractFacts } from './fact-extraction.js';

/**
 * The fact extractor's worker: compromise's parsing (about a millisecond a sentence) runs off the event loop. A message
 * carries a batch of turns and is answered with each turn's facts, or null for a turn whose extraction threw.
 */
parentPort!.on('message', (message: { id: number; texts: string[] }) => {
  const facts = message.texts.map((text) => {
    try {
      return extractFacts(text);
    } catch {
      return null;
    }
  });
  parentPort!.postMessage({ id: message.id, facts });
});
