import type { WireRenderer } from './mock-types.js';
import { anthropicWire } from './anthropic-wire.js';
import { geminiWire } from './gemini-wire.js';
import { openaiWire } from './openai-wire.js';

/** Every wire format the mock speaks; the first renderer whose route matches answers. */
export const wireRenderers: WireRenderer[] = [openaiWire, geminiWire, anthropicWire];
