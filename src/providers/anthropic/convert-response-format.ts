import type { ResponseFormat } from '../../core/chat-types.js';
import { toStructuredOutputSchema } from './convert-json-schema.js';
import type { AnthropicOutputConfig } from './wire-types.js';
import { addWarning } from '../shared/warnings.js';

/**
 * Anthropic has no JSON mode, so `json_object` becomes this system instruction; the gateway's
 * verification stage checks and repairs the answer as it does for every provider.
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
