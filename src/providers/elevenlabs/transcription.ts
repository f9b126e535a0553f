import { FormData } from 'undici';
import { z } from 'zod';
import { renderTranscript } from '../../audio/render-transcript.js';
import type { TranscriptionRequest } from '../../core/audio-types.js';
import type { UpstreamHttpRequest, UpstreamTarget } from '../provider-types.js';
import { dropTranscriptionFields, parseAnswer } from '../shared/audio-wire.js';
import { authHeaders, joinUrl } from '../shared/http-request.js';
import type { TranscriptionCapability } from '../wire-adapter.js';

/** `POST /v1/speech-to-text` answer (wire-formats.md §6.2); `words` mixes words, spacing and audio events. */
const speechToTextAnswer = z.object({
  text: z.string(),
  language_code: z.string().optional(),
  audio_duration_secs: z.number().optional(),
  words: z.array(z.object({ text: z.string(), start: z.number().optional(), end: z.number().optional(), type: z.string().optional() })).optional(),
});

/** ElevenLabs Scribe: a multipart upload with `model_id`; word timings asked for so that SRT and WebVTT have cues. */
export const elevenLabsTranscription: TranscriptionCapability = {
  buildRequest(request: TranscriptionRequest, target: UpstreamTarget, warnings: string[]): UpstreamHttpRequest {
    dropTranscriptionFields(request, target, ['prompt'], warnings);
    const form = new FormData();
    form.set('model_id', target.model.upstream_model);
    form.set('file', new Blob([request.file.bytes as Uint8Array<ArrayBuffer>], { type: request.file.contentType }), request.file.filename);
    if (request.language !== undefined) form.set('language_code', request.language);
    if (request.temperature !== undefined) form.set('temperature', String(request.temperature));
    form.set('timestamps_granularity', 'word');
    return { method: 'POST', url: joinUrl(target.baseUrl, target.provider.paths.stt ?? '/v1/speech-to-text'), headers: authHeaders(target), body: form };
  },

  parseResponse(answer, request, target) {
    const parsed = parseAnswer(speechToTextAnswer, answer.text, target, 'speech-to-text');
    const words = (parsed.words ?? []).filter((word) => (word.type ?? 'word') === 'word' && word.start !== undefined && word.end !== undefined);
    return renderTranscript(
      {
        text: parsed.text,
        language: parsed.language_code ?? request.language,
        durationSeconds: parsed.audio_duration_secs,
        words: words.map((word) => ({ word: word.text, start: word.start!, end: word.end! })),
      },
      request.response_format,
      request.translate,
    );
  },
};
