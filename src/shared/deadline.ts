/**
 * Waits for `work` until the clock reads `deadline` (a `Date.now()` value): true when it settled in time (resolved or
 * rejected: the caller only wants to stop waiting), false once the deadline passed with it still running. The work
 * itself goes on; the timer is cleared as soon as the work settles.
 */
export function settlesBy(work: Promise<unknown>, deadline: number): Promise<boolean> {
  // No deadline (Infinity): wait as long as it takes (a timer cannot: Node fires one past 2^31 - 1 ms after 1 ms).
  if (!Number.isFinite(deadline)) return work.then(() => true, () => true);
  const remaining = deadline - Date.now();
  if (remaining <= 0) return Promise.resolve(false);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), remaining);
  });
  const settled = work.then(
    () => true as const,
    () => true as const,
  );
  return Promise.race([settled, late]).finally(() => clearTimeout(timer));
}

/** `work`'s outcome, or `refusal()` thrown once `ms` have passed without one (the work goes on, for the callers after). */
export function refusedPast<T>(work: Promise<T>, ms: number, refusal: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(refusal()), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
