import type { FunctionTool, ToolChoice } from '../../core/chat-types.js';
import { toStructuredOutputSchema } from './convert-json-schema.js';
import type { AnthropicTool, AnthropicToolChoice } from './wire-types.js';
import { addWarning } from '../shared/warnings.js';

/**
 * OpenAI function tools → Anthropic tools `{name, description, input_schema}`. Anthropic requires an
 * object schema, so a tool without parameters gets an empty one. `strict` is kept only where the model
 * has structured outputs, with the schema reduced to the subset Anthropic enforces.
 */
export function convertTools(tools: FunctionTool[] | undefined, structuredOutputs: boolean, warnings: string[]): AnthropicTool[] | undefined {
  if (!tools || tools.length === 0) return undefined;
  const converted: AnthropicTool[] = [];
  for (const tool of tools) {
    if (tool.type !== 'function' || !tool.function) {
      addWarning(warnings, `${String(tool.type)} tools were dropped: Anthropic takes function tools only`);
      continue;
    }
    const { name, description, parameters, strict } = tool.function;
    const schema: Record<string, unknown> = parameters ? { ...parameters } : { type: 'object', properties: {} };
    if (schema.type === undefined) schema.type = 'object';
    const anthropicTool: AnthropicTool = { name, input_schema: schema };
    if (description) anthropicTool.description = description;
    if (tool.cache_control) anthropicTool.cache_control = tool.cache_control;
    if (strict === true && structuredOutputs) {
      anthropicTool.strict = true;
      anthropicTool.input_schema = toStructuredOutputSchema(schema);
    } else if (strict === true) {
      addWarning(warnings, 'strict tool schemas are not enforced: this Anthropic model has no structured outputs');
    }
    converted.push(anthropicTool);
  }
  return converted.length > 0 ? converted : undefined;
}

/**
 * OpenAI tool_choice and parallel_tool_calls → Anthropic tool_choice:
 * auto → auto, none → none, required → any, a named function → tool; `parallel_tool_calls: false`
 * becomes `disable_parallel_tool_use` (on `auto` when no tool_choice was given).
 */
export function convertToolChoice(
  toolChoice: ToolChoice | undefined,
  parallelToolCalls: boolean | undefined,
  hasTools: boolean,
  warnings: string[],
): AnthropicToolChoice | undefined {
  if (!hasTools) {
    // Anthropic rejects tool_choice without tools; with no tools no tool can be called anyway.
    if (toolChoice !== undefined && toolChoice !== 'none' && toolChoice !== 'auto') addWarning(warnings, 'tool_choice was dropped: the request has no tools');
    return undefined;
  }
  const disableParallel = parallelToolCalls === false ? { disable_parallel_tool_use: true } : {};
  if (toolChoice === undefined) return parallelToolCalls === false ? { type: 'auto', ...disableParallel } : undefined;
  if (toolChoice === 'none') return { type: 'none' };
  if (toolChoice === 'auto') return { type: 'auto', ...disableParallel };
  if (toolChoice === 'required') return { type: 'any', ...disableParallel };
  return { type: 'tool', name: toolChoice.function.name, ...disableParallel };
}
