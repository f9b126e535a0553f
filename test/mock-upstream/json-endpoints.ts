import { createHash } from 'node:crypto';
import type { WireValidator } from './mock-types.js';
import { openaiWire } from './openai-wire.js';
import { geminiWire } from './gemini-wire.js';

/**
 * Endpoints that answer one JSON body (embeddings, moderations), in each provider's real shape. Vectors and
 * scores are derived from the input text, so the same input always gets the same answer.
 */
export interface JsonEndpoint {
  wire: 'openai' | 'gemini';
  match(method: string, path: string): boolean;
  apiKey(headers: Record<string, string | string[] | undefined>, url: URL): string | undefined;
  validate: WireValidator;
  answer(body: any, url: URL): unknown;
  renderError(status: number, message: string, errorType?: string): unknown;
}

/** A unit vector of `dimensions` floats derived from the text. */
export function mockVector(text: string, dimensions: number): number[] {
  const values: number[] = [];
  for (let index = 0; values.length < dimensions; index++) {
    const digest = createHash('sha256').update(`${index}:${text}`).digest();
    for (let offset = 0; offset + 4 <= digest.length && values.length < dimensions; offset += 4) values.push(digest.readInt32LE(offset) / 2 ** 31);
  }
  const norm = Math.sqrt(values.reduce((sum, value) => sum + value * value, 0));
  return values.map((value) => Math.fround(value / norm));
}

/** Mock token count of a text: a quarter of its length, at least 1. */
export const mockTokens = (text: string) => Math.max(1, Math.ceil(text.length / 4));

