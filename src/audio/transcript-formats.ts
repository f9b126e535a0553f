import type { Transcript, TranscriptFormat, TranscriptionResult } from '../core/audio-types.js';

/** The Content-Type of each transcript format, as svc answers it whatever the upstream sent. */
export const transcriptContentTypes: Record<TranscriptFormat, string> = {
  json: 'application/json; charset=utf-8',
  verbose_json: 'application/json; charset=utf-8',
  text: 'text/plain; charset=utf-8',
  srt: 'application/x-subrip; charset=utf-8',
  vtt: 'text/vtt; charset=utf-8',
};

/** 3.5 s → "00:00:03,500" (SRT) or "00:00:03.500" (WebVTT). */
export function timestamp(seconds: number, separator: ',' | '.'): string {
  const millis = Math.max(0, Math.round(seconds * 1000));
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${pad(Math.floor(millis / 3_600_000))}:${pad(Math.floor(millis / 60_000) % 60)}:${pad(Math.floor(millis / 1000) % 60)}${separator}${pad(millis % 1000, 3)}`;
}

/**
 * A transcript in the OpenAI format asked for: how the adapters of wires that answer in their own shape
 * (Deepgram, ElevenLabs, Cartesia) give callers what `whisper-1` would.
 */
export function renderTranscript(transcript: Transcript, format: TranscriptFormat, translate: boolean): TranscriptionResult {
  const segments = transcript.segments.length > 0 ? transcript.segments : [{ start: 0, end: transcript.durationSeconds ?? 0, text: transcript.text }];
  let body: string;
  switch (format) {
    case 'json':
      body = JSON.stringify({ text: transcript.text });
      break;
    case 'verbose_json':
      body = JSON.stringify({
        task: translate ? 'translate' : 'transcribe',
        language: transcript.language ?? 'english',
        duration: transcript.durationSeconds ?? segments[segments.length - 1].end,
        text: transcript.text,
        segments: segments.map((segment, id) => ({ id, seek: 0, start: segment.start, end: segment.end, text: segment.text })),
      });
      break;
    case 'text':
      body = `${transcript.text}\n`;
      break;
    case 'srt':
      body = segments.map((segment, index) => `${index + 1}\n${timestamp(segment.start, ',')} --> ${timestamp(segment.end, ',')}\n${segment.text.trim()}\n`).join('\n');
      break;
    case 'vtt':
      body = `WEBVTT\n\n${segments.map((segment) => `${timestamp(segment.start, '.')} --> ${timestamp(segment.end, '.')}\n${segment.text.trim()}\n`).join('\n')}`;
      break;
  }
  const result: TranscriptionResult = { text: transcript.text, body, contentType: transcriptContentTypes[format] };
  if (transcript.durationSeconds !== undefined) result.durationSeconds = transcript.durationSeconds;
  return result;
}

const cueTiming = /^\d{2}:\d{2}:\d{2}[,.]\d{3} --> /;

/** The spoken text of an SRT or WebVTT body: cue numbers, timings and the header left out. */
export function subtitleText(body: string): string {
  const lines: string[] = [];
  for (const line of body.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed === 'WEBVTT' || /^\d+$/.test(trimmed) || cueTiming.test(trimmed)) continue;
    lines.push(trimmed);
  }
  return lines.join(' ');
}
