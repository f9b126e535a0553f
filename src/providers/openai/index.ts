import type { WireAdapter } from '../wire-adapter.js';
import { openaiSpeech, openaiTranscription } from './audio.js';
import { realtimeConnection, realtimeUsageOf } from './realtime.js';
import { OpenAiRealtimeMeter } from './realtime-meter.js';
import { buildOpenAiChatRequest } from './convert-request.js';
import { convertOpenAiResponse } from './convert-response.js';
import { openaiEmbeddings } from './embeddings.js';
import { mapOpenAiError } from './map-error.js';
import { openaiModeration } from './moderation.js';
import { OpenAiStreamTranslator } from './stream-translator.js';

/**
 * The adapter of the `openai` wire: OpenAI itself and every OpenAI-compatible host of the catalog
 * (Groq, Mistral, DeepSeek, Together, Fireworks, OpenRouter, Cerebras, xAI, SambaNova, vLLM, Ollama).
 * Their differences are catalog data (base URL, auth header, paths, chat_options) or tolerated response
 * dialects, never a branch on the provider id.
 */
export const openaiAdapter: WireAdapter = {
  wire: 'openai',
  chat: {
    buildRequest: (request, target, warnings, source) => buildOpenAiChatRequest(request, target, warnings, source),
    parseResponse: (body, target) => convertOpenAiResponse(body, target),
    createStreamTranslator: (target) => new OpenAiStreamTranslator(target.provider.id),
  },
  embeddings: openaiEmbeddings,
  moderation: openaiModeration,
  transcription: openaiTranscription,
  speech: openaiSpeech,
  realtime: { connection: realtimeConnection, usageOf: realtimeUsageOf, meter: () => new OpenAiRealtimeMeter() },
  mapError: mapOpenAiError,
};
