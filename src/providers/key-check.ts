import { UpstreamError } from '../errors/upstream-error.js';
import type { ProviderRuntime } from './provider-types.js';
import { readBodyText, sendUpstream, toTransportError } from './shared/http-client.js';
import { authHeaders, joinUrl } from './shared/http-request.js';
import type { WireAdapter } from './wire-adapter.js';

/** What one key of a provider answered to the provider's cheapest authenticated request. */
export interface KeyCheck {
  provider: string;
  /** The key's last four characters, never more. */
  key: string;
  ok: boolean;
  /** HTTP status, when the provider answered. */
  status?: number;
  /** The failure's kind (`authentication`, `permission`, `timeout`, `connection`…) as svc classifies upstream errors. */
  kind?: string;
  message?: string;
  latencyMs: number;
}

const CHECK_TIMEOUTS = { connectMs: 5_000, firstByteMs: 10_000, idleMs: 10_000 };

/**
 * Asks the provider whether `apiKey` works, with the GET its catalog row names (`paths.key_check`: a model,
 * project or voice listing, which costs nothing) and the provider's own auth headers. The answer is read
 * with the wire's error mapping, so a rejected key says what the provider said.
 */
export async function checkProviderKey(provider: ProviderRuntime, apiKey: string, adapter: WireAdapter | undefined): Promise<KeyCheck> {
  const masked = apiKey.length > 4 ? `…${apiKey.slice(-4)}` : '…';
  const started = performance.now();
  const done = (result: Omit<KeyCheck, 'provider' | 'key' | 'latencyMs'>): KeyCheck => ({ provider: provider.id, key: masked, ...result, latencyMs: Math.round(performance.now() - started) });
  const path = provider.paths.key_check;
  if (!path) return done({ ok: false, kind: 'unsupported', message: 'the catalog names no key check for this provider (paths.key_check)' });
  try {
    const response = await sendUpstream({ method: 'GET', url: joinUrl(provider.baseUrl, path), headers: authHeaders({ provider, apiKey }) }, { timeouts: CHECK_TIMEOUTS, providerId: provider.id });
    const body = await readBodyText(response.body);
    if (response.status >= 200 && response.status < 300) return done({ ok: true, status: response.status });
    const mapped = adapter ? adapter.mapError(response.status, response.headers, body) : { kind: 'server_error' as const, message: body.slice(0, 300) };
    return done({ ok: false, status: response.status, kind: mapped.kind, message: withoutKey(mapped.message, apiKey) });
  } catch (error) {
    const failure = toTransportError(error, provider.id, undefined);
    return done({ ok: false, kind: failure instanceof UpstreamError ? failure.kind : 'connection', message: withoutKey(failure.message, apiKey) });
  }
}

/** A provider may quote the key it refused: it never reaches the output. */
function withoutKey(text: string, apiKey: string): string {
  return apiKey ? text.split(apiKey).join('[key]') : text;
}
