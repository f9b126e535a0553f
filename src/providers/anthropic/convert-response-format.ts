import type { CatalogModel } from '../../catalog/catalog-types.js';
import type { ChatRequest, ResponseFormat } from '../../core/chat-types.js';
import { THINKING_BUDGETS } from '../../core/thinking-budgets.js';
import { toStructuredOutputSchema } from './convert-json-schema.js';
import type { AnthropicOutputConfig } from './wire-types.js';
import { addWarning } from '../shared/warnings.js';

/**
 * Anthropic has no JSON mode: `json_object` becomes this system instruction plus a prefilled `{` that the
 * answer must continue (see `jsonPrefillFor`); the gateway's verification stage checks the result.
 */
export const JSON_OBJECT_INSTRUCTION = 'Answer with one JSON object only: no text before or after it, no Markdown code fences.';

export interface ResponseFormatConversion {
  outputConfig?: AnthropicOutputConfig;
  /** Appended to the system prompt. */
  systemInstruction?: string;
}

/**
 * OpenAI response_format → Anthropic. `json_schema` becomes native structured output
 * (`output_config.format`) where the model has it; Anthropic refuses structured output together
 * with a prefilled (final assistant) turn, so there, as on models without it, the schema is given
 * as an instruction instead.
 */
/** The assistant text that starts a JSON-mode answer: Claude continues a prefilled turn, so its answer is an object. */
export const JSON_PREFILL = '{';

/**
 * The prefill of a request, decided from the request and model alone so that building the request and
 * reading the answer agree: json_object asked, and Anthropic allows a prefill (no extended thinking
 * asked of a reasoning model, no final assistant turn of the caller's own). The answer lacks the prefill,
 * which the response converters put back.
 */
export function jsonPrefillOf(request: ChatRequest, model: CatalogModel): string | undefined {
  if (request.response_format?.type !== 'json_object') return undefined;
  if (request.messages[request.messages.length - 1]?.role === 'assistant') return undefined;
  const thinkingAsked = request.reasoning_effort !== undefined && THINKING_BUDGETS[request.reasoning_effort] !== undefined && model.capabilities.includes('reasoning');
  return thinkingAsked ? undefined : JSON_PREFILL;
}

export function convertResponseFormat(
  responseFormat: ResponseFormat | undefined,
  options: { structuredOutputs: boolean; endsWithAssistantTurn: boolean },
  warnings: string[],
): ResponseFormatConversion {
  if (!responseFormat || responseFormat.type === 'text') return {};
  if (responseFormat.type === 'json_object') return { systemInstruction: JSON_OBJECT_INSTRUCTION };
  if (responseFormat.type !== 'json_schema') return {};
  const schema = responseFormat.json_schema?.schema;
  if (!schema) return { systemInstruction: JSON_OBJECT_INSTRUCTION };
  if (options.structuredOutputs && !options.endsWithAssistantTurn) {
    return { outputConfig: { format: { type: 'json_schema', schema: toStructuredOutputSchema(schema) } } };
  }
  addWarning(
    warnings,
    options.structuredOutputs
      ? 'the JSON schema was given as an instruction: Anthropic has no structured output after a final assistant message'
      : 'the JSON schema was given as an instruction: this Anthropic model has no structured outputs',
  );
  return { systemInstruction: `${JSON_OBJECT_INSTRUCTION} It must match this JSON Schema: ${JSON.stringify(schema)}` };
}
