/**
 * Seeded random mutations of JSON values, for the tests that feed svc what a careless caller or a faulty provider
 * sends: members dropped, added, or replaced by hostile values. The same seed gives the same mutations, so a
 * failure replays.
 */

/** Values no schema expects: nulls, huge and negative numbers, lone surrogates, NUL, nested arrays, prototype names. */
export const hostileValues: readonly unknown[] = [
  null, true, false, 0, -1, 1.5, 1e308, -1e308, 2 ** 53 + 1, -0, '', ' ', 'x'.repeat(300), '\u0000', '\ud800', '💥', 'NaN', '1',
  [], [null], [[]], {}, { a: 1 }, { role: 'user' }, [{ role: 'user', content: [] }], [{ type: 'text' }], { constructor: 1 }, { toString: 1 },
  [{ role: 'tool', content: 'x' }], [{ role: 'assistant', tool_calls: [{}] }], [{ role: 'user', content: [{ type: 'image_url', image_url: {} }] }],
];

export interface Mutations {
  /** A number in [0, 1). */
  next(): number;
  pick<T>(items: readonly T[]): T;
  /** A copy of `value` with one change somewhere inside it; `names` are the member names an added member may take. */
  mutate(value: unknown, names: readonly string[]): unknown;
}

/**
 * A small seeded generator (mulberry32) and the mutations it drives. The linear congruential one used before multiplied
 * in floating point past 2^53, lost bits, and fell into short cycles for some seeds (seed 298: 61 values, over and over).
 */
export function seededMutations(seed: number): Mutations {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), state | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  const mutate = (value: unknown, names: readonly string[], depth = 0): unknown => {
    if (value === null || typeof value !== 'object') return next() < 0.5 ? pick(hostileValues) : value;
    const copy = (Array.isArray(value) ? [...value] : { ...(value as Record<string, unknown>) }) as Record<string, unknown>;
    const keys = Object.keys(copy);
    const roll = next();
    if (roll < 0.15 && keys.length > 0) delete copy[pick(keys)];
    else if (roll < 0.3) copy[Array.isArray(value) ? String(keys.length) : pick(names)] = pick(hostileValues);
    else if (keys.length > 0) {
      const key = pick(keys);
      copy[key] = depth < 4 && next() < 0.7 ? mutate(copy[key], names, depth + 1) : pick(hostileValues);
    }
    return copy;
  };
  return { next, pick, mutate: (value, names) => mutate(value, names) };
}
