import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { SpeechRequest, TranscriptionRequest } from '../../core/audio-types.js';
import type { ParsedRequest } from '../../http/endpoint.js';
import { readUploadForm } from '../../http/multipart/read-upload-form.js';
import { modelName, numberIn, optional } from '../../http/request-body/fields.js';
import { parseBody, unknownFields } from '../../http/request-body/parse-body.js';
import { speechFormat, speechText } from '../audio/speech-request.js';
import { audioFileOf, formNumberIn, languageCode, MAX_AUDIO_BYTES } from '../audio/transcription-form.js';

/** Without `stt_model` / `tts_model` / `model` the voice endpoints route by language or price (spec 2.9). */
export const AUTO_MODEL = 'auto';
/** The voice a voice app gets when it names none: each provider speaks it with its own stock voice. */
export const DEFAULT_VOICE = 'alloy';

/** A provider's own voice id, or one of OpenAI's six names. */
const voiceId = () => z.string().regex(/^[\w.-]{1,100}$/, { error: (issue) => `must be a voice id of letters, digits, '.', '_' or '-' (got ${JSON.stringify(issue.input)})` });

/** Spec 4.7, POST /v1/voice/transcribe: multipart `audio`, optional `stt_model`, `language`, `prompt`. */
export const voiceTranscribeFields = z.object({
  stt_model: optional(modelName()),
  language: optional(languageCode()),
  prompt: optional(z.string()),
});
const transcribeFieldNames: ReadonlySet<string> = new Set([...Object.keys(voiceTranscribeFields.shape), 'audio']);

export async function parseVoiceTranscribe(request: FastifyRequest): Promise<ParsedRequest<'transcription'>> {
  const form = await readUploadForm(request, { fileField: 'audio', maxFileBytes: MAX_AUDIO_BYTES });
  const fields = parseBody(voiceTranscribeFields, form.fields);
  const model = fields.stt_model ?? AUTO_MODEL;
  const transcription: TranscriptionRequest = { model, file: await audioFileOf(form, 'audio'), translate: false, response_format: 'json' };
  if (fields.language != null) transcription.language = fields.language;
  if (fields.prompt != null) transcription.prompt = fields.prompt;
  return { request: transcription, requestedModel: model, warnings: notForwarded(form.fields, transcribeFieldNames) };
}

/** Spec 4.7, POST /v1/voice/synthesize: JSON `text`, `model`, `voice`, `output_format`, optional `provider` (and `speed`). */
export const voiceSynthesizeSchema = z.object({
  text: speechText(),
  model: optional(modelName()),
  voice: optional(voiceId()),
  output_format: optional(speechFormat()),
  provider: optional(z.string()),
  speed: optional(numberIn(0.25, 4)),
});
const synthesizeFieldNames: ReadonlySet<string> = new Set(Object.keys(voiceSynthesizeSchema.shape));

export function parseVoiceSynthesize(body: unknown): ParsedRequest<'speech'> {
  const parsed = parseBody(voiceSynthesizeSchema, body);
  const model = parsed.model ?? AUTO_MODEL;
  const speech: SpeechRequest = { model, input: parsed.text, voice: parsed.voice ?? DEFAULT_VOICE, response_format: parsed.output_format ?? 'mp3' };
  if (parsed.speed != null) speech.speed = parsed.speed;
  if (parsed.provider != null) {
    if (parsed.model != null) return { request: speech, requestedModel: model, warnings: ['provider was not used: model names the text-to-speech model', ...notForwarded(body as object, synthesizeFieldNames)] };
    speech.provider = parsed.provider;
  }
  return { request: speech, requestedModel: model, warnings: notForwarded(body as object, synthesizeFieldNames) };
}

/**
 * Spec 4.7, POST /v1/voice/chat: multipart `audio`, optional `stt_model`, `tts_model`, `language`, and the chat
 * options a voice app sets: `model`, `system`, `temperature`, `max_tokens`, `voice`, `output_format`,
 * `conversation_id` (the session whose turns full mode remembers).
 */
export const voiceChatFields = z.object({
  stt_model: optional(modelName()),
  tts_model: optional(modelName()),
  language: optional(languageCode()),
  model: optional(modelName()),
  system: optional(z.string()),
  temperature: optional(formNumberIn(0, 2)),
  max_tokens: optional(formNumberIn(1, 16_384).refine(Number.isInteger, { error: 'must be an integer' })),
  voice: optional(voiceId()),
  output_format: optional(speechFormat()),
  conversation_id: optional(z.string().regex(/^[\w.:-]{1,128}$/, { error: (issue) => `must be 1 to 128 letters, digits, '.', ':', '_' or '-' (got ${JSON.stringify(issue.input)})` })),
});
const chatFieldNames: ReadonlySet<string> = new Set([...Object.keys(voiceChatFields.shape), 'audio']);

export interface VoiceChatRequest {
  transcription: TranscriptionRequest;
  fields: z.infer<typeof voiceChatFields>;
  warnings: string[];
}

export async function parseVoiceChat(request: FastifyRequest): Promise<VoiceChatRequest> {
  const form = await readUploadForm(request, { fileField: 'audio', maxFileBytes: MAX_AUDIO_BYTES });
  const fields = parseBody(voiceChatFields, form.fields);
  const transcription: TranscriptionRequest = { model: fields.stt_model ?? AUTO_MODEL, file: await audioFileOf(form, 'audio'), translate: false, response_format: 'json' };
  if (fields.language != null) transcription.language = fields.language;
  return { transcription, fields, warnings: notForwarded(form.fields, chatFieldNames) };
}

function notForwarded(fields: object, known: ReadonlySet<string>): string[] {
  return unknownFields(fields, known).map((name) => `${name} is not a field of this voice endpoint; it was ignored`);
}
