import type { ChatRequest } from '../../core/chat-types.js';
import { convertGenerationConfig } from './convert-generation-config.js';
import { convertMessages } from './convert-messages.js';
import { withoutThinkingBlocks } from '../shared/thinking-blocks.js';
import { convertTools } from './convert-tools.js';
import type { GeminiGenerationConfig, GeminiRequest } from './wire-types.js';
import { addWarning } from '../shared/warnings.js';

/**
 * The whole generateContent body for a chat request. The same body serves the streaming endpoint:
 * Gemini decides streaming by the URL, so nothing here (response_format included) depends on it.
 */
export function convertRequest(request: ChatRequest, warnings: string[]): GeminiRequest {
  const { systemInstruction, contents } = convertMessages(withoutThinkingBlocks(request.messages, warnings), warnings);
  const body: GeminiRequest = { contents };
  if (systemInstruction) body.systemInstruction = systemInstruction;
  const { tools, toolConfig } = convertTools(request, warnings);
  if (tools) body.tools = tools;
  if (toolConfig) body.toolConfig = toolConfig;
  const generationConfig = convertGenerationConfig(request, warnings);
  if (generationConfig) body.generationConfig = generationConfig;
  if (tools && generationConfig?.responseMimeType === 'application/json') jsonModeBesideTools(body, generationConfig, warnings);
  warnAboutUnsupported(request, warnings);
  return body;
}

/**
 * Gemini refuses function calling together with a JSON response type ("Function calling with a response
 * mime type: 'application/json' is unsupported"): with tools, the JSON format is asked for in the system
 * instruction instead (and the schema with it), and the answer is still verified by the gateway.
 */
function jsonModeBesideTools(body: GeminiRequest, generationConfig: GeminiGenerationConfig, warnings: string[]): void {
  const schema = generationConfig.responseJsonSchema;
  delete generationConfig.responseMimeType;
  delete generationConfig.responseJsonSchema;
  const instruction = `When you answer without calling a function, answer with one JSON object only${schema ? ` matching this JSON Schema: ${JSON.stringify(schema)}` : ''}.`;
  body.systemInstruction = { parts: [...(body.systemInstruction?.parts ?? []), { text: instruction }] };
  addWarning(warnings, 'gemini: the JSON response format was given as an instruction: Gemini takes no JSON response type together with tools');
}

/** Parameters of chat completions that generateContent has no field for: dropped, and said so. */
function warnAboutUnsupported(request: ChatRequest, warnings: string[]): void {
  if (request.logit_bias !== undefined && Object.keys(request.logit_bias).length > 0) {
    addWarning(warnings, 'gemini: logit_bias is not supported and was dropped');
  }
  if (request.user !== undefined) addWarning(warnings, 'gemini: user is not supported and was dropped');
  // `batch` is svc's routing hint, not a tier for the upstream.
  if (request.service_tier !== undefined && request.service_tier !== 'auto' && request.service_tier !== 'default' && request.service_tier !== 'batch') {
    addWarning(warnings, `gemini: service_tier "${request.service_tier}" is not supported and was dropped`);
  }
  if (request.top_logprobs !== undefined && request.logprobs !== true) {
    addWarning(warnings, 'gemini: top_logprobs without logprobs=true was dropped');
  }
  const extraNames = Object.keys(request.extra ?? {});
  if (extraNames.length > 0) addWarning(warnings, `gemini: ${extraNames.join(', ')} not supported and dropped`);
  // `metadata` describes the request to the gateway (tracing, routing) and never reaches an upstream.
}
