import { FormData } from 'undici';
import { z } from 'zod';
import { subtitleText, transcriptContentTypes } from '../../audio/transcript-formats.js';
import type { CatalogModel } from '../../catalog/catalog-types.js';
import type { SpeechRequest, TranscriptFormat, TranscriptionRequest, TranscriptionResult } from '../../core/audio-types.js';
import type { JsonHttpRequest, UpstreamHttpRequest, UpstreamTarget } from '../provider-types.js';
import { parseAnswer } from '../shared/audio-wire.js';
import { authHeaders, joinUrl, jsonRequestHeaders } from '../shared/http-request.js';
import type { SpeechCapability, TranscriptionCapability } from '../wire-adapter.js';
import { isTokenCount } from '../shared/token-counts.js';

/** A token count as every adapter reads one (token-counts.ts). */
const tokenCount = z.number().refine(isTokenCount);

const jsonTranscript = z.object({
  text: z.string(),
  duration: z.number().optional(),
  // A usage block that is not counts is left out, not the transcript: the request is then billed on the file's duration.
  usage: z
    .union([
      z.object({ type: z.literal('duration'), seconds: z.number() }),
      z.object({ type: z.literal('tokens'), input_tokens: tokenCount, output_tokens: tokenCount, input_token_details: z.object({ audio_tokens: tokenCount.optional() }).optional() }),
    ])
    .optional()
    .catch(undefined),
});

/**
 * What an OpenAI-wire model answers in: JSON and text always; verbose JSON (segments with times) where the catalog
 * gives the model timestamps, SRT and WebVTT where it gives it `srt_vtt`. OpenAI refuses the others for its gpt-4o
 * transcribers ("Use 'json' or 'text' instead"), Groq SRT and WebVTT.
 */
function formatsOf(model: CatalogModel): readonly TranscriptFormat[] {
  const timestamps = model.capabilities.includes('timestamps');
  const subtitles = model.capabilities.includes('srt_vtt');
  if (timestamps && subtitles) return allFormats;
  return timestamps ? withSegments : plainFormats;
}
const allFormats: readonly TranscriptFormat[] = ['json', 'text', 'verbose_json', 'srt', 'vtt'];
const withSegments: readonly TranscriptFormat[] = ['json', 'text', 'verbose_json'];
const plainFormats: readonly TranscriptFormat[] = ['json', 'text'];

/** `POST /audio/transcriptions` and `/audio/translations` (OpenAI, Groq): the form as OpenAI documents it. */
export const openaiTranscription: TranscriptionCapability = {
  formatsOf,

  buildRequest(request: TranscriptionRequest, target: UpstreamTarget): UpstreamHttpRequest {
    const form = new FormData();
    form.set('file', new Blob([request.file.bytes as Uint8Array<ArrayBuffer>], { type: request.file.contentType }), request.file.filename);
    form.set('model', target.model.upstream_model);
    if (request.language !== undefined) form.set('language', request.language);
    if (request.prompt !== undefined) form.set('prompt', request.prompt);
    form.set('response_format', request.response_format);
    if (request.temperature !== undefined) form.set('temperature', String(request.temperature));
    const path = request.translate ? (target.provider.paths.translations ?? '/audio/translations') : (target.provider.paths.transcriptions ?? '/audio/transcriptions');
    return { method: 'POST', url: joinUrl(target.baseUrl, path), headers: authHeaders(target), body: form };
  },

  parseResponse(answer, request, target): TranscriptionResult {
    const contentType = transcriptContentTypes[request.response_format];
    if (request.response_format === 'text') return { text: answer.text.trim(), body: answer.text, contentType };
    if (request.response_format === 'srt' || request.response_format === 'vtt') return { text: subtitleText(answer.text), body: answer.text, contentType };
    const parsed = parseAnswer(jsonTranscript, answer.text, target, 'transcription');
    const result: TranscriptionResult = { text: parsed.text, body: answer.text, contentType };
    const seconds = parsed.usage?.type === 'duration' ? parsed.usage.seconds : parsed.duration;
    if (seconds !== undefined) result.durationSeconds = seconds;
    if (parsed.usage?.type === 'tokens') result.tokens = { input: parsed.usage.input_tokens, audioInput: parsed.usage.input_token_details?.audio_tokens ?? parsed.usage.input_tokens, output: parsed.usage.output_tokens };
    return result;
  },
};

/** `POST /audio/speech`: JSON in, audio bytes out. */
export const openaiSpeech: SpeechCapability = {
  outputFormats: ['mp3', 'opus', 'aac', 'flac', 'wav', 'pcm'],
  buildRequest(request: SpeechRequest, target: UpstreamTarget): JsonHttpRequest {
    const body: Record<string, unknown> = { model: target.model.upstream_model, input: request.input, voice: request.voice, response_format: request.response_format };
    if (request.speed !== undefined) body.speed = request.speed;
    return { method: 'POST', url: joinUrl(target.baseUrl, target.provider.paths.speech ?? '/audio/speech'), headers: jsonRequestHeaders(target), body: JSON.stringify(body) };
  },
};
