import type { TranscriptFormat } from '../core/audio-types.js';

/** The Content-Type of each transcript format, as svc answers it whatever the upstream sent. */
export const transcriptContentTypes: Record<TranscriptFormat, string> = {
  json: 'application/json; charset=utf-8',
  verbose_json: 'application/json; charset=utf-8',
  text: 'text/plain; charset=utf-8',
  srt: 'application/x-subrip; charset=utf-8',
  vtt: 'text/vtt; charset=utf-8',
};

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
