import { endpointFamilies, type EndpointFamily } from '../core/endpoint-family.js';
/**
 * Scopes of an API key. `api` (the default) opens every /v1 endpoint family; a key may instead list
 * families one by one. `admin` opens everything, the admin API included, inside the key's own org;
 * `platform_admin` (granted only by the master key) acts on every org and creates orgs; `metrics`
 * opens /metrics.
 */

export const knownScopes = ['admin', 'platform_admin', 'metrics', 'api', ...endpointFamilies] as const;
export type Scope = (typeof knownScopes)[number];

export const defaultScopes: Scope[] = ['api'];

export function isKnownScope(value: string): value is Scope {
  return (knownScopes as readonly string[]).includes(value);
}

export function allowsFamily(scopes: ReadonlySet<string>, family: EndpointFamily): boolean {
  return scopes.has('admin') || scopes.has('platform_admin') || scopes.has('api') || scopes.has(family);
}
