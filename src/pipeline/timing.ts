/** Milliseconds since a process.hrtime.bigint() reading. */
export function elapsedMs(startedAt: bigint): number {
  return Number(process.hrtime.bigint() - startedAt) / 1e6;
}
