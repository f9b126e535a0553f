import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { audioDurationSeconds } from '../../audio/audio-duration.js';
import { acceptedAudioFormats, sniffAudio } from '../../audio/audio-format.js';
import type { AudioFile, TranscriptionRequest } from '../../core/audio-types.js';
import { GatewayError } from '../../errors/gateway-error.js';
import type { ParsedRequest } from '../../http/endpoint.js';
import { readUploadForm, type UploadForm } from '../../http/multipart/read-upload-form.js';
import { modelName, optional } from '../../http/request-body/fields.js';
import { parseBody, unknownFields } from '../../http/request-body/parse-body.js';

/** Spec 8: "audio file size 25 MB". */
export const MAX_AUDIO_BYTES = 25_000_000;

/** A form field is text: a number arrives as "0.2" and is read as one ("abc" is refused as not a number). */
export const formNumberIn = (min: number, max: number) =>
  z.string().transform((text, context) => {
    const value = text.trim() === '' ? Number.NaN : Number(text);
    if (!Number.isFinite(value)) context.addIssue({ code: 'custom', message: `must be a number (got ${JSON.stringify(text)})` });
    else if (value < min || value > max) context.addIssue({ code: 'custom', message: `must be between ${min} and ${max} (got ${value})` });
    return value;
  });

/** An ISO 639-1 code (spec 4.6), as every STT upstream takes it. */
export const languageCode = () => z.string().regex(/^[a-z]{2}$/, { error: (issue) => `must be an ISO 639-1 code of two lower-case letters, such as "en" (got ${JSON.stringify(issue.input)})` });

const transcriptFormats = ['json', 'text', 'srt', 'verbose_json', 'vtt'] as const;

/** Spec 4.6, POST /v1/audio/transcriptions: the text fields of the form (the file is checked by its content). */
export const transcriptionFields = z.object({
  model: modelName(),
  language: optional(languageCode()),
  prompt: optional(z.string()),
  response_format: optional(z.enum(transcriptFormats, { error: (issue) => `must be one of ${transcriptFormats.join(', ')} (got ${JSON.stringify(issue.input)})` })),
  temperature: optional(formNumberIn(0, 1)),
});

const transcriptionFieldNames: ReadonlySet<string> = new Set([...Object.keys(transcriptionFields.shape), 'file']);
/** Spec 4.6, POST /v1/audio/translations: the same fields but `language` (the answer is always English). */
const translationFieldNames: ReadonlySet<string> = new Set([...transcriptionFieldNames].filter((name) => name !== 'language'));

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
  if (translate && form.fields.language !== undefined) {
    throw new GatewayError('validation_error', 'language is not a field of /v1/audio/translations: a translation is always English text', { param: 'language' });
  }
  const warnings = unknownFields(form.fields, translate ? translationFieldNames : transcriptionFieldNames).map(
    (name) => `${name} is not a ${translate ? 'translation' : 'transcription'} field svc knows; it was not forwarded`,
  );
  // The declaration drops fields it does not know; a translation's language was refused above.
  const fields = parseBody(transcriptionFields, form.fields);
  const file = await audioFileOf(form, 'file');
  const transcription: TranscriptionRequest = { model: fields.model, file, translate, response_format: fields.response_format ?? 'json' };
  if (fields.language != null) transcription.language = fields.language;
  if (fields.prompt != null) transcription.prompt = fields.prompt;
  if (fields.temperature != null) transcription.temperature = fields.temperature;
  return { request: transcription, requestedModel: fields.model, warnings };
}
