import type { ChatMessage } from '../../core/chat-types.js';
import { textOfContent } from '../../core/chat-text.js';
import { convertContentParts } from './convert-content-parts.js';
import { SKIP_SIGNATURE_VALIDATION, signatureOfToolCall } from './thought-signature.js';
import type { GeminiContent, GeminiPart, GeminiRole } from './wire-types.js';
import { isJsonObject, parseJsonObject, tryParseJson } from '../../shared/json-values.js';
import { addWarning } from '../shared/warnings.js';
import { PLACEHOLDER_USER_TEXT } from '../shared/placeholder-turn.js';

export interface ConvertedMessages {
  systemInstruction?: { parts: GeminiPart[] };
  contents: GeminiContent[];
}

/**
 * Converts the chat history into Gemini `contents` plus one `systemInstruction`.
 * Gemini has no system role inside `contents`, so every system and developer message, wherever it
 * stands, joins the system instruction in order. Gemini wants user and model turns to alternate,
 * so consecutive contents of the same role are merged (a parallel tool round-trip becomes one user
 * content with several functionResponse parts).
 */
export function convertMessages(messages: ChatMessage[], warnings: string[]): ConvertedMessages {
  const systemParts: GeminiPart[] = [];
  const contents: GeminiContent[] = [];
  // Gemini names the function on its result; chat completions only gives the call id.
  const functionNamesByCallId = new Map<string, string>();

  for (const message of messages) {
    if (message.name !== undefined && message.role !== 'function') {
      addWarning(warnings, 'gemini: message "name" has no Gemini equivalent and was dropped');
    }
    switch (message.role) {
      case 'system':
      case 'developer': {
        const text = textOfContent(message.content);
        if (text !== '') systemParts.push({ text });
        break;
      }
      case 'user':
        appendContent(contents, 'user', convertContentParts(message.content, warnings));
        break;
      case 'assistant':
        appendContent(contents, 'model', assistantParts(message, functionNamesByCallId, warnings));
        break;
      case 'tool':
        appendContent(contents, 'user', [toolResultPart(message, functionNamesByCallId, warnings)]);
        break;
      case 'function':
        // Legacy function result: the name is on the message itself.
        appendContent(contents, 'user', [{ functionResponse: { name: message.name ?? '', response: responseObject(textOfContent(message.content)) } }]);
        break;
    }
  }
  // Gemini rejects a request without contents: empty messages (which OpenAI accepts) were all dropped.
  if (contents.length === 0) {
    contents.push({ role: 'user', parts: [{ text: PLACEHOLDER_USER_TEXT }] });
    addWarning(warnings, 'Gemini needs at least one non-empty message: svc inserted a placeholder user message');
  }
  return systemParts.length > 0 ? { systemInstruction: { parts: systemParts }, contents } : { contents };
}

function appendContent(contents: GeminiContent[], role: GeminiRole, parts: GeminiPart[]): void {
  // Gemini rejects a content without parts.
  if (parts.length === 0) return;
  const previous = contents[contents.length - 1];
  if (previous && previous.role === role) previous.parts.push(...parts);
  else contents.push({ role, parts });
}

function assistantParts(message: ChatMessage, functionNamesByCallId: Map<string, string>, warnings: string[]): GeminiPart[] {
  const parts: GeminiPart[] = [];
  const text = textOfContent(message.content);
  if (text !== '') parts.push({ text });
  const toolCalls = message.tool_calls ?? [];
  const anySigned = toolCalls.some((toolCall) => signatureOfToolCall(toolCall) !== undefined);
  toolCalls.forEach((toolCall, position) => {
    functionNamesByCallId.set(toolCall.id, toolCall.function.name);
    const part: GeminiPart = {
      functionCall: { name: toolCall.function.name, args: parseArguments(toolCall.function.arguments, toolCall.function.name, warnings), id: toolCall.id },
    };
    const signature = signatureOfToolCall(toolCall) ?? (!anySigned && position === 0 ? SKIP_SIGNATURE_VALIDATION : undefined);
    if (signature) part.thoughtSignature = signature;
    parts.push(part);
  });
  return parts;
}

function toolResultPart(message: ChatMessage, functionNamesByCallId: Map<string, string>, warnings: string[]): GeminiPart {
  const callId = message.tool_call_id ?? '';
  let name = functionNamesByCallId.get(callId);
  if (name === undefined) {
    addWarning(warnings, `gemini: tool result "${callId}" answers no earlier tool call; its id was sent as the function name`);
    name = callId;
  }
  const functionResponse = { name, response: responseObject(textOfContent(message.content)), ...(callId ? { id: callId } : {}) };
  return { functionResponse };
}

/** Gemini's function response must be an object: a JSON object result is kept, anything else is wrapped. */
function responseObject(content: string): Record<string, unknown> {
  const parsed = tryParseJson(content);
  return isJsonObject(parsed) ? parsed : { result: content };
}

/** Chat completions sends arguments as JSON text; Gemini wants the object. */
function parseArguments(argumentsText: string, functionName: string, warnings: string[]): Record<string, unknown> {
  const parsed = parseJsonObject(argumentsText);
  if (parsed) return parsed;
  addWarning(warnings, `gemini: arguments of the tool call to "${functionName}" are not a JSON object and were sent as {}`);
  return {};
}
