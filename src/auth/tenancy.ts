import { GatewayError } from '../errors/gateway-error.js';
import type { Principal } from './principal.js';

/**
 * Who may act on which org in the admin API (CONTRACT.md, tenancy): the master key and keys with the
 * `platform_admin` scope act on every org and alone create orgs; a key with `admin` acts only inside its
 * own org. Naming another org is 403 tenant_violation; another org's key id is answered as not found.
 */

export function isPlatformAdmin(principal: Principal): boolean {
  return principal.isMaster || principal.scopes.has('platform_admin');
}

export function isAdmin(principal: Principal): boolean {
  return isPlatformAdmin(principal) || principal.scopes.has('admin');
}

/** Refuses an org admin acting on another org. */
export function requireOrgAccess(principal: Principal, orgId: string, param: string): void {
  if (isPlatformAdmin(principal) || orgId === principal.orgId) return;
  throw new GatewayError('tenant_violation', `This admin key belongs to org ${principal.orgId} and cannot act on org ${orgId}`, { param });
}

/**
 * The org a listing or summary covers: the one named (checked), else every org for a platform admin
 * (undefined) and the caller's own org for an org admin.
 */
export function orgFilter(principal: Principal, requestedOrgId: string | undefined, param: string): string | undefined {
  if (requestedOrgId !== undefined) {
    requireOrgAccess(principal, requestedOrgId, param);
    return requestedOrgId;
  }
  return isPlatformAdmin(principal) ? undefined : principal.orgId;
}

/**
 * Refuses an org admin an action only the platform takes: across orgs (creating one: 403
 * tenant_violation), or what the platform decides for an org, even inside it (its limits, quotas and
 * budget: 403 forbidden).
 */
export function requirePlatformAdmin(principal: Principal, action: string, code: 'tenant_violation' | 'forbidden' = 'tenant_violation'): void {
  if (!isPlatformAdmin(principal)) {
    throw new GatewayError(code, `Only the master key or a platform_admin key can ${action}; this key administers org ${principal.orgId} only`);
  }
}

/** The four limits a key or an org may carry. */
export const limitFields = ['rpm', 'tpm', 'monthly_token_quota', 'monthly_budget_usd'] as const;
export type LimitField = (typeof limitFields)[number];

/**
 * An org admin sets limits on its own keys only within what the platform set for its org: a key limit
 * above the org's is refused (a key without one simply inherits the org's, which still applies).
 */
export function requireWithinOrgLimits(principal: Principal, keyLimits: Partial<Record<LimitField, number | null>>, orgLimits: Record<LimitField, number | null>): void {
  if (isPlatformAdmin(principal)) return;
  for (const field of limitFields) {
    const requested = keyLimits[field];
    const cap = orgLimits[field];
    if (requested !== undefined && requested !== null && cap !== null && requested > cap) {
      throw new GatewayError('forbidden', `${field} ${requested} is above this org's ${field} of ${cap}, which only the platform can raise`, { param: field });
    }
  }
}
