import { isIntelligenceMode, type IntelligenceMode, type ModeSource } from '../core/intelligence-mode.js';
import { GatewayError } from '../errors/gateway-error.js';


export type PipelineFeature =
  | 'exact_cache'
  | 'semantic_cache'
  | 'memory_injection'
  | 'entity_extraction'
  | 'memory_router_cascade'
  | 'output_verification'
  | 'post_response_memory';

/** The spec's stage matrix (4.9): the ONE place that says which features run in which mode. */
export const stageMatrix: Record<PipelineFeature, Record<IntelligenceMode, boolean>> = {
  exact_cache: { proxy: false, cache: true, full: true },
  semantic_cache: { proxy: false, cache: true, full: true },
  memory_injection: { proxy: false, cache: false, full: true },
  entity_extraction: { proxy: false, cache: false, full: true },
  memory_router_cascade: { proxy: false, cache: false, full: true },
  output_verification: { proxy: false, cache: true, full: true },
  post_response_memory: { proxy: false, cache: false, full: true },
};

/** Per-request toggles of the `svc` block, combined with the matrix by logical AND. */
export interface FeatureToggles {
  enable_cache?: boolean;
  enable_memory?: boolean;
}

const toggleOf: Partial<Record<PipelineFeature, keyof FeatureToggles>> = {
  exact_cache: 'enable_cache',
  semantic_cache: 'enable_cache',
  memory_injection: 'enable_memory',
  entity_extraction: 'enable_memory',
  memory_router_cascade: 'enable_memory',
  post_response_memory: 'enable_memory',
};

export function featureEnabled(feature: PipelineFeature, mode: IntelligenceMode, toggles: FeatureToggles): boolean {
  return stageMatrix[feature][mode] && toggleAllows(feature, toggles);
}

/** The per-request half of featureEnabled: the mode half is applied once, when the chains are composed. */
export function toggleAllows(feature: PipelineFeature, toggles: FeatureToggles): boolean {
  const toggle = toggleOf[feature];
  return toggle === undefined || toggles[toggle] !== false;
}


/** Resolution order of spec 4.9: header, body, tenant default, system default `full`. */
export function resolveIntelligenceMode(
  headerValue: string | undefined,
  bodyValue: unknown,
  tenantDefault: IntelligenceMode | null | undefined,
  systemDefault: IntelligenceMode = 'full',
): { mode: IntelligenceMode; source: ModeSource } {
  if (headerValue !== undefined && headerValue !== '') {
    const normalized = headerValue.trim().toLowerCase();
    if (!isIntelligenceMode(normalized)) {
      throw new GatewayError('validation_error', `X-Intelligence-Mode must be one of proxy, cache, full (got ${JSON.stringify(headerValue)})`, { param: 'X-Intelligence-Mode' });
    }
    return { mode: normalized, source: 'header' };
  }
  if (bodyValue !== undefined && bodyValue !== null) {
    if (!isIntelligenceMode(bodyValue)) {
      throw new GatewayError('validation_error', `svc.intelligence_mode must be one of proxy, cache, full (got ${JSON.stringify(bodyValue)})`, { param: 'svc.intelligence_mode' });
    }
    return { mode: bodyValue, source: 'body' };
  }
  if (tenantDefault) return { mode: tenantDefault, source: 'tenant_default' };
  return { mode: systemDefault, source: 'system_default' };
}
