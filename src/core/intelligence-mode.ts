/** Spec 4.9: the intelligence modes, and where a request's mode came from. */
export const intelligenceModes = ['proxy', 'cache', 'full'] as const;
export type IntelligenceMode = (typeof intelligenceModes)[number];

export type ModeSource = 'header' | 'body' | 'tenant_default' | 'system_default';

export function isIntelligenceMode(value: unknown): value is IntelligenceMode {
  return value === 'proxy' || value === 'cache' || value === 'full';
}
