import type { WireFormat } from '../catalog/catalog-types.js';
import { anthropicChatAdapter } from './anthropic/index.js';
import { geminiChatAdapter } from './gemini/index.js';
import { openaiChatAdapter } from './openai/index.js';
import type { ChatWireAdapter } from './provider-types.js';

/** The chat adapter of each wire format. OpenAI-compatible providers need no entry: they are data. */
export const chatAdapters: Partial<Record<WireFormat, ChatWireAdapter>> = {
  openai: openaiChatAdapter,
  anthropic: anthropicChatAdapter,
  gemini: geminiChatAdapter,
};
