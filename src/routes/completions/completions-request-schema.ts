import { z } from 'zod';
import { identifier, integerIn, modelName, nonBlankString, numberIn, optional, stringOrStrings, tokenBiases } from '../../http/request-body/fields.js';
import { routingHintsSchema, routingOverrideSchema, svcBlockSchema } from '../../http/request-body/svc-fields.js';

/** Spec 4.2, POST /v1/completions (legacy): translated into a chat request; it does not stream. */
export const completionsRequestSchema = z.object({
  model: modelName(),
  prompt: optional(stringOrStrings()), // array entries are joined with newlines; default ''
  max_tokens: optional(integerIn(1)),
  temperature: optional(numberIn(0, 2)),
  top_p: optional(numberIn(0, 1)),
  n: optional(integerIn(1, 8)),
  stream: optional(
    z.boolean().refine((stream) => !stream, { error: 'is not supported on /v1/completions (the legacy endpoint answers whole); use /v1/chat/completions to stream' }),
  ),
  logprobs: optional(integerIn(0, 5)), // how many alternatives per token: chat's top_logprobs
  echo: optional(z.boolean()),
  stop: optional(stringOrStrings()),
  presence_penalty: optional(numberIn(-2, 2)),
  frequency_penalty: optional(numberIn(-2, 2)),
  seed: optional(integerIn(Number.MIN_SAFE_INTEGER)),
  user: optional(z.string()),
  // Accepted only (spec: no effect stated; see not-applied.ts).
  best_of: optional(integerIn(1, 20)),
  suffix: optional(z.string()),
  logit_bias: optional(tokenBiases()),
  routing_hints: optional(routingHintsSchema),
  routing_override: optional(routingOverrideSchema),
  svc: optional(svcBlockSchema),
});

export const completionsFields: ReadonlySet<string> = new Set(Object.keys(completionsRequestSchema.shape));
