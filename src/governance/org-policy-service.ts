import { configCache, type LastKnownCache, type StaleConfigListener } from '../shared/last-known-cache.js';
import type { GovernanceStore, OrgPolicy, RegisteredTool } from '../core/storage-interfaces.js';
import type { SharedState } from '../core/shared-state.js';

const POLICY_CHANNEL = 'org-policy-changed';

export interface OrgGovernance {
  policy: OrgPolicy | undefined;
  /** Registered tools by name. */
  tools: Map<string, RegisteredTool>;
}

/**
 * An org's policy and tool registry, read on every request through a short in-process cache. A change
 * made through the admin API is seen at once by this instance and, through the shared state, by the others.
 * While the database cannot answer, the last policy read is applied (LastKnownCache).
 */
export class OrgPolicyService {
  private readonly cache: LastKnownCache<string, OrgGovernance>;

  constructor(
    private readonly store: GovernanceStore,
    cacheTtlMs = 5000,
    onStale?: StaleConfigListener,
  ) {
    this.cache = configCache('org_policy', { freshMs: cacheTtlMs, onStale, reader: (orgId) => this.load(orgId) });
  }

  /** Where changes are announced to the other instances (set by listenForChanges). */
  private state: SharedState | undefined;

  async listenForChanges(state: SharedState): Promise<void> {
    this.state = state;
    await state.subscribe(POLICY_CHANNEL, (orgId) => this.cache.delete(orgId));
  }

  /** The org's governance; one read of the store per org per cache period, shared by concurrent requests. */
  of(orgId: string): Promise<OrgGovernance> {
    return this.cache.get(orgId, () => this.load(orgId));
  }

  /** The org's governance when it is cached and fresh: the hot path takes it without a promise. */
  peek(orgId: string): OrgGovernance | undefined {
    return this.cache.fresh(orgId);
  }

  async putPolicy(policy: OrgPolicy): Promise<OrgPolicy> {
    const saved = await this.store.putPolicy(policy);
    await this.changed(policy.org_id);
    return saved;
  }

  async putTool(tool: RegisteredTool): Promise<RegisteredTool> {
    const saved = await this.store.putTool(tool);
    await this.changed(tool.org_id);
    return saved;
  }

  async deleteTool(orgId: string, name: string): Promise<boolean> {
    const deleted = await this.store.deleteTool(orgId, name);
    await this.changed(orgId);
    return deleted;
  }

  private async changed(orgId: string): Promise<void> {
    this.cache.delete(orgId);
    await this.state?.publish(POLICY_CHANNEL, orgId).catch(() => undefined);
  }

  private async load(orgId: string): Promise<OrgGovernance> {
    const [policy, tools] = await Promise.all([this.store.getPolicy(orgId), this.store.listTools(orgId)]);
    return { policy, tools: new Map(tools.map((tool) => [tool.name, tool])) };
  }
}

/** The policy of an org that set none: no limits, nothing enforced. */
export function defaultPolicy(orgId: string): OrgPolicy {
  return { org_id: orgId, rpm: null, tpm: null, monthly_token_quota: null, monthly_budget_usd: null, enforce_tools: false, redact_pii: false, audit_prompts: false, semantic_cache: null, semantic_cache_note: null, updated_at: new Date(0).toISOString() };
}
