import type { WireAdapter } from '../wire-adapter.js';
import { mapDeepgramError } from './map-error.js';
import { deepgramSpeech } from './speech.js';
import { deepgramTranscription } from './transcription.js';

/** Deepgram's REST wire: pre-recorded STT (`/v1/listen`) and Aura TTS (`/v1/speak`). See catalog/wire-formats.md §5. */
export const deepgramAdapter: WireAdapter = {
  wire: 'deepgram',
  transcription: deepgramTranscription,
  speech: deepgramSpeech,
  mapError: mapDeepgramError,
};
