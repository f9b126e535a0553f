import { randomUUID } from 'node:crypto';
import { GatewayError } from '../errors/gateway-error.js';
import type { ApiKeyRecord, Org, TenantStore } from '../core/storage-interfaces.js';
import { apiKeyPrefix, generateApiKeySecret, hashApiKey } from './api-key-secrets.js';
import { defaultScopes, isKnownScope, knownScopes } from './scopes.js';

export interface NewKeyRequest {
  org_id: string;
  name?: string | null;
  scopes?: string[];
  expires_at?: string | null;
  rpm?: number | null;
  tpm?: number | null;
  monthly_token_quota?: number | null;
  monthly_budget_usd?: number | null;
}

export type PublicKey = Omit<ApiKeyRecord, 'key_hash'>;

/** Orgs and keys: shared by the admin API and the CLI. */
export class KeyIssuer {
  constructor(private readonly store: TenantStore) {}

  async createOrg(name: string, id = `org_${randomUUID().replace(/-/g, '').slice(0, 20)}`): Promise<Org> {
    if (name.trim() === '') throw new GatewayError('validation_error', 'name must not be empty', { param: 'name' });
    return this.store.createOrg({ id, name, created_at: new Date().toISOString() });
  }

  /** Creates the org `default` (the master key's org) when it does not exist yet. */
  async ensureDefaultOrg(): Promise<void> {
    if (await this.store.getOrg('default')) return;
    try {
      await this.createOrg('default', 'default');
    } catch (error) {
      // Several workers or replicas start at once: the one that lost the race finds the org there.
      if (!(await this.store.getOrg('default'))) throw error;
    }
  }

  /** Returns the stored record without its hash, and the secret, which is shown only here. */
  async createKey(input: NewKeyRequest): Promise<{ key: string; record: PublicKey }> {
    if (!(await this.store.getOrg(input.org_id))) throw new GatewayError('resource_not_found', `Org ${input.org_id} does not exist`, { param: 'org_id' });
    const scopes = input.scopes ?? defaultScopes;
    for (const scope of scopes) {
      if (!isKnownScope(scope)) throw new GatewayError('validation_error', `Unknown scope ${JSON.stringify(scope)}; allowed: ${knownScopes.join(', ')}`, { param: 'scopes' });
    }
    let expiresAt: string | null = null;
    if (input.expires_at) {
      const time = Date.parse(input.expires_at);
      if (Number.isNaN(time)) throw new GatewayError('validation_error', `expires_at must be an ISO 8601 date-time (got ${JSON.stringify(input.expires_at)})`, { param: 'expires_at' });
      expiresAt = new Date(time).toISOString();
    }
    const secret = generateApiKeySecret();
    const record = await this.store.createApiKey({
      id: `key_${randomUUID().replace(/-/g, '').slice(0, 20)}`,
      org_id: input.org_id,
      name: input.name ?? null,
      prefix: apiKeyPrefix(secret),
      key_hash: hashApiKey(secret),
      scopes,
      expires_at: expiresAt,
      rpm: input.rpm ?? null,
      tpm: input.tpm ?? null,
      monthly_token_quota: input.monthly_token_quota ?? null,
      monthly_budget_usd: input.monthly_budget_usd ?? null,
    });
    return { key: secret, record: withoutHash(record) };
  }

  async listKeys(orgId?: string): Promise<PublicKey[]> {
    return (await this.store.listApiKeys(orgId)).map(withoutHash);
  }

  /**
   * Revokes a key; returns its hash so the caller can drop it from auth caches. With `inOrg`, a key of
   * another org is answered as not found (an org admin must not learn that it exists).
   */
  async revokeKey(id: string, inOrg?: string): Promise<string> {
    const record = await this.store.getApiKey(id);
    if (!record || (inOrg !== undefined && record.org_id !== inOrg) || !(await this.store.revokeApiKey(id, new Date().toISOString()))) {
      throw new GatewayError('resource_not_found', `API key ${id} does not exist`, { param: 'id' });
    }
    return record.key_hash;
  }
}

function withoutHash(record: ApiKeyRecord): PublicKey {
  const { key_hash: _hash, ...rest } = record;
  return rest;
}
