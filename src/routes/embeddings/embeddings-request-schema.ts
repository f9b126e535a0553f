import { z } from 'zod';
import { describeType, identifier, integerIn, modelName, nonBlankString, optional } from '../../http/request-body/fields.js';
import { svcBlockSchema } from '../../http/request-body/svc-fields.js';

const isTokenArray = (value: unknown): value is number[] => Array.isArray(value) && value.length > 0 && value.every((token) => Number.isInteger(token) && token >= 0);

/** A string, an array of strings, a token array, or an array of token arrays; never empty, nor with an empty entry. */
const embeddingsInput = z.unknown().superRefine((input, context) => {
  const refuse = (message: string, path: number[] = []) => context.addIssue({ code: 'custom', message, path, input });
  if (input === undefined || input === null) return refuse('is required');
  if (typeof input === 'string') return input === '' ? refuse('must not be an empty string') : undefined;
  if (!Array.isArray(input)) return refuse(`must be a string, an array of strings or an array of token arrays (got ${describeType(input)})`);
  if (input.length === 0) return refuse('must not be an empty array');
  if (isTokenArray(input)) return undefined;
  if (input.length > 2048) return refuse(`must have at most 2048 entries (got ${input.length})`);
  if (input.every((entry) => typeof entry === 'string')) {
    const empty = input.findIndex((entry) => entry === '');
    return empty >= 0 ? refuse('must not be an empty string', [empty]) : undefined;
  }
  if (input.every(isTokenArray)) return undefined;
  const bad = Math.max(0, input.findIndex((entry) => typeof entry !== 'string' && !isTokenArray(entry)));
  refuse('must be a non-empty string or token array, all entries of one kind', [bad]);
});

/** Spec 4.4, POST /v1/embeddings. */
export const embeddingsRequestSchema = z.object({
  model: modelName(),
  input: embeddingsInput,
  encoding_format: optional(z.enum(['float', 'base64'])),
  dimensions: optional(integerIn(1, 65_536)),
  user: optional(z.string()),
  svc: optional(svcBlockSchema),
});

export const embeddingsFields: ReadonlySet<string> = new Set(Object.keys(embeddingsRequestSchema.shape));
