import type { ChatRequest } from '../core/chat-types.js';
import type { CatalogModel } from '../catalog/catalog-types.js';

/**
 * The cheap features of a chat request, read in one pass over the messages without the tokenizer: what a
 * model must be able to take (the classifier reads the words, the code and the maths).
 */
export interface RequestFeatures {
  /** Prompt length in tokens, estimated from characters (a CJK character counts as one token). */
  promptTokens: number;
  /** Messages before the last. */
  turns: number;
  /** Tools offered. */
  tools: number;
  responseFormat: 'text' | 'json_object' | 'json_schema';
  /** Image parts in the messages. */
  images: number;
  /** Audio parts in the messages. */
  audio: number;
  /** File (document) parts in the messages. */
  files: number;
  /** Output tokens asked for at most (`max_tokens`), 0 when unset. */
  maxOutputTokens: number;
}

/** The CJK characters estimateTokens counts one token each. */
const WIDE_CHARACTER = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff]/;

/** Tokens of a text, estimated: about four characters of Latin script, or one CJK character, per token. */
function estimateTokens(text: string): number {
  // Most texts hold no CJK character: a native search says so, sparing the loop (~2.5 ns a character here).
  if (!WIDE_CHARACTER.test(text)) return Math.ceil(text.length / 4);
  let wide = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if ((code >= 0x3040 && code <= 0x30ff) || (code >= 0x3400 && code <= 0x9fff) || (code >= 0xac00 && code <= 0xd7af) || (code >= 0xf900 && code <= 0xfaff)) wide++;
  }
  return Math.ceil((text.length - wide) / 4) + wide;
}

export function requestFeatures(request: ChatRequest): RequestFeatures {
  const features: RequestFeatures = {
    promptTokens: 0,
    turns: Math.max(0, request.messages.length - 1),
    tools: request.tools?.length ?? 0,
    responseFormat: request.response_format?.type === 'json_object' || request.response_format?.type === 'json_schema' ? request.response_format.type : 'text',
    images: 0,
    audio: 0,
    files: 0,
    maxOutputTokens: request.max_tokens ?? 0,
  };
  for (const message of request.messages) {
    const content = message.content;
    if (typeof content === 'string') features.promptTokens += estimateTokens(content);
    else if (content) {
      for (const part of content) {
        if (part.type === 'text' && typeof part.text === 'string') features.promptTokens += estimateTokens(part.text);
        else if (part.type === 'image_url') features.images++;
        else if (part.type === 'input_audio') features.audio++;
        else if (part.type === 'file') features.files++;
      }
    }
  }
  return features;
}

/** What a model must offer to take a request: catalog capabilities, JSON output, and room for the prompt and the answer. */
export interface ModelRequirements {
  capabilities: string[];
  /** JSON mode: served by `json_mode`, or by `json_schema` (a schema-less object). */
  json: boolean;
  contextTokens: number;
}

export function requirementsOf(features: RequestFeatures): ModelRequirements {
  const capabilities: string[] = [];
  if (features.tools > 0) capabilities.push('tools');
  if (features.responseFormat === 'json_schema') capabilities.push('json_schema');
  if (features.images > 0) capabilities.push('vision');
  if (features.audio > 0) capabilities.push('audio_in');
  if (features.files > 0) capabilities.push('pdf_in');
  return { capabilities, json: features.responseFormat === 'json_object', contextTokens: features.promptTokens + features.maxOutputTokens };
}

export function meetsRequirements(model: CatalogModel, requirements: ModelRequirements): boolean {
  for (const capability of requirements.capabilities) if (!model.capabilities.includes(capability)) return false;
  if (requirements.json && !model.capabilities.includes('json_mode') && !model.capabilities.includes('json_schema')) return false;
  return model.context_window === null || model.context_window >= requirements.contextTokens;
}

/** The requirements named in the routing explanation: "vision,tools,context≥180000"; empty when the request asks nothing special. */
export function describeRequirements(requirements: ModelRequirements): string {
  const names = [...requirements.capabilities];
  if (requirements.json) names.push('json');
  if (requirements.contextTokens > 100_000) names.push(`context≥${requirements.contextTokens}`);
  return names.join(',');
}
