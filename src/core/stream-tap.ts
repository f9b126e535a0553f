/**
 * Watches a stream without adding a generator layer: each chunk passes `onChunk` on its way, and `onEnd`
 * learns once how the stream ended — `complete` when it was read to its end, not when it was cut (the
 * reader left early) or failed (then with the error). When `onEnd` returns a promise for a complete stream,
 * the reader learns of the end only once it settles (the usage record's group write before the closing events).
 */
export function tapStream<T>(source: AsyncIterable<T>, onChunk: (chunk: T) => void, onEnd: (complete: boolean, error?: unknown) => PromiseLike<void> | void): AsyncIterable<T> {
  return {
    [Symbol.asyncIterator](): AsyncIterator<T> {
      const iterator = source[Symbol.asyncIterator]();
      let ended = false;
      const end = (complete: boolean, error?: unknown): PromiseLike<void> | void => {
        if (ended) return;
        ended = true;
        return onEnd(complete, error);
      };
      return {
        // A plain `then`, not an async function: one promise per chunk instead of three.
        next() {
          return iterator.next().then(
            (step) => {
              if (!step.done) {
                onChunk(step.value);
                return step;
              }
              const ending = end(true);
              return ending ? ending.then(() => step) : step;
            },
            (error: unknown) => {
              end(false, error);
              throw error;
            },
          );
        },
        async return(value?: unknown) {
          end(false);
          return (await iterator.return?.(value)) ?? { done: true, value: undefined };
        },
      };
    },
  };
}
