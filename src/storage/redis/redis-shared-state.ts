import { Redis, ReplyError } from 'ioredis';
import type { RateCheck, RateOutcome } from '../../shared/gcra.js';
import type { ReserveCheck, ReserveOutcome, SharedState } from '../../core/shared-state.js';

export interface RedisSharedStateOptions {
  url: string;
  /** Prepended to every key, so several deployments (or test runs) can share one Redis. */
  keyPrefix?: string;
}

/** How long ping() waits: a readiness probe must answer, not hang on a dead server. */
const PING_TIMEOUT_MS = 2000;
/** The key ping() and `svc doctor` write (under the key prefix, expiring by itself): every instance writes the same one. */
export const PROBE_KEY = 'health:probe';

/**
 * Adds to a counter and sets its expiry only when this call created it, in one atomic step.
 * (Checking the result against the amount would be wrong when an existing counter was 0.)
 * INCRBYFLOAT accepts integer and fractional amounts alike (token counts and dollars).
 */
const INCREMENT_SCRIPT = `
local existed = redis.call('EXISTS', KEYS[1])
local value = redis.call('INCRBYFLOAT', KEYS[1], ARGV[1])
if existed == 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return value
`;

/** INCRBYFLOAT on a key that exists (its TTL kept); 0 when it is absent, which it stays. */
const ADJUST_IF_PRESENT_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('INCRBYFLOAT', KEYS[1], ARGV[1])
return 1
`;

/**
 * GCRA over several limits at once (limits/gcra.ts, step for step), on Redis's clock so every instance
 * agrees: ARGV holds limit, window and cost per key. All are taken, or none. Returns strings (Lua numbers
 * would be truncated to integers): allowed, retry-after ms, failed index (1-based), then remaining and
 * reset ms per key.
 */
const ACQUIRE_RATE_SCRIPT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + tonumber(time[2]) / 1000
local allowed = 1
local retry = 0
local failed = 0
local tats = {}
local out = {}
for i = 1, #KEYS do
  local limit = tonumber(ARGV[(i - 1) * 3 + 1])
  local window = tonumber(ARGV[(i - 1) * 3 + 2])
  local cost = tonumber(ARGV[(i - 1) * 3 + 3])
  local interval = window / limit
  local tat = tonumber(redis.call('GET', KEYS[i]) or now)
  if tat < now then tat = now end
  local newTat = tat + cost * interval
  if newTat - now > window then
    allowed = 0
    if newTat - now - window > retry then
      retry = newTat - now - window
      failed = i
    end
    tats[i] = false
    out[#out + 1] = tostring(math.max(0, math.floor((window - (tat - now)) / interval)))
    out[#out + 1] = tostring(tat - now)
  else
    tats[i] = newTat
    out[#out + 1] = tostring(math.floor((window - (newTat - now)) / interval + 1e-9))
    out[#out + 1] = tostring(newTat - now)
  end
end
if allowed == 1 then
  for i = 1, #KEYS do
    redis.call('SET', KEYS[i], tostring(tats[i]), 'PX', math.ceil(tats[i] - now) + 1)
  end
end
local result = { tostring(allowed), tostring(retry), tostring(failed) }
for i = 1, #out do result[#result + 1] = out[i] end
return result
`;

