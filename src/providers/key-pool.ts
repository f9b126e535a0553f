import { createHash } from 'node:crypto';
import type { SharedState } from '../core/shared-state.js';

/** The longest a key is put aside, whatever the upstream's retry-after says (see coolDown). */
const MAX_COOLDOWN_MS = 3600_000;

/** The keys of a provider in the order to try them for one request, and those of them cooling down (tried last). */
export interface KeyOrder {
  readonly keys: readonly string[];
  readonly coolingDown: ReadonlySet<string>;
}

/**
 * Round-robin over a provider's platform keys, skipping keys that are cooling down after a 429 or
 * 402. Rotation and cool-downs live in SharedState, so with Redis every instance shares them.
 * Keys are never written to shared state: only a short fingerprint is.
 */
export class KeyPool {
  /** Per provider, per key: the cool-down's shared-state key (a fingerprint of the key, never the key). */
  private readonly cooldownKeys = new Map<string, Map<string, string>>();
  /**
   * A provider's only key that this instance found not cooling down (by its cool-down's shared-state key), and until
   * when it trusts that without reading shared state, as the circuit breaker trusts a closed circuit: a healthy
   * single-key provider then costs no shared-state read a request (with Redis, the one round trip a proxied request
   * made). A cool-down set here is seen at once; one set by another instance within `localTrustMs`, meanwhile
   * this instance may send the key a request more, whose 429 cools it here too. A pool of several keys reads its
   * cool-downs every time, so that no instance sends a key another has cooled while others are free.
   */
  private readonly trusted = new Map<string, { until: number; order: KeyOrder }>();
  /** Cool-downs this instance set, until when: a read of shared state that raced the write never trusts the key again. */
  private readonly cooledHereUntil = new Map<string, number>();

  constructor(
    private readonly state: SharedState,
    private readonly defaultCooldownMs = 30_000,
    private readonly localTrustMs = 1000,
    private readonly clock: () => number = Date.now,
  ) {}

  /** The order to try a single-key provider's key in when this instance trusts it is not cooling down; else undefined (ask orderKeys). */
  trustedOrder(providerId: string, keys: readonly string[]): KeyOrder | undefined {
    if (keys.length !== 1) return undefined;
    const trust = this.trusted.get(this.cooldownKey(providerId, keys[0]));
    return trust !== undefined && trust.until > this.clock() ? trust.order : undefined;
  }

  /** Keys in the order to try them for one request: starting at the next round-robin position, cooled-down keys last. */
  async orderKeys(providerId: string, keys: readonly string[]): Promise<KeyOrder> {
    if (keys.length === 0) return { keys: [], coolingDown: new Set() };
    if (keys.length === 1) {
      // The common case, read without the batch's arrays and closures: one lookup, then trusted for localTrustMs
      // (the same order object handed out meanwhile: nobody changes it).
      const name = this.cooldownKey(providerId, keys[0]);
      const cooling = isCooling(await this.state.get(name)) || (this.cooledHereUntil.get(name) ?? 0) > this.clock();
      if (cooling) return { keys: [keys[0]], coolingDown: new Set(keys) };
      const order: KeyOrder = { keys: [keys[0]], coolingDown: new Set() };
      this.trusted.set(name, { until: this.clock() + this.localTrustMs, order });
      return order;
    }
    // One round trip to shared state: the rotation turn and the cool-downs are read together.
    const [cooling, turn] = await Promise.all([this.coolingKeys(providerId, keys), this.state.increment(`keypool:${providerId}:turn`, 1, 24 * 3600_000)]);
    const start = (turn - 1) % keys.length;
    const ordered: string[] = [];
    for (let offset = 0; offset < keys.length; offset++) ordered.push(keys[(start + offset) % keys.length]);
    ordered.sort((left, right) => Number(cooling.has(left)) - Number(cooling.has(right)));
    return { keys: ordered, coolingDown: cooling };
  }

  /**
   * Puts a key aside for `retryAfterMs` (or the default) after a per-key 429/402, for an hour at most: a key whose
   * daily quota is spent is tried once an hour, which costs one refused call, where a day-long wait would strand a key
   * that a new quota window (or a human topping it up) has freed.
   */
  async coolDown(providerId: string, key: string, retryAfterMs?: number): Promise<void> {
    const duration = retryAfterMs && retryAfterMs > 0 ? Math.min(retryAfterMs, MAX_COOLDOWN_MS) : this.defaultCooldownMs;
    const name = this.cooldownKey(providerId, key);
    this.trusted.delete(name);
    this.cooledHereUntil.set(name, this.clock() + duration);
    await this.state.set(name, String(Date.now() + duration), duration);
  }

  /** Milliseconds until the soonest cooled-down key is usable again (for retry-after). */
  async soonestRecoveryMs(providerId: string, keys: readonly string[]): Promise<number | undefined> {
    let soonest: number | undefined;
    for (const key of keys) {
      const remaining = await this.state.ttl(this.cooldownKey(providerId, key));
      if (remaining !== undefined && (soonest === undefined || remaining < soonest)) soonest = remaining;
    }
    return soonest;
  }

  private async coolingKeys(providerId: string, keys: readonly string[]): Promise<Set<string>> {
    const cooling = new Set<string>();
    const values = await Promise.all(keys.map((key) => this.state.get(this.cooldownKey(providerId, key))));
    values.forEach((value, index) => {
      if (isCooling(value)) cooling.add(keys[index]);
    });
    return cooling;
  }

  /** The shared-state key of a key's cool-down, built once per provider and key. */
  private cooldownKey(providerId: string, key: string): string {
    let ofProvider = this.cooldownKeys.get(providerId);
    if (!ofProvider) this.cooldownKeys.set(providerId, (ofProvider = new Map()));
    let name = ofProvider.get(key);
    if (!name) {
      name = `keypool:${providerId}:cool:${createHash('sha256').update(key).digest('hex').slice(0, 16)}`;
      ofProvider.set(key, name);
    }
    return name;
  }
}

/** Whether a cool-down's stored deadline (ms since the epoch, as text) is still ahead. */
function isCooling(until: string | undefined): boolean {
  return until !== undefined && Number(until) > Date.now();
}
