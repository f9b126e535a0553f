import { FormData } from 'undici';
import { z } from 'zod';
import { renderTranscript } from '../../audio/render-transcript.js';
import type { TranscriptionRequest } from '../../core/audio-types.js';
import type { UpstreamHttpRequest, UpstreamTarget } from '../provider-types.js';
import { dropTranscriptionFields, parseAnswer } from '../shared/audio-wire.js';
import { authHeaders, joinUrl } from '../shared/http-request.js';
import type { TranscriptionCapability } from '../wire-adapter.js';

/** `POST /stt` answer (wire-formats.md §7.2). */
const sttAnswer = z.object({
  text: z.string(),
  language: z.string().nullish(),
  duration: z.number().nullish(),
  words: z.array(z.object({ word: z.string(), start: z.number(), end: z.number() })).nullish(),
});

/** Cartesia batch STT (ink-whisper): a multipart upload, word timings asked for so that SRT and WebVTT have cues. */
export const cartesiaTranscription: TranscriptionCapability = {
  buildRequest(request: TranscriptionRequest, target: UpstreamTarget, warnings: string[]): UpstreamHttpRequest {
    dropTranscriptionFields(request, target, ['prompt', 'temperature'], warnings);
    const form = new FormData();
    form.set('file', new Blob([request.file.bytes as Uint8Array<ArrayBuffer>], { type: request.file.contentType }), request.file.filename);
    form.set('model', target.model.upstream_model);
    if (request.language !== undefined) form.set('language', request.language);
    form.append('timestamp_granularities[]', 'word');
    return { method: 'POST', url: joinUrl(target.baseUrl, target.provider.paths.stt ?? '/stt'), headers: authHeaders(target), body: form };
  },

  parseResponse(answer, request, target) {
    const parsed = parseAnswer(sttAnswer, answer.text, target, 'stt');
    return renderTranscript(
      { text: parsed.text, language: parsed.language ?? request.language, durationSeconds: parsed.duration ?? undefined, words: parsed.words ?? undefined },
      request.response_format,
      request.translate,
    );
  },
};
