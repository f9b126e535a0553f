import type { CatalogModel } from '../catalog/catalog-types.js';
import type { MeteredUsage } from '../core/metered-usage.js';
import type { UpstreamTarget } from '../providers/provider-types.js';

/**
 * What a request came to, as traces and metrics report it: the request context read once its outcome is
 * known (declared here, structurally, so that observability does not depend on the pipeline).
 */
export interface RequestOutcomeFacts {
  requestId: string;
  principal: { orgId: string };
  endpoint: string;
  mode: string;
  operation: string;
  requestedModel: string;
  status: number;
  target?: UpstreamTarget;
  route?: { model: CatalogModel; tier: string; decisionSource: string; taskFamily?: string };
  cacheHit?: { type: 'exact' | 'semantic'; source?: string; savedUsd?: number; inputs?: number; of?: number };
  cost?: { cost_usd: number; savings_usd: number };
  usage?: MeteredUsage;
}
