import type { WireAdapter } from '../wire-adapter.js';
import { mapCartesiaError } from './map-error.js';
import { cartesiaSpeech } from './speech.js';
import { cartesiaTranscription } from './transcription.js';

/** Cartesia's REST wire: `/tts/bytes` (Sonic) and `/stt` (Ink), with its dated version header. See catalog/wire-formats.md §7. */
export const cartesiaAdapter: WireAdapter = {
  wire: 'cartesia',
  transcription: cartesiaTranscription,
  speech: cartesiaSpeech,
  mapError: mapCartesiaError,
};
