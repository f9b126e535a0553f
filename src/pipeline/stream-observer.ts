/**
 * Wraps a stream so that each chunk is seen on its way through, at the cost of one call per chunk.
 * Hand-written rather than a generator so that return() reaches the source even before the first read.
 */
export function observeStream<C>(source: AsyncIterable<C>, observe: (chunk: C) => void): AsyncIterable<C> {
  const iterator = source[Symbol.asyncIterator]();
  const observed: AsyncIterableIterator<C> = {
    [Symbol.asyncIterator]: () => observed,
    async next() {
      const step = await iterator.next();
      if (!step.done) observe(step.value);
      return step;
    },
    async return(value?: unknown) {
      return (await iterator.return?.(value)) ?? { done: true, value: undefined };
    },
  };
  return observed;
}
