import type { IntelligenceMode } from '../core/intelligence-mode.js';
import { configCache, type LastKnownCache, type StaleConfigListener } from '../shared/last-known-cache.js';
import type { OrgSettings, SettingsStore } from '../core/storage-interfaces.js';

/**
 * Org settings (PUT /v1/settings) with a short in-process cache: the tenant default is read on every request. While the
 * database cannot answer, the settings last read are applied (LastKnownCache).
 */
export class OrgSettingsService {
  private readonly cache: LastKnownCache<string, { value: OrgSettings | undefined }>;

  constructor(
    private readonly store: SettingsStore,
    cacheTtlMs = 5000,
    onStale?: StaleConfigListener,
  ) {
    this.cache = configCache('org_settings', { freshMs: cacheTtlMs, onStale, reader: (orgId) => this.read(orgId) });
  }

  async get(orgId: string): Promise<OrgSettings | undefined> {
    const cached = this.cache.fresh(orgId) ?? (await this.cache.get(orgId, () => this.read(orgId)));
    return cached.value;
  }

  /** The org's default mode when its settings are cached and fresh (null: none set); undefined when they must be read. */
  peekDefaultMode(orgId: string): IntelligenceMode | null | undefined {
    const cached = this.cache.fresh(orgId);
    return cached ? (cached.value?.default_intelligence_mode ?? null) : undefined;
  }

  async defaultMode(orgId: string): Promise<IntelligenceMode | null> {
    return (await this.get(orgId))?.default_intelligence_mode ?? null;
  }

  private async read(orgId: string): Promise<{ value: OrgSettings | undefined }> {
    return { value: await this.store.getOrgSettings(orgId) };
  }

  async put(orgId: string, defaultMode: IntelligenceMode | null): Promise<OrgSettings> {
    const saved = await this.store.putOrgSettings({ org_id: orgId, default_intelligence_mode: defaultMode, updated_at: new Date().toISOString() });
    this.cache.set(orgId, { value: saved });
    return saved;
  }
}