/** A correction of a GCRA counter by ARGV[3] units (limit ARGV[1], window ARGV[2]); never below now. */
const ADJUST_RATE_SCRIPT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + tonumber(time[2]) / 1000
local interval = tonumber(ARGV[2]) / tonumber(ARGV[1])
local tat = tonumber(redis.call('GET', KEYS[1]) or now) + tonumber(ARGV[3]) * interval
if tat < now then tat = now end
redis.call('SET', KEYS[1], tostring(tat), 'PX', math.ceil(tat - now) + 1)
return 1
`;

/**
 * Check-and-reserve: ARGV holds cap, amount, minimum (-1: none) and must-exist (1 or 0) per key, then the
 * TTL. Each counter takes its amount, or past its cap what is left when that is at least the minimum; if any
 * counter cannot, nothing changes and {0, index, used} comes back ({0, index, 'absent'} for a must-exist
 * counter that is missing); else {1, amount taken per key}.
 */
const RESERVE_SCRIPT = `
local n = #KEYS
local ttl = tonumber(ARGV[n * 4 + 1])
local amounts = {}
for i = 1, n do
  local stored = redis.call('GET', KEYS[i])
  if not stored and ARGV[(i - 1) * 4 + 4] == '1' then return { '0', tostring(i), 'absent' } end
  local used = tonumber(stored or '0')
  local cap = tonumber(ARGV[(i - 1) * 4 + 1])
  local amount = tonumber(ARGV[(i - 1) * 4 + 2])
  local minimum = tonumber(ARGV[(i - 1) * 4 + 3])
  local left = cap - used
  if amount <= left + 1e-12 then
    amounts[i] = amount
  elseif minimum >= 0 and minimum <= left + 1e-12 then
    amounts[i] = math.max(0, left)
  else
    return { '0', tostring(i), tostring(used) }
  end
end
local out = { '1' }
for i = 1, n do
  local existed = redis.call('EXISTS', KEYS[i])
  redis.call('INCRBYFLOAT', KEYS[i], tostring(amounts[i]))
  if existed == 0 then redis.call('PEXPIRE', KEYS[i], ttl) end
  out[i + 1] = tostring(amounts[i])
