import { GatewayError } from '../../errors/gateway-error.js';
import { LruCache } from '../../shared/lru-cache.js';
import type { ProviderKeyStore } from '../../core/storage-interfaces.js';
import type { SecretBox } from './secret-box.js';

export interface OrgProviderKey {
  apiKey: string;
  baseUrl?: string;
}

/**
 * An org's own provider keys (BYOK): stored encrypted, decrypted only in memory for the call, cached
 * briefly so the hot path does not query storage per request. Never logged, never returned.
 */
export class ProviderKeyVault {
  /** Decrypted keys (or their absence), per org and provider. */
  private readonly cache: LruCache<string, { value: OrgProviderKey | undefined }>;

  constructor(
    private readonly store: ProviderKeyStore,
    private readonly secretBox: SecretBox | undefined,
    cacheTtlMs = 10_000,
  ) {
    this.cache = new LruCache({ maxEntries: 10_000, ttlMs: cacheTtlMs });
  }

  async put(orgId: string, provider: string, apiKey: string, baseUrl: string | undefined): Promise<void> {
    const box = this.requireBox();
    const now = new Date().toISOString();
    const existing = await this.store.getProviderKey(orgId, provider);
    await this.store.putProviderKey({
      org_id: orgId,
      provider,
      encrypted_key: box.encrypt(apiKey),
      base_url: baseUrl ?? null,
      created_at: existing?.created_at ?? now,
      updated_at: now,
    });
    this.cache.delete(`${orgId}\u0000${provider}`);
  }

  async delete(orgId: string, provider: string): Promise<boolean> {
    this.cache.delete(`${orgId}\u0000${provider}`);
    return this.store.deleteProviderKey(orgId, provider);
  }

  async resolve(orgId: string, provider: string): Promise<OrgProviderKey | undefined> {
    const cacheKey = `${orgId}\u0000${provider}`;
    const cached = this.cache.get(cacheKey);
    if (cached) return cached.value;
    const record = await this.store.getProviderKey(orgId, provider);
    let value: OrgProviderKey | undefined;
    if (record && this.secretBox) {
      value = { apiKey: this.secretBox.decrypt(record.encrypted_key) };
      if (record.base_url) value.baseUrl = record.base_url;
    }
    this.cache.set(cacheKey, { value });
    return value;
  }

  private requireBox(): SecretBox {
    if (!this.secretBox) {
      throw new GatewayError('invalid_request', 'BYOK needs SVC_ENCRYPTION_KEY or SVC_MASTER_KEY to encrypt provider keys at rest');
    }
    return this.secretBox;
  }
}
