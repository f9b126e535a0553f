import { Worker } from 'node:worker_threads';
import type { ExtractedFact } from './fact-extraction.js';
import { extractAllInProcess, extractInProcess } from './fact-memory.js';

interface Reply {
  id: number;
  /** Each turn's facts, in the order sent; null for a turn whose extraction threw on the thread. */
  facts: Array<ExtractedFact[] | null>;
}

/** Facts come from a turn's first 20 sentences: a longer text is cut before it reaches the thread. */
const MAX_TEXT_CHARS = 64 * 1024;
const MAX_THREAD_DEATHS = 3;

/**
 * Fact extraction on a worker thread: the after-work of full-mode memory never takes the event loop that
 * serves requests for the millisecond compromise needs per sentence. Started on first use; if the thread
 * cannot run, extraction falls back to this thread rather than losing the facts.
 */
export class FactExtractor {
  private worker: Worker | undefined;
  private failed = false;
  private deaths = 0;
  private nextId = 0;
  private readonly pending = new Map<number, { resolve: (facts: Array<ExtractedFact[] | null>) => void; reject: (error: Error) => void }>();

  /**
   * The facts of each turn, in order. The turns go to the thread in one message: waking it costs the event loop
   * ~0.3 ms a message on a 2-vCPU VM (the soak's profile), whatever the message holds. A turn the thread failed on is
   * extracted here instead, so a turn's facts are never silently lost.
   */
  async extract(fullTexts: readonly string[]): Promise<ExtractedFact[][]> {
    const texts = fullTexts.map((text) => (text.length > MAX_TEXT_CHARS ? text.slice(0, MAX_TEXT_CHARS) : text));
    const worker = this.start();
    if (!worker) return extractAllInProcess(texts);
    const id = this.nextId++;
    const facts = await new Promise<Array<ExtractedFact[] | null>>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      // Waiting work keeps the thread referenced; an idle thread never holds the process open.
      if (this.pending.size === 1) worker.ref();
      worker.postMessage({ id, texts });
    });
    return Promise.all(facts.map((found, index) => found ?? extractInProcess(texts[index])));
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await worker.terminate();
  }

  /** Starts the thread (it loads compromise), so that the first turn's facts do not wait for it. */
  start(): Worker | undefined {
    if (this.worker || this.failed) return this.worker;
    const file = new URL('./fact-extractor-thread.js', import.meta.url);
    const fromSources = import.meta.url.endsWith('.ts');
    // From the TypeScript sources (tests, tsx) the thread registers tsx first: workers do not inherit loader hooks.
    const source = fromSources ? new URL('./fact-extractor-thread.ts', import.meta.url).href : file.href;
    // A 4 MB young generation and a 64 MB old one: compromise's garbage is collected sooner on this thread,
    // which serves no request. Uncapped, its heap grew for ~30,000 turns and held ~30 MB more at its plateau
    // (bench: 161 against 104–133 MB for the process). A turn is cut to MAX_TEXT_CHARS before it is sent.
    const resourceLimits = { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 64 };
    const worker = fromSources
      ? new Worker(`import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(source)}); })`, { eval: true, resourceLimits })
      : new Worker(file, { resourceLimits });
    worker.unref();
    worker.on('message', (reply: Reply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if (this.pending.size === 0) worker.unref();
      waiting.resolve(reply.facts);
    });
    const fail = (error: Error) => {
      // A thread that died (out of memory, say) is started again for the next turn; after a few deaths the
      // turns are extracted here instead.
      this.failed = ++this.deaths >= MAX_THREAD_DEATHS;
      this.worker = undefined;
      // What was waiting is extracted here instead.
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    // Any exit but close()'s is a death, whatever its code: turns posted to a thread that is gone would wait forever.
    worker.on('exit', (code) => {
      if (this.worker === worker) fail(new Error(`the fact extraction thread exited with code ${code}`));
    });
    this.worker = worker;
    return worker;
  }
}
