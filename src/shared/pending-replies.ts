import type { Worker } from 'node:worker_threads';

interface Waiter<Reply> {
  resolve: (reply: Reply) => void;
  reject: (error: Error) => void;
}

/**
 * The replies a worker thread owes, by message id: each message posted waits on a promise of its own, settled when the
 * thread answers that id, and every one still waiting is rejected at once when the thread dies (a message posted to a
 * thread that is gone is never answered). Waiting work keeps the thread referenced, so the process stays up for it;
 * an idle thread never holds the process open.
 */
export class PendingReplies<Reply> {
  private nextId = 0;
  private readonly waiting = new Map<number, Waiter<Reply>>();

  /** Posts the message `build` makes for a new id (moving `transfer`'s buffers to the thread), and resolves with the thread's reply to that id. */
  post(worker: Worker, build: (id: number) => unknown, transfer?: readonly ArrayBuffer[]): Promise<Reply> {
    return new Promise<Reply>((resolve, reject) => {
      const id = this.nextId++;
      this.waiting.set(id, { resolve, reject });
      if (this.waiting.size === 1) worker.ref();
      worker.postMessage(build(id), transfer);
    });
  }

  /** The thread answered message `id` (an id that waits no more, rejected when the thread died, is ignored). */
  answer(worker: Worker, id: number, reply: Reply): void {
    const waiter = this.waiting.get(id);
    if (!waiter) return;
    this.waiting.delete(id);
    if (this.waiting.size === 0) worker.unref();
    waiter.resolve(reply);
  }

  /** The thread is gone: everything that waited on it fails with `error`. */
  rejectAll(error: Error): void {
    const waiters = [...this.waiting.values()];
    this.waiting.clear();
    for (const waiter of waiters) waiter.reject(error);
  }
}
