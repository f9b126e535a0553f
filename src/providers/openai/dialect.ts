import type { ChatRequest, ReasoningEffort } from '../../core/chat-types.js';
import type { UpstreamTarget } from '../provider-types.js';
import { addWarning } from '../shared/warnings.js';

/** Reasoning efforts from least to most, to map a value a provider lacks to its nearest one. */
const EFFORT_ORDER: readonly ReasoningEffort[] = ['none', 'minimal', 'low', 'medium', 'high', 'xhigh', 'max'];

/**
 * Fits an OpenAI-shaped body to the host and model it goes to, from catalog data alone (the provider's
 * `chat_options` and the model's capabilities): what they would reject is dropped or mapped, each time
 * with a warning, instead of being forwarded to fail upstream.
 */
export function adaptToDialect(body: Record<string, unknown>, request: ChatRequest, target: UpstreamTarget, warnings: string[]): void {
  const options = target.provider.chatOptions ?? {};
  const provider = target.provider.id;
  const reasoningModel = target.model.capabilities.includes('reasoning');

  // `batch` is svc's own routing hint (spec 4.1), not a tier any provider sells through this API.
  if (body.service_tier === 'batch') delete body.service_tier;

  if (reasoningModel) {
    for (const field of options.reasoning_models_reject ?? []) {
      if (body[field] === undefined) continue;
      delete body[field];
      addWarning(warnings, `${field} was dropped: ${provider} reasoning models (${target.model.upstream_model}) reject it`);
    }
  }

  if (request.reasoning_effort !== undefined) {
    // A provider whose efforts the catalog lists takes none for its models without reasoning; one it does not list decides itself.
    const allowed = options.reasoning_efforts === undefined ? undefined : reasoningModel ? options.reasoning_efforts : [];
    const effort = fitEffort(request.reasoning_effort, allowed);
    if (effort === undefined) {
      delete body.reasoning_effort;
      addWarning(warnings, `reasoning_effort was dropped: ${target.model.upstream_model} on ${provider} takes no reasoning_effort`);
    } else if (effort !== request.reasoning_effort) {
      body.reasoning_effort = effort;
      addWarning(warnings, `reasoning_effort ${request.reasoning_effort} became ${effort}: ${provider} takes ${options.reasoning_efforts!.join(', ')}`);
    }
  }

  if (options.metadata_requires_store && body.metadata !== undefined && body.store !== true) {
    delete body.metadata;
    addWarning(warnings, `metadata was dropped: ${provider} takes metadata only with store: true`);
  }

  if (options.stream_options === false && body.stream_options !== undefined) {
    delete body.stream_options;
    if (request.stream_options?.include_usage) addWarning(warnings, `stream_options was dropped: ${provider} rejects it; the usage chunk depends on the provider`);
  }

  if (request.top_k !== undefined) {
    if (options.top_k) body.top_k = request.top_k;
    else addWarning(warnings, `top_k was dropped: ${provider} takes no top_k`);
  }
}

/**
 * The effort to send: the caller's when the provider takes it (or lists no efforts, taking them all), else
 * the nearest it takes (the lower one on a tie), or undefined when it takes none.
 */
function fitEffort(effort: ReasoningEffort, allowed: readonly string[] | undefined): ReasoningEffort | undefined {
  if (allowed === undefined) return effort;
  if (allowed.includes(effort)) return effort;
  const wanted = EFFORT_ORDER.indexOf(effort);
  let best: ReasoningEffort | undefined;
  for (const candidate of EFFORT_ORDER) {
    if (!allowed.includes(candidate)) continue;
    if (best === undefined || Math.abs(EFFORT_ORDER.indexOf(candidate) - wanted) < Math.abs(EFFORT_ORDER.indexOf(best) - wanted)) best = candidate;
  }
  return best;
}
