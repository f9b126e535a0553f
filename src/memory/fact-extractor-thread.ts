import { serveTasks } from '../shared/task-thread.js';
import { extractFacts } from './fact-extraction.js';

/**
 * The fact extractor's worker: compromise's parsing (about a millisecond a sentence) runs off the event loop. A task
 * is a batch of turns, answered with each turn's facts, or null for a turn whose extraction threw.
 */
serveTasks((texts: string[]) =>
  texts.map((text) => {
    try {
      return extractFacts(text);
    } catch {
      return null;
    }
  }),
);