/** The length of a model's vectors when the request sets none, as the real APIs answer; 8 for a model not listed. */
const nativeDimensions: Record<string, number> = {
  'text-embedding-3-small': 1536,
  'text-embedding-3-large': 3072,
  'text-embedding-ada-002': 1536,
  'gemini-embedding-001': 3072,
  'mistral-embed': 1024,
};
const DEFAULT_DIMENSIONS = 8;
const dimensionsOf = (model: unknown, asked: unknown): number => (typeof asked === 'number' ? asked : (nativeDimensions[String(model).replace(/^models\//, '')] ?? DEFAULT_DIMENSIONS));
const bearer = (headers: Record<string, string | string[] | undefined>) => {
  const value = headers.authorization;
  return typeof value === 'string' && value.startsWith('Bearer ') ? value.slice(7) : undefined;
};
const unauthorized = { status: 401, message: "You didn't provide an API key.", errorType: 'invalid_request_error' };

const embeddingFields = new Set(['input', 'model', 'encoding_format', 'dimensions', 'user']);
const openAiEmbeddings: JsonEndpoint = {
  wire: 'openai',
  match: (method, path) => method === 'POST' && path.endsWith('/embeddings'),
  apiKey: bearer,
  validate({ headers, body }) {
    if (!bearer(headers)) return unauthorized;
    for (const field of Object.keys(body)) if (!embeddingFields.has(field)) return { status: 400, message: `Unrecognized request argument supplied: ${field}`, errorType: 'invalid_request_error' };
    if (typeof body.model !== 'string') return { status: 400, message: 'you must provide a model parameter', errorType: 'invalid_request_error' };
    const inputs = Array.isArray(body.input) ? body.input : [body.input];
    if (body.input === undefined || inputs.length === 0 || inputs.some((input: unknown) => input === '')) return { status: 400, message: "'$.input' is invalid. Please check the API reference", errorType: 'invalid_request_error' };
    if (body.dimensions !== undefined && !String(body.model).startsWith('text-embedding-3')) return { status: 400, message: 'This model does not support specifying dimensions.', errorType: 'invalid_request_error' };
    return undefined;
  },
  answer(body) {
    const inputs: unknown[] = typeof body.input === 'string' || (Array.isArray(body.input) && typeof body.input[0] === 'number') ? [body.input] : body.input;
    const texts = inputs.map((input) => (typeof input === 'string' ? input : (input as number[]).join(' ')));
    const dimensions = dimensionsOf(body.model, body.dimensions);
    const promptTokens = inputs.reduce<number>((sum, input) => sum + (typeof input === 'string' ? mockTokens(input) : (input as number[]).length), 0);
    return {
      object: 'list',
      data: texts.map((text, index) => {
        const vector = mockVector(text, dimensions);
        const embedding = body.encoding_format === 'base64' ? Buffer.from(new Float32Array(vector).buffer).toString('base64') : vector;
        return { object: 'embedding', index, embedding };
      }),
      model: body.model,
      usage: { prompt_tokens: promptTokens, total_tokens: promptTokens },
    };
  },
  renderError: (status, message, errorType) => openaiWire.renderError(status, message, errorType),
};

/** The 13 categories OpenAI's moderation endpoint reports. */
const moderationCategories = ['harassment', 'harassment/threatening', 'hate', 'hate/threatening', 'illicit', 'illicit/violent', 'self-harm', 'self-harm/instructions', 'self-harm/intent', 'sexual', 'sexual/minors', 'violence', 'violence/graphic'];
const moderationFields = new Set(['input', 'model']);
const openAiModerations: JsonEndpoint = {
  wire: 'openai',
  match: (method, path) => method === 'POST' && path.endsWith('/moderations'),
  apiKey: bearer,
  validate({ headers, body }) {
    if (!bearer(headers)) return unauthorized;
    for (const field of Object.keys(body)) if (!moderationFields.has(field)) return { status: 400, message: `Unrecognized request argument supplied: ${field}`, errorType: 'invalid_request_error' };
    if (body.input === undefined) return { status: 400, message: "Missing required parameter: 'input'.", errorType: 'invalid_request_error' };
    return undefined;
  },
  answer(body) {
    // An array of strings is one result each; an array of parts (multimodal) is one result in all.
    const entries: unknown[] = typeof body.input === 'string' ? [body.input] : Array.isArray(body.input) && body.input.every((entry: unknown) => typeof entry === 'string') ? body.input : [body.input];
    return {
      id: 'modr-mock',
      model: body.model ?? 'omni-moderation-latest',
      results: entries.map((entry) => {
        const text = (Array.isArray(entry) ? entry : [entry]).map((part: any) => (typeof part === 'string' ? part : (part?.text ?? ''))).join(' ');
        const violent = /\b(kill|attack|hurt)\b/i.test(text);
        const categories = Object.fromEntries(moderationCategories.map((category) => [category, category === 'violence' && violent]));
        const scores = Object.fromEntries(moderationCategories.map((category) => [category, category === 'violence' && violent ? 0.91 : 0.0001]));
        return { flagged: violent, categories, category_scores: scores, category_applied_input_types: Object.fromEntries(moderationCategories.map((category) => [category, ['text']])) };
      }),
    };
  },
  renderError: (status, message, errorType) => openaiWire.renderError(status, message, errorType),
};

const batchRequestFields = new Set(['model', 'content', 'taskType', 'title', 'outputDimensionality']);
const geminiBatchEmbeddings: JsonEndpoint = {
  wire: 'gemini',
  match: (method, path) => method === 'POST' && /^\/v1(?:beta)?\/models\/[^/:]+:batchEmbedContents$/.test(path),
  apiKey: (headers, url) => (typeof headers['x-goog-api-key'] === 'string' ? headers['x-goog-api-key'] : (url.searchParams.get('key') ?? undefined)),
  validate({ headers, url, body }) {
    if (typeof headers['x-goog-api-key'] !== 'string' && !url.searchParams.get('key')) return { status: 403, message: "Method doesn't allow unregistered callers", errorType: 'PERMISSION_DENIED' };
    for (const field of Object.keys(body)) if (field !== 'requests') return { status: 400, message: `Invalid JSON payload received. Unknown name "${field}": Cannot find field.`, errorType: 'INVALID_ARGUMENT' };
    if (!Array.isArray(body.requests) || body.requests.length === 0) return { status: 400, message: '* BatchEmbedContentsRequest.requests: requests is not specified', errorType: 'INVALID_ARGUMENT' };
    for (const request of body.requests) {
      for (const field of Object.keys(request)) if (!batchRequestFields.has(field)) return { status: 400, message: `Invalid JSON payload received. Unknown name "${field}" at 'requests[0]': Cannot find field.`, errorType: 'INVALID_ARGUMENT' };
      if (!String(request.model).startsWith('models/')) return { status: 400, message: '* BatchEmbedContentsRequest.requests[0].model: unexpected model name format', errorType: 'INVALID_ARGUMENT' };
    }
    return undefined;
  },
  answer(body) {
    return {
      embeddings: body.requests.map((request: any) => ({ values: mockVector((request.content?.parts ?? []).map((part: any) => part.text ?? '').join(''), dimensionsOf(request.model, request.outputDimensionality)) })),
    };
  },
  renderError: (status, message, errorType) => geminiWire.renderError(status, message, errorType),
};

export const jsonEndpoints: JsonEndpoint[] = [openAiEmbeddings, openAiModerations, geminiBatchEmbeddings];
