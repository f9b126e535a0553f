import type { WireAdapter } from '../wire-adapter.js';
import { buildHttpRequest } from './build-http-request.js';
import { convertResponse } from './convert-response.js';
import { geminiEmbeddings } from './embeddings.js';
import { mapGeminiError } from './map-error.js';
import { GeminiStreamTranslator } from './stream-translator.js';

/**
 * The Google Gemini generateContent wire (Developer API, v1beta): chat completions in, Gemini
 * contents out, and Gemini candidates back to chat completions. See catalog/wire-formats.md §4.
 */
export const geminiAdapter: WireAdapter = {
  wire: 'gemini',
  chat: {
    buildRequest: (request, target, warnings) => buildHttpRequest(request, target, warnings),
    parseResponse: (body, target) => convertResponse(body, target),
    createStreamTranslator: (target) => new GeminiStreamTranslator(target),
  },
  embeddings: geminiEmbeddings,
  mapError: mapGeminiError,
};
