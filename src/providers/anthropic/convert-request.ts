import type { ChatRequest } from '../../core/chat-types.js';
import type { CatalogModel } from '../../catalog/catalog-types.js';
import { convertMessages } from './convert-messages.js';
import { planThinking } from './convert-reasoning.js';
import { convertResponseFormat, jsonPrefillOf } from './convert-response-format.js';
import { convertSampling } from './convert-sampling.js';
import { convertToolChoice, convertTools } from './convert-tools.js';
import { convertServiceTier, warnAboutUnsupportedParameters } from './unsupported-parameters.js';
import type { AnthropicMessagesRequest } from './wire-types.js';

/**
 * A canonical chat request → the body of `POST /v1/messages`. Every value Anthropic would reject is
 * fixed or dropped here, with a warning in `warnings`, so the upstream never answers 400 for a
 * parameter svc could have handled. Model features (structured outputs, extended thinking) come from
 * the catalog capabilities `json_schema` and `reasoning`.
 */
export function convertRequest(request: ChatRequest, model: CatalogModel, warnings: string[]): AnthropicMessagesRequest {
  warnAboutUnsupportedParameters(request, warnings);
  const conversation = convertMessages(request.messages, warnings);
  const structuredOutputs = model.capabilities.includes('json_schema');
  const tools = convertTools(request.tools, structuredOutputs, warnings);
  const toolChoice = convertToolChoice(request.tool_choice, request.parallel_tool_calls, tools !== undefined, warnings);
  const endsWithAssistantTurn = conversation.messages[conversation.messages.length - 1].role === 'assistant';
  const responseFormat = convertResponseFormat(request.response_format, { structuredOutputs, endsWithAssistantTurn }, warnings);
  const plan = planThinking(
    {
      reasoningEffort: request.reasoning_effort,
      budgetTokens: request.thinking_budget,
      maxTokens: request.max_tokens,
      forcesToolUse: toolChoice?.type === 'any' || toolChoice?.type === 'tool',
      messages: conversation.messages,
      modelReasons: model.capabilities.includes('reasoning'),
      modelMaxOutputTokens: model.max_output_tokens,
    },
    warnings,
  );
  const sampling = convertSampling(request, plan.thinking !== undefined, warnings);
  const systemBlocks = responseFormat.systemInstruction ? [...conversation.system, { type: 'text' as const, text: responseFormat.systemInstruction }] : conversation.system;
  const serviceTier = convertServiceTier(request.service_tier, warnings);

  const body: AnthropicMessagesRequest = { model: model.upstream_model, max_tokens: plan.maxTokens, messages: conversation.messages };
  // Plain text unless the caller marked cache breakpoints in it, which only blocks can carry.
  if (systemBlocks.some((block) => block.cache_control)) body.system = systemBlocks;
  else if (systemBlocks.length > 0) body.system = systemBlocks.map((block) => block.text).join('\n\n');
  Object.assign(body, sampling);
  if (tools) body.tools = tools;
  if (toolChoice) body.tool_choice = toolChoice;
  if (plan.thinking) body.thinking = plan.thinking;
  if (responseFormat.outputConfig) body.output_config = responseFormat.outputConfig;
  if (request.user) body.metadata = { user_id: request.user };
  if (serviceTier) body.service_tier = serviceTier;
  if (request.stream) body.stream = true;
  const prefill = jsonPrefillOf(request, model);
  if (prefill) body.messages = [...body.messages, { role: 'assistant', content: [{ type: 'text', text: prefill }] }];
  return body;
}
