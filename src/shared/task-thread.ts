import { parentPort, Worker, type ResourceLimits } from 'node:worker_threads';
import { PendingReplies } from './pending-replies.js';

/** A task as it crosses to the thread, and its answer back. */
interface TaskMessage<Input> {
  id: number;
  input: Input;
}
interface AnswerMessage<Output> {
  id: number;
  output: Output;
}

export interface TaskThreadOptions {
  /** Named in the error of a thread that died. */
  name: string;
  /** `import.meta.url` of the module that starts the thread: the thread's module is its sibling, .ts or .js alike. */
  from: string;
  /** The thread's module beside it, without extension (`./fact-extractor-thread`); it calls serveTasks. */
  module: string;
  resourceLimits?: ResourceLimits;
  /** After this many deaths the thread is not started again: run() answers undefined and the caller works itself. */
  maxDeaths?: number;
}

/**
 * CPU work taken off the event loop that serves requests: one worker thread, started on first use, answering
 * tasks in the order posted. An idle thread never holds the process open; one with tasks waiting does. A thread
 * that dies (out of memory, say) rejects what waited on it and is started again for the next task; after
 * `maxDeaths` it is not, and the caller does the work on its own thread rather than lose it.
 */
export class TaskThread<Input, Output> {
  private worker: Worker | undefined;
  private deaths = 0;
  private readonly replies = new PendingReplies<Output>();

  constructor(private readonly options: TaskThreadOptions) {}

  /** The task's answer from the thread; undefined when the thread cannot run. */
  run(input: Input): Promise<Output> | undefined {
    const worker = this.start();
    if (!worker) return undefined;
    return this.replies.post(worker, (id) => ({ id, input }) satisfies TaskMessage<Input>);
  }

  /** Starts the thread (it loads its module), so that the first task does not wait for it. */
  start(): Worker | undefined {
    if (this.worker || this.deaths >= (this.options.maxDeaths ?? 3)) return this.worker;
    const { from, module, resourceLimits } = this.options;
    const worker = from.endsWith('.ts')
      ? // From the TypeScript sources (tests, tsx) the thread registers tsx first: workers do not inherit loader hooks.
        new Worker(`import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(new URL(`${module}.ts`, from).href)}); })`, { eval: true, resourceLimits })
      : new Worker(new URL(`${module}.js`, from), { resourceLimits });
    worker.unref();
    worker.on('message', (answer: AnswerMessage<Output>) => this.replies.answer(worker, answer.id, answer.output));
    const fail = (error: Error) => {
      this.deaths++;
      this.worker = undefined;
      this.replies.rejectAll(error);
    };
    worker.on('error', fail);
    // Any exit but close()'s is a death, whatever its code: tasks posted to a thread that is gone would wait forever.
    worker.on('exit', (code) => {
      if (this.worker === worker) fail(new Error(`the ${this.options.name} thread exited with code ${code}`));
    });
    this.worker = worker;
    return worker;
  }

  /** Stops the thread; a task still waiting on it is rejected. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await worker.terminate();
    this.replies.rejectAll(new Error(`the ${this.options.name} thread was closed`));
  }
}

/** The thread's side: answers each task with `work(input)`, in the order they come. */
export function serveTasks<Input, Output>(work: (input: Input) => Output): void {
  parentPort!.on('message', (task: TaskMessage<Input>) => {
    parentPort!.postMessage({ id: task.id, output: work(task.input) } satisfies AnswerMessage<Output>);
  });
}
