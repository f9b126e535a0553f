import { createHash } from 'node:crypto';
import type { WireValidator } from './mock-types.js';

/**
 * What each real API refuses before it answers, so that a green adapter test means the provider would
 * accept the request: auth headers, required fields, and top-level fields it does not know, each with
 * the provider's own status and error wording (catalog/wire-formats.md; the providers' API references).
 */

const openAiFields = new Set([
  'model', 'messages', 'stream', 'stream_options', 'n', 'max_tokens', 'max_completion_tokens', 'temperature', 'top_p',
  'frequency_penalty', 'presence_penalty', 'stop', 'tools', 'tool_choice', 'parallel_tool_calls', 'response_format', 'seed',
  'user', 'logprobs', 'top_logprobs', 'logit_bias', 'reasoning_effort', 'service_tier', 'metadata', 'store', 'modalities',
  'audio', 'prediction', 'verbosity', 'web_search_options', 'safety_identifier', 'prompt_cache_key', 'functions', 'function_call',
]);
const openAiServiceTiers = new Set(['auto', 'default', 'flex', 'scale', 'priority']);

export const validateOpenAi: WireValidator = ({ headers, body }) => {
  const authorization = headers.authorization;
  if (typeof authorization !== 'string' || !/^Bearer \S+$/.test(authorization)) {
    return { status: 401, message: "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).", errorType: 'invalid_request_error' };
  }
  for (const field of Object.keys(body)) {
    if (!openAiFields.has(field)) return { status: 400, message: `Unrecognized request argument supplied: ${field}`, errorType: 'invalid_request_error' };
  }
  if (typeof body.model !== 'string') return { status: 400, message: 'you must provide a model parameter', errorType: 'invalid_request_error' };
  if (!Array.isArray(body.messages) || body.messages.length === 0) return { status: 400, message: "Invalid 'messages': empty array. Expected an array with minimum length 1.", errorType: 'invalid_request_error' };
  if (body.stream_options !== undefined && body.stream !== true) return { status: 400, message: "The 'stream_options' parameter is only allowed when 'stream' is enabled.", errorType: 'invalid_request_error' };
  if (body.service_tier !== undefined && !openAiServiceTiers.has(body.service_tier)) return { status: 400, message: `Invalid value for 'service_tier': '${body.service_tier}'.`, errorType: 'invalid_request_error' };
  if (body.metadata !== undefined && body.store !== true) return { status: 400, message: 'The metadata parameter is only allowed when store is enabled.', errorType: 'invalid_request_error' };
  for (const [token, bias] of Object.entries(body.logit_bias ?? {})) {
    if (!/^\d+$/.test(token)) return { status: 400, message: `Invalid key in 'logit_bias': ${token}. You should only be submitting non-negative integers.`, errorType: 'invalid_request_error' };
    if (typeof bias !== 'number' || bias < -100 || bias > 100) return { status: 400, message: `Invalid value for 'logit_bias': ${token}. Must be a number between -100 and 100.`, errorType: 'invalid_request_error' };
  }
  if (Array.isArray(body.modalities) && body.modalities.includes('audio') && (typeof body.audio?.voice !== 'string' || typeof body.audio?.format !== 'string')) {
    return { status: 400, message: "Missing required parameter: 'audio'. It is required when 'modalities' includes 'audio'.", errorType: 'invalid_request_error' };
  }
  return undefined;
};

const anthropicFields = new Set([
  'model', 'messages', 'max_tokens', 'system', 'temperature', 'top_p', 'top_k', 'stop_sequences', 'stream', 'metadata', 'tools',
  'tool_choice', 'thinking', 'service_tier', 'output_config', 'container', 'mcp_servers', 'context_management',
]);

