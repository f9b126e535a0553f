import type { ChatRequest } from '../../core/chat-types.js';
import { addWarning } from '../shared/warnings.js';

/**
 * Warns about every chat-completions parameter that Anthropic cannot express. None of them is sent:
 * the Messages API rejects unknown fields. Parameters at their neutral value (penalty 0,
 * logprobs false, n 1) change nothing and draw no warning.
 */
export function warnAboutUnsupportedParameters(request: ChatRequest, warnings: string[]): void {
  if (request.n !== undefined && request.n > 1) {
    addWarning(warnings, `n=${request.n}: Anthropic returns one choice per request, so the upstream was asked for one`);
  }
  if (request.frequency_penalty !== undefined && request.frequency_penalty !== 0) {
    addWarning(warnings, 'frequency_penalty was dropped: Anthropic has no frequency penalty');
  }
  if (request.presence_penalty !== undefined && request.presence_penalty !== 0) {
    addWarning(warnings, 'presence_penalty was dropped: Anthropic has no presence penalty');
  }
  if (request.seed !== undefined) addWarning(warnings, 'seed was dropped: Anthropic has no seeded sampling');
  if (request.logprobs === true || request.top_logprobs !== undefined) {
    addWarning(warnings, 'logprobs were dropped: Anthropic returns no token log probabilities');
  }
  if (request.logit_bias !== undefined && Object.keys(request.logit_bias).length > 0) {
    addWarning(warnings, 'logit_bias was dropped: Anthropic has no token biasing');
  }
  if (request.metadata !== undefined && Object.keys(request.metadata).length > 0) {
    addWarning(warnings, 'metadata was not forwarded: Anthropic metadata holds only a user id (taken from user)');
  }
  const extraNames = Object.keys(request.extra ?? {});
  if (extraNames.length > 0) {
    addWarning(warnings, `${extraNames.join(', ')} ${extraNames.length === 1 ? 'was' : 'were'} dropped: Anthropic has no such parameter`);
  }
}

/**
 * OpenAI service_tier → Anthropic (`auto` | `standard_only`): OpenAI's `default` (standard processing)
 * is Anthropic's `standard_only`; flex, scale and priority have no Anthropic request value.
 */
export function convertServiceTier(serviceTier: string | undefined, warnings: string[]): 'auto' | 'standard_only' | undefined {
  // `batch` is svc's own routing hint (spec 4.1): it never reaches an upstream.
  if (serviceTier === undefined || serviceTier === 'batch') return undefined;
  if (serviceTier === 'auto') return 'auto';
  if (serviceTier === 'default') return 'standard_only';
  addWarning(warnings, `service_tier "${serviceTier}" was dropped: Anthropic takes auto or standard_only`);
  return undefined;
}