end
return out
`;

type RedisWithIncrement = Redis & {
  svcIncrement(key: string, amount: string, ttlMs: string): Promise<string>;
  svcAdjustIfPresent(key: string, amount: string): Promise<number>;
  svcAcquireRate(...keysAndArgs: Array<string | number>): Promise<string[]>;
  svcAdjustRate(key: string, limit: string, windowMs: string, delta: string): Promise<number>;
  svcReserve(...keysAndArgs: Array<string | number>): Promise<string[]>;
};

/**
 * A TTL Redis would refuse is a caller's mistake, thrown as a RangeError: the failover state passes that on, where a
 * refused command (`ERR value is not an integer or out of range` for PX 1e23) would read as Redis being down.
 */
function checkTtl(ttlMs: number): void {
  if (!Number.isFinite(ttlMs) || ttlMs <= 0 || ttlMs > Number.MAX_SAFE_INTEGER) throw new RangeError(`ttlMs must be a positive number of milliseconds Redis can hold, got ${ttlMs}`);
}

/**
 * Error replies that mean this server serves nobody now: out of memory, loading its data, a replica or a cluster
 * that cannot write, a script holding it, persistence failing, our credentials or rights refused. Any other error
 * reply (WRONGTYPE: a key of another type; a script's own error) concerns one key or command, not the server.
 */
const OUTAGE_REPLIES = new Set(['OOM', 'LOADING', 'READONLY', 'MASTERDOWN', 'CLUSTERDOWN', 'TRYAGAIN', 'BUSY', 'NOREPLICAS', 'MISCONF', 'NOAUTH', 'WRONGPASS', 'NOPERM']);

/** Whether a Redis error is an outage (see OUTAGE_REPLIES); an error that is no reply at all (a time-out, a lost connection) always is. */
export function isRedisOutage(error: unknown): boolean {
  if (!(error instanceof ReplyError)) return true;
  const message = String((error as Error).message);
  const code = message.split(' ', 1)[0];
  return OUTAGE_REPLIES.has(code) || message.includes('max number of clients');
}

export class RedisSharedState implements SharedState {
  readonly kind = 'redis' as const;
  private readonly redis: RedisWithIncrement;
  private lastError: Error | undefined;
  /** A second connection, opened on the first subscribe: a subscribed Redis connection can do nothing else. */
  private subscriber: Redis | undefined;
  private readonly handlers = new Map<string, Array<(message: string) => void>>();
  /** Channels are not keys, so ioredis does not prefix them: this does. */
  private readonly channelPrefix: string;

  constructor(options: RedisSharedStateOptions) {
    this.channelPrefix = options.keyPrefix ?? '';
    this.redis = new Redis(options.url, {
      keyPrefix: options.keyPrefix,
      lazyConnect: false,
      // Fail a command after one reconnect attempt instead of queueing it for ever while Redis is down.
      maxRetriesPerRequest: 1,
      enableOfflineQueue: true,
      // ioredis arms this timer even for a socket that is already closed (Redis unreachable) and
      // never clears it, which would hold process exit for the 2 s default.
      disconnectTimeout: 200,
      // A Redis that accepts the connection but does not answer must not hold requests: fail the command.
      commandTimeout: 1000,
    }) as RedisWithIncrement;
    this.redis.defineCommand('svcIncrement', { numberOfKeys: 1, lua: INCREMENT_SCRIPT });
    this.redis.defineCommand('svcAdjustIfPresent', { numberOfKeys: 1, lua: ADJUST_IF_PRESENT_SCRIPT });
    this.redis.defineCommand('svcAcquireRate', { lua: ACQUIRE_RATE_SCRIPT });
    this.redis.defineCommand('svcAdjustRate', { numberOfKeys: 1, lua: ADJUST_RATE_SCRIPT });
    this.redis.defineCommand('svcReserve', { lua: RESERVE_SCRIPT });
    // ioredis reconnects by itself; keep the cause for ping()'s message instead of printing it.
    this.redis.on('error', (error: Error) => {
      this.lastError = error;
    });
    this.redis.on('ready', () => {
      this.lastError = undefined;
    });
  }

  isOutage(error: unknown): boolean {
    return isRedisOutage(error);
  }

  async increment(key: string, amount: number, ttlMs: number): Promise<number> {
    checkTtl(ttlMs);
    const value = await this.redis.svcIncrement(key, String(amount), String(Math.ceil(ttlMs)));
    return Number(value);
  }

  async adjustIfPresent(key: string, amount: number): Promise<boolean> {
    return (await this.redis.svcAdjustIfPresent(key, String(amount))) === 1;
  }

  async get(key: string): Promise<string | undefined> {
    return (await this.redis.get(key)) ?? undefined;
  }

  async set(key: string, value: string, ttlMs?: number): Promise<void> {
    if (ttlMs === undefined) {
      await this.redis.set(key, value);
    } else {
      checkTtl(ttlMs);
      await this.redis.set(key, value, 'PX', Math.ceil(ttlMs));
    }
  }

  async delete(key: string): Promise<void> {
    await this.redis.del(key);
  }

  async ttl(key: string): Promise<number | undefined> {
    // -2: no such key; -1: a key without expiry.
    const milliseconds = await this.redis.pttl(key);
    return milliseconds < 0 ? undefined : milliseconds;
  }

  async setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean> {
    checkTtl(ttlMs);
    return (await this.redis.set(key, value, 'PX', ttlMs, 'NX')) === 'OK';
  }

  async acquireRate(checks: RateCheck[]): Promise<RateOutcome> {
    const args = checks.flatMap((check) => [String(check.limit), String(check.windowMs), String(check.cost)]);
    const result = await this.redis.svcAcquireRate(checks.length, ...checks.map((check) => check.key), ...args);
    const states = checks.map((_, index) => ({ remaining: Number(result[3 + index * 2]), resetMs: Number(result[4 + index * 2]) }));
    if (result[0] === '1') return { allowed: true, states };
    return { allowed: false, retryAfterMs: Number(result[1]), failedIndex: Number(result[2]) - 1, states };
  }

  async adjustRate(check: Omit<RateCheck, 'cost'>, delta: number): Promise<void> {
    await this.redis.svcAdjustRate(check.key, String(check.limit), String(check.windowMs), String(delta));
  }

  async reserve(checks: ReserveCheck[], ttlMs: number): Promise<ReserveOutcome> {
    checkTtl(ttlMs);
    const args = [...checks.flatMap((check) => [String(check.cap), String(check.amount), String(check.minimum ?? -1), check.mustExist ? '1' : '0']), String(ttlMs)];
    const result = await this.redis.svcReserve(checks.length, ...checks.map((check) => check.key), ...args);
    if (result[0] === '1') return { reserved: true, amounts: result.slice(1).map(Number) };
    if (result[2] === 'absent') return { reserved: false, failedIndex: Number(result[1]) - 1, absent: true };
    return { reserved: false, failedIndex: Number(result[1]) - 1, used: Number(result[2]) };
  }

  async appendLog(key: string, value: string, maxLength: number, ttlMs: number): Promise<{ id: string; started: boolean }> {
    checkTtl(ttlMs);
    const [[existsError, existed], [appendError, id], [expireError]] = (await this.redis.multi().exists(key).xadd(key, 'MAXLEN', '~', String(maxLength), '*', 'v', value).pexpire(key, ttlMs).exec()) as Array<[Error | null, unknown]>;
    if (existsError || appendError || expireError) throw existsError ?? appendError ?? expireError;
    return { id: id as string, started: existed === 0 };
  }

  async readLog(key: string, afterId: string, count: number): Promise<Array<{ id: string; value: string }>> {
    const entries = await this.redis.xrange(key, afterId === '' ? '-' : `(${afterId}`, '+', 'COUNT', count);
    return entries.map(([id, fields]) => ({ id, value: fields[fields.indexOf('v') + 1] ?? '' }));
  }

  async publish(channel: string, message: string): Promise<void> {
    await this.redis.publish(this.channelPrefix + channel, message);
  }

  async subscribe(channel: string, handler: (message: string) => void): Promise<void> {
    const name = this.channelPrefix + channel;
    if (!this.subscriber) {
      // ioredis's own resubscription leaves its promise without a handler: a connection lost again before
      // Redis answers (a flapping Redis, or close() at that moment) is an unhandled rejection, which ends
      // the process. svc resubscribes itself, on every reconnect, and owns the failure.
      const subscriber = this.redis.duplicate({ commandTimeout: undefined, autoResubscribe: false });
      subscriber.on('error', () => undefined); // reconnects by itself
      subscriber.on('ready', () => {
        const channels = [...this.handlers.keys()];
        if (channels.length > 0) subscriber.subscribe(...channels).catch(() => undefined); // the next 'ready' tries again
      });
      subscriber.on('message', (from: string, message: string) => {
        for (const listener of this.handlers.get(from) ?? []) listener(message);
      });
      this.subscriber = subscriber;
    }
    const listeners = this.handlers.get(name) ?? [];
    listeners.push(handler);
    this.handlers.set(name, listeners);
    if (listeners.length === 1) await this.subscriber.subscribe(name);
  }

  async ping(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const cause = this.lastError ? `: ${this.lastError.message}` : '';
        reject(new Error(`Redis did not take a write within ${PING_TIMEOUT_MS} ms${cause}`));
      }, PING_TIMEOUT_MS);
    });
    try {
      // A write, not PING: a Redis out of memory or read-only still answers PING, and sharing limits needs writes.
      await Promise.race([this.redis.set(PROBE_KEY, '1', 'PX', 10_000), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    this.subscriber?.disconnect();
    if (this.redis.status === 'end') return;
    if (this.redis.status === 'ready') {
      try {
        await this.redis.quit();
        return;
      } catch {
        // Fall through to a hard disconnect.
      }
    }
    // Not connected: QUIT would wait in the offline queue; stop reconnecting instead.
    this.redis.disconnect();
  }
}
