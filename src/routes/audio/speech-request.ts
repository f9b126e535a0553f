import { z } from 'zod';
import type { SpeechFormat, SpeechRequest } from '../../core/audio-types.js';
import type { ParsedRequest } from '../../http/endpoint.js';
import { modelName, numberIn, optional } from '../../http/request-body/fields.js';
import { parseBody, unknownFields } from '../../http/request-body/parse-body.js';

/** Spec 8: "speech input length 4096 characters". */
export const MAX_SPEECH_CHARACTERS = 4096;
export const speechVoices = ['alloy', 'echo', 'fable', 'onyx', 'nova', 'shimmer'] as const;
export const speechFormats = ['mp3', 'opus', 'aac', 'flac', 'wav', 'pcm'] as const satisfies readonly SpeechFormat[];

/** Text to speak: not blank, at most MAX_SPEECH_CHARACTERS (the speech endpoints' `input`, the voice endpoints' `text`). */
export const speechText = () =>
  z
    .string()
    .refine((text) => text.trim() !== '', { error: 'must not be empty' })
    .refine((text) => text.length <= MAX_SPEECH_CHARACTERS, { error: (issue) => `must be at most ${MAX_SPEECH_CHARACTERS} characters (got ${(issue.input as string).length})` });

/** One of the six audio formats of spec 4.6. */
export const speechFormat = () => z.enum(speechFormats, { error: (issue) => `must be one of ${speechFormats.join(', ')} (got ${JSON.stringify(issue.input)})` });

/** Spec 4.6, POST /v1/audio/speech. */
export const speechRequestSchema = z.object({
  model: modelName(),
  input: speechText(),
  voice: z.enum(speechVoices, { error: (issue) => `must be one of ${speechVoices.join(', ')} (got ${JSON.stringify(issue.input)})` }),
  response_format: optional(speechFormat()),
  speed: optional(numberIn(0.25, 4)),
});

const speechFields: ReadonlySet<string> = new Set(Object.keys(speechRequestSchema.shape));

export function parseSpeechRequest(body: unknown): ParsedRequest<'speech'> {
  const parsed = parseBody(speechRequestSchema, body);
  const request: SpeechRequest = { model: parsed.model, input: parsed.input, voice: parsed.voice, response_format: parsed.response_format ?? 'mp3' };
  if (parsed.speed != null) request.speed = parsed.speed;
  const warnings = unknownFields(body as object, speechFields).map((key) => `${key} is not a speech field svc knows; it was not forwarded`);
  return { request, requestedModel: parsed.model, warnings };
}
