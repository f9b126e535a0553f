/**
 * Watches a stream without adding a generator layer: each chunk passes `onChunk` on its way, and `onEnd`
 * learns once how the stream ended — `complete` when it was read to its end, not when it was cut (the
 * reader left early) or failed (then with the error).
 */
export function tapStream<T>(source: AsyncIterable<T>, onChunk: (chunk: T) => void, onEnd: (complete: boolean, error?: unknown) => void): AsyncIterable<T> {
  return {
    [Symbol.asyncIterator](): AsyncIterator<T> {
      const iterator = source[Symbol.asyncIterator]();
      let ended = false;
      const end = (complete: boolean, error?: unknown) => {
        if (ended) return;
        ended = true;
        onEnd(complete, error);
      };
      return {
        // A plain `then`, not an async function: one promise per chunk instead of three.
        next() {
          return iterator.next().then(
            (step) => {
              if (step.done) end(true);
              else onChunk(step.value);
              return step;
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
