import type { WireAdapter } from '../wire-adapter.js';
import { mapElevenLabsError } from './map-error.js';
import { musicChat } from './music.js';
import { elevenLabsSpeech } from './speech.js';
import { elevenLabsTranscription } from './transcription.js';

/**
 * ElevenLabs' wire: Scribe STT (multipart), text-to-speech (streamed bytes), and music, which answers chat
 * requests with a track (the wire carries that call itself: its answer is audio, not a chat body). See
 * catalog/wire-formats.md §6.
 */
export const elevenLabsAdapter: WireAdapter = {
  wire: 'elevenlabs',
  transcription: elevenLabsTranscription,
  speech: elevenLabsSpeech,
  inProcess: { chat: musicChat(() => elevenLabsAdapter) },
  mapError: mapElevenLabsError,
};
