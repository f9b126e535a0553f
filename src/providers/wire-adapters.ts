import type { WireFormat } from '../catalog/catalog-types.js';
import { anthropicAdapter } from './anthropic/index.js';
import { cartesiaAdapter } from './cartesia/index.js';
import { deepgramAdapter } from './deepgram/index.js';
import { demoAdapter } from './demo/index.js';
import { elevenLabsAdapter } from './elevenlabs/index.js';
import { geminiAdapter } from './gemini/index.js';
import { openaiAdapter } from './openai/index.js';
import type { WireAdapter } from './wire-adapter.js';

/** The adapter of each wire format. OpenAI-compatible providers need no entry: they are data. */
export const wireAdapters: Partial<Record<WireFormat, WireAdapter>> = {
  openai: openaiAdapter,
  anthropic: anthropicAdapter,
  gemini: geminiAdapter,
  demo: demoAdapter,
  deepgram: deepgramAdapter,
  elevenlabs: elevenLabsAdapter,
  cartesia: cartesiaAdapter,
};
