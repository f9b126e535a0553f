import { parentPort } from 'node:worker_threads';
import { extractFacts } from './fact-extraction.js';

/** The fact extractor's worker: compromise's parsing (about a millisecond a sentence) runs off the event loop. */
parentPort!.on('message', (message: { id: number; text: string }) => {
  try {
    parentPort!.postMessage({ id: message.id, facts: extractFacts(message.text) });
  } catch (error) {
    parentPort!.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) });
  }
});
