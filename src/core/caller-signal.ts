/**
 * What svc's code reads of an abort signal: whether and why it fired, and listeners for when it does.
 * A DOM AbortSignal satisfies it, and so does ConnectionSignal, the cheaper one every request gets.
 */
export interface CallerSignal {
  readonly aborted: boolean;
  readonly reason: unknown;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

/**
 * The signal that fires when the caller's connection closes before its answer was sent. An AbortController
 * per request cost ~2 % of svc's CPU (Node builds an EventTarget for its signal); this is an array of
 * listeners. Like an AbortSignal, it fires once, with an AbortError DOMException as its reason unless
 * given one; a listener added after it fired is never called; a listener that throws does not stop the
 * others, and its error becomes a process warning (an EventTarget would throw it as an uncaught exception,
 * which ends a server; these listeners only forward the abort, and must never take every stream down).
 */
export class ConnectionSignal implements CallerSignal {
  aborted = false;
  reason: unknown = undefined;
  private listeners: Array<() => void> | undefined;

  addEventListener(_type: 'abort', listener: () => void, _options?: { once?: boolean }): void {
    if (!this.aborted) (this.listeners ??= []).push(listener);
  }

  removeEventListener(_type: 'abort', listener: () => void): void {
    const index = this.listeners?.indexOf(listener) ?? -1;
    if (index !== -1) this.listeners!.splice(index, 1);
  }

  abort(reason?: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason ?? new DOMException('This operation was aborted', 'AbortError');
    const listeners = this.listeners;
    this.listeners = undefined;
    for (const listener of listeners ?? []) {
      try {
        listener();
      } catch (error) {
        process.emitWarning(error instanceof Error ? error : new Error(String(error)), 'ConnectionSignalListenerError');
      }
    }
  }
}
