import type { IntelligenceMode } from '../core/intelligence-mode.js';
import { LruCache } from '../shared/lru-cache.js';
import type { OrgSettings, SettingsStore } from '../core/storage-interfaces.js';

/** Org settings (PUT /v1/settings) with a short in-process cache: the tenant default is read on every request. */
export class OrgSettingsService {
  private readonly cache: LruCache<string, { value: OrgSettings | undefined }>;

  constructor(
    private readonly store: SettingsStore,
    cacheTtlMs = 5000,
  ) {
    this.cache = new LruCache({ maxEntries: 10_000, ttlMs: cacheTtlMs });
  }

  async get(orgId: string): Promise<OrgSettings | undefined> {
    const cached = this.cache.get(orgId);
    if (cached) return cached.value;
    const value = await this.store.getOrgSettings(orgId);
    this.cache.set(orgId, { value });
    return value;
  }

  /** The org's default mode when its settings are cached (null: none set); undefined when they must be read. */
  peekDefaultMode(orgId: string): IntelligenceMode | null | undefined {
    const cached = this.cache.get(orgId);
    return cached ? (cached.value?.default_intelligence_mode ?? null) : undefined;
  }

  async defaultMode(orgId: string): Promise<IntelligenceMode | null> {
    return (await this.get(orgId))?.default_intelligence_mode ?? null;
  }

  async put(orgId: string, defaultMode: IntelligenceMode | null): Promise<OrgSettings> {
    const saved = await this.store.putOrgSettings({ org_id: orgId, default_intelligence_mode: defaultMode, updated_at: new Date().toISOString() });
    this.cache.set(orgId, { value: saved });
    return saved;
  }
}
