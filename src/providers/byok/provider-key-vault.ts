import { GatewayError } from '../../errors/gateway-error.js';
import { UpstreamError } from '../../errors/upstream-error.js';
import { configCache, type LastKnownCache, type StaleConfigListener } from '../../shared/last-known-cache.js';
import type { OutboundAllowList } from '../../shared/outbound-address.js';
import type { ProviderKeyStore } from '../../core/storage-interfaces.js';
import { secretBinding, UndecryptableSecret, type EncryptionKeyring } from './encryption-keyring.js';

export interface OrgProviderKey {
  apiKey: string;
  baseUrl?: string;
  /** The base URL was set by an org admin (and is not on the platform's allow-list): public addresses only. */
  publicOnly: boolean;
}

/** Who stores a key: the platform (master key, platform admin) or the org's own admin. */
export type BaseUrlTrust = 'platform' | 'org';

type Resolved = { value: OrgProviderKey | undefined } | { unreadable: string };

/**
 * An org's own provider keys (BYOK): stored encrypted (bound to the org and provider), decrypted only in
 * memory for the call, cached briefly so the hot path does not query storage per request. Never logged,
 * never returned.
 */
export class ProviderKeyVault {
  /** Decrypted keys (or their absence, or why they cannot be read), per org and provider. */
  private readonly cache: LastKnownCache<string, Resolved>;

  constructor(
    private readonly store: ProviderKeyStore,
    private readonly keyring: EncryptionKeyring,
    private readonly allowList: OutboundAllowList,
    cacheTtlMs = 10_000,
    onStale?: StaleConfigListener,
  ) {
    // While the database cannot answer, the org's key last read is used (LastKnownCache).
    this.cache = configCache('provider_key', { freshMs: cacheTtlMs, onStale, reader: (key) => this.read(...orgAndProvider(key)) });
  }

  async put(orgId: string, provider: string, apiKey: string, baseUrl: string | undefined, trust: BaseUrlTrust): Promise<void> {
    if (this.keyring.currentKeyId === undefined) throw new GatewayError('invalid_request', `BYOK keys cannot be stored: ${this.keyring.missingReason}`);
    const sealed = this.keyring.seal(apiKey, secretBinding(orgId, provider));
    const now = new Date().toISOString();
    const existing = await this.store.getProviderKey(orgId, provider);
    await this.store.putProviderKey({
      org_id: orgId,
      provider,
      encrypted_key: sealed.ciphertext,
      key_id: sealed.keyId,
      base_url: baseUrl ?? null,
      base_url_trust: baseUrl ? trust : null,
      created_at: existing?.created_at ?? now,
      updated_at: now,
    });
    this.cache.delete(cacheKeyOf(orgId, provider));
  }

  async delete(orgId: string, provider: string): Promise<boolean> {
    this.cache.delete(cacheKeyOf(orgId, provider));
    return this.store.deleteProviderKey(orgId, provider);
  }

  /**
   * The org's key for a provider, or undefined. A stored key that cannot be decrypted (the encryption key
   * was lost or rotated away) is an UpstreamError of that provider saying so: the request fails over, or
   * the caller reads why, instead of a 500.
   */
  async resolve(orgId: string, provider: string): Promise<OrgProviderKey | undefined> {
    const cached = this.peek(orgId, provider);
    if (cached) return cached.value;
    const resolved = await this.cache.get(cacheKeyOf(orgId, provider), () => this.read(orgId, provider));
    return this.valueOf(resolved, provider);
  }

  /** resolve's answer when it is cached (no promise on the request path), else undefined; throws as resolve does. */
  peek(orgId: string, provider: string): { value: OrgProviderKey | undefined } | undefined {
    const resolved = this.cache.fresh(cacheKeyOf(orgId, provider));
    if (resolved === undefined) return undefined;
    this.valueOf(resolved, provider);
    return resolved as { value: OrgProviderKey | undefined };
  }

  private valueOf(resolved: Resolved, provider: string): OrgProviderKey | undefined {
    if ('unreadable' in resolved) throw new UpstreamError(provider, { kind: 'auth', message: `the org's own ${provider} key cannot be decrypted: ${resolved.unreadable}; store the key again` });
    return resolved.value;
  }

  /** Re-seals every stored key under the current encryption key; returns how many rows changed. */
  async resealAll(): Promise<{ resealed: number; unreadable: Array<{ org_id: string; provider: string; reason: string }> }> {
    const unreadable: Array<{ org_id: string; provider: string; reason: string }> = [];
    let resealed = 0;
    for (const record of await this.store.listAllProviderKeys()) {
      if (record.key_id === this.keyring.currentKeyId) continue;
      const binding = secretBinding(record.org_id, record.provider);
      let plaintext: string;
      try {
        plaintext = this.keyring.open(record.encrypted_key, record.key_id, binding);
      } catch (error) {
        unreadable.push({ org_id: record.org_id, provider: record.provider, reason: error instanceof Error ? error.message : String(error) });
        continue;
      }
      const sealed = this.keyring.seal(plaintext, binding);
      await this.store.putProviderKey({ ...record, encrypted_key: sealed.ciphertext, key_id: sealed.keyId, updated_at: new Date().toISOString() });
      resealed++;
    }
    this.cache.clear();
    return { resealed, unreadable };
  }

  private async read(orgId: string, provider: string): Promise<Resolved> {
    const record = await this.store.getProviderKey(orgId, provider);
    if (!record) return { value: undefined };
    let apiKey: string;
    try {
      apiKey = this.keyring.open(record.encrypted_key, record.key_id, secretBinding(orgId, provider));
    } catch (error) {
      if (error instanceof UndecryptableSecret) return { unreadable: error.message };
      throw error;
    }
    if (!record.base_url) return { value: { apiKey, publicOnly: false } };
    const publicOnly = record.base_url_trust !== 'platform' && !this.allowList.allows(new URL(record.base_url));
    return { value: { apiKey, baseUrl: record.base_url, publicOnly } };
  }
}

/** The cache's key of an org's key for a provider, and back. */
const cacheKeyOf = (orgId: string, provider: string) => `${orgId}\u0000${provider}`;
function orgAndProvider(key: string): [string, string] {
  const at = key.indexOf('\u0000');
  return [key.slice(0, at), key.slice(at + 1)];
}
