import type { JsonHttpRequest, UpstreamTarget } from '../provider-types.js';
import { joinUrl, jsonRequestHeaders } from '../shared/http-request.js';
import { UpstreamError } from '../../errors/upstream-error.js';
import type { WireAdapter } from '../wire-adapter.js';
import { convertRequest } from './convert-request.js';
import { jsonPrefillOf } from './convert-response-format.js';
import { convertResponse, isAnthropicMessage } from './convert-response.js';
import { mapAnthropicError } from './map-error.js';
import { AnthropicStreamTranslator } from './stream-translator.js';

/** Used when a provider row of the anthropic wire names no `messages` path. */
const DEFAULT_MESSAGES_PATH = '/v1/messages';

/** The request line and headers: auth and required headers (anthropic-version) come from the catalog row. */
function messagesHttpRequest(target: UpstreamTarget, body: string): JsonHttpRequest {
  const path = target.provider.paths.messages ?? DEFAULT_MESSAGES_PATH;
  return { method: 'POST', url: joinUrl(target.baseUrl, path), headers: jsonRequestHeaders(target), body };
}

/** The Anthropic Messages adapter (`wire: anthropic`): OpenAI chat completions in, Anthropic out and back. */
export const anthropicAdapter: WireAdapter = {
  wire: 'anthropic',
  chat: {
    buildRequest(request, target, warnings) {
      return messagesHttpRequest(target, JSON.stringify(convertRequest(request, target.model, warnings)));
    },
    parseResponse(body, target, request) {
      if (!isAnthropicMessage(body)) {
        throw new UpstreamError(target.provider.id, { kind: 'server_error', message: 'Anthropic answered 2xx with a body that is not a message' });
      }
      return convertResponse(body, target.model.upstream_model, { prefix: request && jsonPrefillOf(request, target.model) });
    },
    createStreamTranslator(target, request) {
      return new AnthropicStreamTranslator(target.provider.id, target.model.upstream_model, { prefix: request && jsonPrefillOf(request, target.model) });
    },
  },
  mapError: mapAnthropicError,
};
