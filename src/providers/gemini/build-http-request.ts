import type { ChatRequest } from '../../core/chat-types.js';
import { type JsonHttpRequest, type UpstreamTarget } from '../provider-types.js';
import { convertRequest } from './convert-request.js';
import { joinUrl, jsonRequestHeaders } from '../shared/http-request.js';

/** Used when a configured provider does not list the paths (a custom base URL for the same API). */
const defaultPaths = {
  generate: '/v1beta/models/{model}:generateContent',
  stream: '/v1beta/models/{model}:streamGenerateContent?alt=sse',
};

/** The address of the generate or stream endpoint for the target's model. */
function endpointUrl(target: UpstreamTarget, stream: boolean): string {
  const paths = target.provider.paths;
  const template = stream ? (paths.stream ?? defaultPaths.stream) : (paths.generate ?? defaultPaths.generate);
  const path = template.replace('{model}', encodeURIComponent(target.model.upstream_model));
  return joinUrl(target.baseUrl, path);
}

/** The upstream HTTP request: body, endpoint chosen by `stream`, and the key in the provider's auth header. */
export function buildHttpRequest(request: ChatRequest, target: UpstreamTarget, warnings: string[]): JsonHttpRequest {
  return {
    method: 'POST',
    url: endpointUrl(target, request.stream === true),
    headers: jsonRequestHeaders(target),
    body: JSON.stringify(convertRequest(request, warnings)),
  };
}
