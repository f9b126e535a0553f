import type { ChatRequest } from '../../core/chat-types.js';
import type { GeminiFunctionDeclaration, GeminiTool, GeminiToolConfig } from './wire-types.js';
import { addWarning } from '../shared/warnings.js';

export interface ConvertedTools {
  tools?: GeminiTool[];
  toolConfig?: GeminiToolConfig;
}

/**
 * OpenAI function tools become one Gemini tool holding every function declaration; `tool_choice`
 * becomes the function calling mode (required → ANY, a named function → ANY limited to that name).
 */
export function convertTools(request: Pick<ChatRequest, 'tools' | 'tool_choice' | 'parallel_tool_calls'>, warnings: string[]): ConvertedTools {
  const tools = request.tools ?? [];
  if (tools.length === 0) return {};

  const functionDeclarations = tools.map((tool): GeminiFunctionDeclaration => {
    const declaration: GeminiFunctionDeclaration = { name: tool.function.name };
    if (tool.function.description !== undefined) declaration.description = tool.function.description;
    // parametersJsonSchema takes JSON Schema as is; `parameters` would need Google's OpenAPI subset.
    if (tool.function.parameters !== undefined) declaration.parametersJsonSchema = tool.function.parameters;
    return declaration;
  });

  if (request.parallel_tool_calls === false) {
    addWarning(warnings, 'gemini: parallel_tool_calls=false cannot be expressed; Gemini may still call several functions at once');
  }

  const converted: ConvertedTools = { tools: [{ functionDeclarations }] };
  const choice = request.tool_choice;
  if (choice === 'auto') converted.toolConfig = { functionCallingConfig: { mode: 'AUTO' } };
  else if (choice === 'none') converted.toolConfig = { functionCallingConfig: { mode: 'NONE' } };
  else if (choice === 'required') converted.toolConfig = { functionCallingConfig: { mode: 'ANY' } };
  else if (typeof choice === 'object') {
    converted.toolConfig = { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: [choice.function.name] } };
  }
  return converted;
}
