import { Pool } from 'undici';

/**
 * Load generator over a keep-alive undici Pool of `concurrency` connections, first for `warmupSeconds`
 * (discarded), then for `seconds` (measured). Closed loop by default: `concurrency` workers, each sending one
 * request at a time, so the target runs flat out and latency is mostly queueing. With `rate`, open loop:
 * requests leave on a fixed schedule whether or not earlier ones have answered, so a target that stalls keeps
 * receiving them and the stall shows in every request it held up (no coordinated omission). Each latency counts
 * from the moment the request leaves, not from its slot in the schedule: the generator's own timer lag (up to a
 * millisecond a tick) is not the target's.
 * Bounded by time and by `maxRequests` measured requests; every request has header and body time-outs and
 * the whole run a hard deadline, so it always ends.
 */

export interface LoadOptions {
  /** Origin, e.g. http://127.0.0.1:40123 (loopback only). */
  origin: string;
  path: string;
  headers: Record<string, string>;
  /** The request body: the same for every request, or a new one per request (e.g. cache misses). */
  body: string | (() => string);
  /** Connections; in a closed loop also the requests in flight. */
  concurrency: number;
  /** Requests a second on a fixed schedule (open loop); absent: closed loop. */
  rate?: number;
  warmupSeconds: number;
  seconds: number;
  maxRequests: number;
  /** Per request: until headers, and between body chunks. */
  requestTimeoutMs?: number;
  /** Called when the measured phase starts (e.g. to sample the target's CPU time). */
  onMeasureStart?: () => void | Promise<void>;
  /** Count the measured answers per status (a limit's 429s are expected answers, not failures to pace). */
  countStatuses?: boolean;
  /** Return the measured latencies themselves, to pool them with other rounds'. */
  keepSamples?: boolean;
}

export interface LatencySummary {
  p50: number;
  p90: number;
  p99: number;
  max: number;
  mean: number;
}

export interface LoadResult {
  /** Measured requests that completed with status 200 and a full body. */
  requests: number;
  /** Failed measured requests (status ≠ 200, transport error, time-out). */
  errors: number;
  /** First error seen, to make failures readable. */
  firstError?: string;
  /** Measured wall time, seconds (start of the measured phase → last measured completion). */
  measuredSeconds: number;
  rps: number;
  /** Request start → end of body, milliseconds. */
  total: LatencySummary;
  /** Request start → first body chunk, milliseconds. */
  firstByte: LatencySummary;
  /**
   * svc's own time per request (the `total` of its x-svc-latency-breakdown header: request received →
   * answer handed to the socket), when the target sends it: what svc adds, apart from loopback and scheduling.
   */
  server?: LatencySummary;
  /** Measured requests slower than 2 ms end to end whose svc-side time was under 1 ms (delay outside svc's code). */
  slowOutsideSvc?: { slow: number; outside: number };
  /** Measured answers per HTTP status (with countStatuses). */
  statuses?: Record<number, number>;
  /** The measured requests' latencies, ms (with keepSamples). */
  samples?: LatencySamples;
}

/** Each measured request's latency, ms: request start → end of body, and → first body chunk. */
export interface LatencySamples {
  total: Float64Array;
  firstByte: Float64Array;
}

/**
 * The fixed-rate (open-loop) load every benchmark uses: its connections (requests beyond them wait in the pool, their
 * wait counted) and its warm-up (a target is warm already from a closed-loop phase or an earlier round).
 */
export const OPEN_LOOP = { connections: 64, warmupSeconds: 1 } as const;

/** `--rate`'s value: requests a second of a fixed-rate load, 0 for a closed loop; anything else ends the benchmark with a usage error. */
export function rateOption(text: string): number {
  const rate = Number(text);
  if (!Number.isFinite(rate) || rate < 0) {
    process.stderr.write(`--rate must be a number of requests a second, 0 for a closed loop (got ${JSON.stringify(text)})\n`);
    process.exit(2);
  }
  return rate;
}

/** The targets in the order round `round` loads them: each round starts one later (round-robin), so none always follows the same one. */
export function roundOrder<T>(targets: readonly T[], round: number): T[] {
  const shift = round % targets.length;
  return [...targets.slice(shift), ...targets.slice(0, shift)];
}

/** A load's shape: at `rate` requests/s over OPEN_LOOP's connections when `rate` > 0, else a closed loop of `concurrency`. */
export function loadAt(rate: number, concurrency: number, closedWarmupSeconds: number): Pick<LoadOptions, 'concurrency' | 'rate' | 'warmupSeconds'> {
  return rate > 0 ? { concurrency: OPEN_LOOP.connections, rate, warmupSeconds: OPEN_LOOP.warmupSeconds } : { concurrency, warmupSeconds: closedWarmupSeconds };
}

