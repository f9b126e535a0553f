/** The canonical audio requests and results: transcription (translation is a flag of it) and speech. */

export interface AudioFile {
  bytes: Uint8Array;
  /** A name whose extension matches the content (upstreams read the format from it). */
  filename: string;
  contentType: string;
  /** Seconds of audio as svc measured them from the file (per-minute billing); undefined when unreadable. */
  durationSeconds?: number;
}

export type TranscriptFormat = 'json' | 'text' | 'srt' | 'verbose_json' | 'vtt';

export interface TranscriptionRequest {
  model: string;
  file: AudioFile;
  /** True for /v1/audio/translations: the answer is English text. */
  translate: boolean;
  language?: string;
  prompt?: string;
  response_format: TranscriptFormat;
  temperature?: number;
}

export interface TranscriptionResult {
  /** The transcript as plain text (for usage, memory and logs). */
  text: string;
  /** The body in the requested format, as the upstream rendered it. */
  body: string;
  contentType: string;
  /** The spoken language, when the upstream says (or the caller named it). */
  language?: string;
  /** Seconds of audio, when the upstream says (per-minute billing when svc could not measure the file). */
  durationSeconds?: number;
  /** Token counts, for models billed by tokens (gpt-4o-transcribe): audio in, text out. */
  tokens?: { input: number; audioInput: number; output: number };
}

export type SpeechFormat = 'mp3' | 'opus' | 'aac' | 'flac' | 'wav' | 'pcm';

export interface SpeechRequest {
  model: string;
  input: string;
  voice: string;
  response_format: SpeechFormat;
  speed?: number;
  /** With model `auto`: the provider whose default (lowest-cost) TTS model speaks (POST /v1/voice/synthesize). */
  provider?: string;
}

export interface SpeechResult {
  contentType: string;
  /** The audio bytes as the upstream sends them: read once, with backpressure. */
  audio: AsyncIterable<Uint8Array>;
}
