import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { audioDurationSeconds } from '../../audio/audio-duration.js';
import { acceptedAudioFormats, sniffAudio } from '../../audio/audio-format.js';
import type { AudioFile, TranscriptionRequest } from '../../core/audio-types.js';
import { GatewayError } from '../../errors/gateway-error.js';
import type { ParsedRequest } from '../../http/endpoint.js';
import { readUploadForm, type UploadForm } from '../../http/multipart/read-upload-form.js';
import { modelName, optional } from '../../http/request-body/fields.js';
import { parseBody } from '../../http/request-body/parse-body.js';

/** Spec 8: "audio file size 25 MB". */
export const MAX_AUDIO_BYTES = 25_000_000;

/** A form field is text: a number arrives as "0.2" and is read as one ("abc" is refused as not a number). */
const formNumberIn = (min: number, max: number) =>
  z.string().transform((text, context) => {
    const value = text.trim() === '' ? Number.NaN : Number(text);
    if (!Number.isFinite(value)) context.addIssue({ code: 'custom', message: `must be a number (got ${JSON.stringify(text)})` });
    else if (value < min || value > max) context.addIssue({ code: 'custom', message: `must be between ${min} and ${max} (got ${value})` });
    return value;
  });

const transcriptFormats = ['json', 'text', 'srt', 'verbose_json', 'vtt'] as const;

/** Spec 4.6, POST /v1/audio/transcriptions: the text fields of the form (the file is checked by its content). */
export const transcriptionFields = z.object({
  model: modelName(),
  language: optional(z.string().regex(/^[a-z]{2}$/, { error: (issue) => `must be an ISO 639-1 code of two lower-case letters, such as "en" (got ${JSON.stringify(issue.input)})` })),
  prompt: optional(z.string()),
  response_format: optional(z.enum(transcriptFormats, { error: (issue) => `must be one of ${transcriptFormats.join(', ')} (got ${JSON.stringify(issue.input)})` })),
  temperature: optional(formNumberIn(0, 1)),
});

/** Spec 4.6, POST /v1/audio/translations: the same fields but `language` (the answer is always English). */
export const translationFields = transcriptionFields.omit({ language: true });

/** The uploaded file checked by its first bytes and measured; `field` names it in errors. */
export async function audioFileOf(form: UploadForm, field: string): Promise<AudioFile> {
  const file = form.file;
  if (!file) throw new GatewayError('validation_error', `${field} is required: send the audio as a file in the "${field}" field`, { param: field });
  if (file.bytes.length === 0) throw new GatewayError('validation_error', `${field} is empty`, { param: field });
  const sniffed = sniffAudio(file.bytes);
  if (!sniffed) {
    throw new GatewayError('validation_error', `${field} ${JSON.stringify(file.filename)} is not audio in a supported format (its content is none of ${acceptedAudioFormats})`, { param: field });
  }
  const stem = file.filename.replace(/\.[^./\\]*$/, '').replace(/[^\w.-]+/g, '_') || 'audio';
  return { bytes: file.bytes, filename: `${stem}.${sniffed.extension}`, contentType: sniffed.contentType, durationSeconds: await audioDurationSeconds(file.bytes, sniffed.container) };
}

/** Reads and checks a transcription or translation form: fields first (cheap), then the file's content. */
export async function parseTranscriptionForm(request: FastifyRequest, translate: boolean): Promise<ParsedRequest<'transcription'>> {
  const form = await readUploadForm(request, { fileField: 'file', maxFileBytes: MAX_AUDIO_BYTES });
  const declaration = translate ? translationFields : transcriptionFields;
  if (translate && form.fields.language !== undefined) {
    throw new GatewayError('validation_error', 'language is not a field of /v1/audio/translations: a translation is always English text', { param: 'language' });
  }
  const known = new Set(Object.keys(declaration.shape));
  const warnings = Object.keys(form.fields)
    .filter((name) => !known.has(name))
    .map((name) => `${name} is not a ${translate ? 'translation' : 'transcription'} field svc knows; it was not forwarded`);
  const fields = parseBody(declaration, pick(form.fields, known));
  const file = await audioFileOf(form, 'file');
  const transcription: TranscriptionRequest = { model: fields.model, file, translate, response_format: fields.response_format ?? 'json' };
  if (!translate && 'language' in fields && fields.language != null) transcription.language = fields.language as string;
  if (fields.prompt != null) transcription.prompt = fields.prompt;
  if (fields.temperature != null) transcription.temperature = fields.temperature;
  return { request: transcription, requestedModel: fields.model, warnings };
}

function pick(fields: Record<string, string>, known: ReadonlySet<string>): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const name in fields) if (known.has(name)) picked[name] = fields[name];
  return picked;
}
