import type { z } from 'zod';
import type { SpeechRequest, TranscriptionRequest } from '../../core/audio-types.js';
import { UpstreamError } from '../../errors/upstream-error.js';
import { tryParseJson } from '../../shared/json-values.js';
import type { UpstreamTarget } from '../provider-types.js';
import { addWarning } from './warnings.js';

/** OpenAI's six voice names (spec 4.6): another provider maps each to a stock voice of its own. */
export type OpenAiVoice = 'alloy' | 'echo' | 'fable' | 'onyx' | 'nova' | 'shimmer';

/** The provider's voice for `voice`: an OpenAI name becomes its stock voice; anything else is the provider's own voice id. */
export function providerVoice(voice: string, stockVoices: Record<OpenAiVoice, string>): string {
  return Object.hasOwn(stockVoices, voice) ? stockVoices[voice as OpenAiVoice] : voice;
}

/** A speed the provider takes only within [min, max]: clamped, with a warning naming both. */
export function clampedSpeed(request: SpeechRequest, target: UpstreamTarget, min: number, max: number, warnings: string[]): number | undefined {
  if (request.speed === undefined) return undefined;
  const speed = Math.min(max, Math.max(min, request.speed));
  if (speed !== request.speed) addWarning(warnings, `speed ${request.speed} was clamped to ${speed}: ${target.model.slug} takes ${min}..${max}`);
  return speed;
}

/** Transcription fields a provider has no place for are dropped, and the caller told so. */
export function dropTranscriptionFields(request: TranscriptionRequest, target: UpstreamTarget, fields: readonly ('prompt' | 'temperature')[], warnings: string[]): void {
  for (const field of fields) if (request[field] !== undefined) addWarning(warnings, `${field} was not forwarded: ${target.model.slug} has no such option`);
}

/** A 2xx JSON answer read against the provider's documented shape; anything else is an upstream fault, not a transcript. */
export function parseAnswer<S extends z.ZodType>(schema: S, text: string, target: UpstreamTarget, what: string): z.infer<S> {
  const parsed = schema.safeParse(tryParseJson(text));
  if (!parsed.success) throw new UpstreamError(target.provider.id, { kind: 'server_error', message: `the ${what} answer is not the JSON ${target.provider.id} documents` });
  return parsed.data;
}
