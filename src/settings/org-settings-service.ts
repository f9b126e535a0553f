import type { IntelligenceMode } from '../pipeline/intelligence-modes.js';
import type { OrgSettings, RecordStore } from '../storage/storage-types.js';

/** Org settings (PUT /v1/settings) with a short in-process cache: the tenant default is read on every request. */
export class OrgSettingsService {
  private readonly cache = new Map<string, { value: OrgSettings | undefined; expiresAt: number }>();

  constructor(
    private readonly store: RecordStore,
    private readonly cacheTtlMs = 5000,
  ) {}

  async get(orgId: string): Promise<OrgSettings | undefined> {
    const now = Date.now();
    const cached = this.cache.get(orgId);
    if (cached && cached.expiresAt > now) return cached.value;
    const value = await this.store.getOrgSettings(orgId);
    this.cache.set(orgId, { value, expiresAt: now + this.cacheTtlMs });
    return value;
  }

  async defaultMode(orgId: string): Promise<IntelligenceMode | null> {
    return (await this.get(orgId))?.default_intelligence_mode ?? null;
  }

  async put(orgId: string, defaultMode: IntelligenceMode | null): Promise<OrgSettings> {
    const saved = await this.store.putOrgSettings({ org_id: orgId, default_intelligence_mode: defaultMode, updated_at: new Date().toISOString() });
    this.cache.set(orgId, { value: saved, expiresAt: Date.now() + this.cacheTtlMs });
    return saved;
  }
}
