import { z } from 'zod';
import { renderTranscript } from '../../audio/render-transcript.js';
import type { TranscriptionRequest } from '../../core/audio-types.js';
import type { UpstreamHttpRequest, UpstreamTarget } from '../provider-types.js';
import { dropTranscriptionFields, parseAnswer } from '../shared/audio-wire.js';
import { authHeaders, joinUrl } from '../shared/http-request.js';
import type { TranscriptionCapability } from '../wire-adapter.js';

/** `POST /v1/listen` answer (wire-formats.md §5.1): the first channel's best alternative is the transcript. */
const listenAnswer = z.object({
  metadata: z.object({ duration: z.number().optional() }).optional(),
  results: z.object({
    channels: z
      .array(
        z.object({
          detected_language: z.string().optional(),
          alternatives: z.array(z.object({ transcript: z.string(), words: z.array(z.object({ word: z.string(), punctuated_word: z.string().optional(), start: z.number(), end: z.number() })).optional() })).min(1),
        }),
      )
      .min(1),
  }),
});

/** Deepgram pre-recorded STT: the audio bytes are the body, every option a query parameter. */
export const deepgramTranscription: TranscriptionCapability = {
  buildRequest(request: TranscriptionRequest, target: UpstreamTarget, warnings: string[]): UpstreamHttpRequest {
    dropTranscriptionFields(request, target, ['prompt', 'temperature'], warnings);
    const query = new URLSearchParams({ model: target.model.upstream_model, smart_format: 'true' });
    if (request.language !== undefined) query.set('language', request.language);
    else query.set('detect_language', 'true');
    return {
      method: 'POST',
      url: `${joinUrl(target.baseUrl, target.provider.paths.listen ?? '/v1/listen')}?${query}`,
      headers: authHeaders(target, { 'content-type': request.file.contentType }),
      body: request.file.bytes,
    };
  },

  parseResponse(answer, request, target) {
    const parsed = parseAnswer(listenAnswer, answer.text, target, 'listen');
    const channel = parsed.results.channels[0];
    const best = channel.alternatives[0];
    return renderTranscript(
      {
        text: best.transcript,
        language: channel.detected_language ?? request.language,
        durationSeconds: parsed.metadata?.duration,
        words: best.words?.map((word) => ({ word: word.punctuated_word ?? word.word, start: word.start, end: word.end })),
      },
      request.response_format,
      request.translate,
    );
  },
};
