import type { ChatCompletion } from './chat-types.js';

/**
 * Seconds of audio a chat answer is billed by (a music model's track, priced per minute), kept beside the
 * completion rather than on it, so that it never reaches the caller's JSON.
 */
export const billedAudioSeconds = new WeakMap<ChatCompletion, number>();
