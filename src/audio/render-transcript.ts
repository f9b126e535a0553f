import type { TranscriptFormat, TranscriptionResult } from '../core/audio-types.js';
import { transcriptContentTypes } from './transcript-formats.js';

/** A word and when it was spoken, in seconds from the start. */
export interface TimedWord {
  word: string;
  start: number;
  end: number;
}

/** What a non-OpenAI upstream tells of a transcript (Deepgram, ElevenLabs, Cartesia): svc renders the format asked for. */
export interface Transcript {
  text: string;
  /** The language as the upstream names it (an ISO code). */
  language?: string;
  durationSeconds?: number;
  words?: TimedWord[];
}

/** A subtitle cue ends at a sentence end, after this many words, or at a pause this long. */
const MAX_CUE_WORDS = 12;
const MAX_PAUSE_SECONDS = 1;
const sentenceEnd = /[.!?…]["')\]]*$/;

interface Segment {
  start: number;
  end: number;
  text: string;
}

/** The words grouped into cues; one cue over the whole audio when the upstream gave no timings. */
function segmentsOf(transcript: Transcript): Segment[] {
  const words = transcript.words ?? [];
  if (words.length === 0) return transcript.text ? [{ start: 0, end: transcript.durationSeconds ?? 0, text: transcript.text }] : [];
  const segments: Segment[] = [];
  let current: TimedWord[] = [];
  const close = () => {
    if (current.length === 0) return;
    segments.push({ start: current[0].start, end: current[current.length - 1].end, text: current.map((word) => word.word).join(' ') });
    current = [];
  };
  for (const word of words) {
    const previous = current[current.length - 1];
    if (previous && word.start - previous.end > MAX_PAUSE_SECONDS) close();
    current.push(word);
    if (current.length >= MAX_CUE_WORDS || sentenceEnd.test(word.word)) close();
  }
  close();
  return segments;
}

function timestamp(seconds: number, separator: ',' | '.'): string {
  const millis = Math.max(0, Math.round(seconds * 1000));
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${pad(Math.floor(millis / 3_600_000))}:${pad(Math.floor(millis / 60_000) % 60)}:${pad(Math.floor(millis / 1000) % 60)}${separator}${pad(millis % 1000, 3)}`;
}

/**
 * A transcript in the OpenAI format asked for (spec 4.6): `{text}`, plain text, SRT and WebVTT cues, or
 * verbose JSON with the language, duration, segments and words the upstream gave.
 */
export function renderTranscript(transcript: Transcript, format: TranscriptFormat, translate: boolean): TranscriptionResult {
  const result: TranscriptionResult = { text: transcript.text, body: '', contentType: transcriptContentTypes[format] };
  if (transcript.durationSeconds !== undefined) result.durationSeconds = transcript.durationSeconds;
  if (transcript.language !== undefined) result.language = transcript.language;
  switch (format) {
    case 'json':
      result.body = JSON.stringify({ text: transcript.text });
      break;
    case 'text':
      result.body = `${transcript.text}\n`;
      break;
    case 'srt':
      result.body = segmentsOf(transcript)
        .map((segment, index) => `${index + 1}\n${timestamp(segment.start, ',')} --> ${timestamp(segment.end, ',')}\n${segment.text}\n\n`)
        .join('');
      break;
    case 'vtt':
      result.body = `WEBVTT\n\n${segmentsOf(transcript)
        .map((segment) => `${timestamp(segment.start, '.')} --> ${timestamp(segment.end, '.')}\n${segment.text}\n\n`)
        .join('')}`;
      break;
    case 'verbose_json': {
      const verbose: Record<string, unknown> = { task: translate ? 'translate' : 'transcribe', language: transcript.language ?? null, duration: transcript.durationSeconds ?? null, text: transcript.text };
      verbose.segments = segmentsOf(transcript).map((segment, id) => ({ id, start: segment.start, end: segment.end, text: segment.text }));
      if (transcript.words?.length) verbose.words = transcript.words;
      result.body = JSON.stringify(verbose);
      break;
    }
  }
  return result;
}
