import { isIP } from 'node:net';
import type { RequestOptions } from 'node:http';
import { emptyUsage, type MeteredUsage } from '../../core/metered-usage.js';
import { UpstreamError } from '../../errors/upstream-error.js';
import { isJsonObject } from '../../shared/json-values.js';
import { internalRangeOf, publicOnlyLookup } from '../../shared/outbound-address.js';
import type { RealtimeClientOptions, UpstreamTarget } from '../provider-types.js';
import { authHeaders } from '../shared/http-request.js';
import { isTokenCount } from '../shared/token-counts.js';

/** Where a realtime session of `target` connects, and how (wire-formats.md §1.7): the base URL's host over wss, the model in the query. */
export function realtimeConnection(target: UpstreamTarget, connectMs: number): { url: string; options: RealtimeClientOptions } {
  const base = new URL(target.baseUrl.replace(/\/+$/, '') + '/realtime');
  base.protocol = base.protocol === 'http:' ? 'ws:' : 'wss:';
  base.searchParams.set('model', target.model.upstream_model);
  const options: RealtimeClientOptions = { headers: authHeaders(target), handshakeTimeout: connectMs, perMessageDeflate: false, maxPayload: 16 * 1024 * 1024 };
  if (target.publicOnly) {
    // An org's own base URL may reach public addresses only, as for HTTP calls (no SSRF through a realtime session).
    const host = base.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host) && internalRangeOf(host)) throw new UpstreamError(target.provider.id, { kind: 'bad_request', message: `the base URL ${base.host} is an internal address (${internalRangeOf(host)}); an org's own base URL may reach public addresses only` });
    options.lookup = publicOnlyLookup as unknown as RequestOptions['lookup'];
  }
  return { url: base.toString(), options };
}

/** A `response.done` event's usage (tokens of text and audio, cached included) as svc meters it; undefined when it has none. */
export function realtimeUsageOf(event: unknown): MeteredUsage | undefined {
  if (!isJsonObject(event) || !isJsonObject(event.response) || !isJsonObject(event.response.usage)) return undefined;
  const usage = event.response.usage;
  const input = isJsonObject(usage.input_token_details) ? usage.input_token_details : {};
  const output = isJsonObject(usage.output_token_details) ? usage.output_token_details : {};
  const count = (value: unknown) => (isTokenCount(value) ? value : undefined);
  const inputTokens = count(usage.input_tokens);
  const outputTokens = count(usage.output_tokens);
  const metered = emptyUsage();
  // Counts that are missing or not whole non-negative numbers are not billed as given: the row says it was estimated.
  if (inputTokens === undefined || outputTokens === undefined) metered.estimated = true;
  metered.inputTokens = inputTokens ?? 0;
  metered.outputTokens = outputTokens ?? 0;
  metered.cachedInputTokens = Math.min(count(input.cached_tokens) ?? 0, metered.inputTokens);
  metered.audioInputTokens = Math.min(count(input.audio_tokens) ?? 0, metered.inputTokens);
  metered.audioOutputTokens = Math.min(count(output.audio_tokens) ?? 0, metered.outputTokens);
  return metered;
}