const now = () => process.hrtime.bigint();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function isLoopback(origin: string): boolean {
  const host = new URL(origin).hostname;
  return host === '127.0.0.1' || host === 'localhost' || host === '[::1]' || host === '::1';
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  if (!isLoopback(options.origin)) throw new Error(`the load generator only targets loopback addresses (got ${options.origin})`);
  const timeoutMs = options.requestTimeoutMs ?? 10_000;
  const pool = new Pool(options.origin, {
    connections: options.concurrency,
    pipelining: 1,
    keepAliveTimeout: 30_000,
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  });
  const fixed = typeof options.body === 'string' ? Buffer.from(options.body) : undefined;
  const makeBody = options.body;
  const nextBody = () => fixed ?? Buffer.from((makeBody as () => string)());
  const headers = { ...options.headers, 'content-type': 'application/json' };

  const capacity = options.maxRequests;
  const totals = new Float64Array(capacity);
  const firstBytes = new Float64Array(capacity);
  const serverTimes = new Float64Array(capacity);
  let serverCount = 0;
  let slow = 0;
  let slowOutside = 0;
  const statuses: Record<number, number> = {};
  let count = 0;
  let errors = 0;
  let firstError: string | undefined;
  let lastCompletion = 0n;

  const startedAt = now();
  const measureFrom = startedAt + BigInt(Math.round(options.warmupSeconds * 1e9));
  const stopAt = measureFrom + BigInt(Math.round(options.seconds * 1e9));
  let stopped = false;

  /** One request, its latency counted from now; measured when `slot` (now, or its slot in the schedule) is past the warm-up. */
  const send = async (slot: bigint) => {
    const t0 = now();
    const measured = slot >= measureFrom;
    let first = 0n;
    let ok = false;
    let failure: string | undefined;
    let serverMs = NaN;
    try {
      const response = await pool.request({ method: 'POST', path: options.path, headers, body: nextBody() });
      const breakdown = response.headers['x-svc-latency-breakdown'];
      if (measured && typeof breakdown === 'string') serverMs = Number((JSON.parse(breakdown) as { total?: number }).total);
      for await (const _chunk of response.body) {
        if (first === 0n) first = now();
      }
      ok = response.statusCode === 200;
      if (!ok) failure = `HTTP ${response.statusCode}`;
      if (measured && options.countStatuses) statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1;
    } catch (error) {
      failure = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    }
    const t1 = now();
    if (!measured) return;
    if (ok && count < capacity) {
      totals[count] = Number(t1 - t0) / 1e6;
      firstBytes[count] = Number((first || t1) - t0) / 1e6;
      if (Number.isFinite(serverMs)) {
        serverTimes[serverCount++] = serverMs;
        if (totals[count] > 2) {
          slow++;
          if (serverMs < 1) slowOutside++;
        }
      }
      count++;
      lastCompletion = t1;
    } else if (!ok) {
      errors++;
      firstError ??= failure;
      // Do not spin on an instantly failing target (a limit's refusals are the answers being measured).
      if (!options.countStatuses && options.rate === undefined) await sleep(5);
    }
  };

  const worker = async () => {
    for (let slot = now(); !stopped && slot < stopAt && count < capacity; slot = now()) await send(slot);
  };

  /** The open loop: every millisecond or so, the requests the schedule owes by now leave. */
  const schedule = async (rate: number) => {
    const intervalNs = 1e9 / rate;
    const inFlight = new Set<Promise<void>>();
    for (let sent = 0; !stopped && count < capacity; await sleep(1)) {
      const elapsedNs = Number(now() - startedAt);
      for (const due = Math.floor(elapsedNs / intervalNs) + 1; sent < due; sent++) {
        const slot = startedAt + BigInt(Math.round(sent * intervalNs));
        if (slot >= stopAt) {
          await Promise.all(inFlight);
          return;
        }
        const request = send(slot).finally(() => inFlight.delete(request));
        inFlight.add(request);
      }
    }
    await Promise.all(inFlight);
  };

  const measureStart = setTimeout(() => void options.onMeasureStart?.(), Math.max(0, Number(measureFrom - now()) / 1e6));
  // Hard deadline: requests still in flight this long after the end are cut.
  const graceMs = timeoutMs + 5_000;
  let deadline: NodeJS.Timeout | undefined;
  const hardStop = new Promise<void>((resolve) => {
    deadline = setTimeout(
      () => {
        stopped = true;
        resolve();
      },
      (options.warmupSeconds + options.seconds) * 1000 + graceMs,
    );
  });
  try {
    const load = options.rate === undefined ? Promise.all(Array.from({ length: options.concurrency }, worker)) : schedule(options.rate);
    await Promise.race([load, hardStop]);
  } finally {
    stopped = true;
    clearTimeout(measureStart);
    clearTimeout(deadline);
    await pool.destroy().catch(() => undefined);
  }

  const measuredSeconds = count > 0 ? Math.max(Number(lastCompletion - measureFrom) / 1e9, 1e-9) : options.seconds;
  return {
    requests: count,
    errors,
    firstError,
    measuredSeconds,
    rps: count / measuredSeconds,
    total: summarize(totals.subarray(0, count)),
    firstByte: summarize(firstBytes.subarray(0, count)),
    ...(options.countStatuses ? { statuses } : {}),
    ...(options.keepSamples ? { samples: { total: totals.slice(0, count), firstByte: firstBytes.slice(0, count) } } : {}),
    ...(serverCount > 0 ? { server: summarize(serverTimes.subarray(0, serverCount)), slowOutsideSvc: { slow, outside: slowOutside } } : {}),
  };
}

/** The median of the finite values (the mean of the middle two for an even count); NaN when there are none. */
export function median(values: number[]): number {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Nearest-rank percentiles of a sample (milliseconds). */
export function summarize(sample: Float64Array): LatencySummary {
  if (sample.length === 0) return { p50: NaN, p90: NaN, p99: NaN, max: NaN, mean: NaN };
  const sorted = Float64Array.from(sample).sort();
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
  let sum = 0;
  for (const value of sorted) sum += value;
  return { p50: at(0.5), p90: at(0.9), p99: at(0.99), max: sorted[sorted.length - 1], mean: sum / sorted.length };
}

/** One request, body read as text: checks that a target answers before it is loaded. */
export async function probe(origin: string, path: string, headers: Record<string, string>, body: string): Promise<{ status: number; text: string }> {
  const pool = new Pool(origin, { connections: 1, headersTimeout: 10_000, bodyTimeout: 10_000 });
  try {
    const response = await pool.request({ method: 'POST', path, headers: { ...headers, 'content-type': 'application/json' }, body });
    return { status: response.statusCode, text: await response.body.text() };
  } finally {
    await pool.destroy().catch(() => undefined);
  }
}
