import { createHash } from 'node:crypto';
import type { SharedState } from '../core/storage-interfaces.js';

/**
 * Round-robin over a provider's platform keys, skipping keys that are cooling down after a 429 or
 * 402. Rotation and cool-downs live in SharedState, so with Redis every instance shares them.
 * Keys are never written to shared state: only a short fingerprint is.
 */
export class KeyPool {
  /** Per provider, per key: the cool-down's shared-state key (a fingerprint of the key, never the key). */
  private readonly cooldownKeys = new Map<string, Map<string, string>>();

  constructor(
    private readonly state: SharedState,
    private readonly defaultCooldownMs = 30_000,
  ) {}

  /** Keys in the order to try them for one request: starting at the next round-robin position, cooled-down keys last. */
  async orderKeys(providerId: string, keys: readonly string[]): Promise<{ keys: string[]; coolingDown: Set<string> }> {
    if (keys.length === 0) return { keys: [], coolingDown: new Set() };
    if (keys.length === 1) {
      // The common case, read without the batch's arrays and closures: one lookup, on every request.
      const until = await this.state.get(this.cooldownKey(providerId, keys[0]));
      return { keys: [keys[0]], coolingDown: isCooling(until) ? new Set(keys) : new Set() };
    }
    // One round trip to shared state: the rotation turn and the cool-downs are read together.
    const [cooling, turn] = await Promise.all([this.coolingKeys(providerId, keys), this.state.increment(`keypool:${providerId}:turn`, 1, 24 * 3600_000)]);
    const start = (turn - 1) % keys.length;
    const ordered: string[] = [];
    for (let offset = 0; offset < keys.length; offset++) ordered.push(keys[(start + offset) % keys.length]);
    ordered.sort((left, right) => Number(cooling.has(left)) - Number(cooling.has(right)));
    return { keys: ordered, coolingDown: cooling };
  }

  /** Puts a key aside for `retryAfterMs` (or the default) after a per-key 429/402. */
  async coolDown(providerId: string, key: string, retryAfterMs?: number): Promise<void> {
    const duration = retryAfterMs && retryAfterMs > 0 ? retryAfterMs : this.defaultCooldownMs;
    await this.state.set(this.cooldownKey(providerId, key), String(Date.now() + duration), duration);
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
