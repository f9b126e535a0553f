import type { WireAdapter } from '../wire-adapter.js';
import { mapElevenLabsError } from './map-error.js';
import { elevenLabsSpeech } from './speech.js';
import { elevenLabsTranscription } from './transcription.js';

/** ElevenLabs' wire: Scribe STT (multipart) and text-to-speech (streamed bytes). See catalog/wire-formats.md §6. */
export const elevenLabsAdapter: WireAdapter = {
  wire: 'elevenlabs',
  transcription: elevenLabsTranscription,
  speech: elevenLabsSpeech,
  mapError: mapElevenLabsError,
};
