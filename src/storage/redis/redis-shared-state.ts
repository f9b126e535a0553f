import { Redis } from 'ioredis';
import type { SharedState } from '../storage-types.js';

export interface RedisSharedStateOptions {
  url: string;
  /** Prepended to every key, so several deployments (or test runs) can share one Redis. */
  keyPrefix?: string;
}

/** How long ping() waits: a readiness probe must answer, not hang on a dead server. */
const PING_TIMEOUT_MS = 2000;

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

type RedisWithIncrement = Redis & {
  svcIncrement(key: string, amount: string, ttlMs: string): Promise<string>;
};

function checkTtl(ttlMs: number): void {
  if (!Number.isFinite(ttlMs) || ttlMs <= 0) throw new RangeError(`ttlMs must be a positive number, got ${ttlMs}`);
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
    // ioredis reconnects by itself; keep the cause for ping()'s message instead of printing it.
    this.redis.on('error', (error: Error) => {
      this.lastError = error;
    });
    this.redis.on('ready', () => {
      this.lastError = undefined;
    });
  }

  async increment(key: string, amount: number, ttlMs: number): Promise<number> {
    checkTtl(ttlMs);
    const value = await this.redis.svcIncrement(key, String(amount), String(Math.ceil(ttlMs)));
    return Number(value);
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

  async appendLog(key: string, value: string, maxLength: number, ttlMs: number): Promise<string> {
    checkTtl(ttlMs);
    const [[appendError, id], [expireError]] = (await this.redis.multi().xadd(key, 'MAXLEN', '~', String(maxLength), '*', 'v', value).pexpire(key, ttlMs).exec()) as Array<[Error | null, unknown]>;
    if (appendError || expireError) throw appendError ?? expireError;
    return id as string;
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
      this.subscriber = this.redis.duplicate({ commandTimeout: undefined });
      this.subscriber.on('error', () => undefined); // reconnects by itself; subscriptions are restored on reconnect
      this.subscriber.on('message', (from: string, message: string) => {
        for (const listener of this.handlers.get(from) ?? []) listener(message);
      });
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
        reject(new Error(`Redis did not answer PING within ${PING_TIMEOUT_MS} ms${cause}`));
      }, PING_TIMEOUT_MS);
    });
    try {
      await Promise.race([this.redis.ping(), timeout]);
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
