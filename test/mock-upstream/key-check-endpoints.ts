import type { IncomingHttpHeaders } from 'node:http';
import { anthropicWire } from './anthropic-wire.js';
import { geminiWire } from './gemini-wire.js';
import type { WireValidator } from './mock-types.js';
import { openaiWire } from './openai-wire.js';
import { cartesiaError, cartesiaHeaders, cartesiaKey, deepgramError, deepgramToken, elevenLabsError, xiApiKey } from './voice-provider-endpoints.js';

/**
 * The cheap authenticated GET each provider answers, which `svc doctor` uses to tell whether a key works:
 * the model (or project, voice) listings, each with the provider's own auth header, body and error shape.
 * Several providers list models at `/v1/models`: the auth header tells them apart, as it would tell real hosts.
 */
export interface KeyCheckEndpoint {
  wire: string;
  match(method: string, path: string, headers: IncomingHttpHeaders): boolean;
  apiKey(headers: IncomingHttpHeaders, url: URL): string | undefined;
  validate: WireValidator;
  answer(url: URL): unknown;
  renderError(status: number, message: string, errorType?: string): unknown;
}

const created = 1_700_000_000;
const bearer = (headers: IncomingHttpHeaders) => {
  const value = headers.authorization;
  return typeof value === 'string' && value.startsWith('Bearer ') ? value.slice(7) : undefined;
};

const anthropicModels: KeyCheckEndpoint = {
  wire: 'anthropic',
  match: (method, path, headers) => method === 'GET' && path === '/v1/models' && headers['x-api-key'] !== undefined,
  apiKey: (headers) => anthropicWire.apiKey(headers, new URL('http://mock')),
  validate({ headers }) {
    if (typeof headers['anthropic-version'] !== 'string') return { status: 400, message: 'anthropic-version: header is required', errorType: 'invalid_request_error' };
    return undefined;
  },
  answer: () => ({ data: [{ type: 'model', id: 'claude-haiku-4-5', display_name: 'Claude Haiku 4.5', created_at: '2025-10-01T00:00:00Z' }], has_more: false, first_id: 'claude-haiku-4-5', last_id: 'claude-haiku-4-5' }),
  renderError: (status, message, errorType) => anthropicWire.renderError(status, message, errorType),
};

const elevenLabsModels: KeyCheckEndpoint = {
  wire: 'elevenlabs',
  match: (method, path, headers) => method === 'GET' && path === '/v1/models' && headers['xi-api-key'] !== undefined,
  apiKey: xiApiKey,
  validate: ({ headers }) => (xiApiKey(headers) ? undefined : { status: 401, message: 'Invalid API key', errorType: 'invalid_api_key' }),
  answer: () => [{ model_id: 'eleven_flash_v2_5', name: 'Eleven Flash v2.5', can_do_text_to_speech: true, can_do_voice_conversion: false, languages: [{ language_id: 'en', name: 'English' }] }],
  renderError: elevenLabsError,
};

/** OpenAI and every OpenAI-compatible host: GET {base}/models with a Bearer key. */
const openaiModels: KeyCheckEndpoint = {
  wire: 'openai',
  match: (method, path, headers) => method === 'GET' && path.endsWith('/models') && !path.startsWith('/v1beta') && headers['x-api-key'] === undefined && headers['xi-api-key'] === undefined,
  apiKey: bearer,
  validate: ({ headers }) => (bearer(headers) ? undefined : { status: 401, message: "You didn't provide an API key.", errorType: 'invalid_request_error' }),
  answer: () => ({ object: 'list', data: [{ id: 'gpt-4o-mini', object: 'model', created, owned_by: 'system' }] }),
  renderError: (status, message, errorType) => openaiWire.renderError(status, message, errorType),
};

/** OpenRouter's model list is public: its key is checked at GET /api/v1/key. */
const openRouterKey: KeyCheckEndpoint = {
  wire: 'openai',
  match: (method, path) => method === 'GET' && path.endsWith('/key'),
  apiKey: bearer,
  validate: ({ headers }) => (bearer(headers) ? undefined : { status: 401, message: 'No auth credentials found', errorType: 'unauthorized' }),
  answer: () => ({ data: { label: 'sk-or-v1-mock', usage: 0, limit: null, is_free_tier: false } }),
  renderError: (status, message, errorType) => openaiWire.renderError(status, message, errorType),
};

const geminiModels: KeyCheckEndpoint = {
  wire: 'gemini',
  match: (method, path) => method === 'GET' && path === '/v1beta/models',
  apiKey: (headers, url) => geminiWire.apiKey(headers, url),
  validate: ({ headers, url }) => (geminiWire.apiKey(headers, url) ? undefined : { status: 403, message: 'Method doesn\'t allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.', errorType: 'PERMISSION_DENIED' }),
  answer: () => ({ models: [{ name: 'models/gemini-2.5-flash', displayName: 'Gemini 2.5 Flash', supportedGenerationMethods: ['generateContent', 'countTokens'] }] }),
  renderError: (status, message, errorType) => geminiWire.renderError(status, message, errorType),
};

const deepgramProjects: KeyCheckEndpoint = {
  wire: 'deepgram',
  match: (method, path) => method === 'GET' && path === '/v1/projects',
  apiKey: deepgramToken,
  validate: ({ headers }) => (deepgramToken(headers) ? undefined : { status: 401, message: 'Invalid credentials.', errorType: 'INVALID_AUTH' }),
  answer: () => ({ projects: [{ project_id: '3f2a7c1e-0000-4000-8000-000000000001', name: 'mock project' }] }),
  renderError: deepgramError,
};

const cartesiaVoices: KeyCheckEndpoint = {
  wire: 'cartesia',
  match: (method, path) => method === 'GET' && path === '/voices',
  apiKey: cartesiaKey,
  validate: ({ headers }) => cartesiaHeaders(headers),
  answer: () => ({ data: [{ id: 'a0e99841-438c-4a64-b679-ae501e7d6091', name: 'Barbershop Man', language: 'en', is_public: true }], has_more: false }),
  renderError: cartesiaError,
};

export const keyCheckEndpoints: KeyCheckEndpoint[] = [anthropicModels, elevenLabsModels, geminiModels, deepgramProjects, cartesiaVoices, openRouterKey, openaiModels];
