import { GatewayError } from '../errors/gateway-error.js';
import { LruCache } from '../shared/lru-cache.js';
import { configCache, type LastKnownCache, type StaleConfigListener } from '../shared/last-known-cache.js';
import type { ApiKeyRecord, TenantStore } from '../core/storage-interfaces.js';
import type { SharedState } from '../core/shared-state.js';

/** The shared-state channel on which a revoked key's hash is announced to every instance. */
export const REVOCATION_CHANNEL = 'auth:revoked';
import { apiKeyPrefix, hashApiKey, sameDigest } from './api-key-secrets.js';
import { defaultOrgId, type Principal } from './principal.js';

interface CachedKey {
  record: ApiKeyRecord | undefined;
  /** Built once per cached record, not per request. */
  principal?: Principal;
}

/**
 * Resolves a Bearer token to a Principal. Key records are cached in process for a few seconds so
 * the hot path does not query storage on every request; a revocation made through this instance is
 * seen at once, one made through another instance within `cacheTtlMs` (at once with Redis). While the
 * database cannot answer, a key already known keeps working (LastKnownCache); one never seen gets the error.
 */
export class Authenticator {
  private readonly cache: LastKnownCache<string, CachedKey>;
  /** Tokens that match no key, apart and smaller: a spray of random tokens cannot evict the real keys. */
  private readonly misses: LruCache<string, true>;
  private state: SharedState | undefined;
  private readonly masterPrincipal: Principal | undefined;
  /** SHA-256 of the master key (hex), computed once: each request's digest is compared with it in constant time (sameDigest). */
  private readonly masterKeyDigest: string | undefined;

  constructor(
    private readonly store: TenantStore,
    private readonly masterKey: string | undefined,
    cacheTtlMs = 5000,
    maxCachedKeys = 10000,
    onStale?: StaleConfigListener,
  ) {
    // Only keys found are kept: a spray of random tokens goes to `misses` and cannot evict the real keys.
    this.cache = configCache('api_key', { freshMs: cacheTtlMs, maxEntries: maxCachedKeys, keeps: (entry) => entry.record !== undefined, onStale, reader: (keyHash) => this.readKey(keyHash) });
    this.misses = new LruCache({ maxEntries: Math.max(1, Math.floor(maxCachedKeys / 10)), ttlMs: cacheTtlMs });
    if (masterKey) {
      this.masterKeyDigest = hashApiKey(masterKey);
      this.masterPrincipal = {
        orgId: defaultOrgId,
        keyId: null,
        keyPrefix: apiKeyPrefix(masterKey),
        scopes: new Set(['platform_admin', 'admin', 'metrics', 'api']),
        isMaster: true,
        limits: { rpm: null, tpm: null, monthlyTokenQuota: null, monthlyBudgetUsd: null },
      };
    }
  }

  /** The caller's principal: at once (no promise) for the master key and a cached key, else after the store is read. */
  authenticate(authorization: string | undefined): Principal | Promise<Principal> {
    const token = bearerToken(authorization);
    if (!token) throw new GatewayError('invalid_api_key', 'Missing API key: send it as "Authorization: Bearer <key>"');
    // One digest serves both the constant-time master-key comparison and the stored-hash lookup.
    const digest = hashApiKey(token);
    if (this.masterPrincipal && this.masterKeyDigest && sameDigest(digest, this.masterKeyDigest)) return this.masterPrincipal;
    const cached = this.cache.fresh(digest);
    if (cached) return principalOf(cached, token);
    return this.lookup(digest).then((entry) => principalOf(entry, token));
  }

  /**
   * Listens for revocations made through any instance: with Redis, a key revoked anywhere stops working
   * everywhere at once instead of when each instance's cache entry expires.
   */
  async listenForRevocations(state: SharedState): Promise<void> {
    this.state = state;
    await state.subscribe(REVOCATION_CHANNEL, (keyHash) => this.cache.delete(keyHash));
  }

  /** Drops a revoked key here, and tells every other instance to drop it too. */
  async revoke(keyHash: string): Promise<void> {
    this.cache.delete(keyHash);
    await this.state?.publish(REVOCATION_CHANNEL, keyHash);
  }

  private async lookup(keyHash: string): Promise<CachedKey> {
    if (this.misses.get(keyHash)) return NO_KEY;
    const entry = await this.cache.get(keyHash, () => this.readKey(keyHash));
    if (!entry.record) this.misses.set(keyHash, true);
    return entry;
  }

  /** The stored key of that digest (a deleted one read again in the background drops it from the cache). */
  private async readKey(keyHash: string): Promise<CachedKey> {
    const record = await this.store.findApiKeyByHash(keyHash);
    return record ? { record } : NO_KEY;
  }
}

const NO_KEY: CachedKey = { record: undefined };

/** The principal of a looked-up key, built once per cache entry; a missing, revoked or expired key is refused. */
function principalOf(cached: CachedKey, token: string): Principal {
  const record = cached.record;
  if (!record) throw new GatewayError('invalid_api_key', `Invalid API key ${apiKeyPrefix(token)}…`);
  if (record.revoked_at) throw new GatewayError('revoked_api_key', `API key ${record.prefix}… was revoked at ${record.revoked_at}`);
  if (record.expires_at && Date.parse(record.expires_at) <= Date.now()) {
    throw new GatewayError('expired_api_key', `API key ${record.prefix}… expired at ${record.expires_at}`);
  }
  return (cached.principal ??= {
    orgId: record.org_id,
    keyId: record.id,
    keyPrefix: record.prefix,
    scopes: new Set(record.scopes),
    isMaster: false,
    limits: { rpm: record.rpm, tpm: record.tpm, monthlyTokenQuota: record.monthly_token_quota, monthlyBudgetUsd: record.monthly_budget_usd },
  });
}

function bearerToken(authorization: string | undefined): string | undefined {
  if (!authorization) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  return match?.[1];
}
