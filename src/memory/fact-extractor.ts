import type { Worker } from 'node:worker_threads';
import { TaskThread } from '../shared/task-thread.js';
import type { ExtractedFact } from './fact-extraction.js';
import { extractAllInProcess, extractInProcess } from './fact-memory.js';

/** Facts come from a turn's first 20 sentences: a longer text is cut before it reaches the thread. */
const MAX_TEXT_CHARS = 64 * 1024;
const MAX_THREAD_DEATHS = 3;

/**
 * Fact extraction on a worker thread: the after-work of full-mode memory never takes the event loop that
 * serves requests for the millisecond compromise needs per sentence. Started on first use; if the thread
 * cannot run, extraction falls back to this thread rather than losing the facts.
 */
export class FactExtractor {
  // A 4 MB young generation and a 64 MB old one: compromise's garbage is collected sooner on this thread,
  // which serves no request. Uncapped, its heap grew for ~30,000 turns and held ~30 MB more at its plateau
  // (bench: 161 against 104–133 MB for the process). A turn is cut to MAX_TEXT_CHARS before it is sent.
  private readonly thread = new TaskThread<string[], Array<ExtractedFact[] | null>>({
    name: 'fact extraction',
    from: import.meta.url,
    module: './fact-extractor-thread',
    resourceLimits: { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 64 },
    maxDeaths: MAX_THREAD_DEATHS,
  });

  /**
   * The facts of each turn, in order. The turns go to the thread in one message: waking it costs the event loop
   * ~0.3 ms a message on a 2-vCPU VM (the soak's profile), whatever the message holds. A turn the thread failed on is
   * extracted here instead, so a turn's facts are never silently lost.
   */
  async extract(fullTexts: readonly string[]): Promise<ExtractedFact[][]> {
    const texts = fullTexts.map((text) => (text.length > MAX_TEXT_CHARS ? text.slice(0, MAX_TEXT_CHARS) : text));
    const onThread = this.thread.run(texts);
    if (!onThread) return extractAllInProcess(texts);
    const facts = await onThread;
    return Promise.all(facts.map((found, index) => found ?? extractInProcess(texts[index])));
  }

  close(): Promise<void> {
    return this.thread.close();
  }

  /** Starts the thread (it loads compromise), so that the first turn's facts do not wait for it. */
  start(): Worker | undefined {
    return this.thread.start();
  }
}
