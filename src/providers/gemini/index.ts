import type { ChatWireAdapter } from '../provider-types.js';
import { buildHttpRequest } from './build-http-request.js';
import { convertResponse } from './convert-response.js';
import { mapGeminiError } from './map-error.js';
import { GeminiStreamTranslator } from './stream-translator.js';

/**
 * The Google Gemini generateContent wire (Developer API, v1beta): chat completions in, Gemini
 * contents out, and Gemini candidates back to chat completions. See catalog/wire-formats.md §4.
 */
export const geminiChatAdapter: ChatWireAdapter = {
  wire: 'gemini',
  buildChatRequest: (request, target, warnings) => buildHttpRequest(request, target, warnings),
  parseChatResponse: (body, _request, target) => convertResponse(body, target),
  createStreamTranslator: (_request, target) => new GeminiStreamTranslator(target),
  mapError: (status, headers, bodyText) => mapGeminiError(status, headers, bodyText),
};