export const validateAnthropic: WireValidator = ({ headers, body }) => {
  if (typeof headers['x-api-key'] !== 'string') return { status: 401, message: 'x-api-key header is required', errorType: 'authentication_error' };
  if (typeof headers['anthropic-version'] !== 'string') return { status: 400, message: 'anthropic-version: header is required', errorType: 'invalid_request_error' };
  for (const field of Object.keys(body)) {
    if (!anthropicFields.has(field)) return { status: 400, message: `${field}: Extra inputs are not permitted`, errorType: 'invalid_request_error' };
  }
  for (const field of ['model', 'max_tokens', 'messages']) {
    if (body[field] === undefined) return { status: 400, message: `${field}: Field required`, errorType: 'invalid_request_error' };
  }
  if (body.temperature !== undefined && body.top_p !== undefined) {
    return { status: 400, message: '`temperature` and `top_p` cannot both be specified for this model. Please use only one.', errorType: 'invalid_request_error' };
  }
  return validateThinking(body);
};

/**
 * A signature Anthropic can check: the mock's is derived from the thinking text, so a block changed on its way
 * back (text edited, signature lost or swapped) is refused as Anthropic refuses it.
 */
export function mockThinkingSignature(thinking: string): string {
  return createHash('sha256').update(`mock-thinking:${thinking}`).digest('base64');
}

/** Thinking handed back must be intact; with thinking on, a tool-calling final assistant turn must open with its thinking. */
function validateThinking(body: any): ReturnType<WireValidator> {
  const messages: any[] = Array.isArray(body.messages) ? body.messages : [];
  for (const [index, message] of messages.entries()) {
    if (!Array.isArray(message?.content)) continue;
    for (const [position, block] of message.content.entries()) {
      if (block?.type !== 'thinking' && block?.type !== 'redacted_thinking') continue;
      if (message.role !== 'assistant') return { status: 400, message: `messages.${index}.content.${position}: thinking blocks may only appear in assistant messages`, errorType: 'invalid_request_error' };
      if (block.type === 'thinking' && (typeof block.signature !== 'string' || block.signature !== mockThinkingSignature(String(block.thinking)))) {
        return { status: 400, message: `messages.${index}.content.${position}: Invalid \`signature\` in \`thinking\` block`, errorType: 'invalid_request_error' };
      }
    }
  }
  if (body.thinking?.type !== 'enabled') return undefined;
  let lastAssistant = -1;
  for (let index = messages.length - 1; index >= 0 && lastAssistant < 0; index--) if (messages[index]?.role === 'assistant') lastAssistant = index;
  const turn = messages[lastAssistant];
  if (turn && Array.isArray(turn.content) && turn.content.some((block: any) => block?.type === 'tool_use')) {
    const first = turn.content[0]?.type;
    if (first !== 'thinking' && first !== 'redacted_thinking') {
      return {
        status: 400,
        message: `messages.${lastAssistant}.content.0.type: Expected \`thinking\` or \`redacted_thinking\`, but found \`${first}\`. When \`thinking\` is enabled, a final \`assistant\` message must start with a thinking block (preceeding the lastmost set of \`tool_use\` and \`tool_result\` blocks).`,
        errorType: 'invalid_request_error',
      };
    }
  }
  return undefined;
}

const geminiFields = new Set(['contents', 'systemInstruction', 'tools', 'toolConfig', 'generationConfig', 'safetySettings', 'cachedContent']);

export const validateGemini: WireValidator = ({ headers, url, body }) => {
  if (typeof headers['x-goog-api-key'] !== 'string' && !url.searchParams.get('key')) {
    return { status: 403, message: "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.", errorType: 'PERMISSION_DENIED' };
  }
  for (const field of Object.keys(body)) {
    if (!geminiFields.has(field)) return { status: 400, message: `Invalid JSON payload received. Unknown name "${field}": Cannot find field.`, errorType: 'INVALID_ARGUMENT' };
  }
  if (!Array.isArray(body.contents) || body.contents.length === 0) return { status: 400, message: '* GenerateContentRequest.contents: contents is not specified', errorType: 'INVALID_ARGUMENT' };
  if (Array.isArray(body.tools) && body.tools.length > 0 && body.generationConfig?.responseMimeType === 'application/json') {
    return { status: 400, message: "Function calling with a response mime type: 'application/json' is unsupported", errorType: 'INVALID_ARGUMENT' };
  }
  return undefined;
};
