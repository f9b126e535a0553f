import type { Attributes } from '@opentelemetry/api';
import type { MeteredUsage } from '../core/metered-usage.js';
import type { UpstreamTarget } from '../providers/provider-types.js';

/**
 * Span attributes in OpenTelemetry's GenAI semantic conventions (gen_ai.*), beside the server.* ones of a
 * client call. `gen_ai.system` is the older name of `gen_ai.provider.name`; both are set, as backends read either.
 */

/** What identifies an upstream call: the operation, the provider, the upstream's own model name, its host. */
export function attemptAttributes(operation: string, target: UpstreamTarget): Attributes {
  const provider = target.provider.telemetryName ?? target.provider.id;
  const attributes: Attributes = {
    'gen_ai.operation.name': operation,
    'gen_ai.provider.name': provider,
    'gen_ai.system': provider,
    'gen_ai.request.model': target.model.upstream_model,
    'svc.model': target.model.slug,
    'svc.key_source': target.keySource,
  };
  try {
    const url = new URL(target.baseUrl);
    attributes['server.address'] = url.hostname;
    attributes['server.port'] = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
  } catch {
    // An in-process provider (the demo) has no host.
  }
  return attributes;
}

/** The sampling parameters a canonical request carries (chat's; other operations have none of them). */
export function requestAttributes(request: object): Attributes {
  const chat = request as { temperature?: unknown; top_p?: unknown; max_tokens?: unknown; seed?: unknown; n?: unknown; stop?: unknown; stream?: unknown };
  const attributes: Attributes = {};
  if (typeof chat.temperature === 'number') attributes['gen_ai.request.temperature'] = chat.temperature;
  if (typeof chat.top_p === 'number') attributes['gen_ai.request.top_p'] = chat.top_p;
  if (typeof chat.max_tokens === 'number') attributes['gen_ai.request.max_tokens'] = chat.max_tokens;
  if (typeof chat.seed === 'number') attributes['gen_ai.request.seed'] = chat.seed;
  if (typeof chat.n === 'number' && chat.n !== 1) attributes['gen_ai.request.choice.count'] = chat.n;
  if (typeof chat.stop === 'string') attributes['gen_ai.request.stop_sequences'] = [chat.stop];
  else if (Array.isArray(chat.stop)) attributes['gen_ai.request.stop_sequences'] = chat.stop.filter((stop): stop is string => typeof stop === 'string');
  if (chat.stream === true) attributes['svc.stream'] = true;
  return attributes;
}

/** What an answer says of itself: read from a whole result or from the chunks of a stream as they pass. */
export interface ResponseFacts {
  id?: string;
  model?: string;
  finishReasons: string[];
}

export function emptyFacts(): ResponseFacts {
  return { finishReasons: [] };
}

/** Reads a chat completion, a chunk of one, or an embeddings result into `facts`. */
export function readResponseFacts(facts: ResponseFacts, answer: unknown): void {
  const value = answer as { id?: unknown; model?: unknown; choices?: Array<{ finish_reason?: unknown }> } | null;
  if (!value || typeof value !== 'object') return;
  if (typeof value.id === 'string' && facts.id === undefined) facts.id = value.id;
  if (typeof value.model === 'string' && value.model) facts.model = value.model;
  if (Array.isArray(value.choices)) {
    for (const choice of value.choices) if (typeof choice?.finish_reason === 'string') facts.finishReasons.push(choice.finish_reason);
  }
}

export function responseAttributes(facts: ResponseFacts): Attributes {
  const attributes: Attributes = {};
  if (facts.id) attributes['gen_ai.response.id'] = facts.id;
  if (facts.model) attributes['gen_ai.response.model'] = facts.model;
  if (facts.finishReasons.length > 0) attributes['gen_ai.response.finish_reasons'] = facts.finishReasons;
  return attributes;
}

export function usageAttributes(usage: MeteredUsage): Attributes {
  const attributes: Attributes = { 'gen_ai.usage.input_tokens': usage.inputTokens, 'gen_ai.usage.output_tokens': usage.outputTokens };
  if (usage.cachedInputTokens > 0) attributes['gen_ai.usage.cache_read.input_tokens'] = usage.cachedInputTokens;
  if (usage.reasoningTokens > 0) attributes['svc.usage.reasoning_tokens'] = usage.reasoningTokens;
  if (usage.estimated) attributes['svc.usage.estimated'] = true;
  return attributes;
}
