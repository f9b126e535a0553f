import { z } from 'zod';
import { moderationCategories, type ModerationRequest, type ModerationResult } from '../../core/moderation-types.js';
import type { JsonHttpRequest, UpstreamTarget } from '../provider-types.js';
import { joinUrl, jsonRequestHeaders } from '../shared/http-request.js';
import { UpstreamError } from '../../errors/upstream-error.js';
import type { ModerationCapability } from '../wire-adapter.js';

const DEFAULT_MODERATIONS_PATH = '/moderations';

const moderationResponse = z.object({
  id: z.string(),
  model: z.string().optional(),
  results: z.array(
    z.object({
      flagged: z.boolean(),
      categories: z.record(z.string(), z.boolean()),
      category_scores: z.record(z.string(), z.number()),
      // Passed on when it reads as OpenAI's (lists of input kinds); an upstream's malformed one is left out, not fatal.
      category_applied_input_types: z.record(z.string(), z.array(z.string())).optional().catch(undefined),
    }),
  ),
});

/** `POST /moderations`: every result carries all 11 category keys of spec 2.7 (and whatever else the upstream reports). */
export const openaiModeration: ModerationCapability = {
  buildRequest(request: ModerationRequest, target: UpstreamTarget): JsonHttpRequest {
    const input = request.input.length === 1 && typeof request.input[0] === 'string' ? request.input[0] : request.input;
    const body = { model: target.model.upstream_model, input };
    return { method: 'POST', url: joinUrl(target.baseUrl, target.provider.paths.moderations ?? DEFAULT_MODERATIONS_PATH), headers: jsonRequestHeaders(target), body: JSON.stringify(body) };
  },

  parseResponse(body: unknown, request: ModerationRequest, target: UpstreamTarget): ModerationResult {
    const parsed = moderationResponse.safeParse(body);
    if (!parsed.success) throw new UpstreamError(target.provider.id, { kind: 'server_error', message: 'the moderation answer is malformed' });
    // One verdict per text, or one for a set of multimodal parts: a caller must never read an input as unflagged for want of its result.
    const expected = request.input.every((item) => typeof item === 'string') ? request.input.length : 1;
    if (parsed.data.results.length !== expected) {
      throw new UpstreamError(target.provider.id, { kind: 'server_error', message: `the moderation answer has ${parsed.data.results.length} results for ${expected} inputs` });
    }
    return {
      id: parsed.data.id,
      model: parsed.data.model ?? target.model.upstream_model,
      results: parsed.data.results.map((result) => {
        const categories = { ...result.categories } as ModerationResult['results'][number]['categories'];
        const scores = { ...result.category_scores } as ModerationResult['results'][number]['category_scores'];
        for (const category of moderationCategories) {
          categories[category] ??= false;
          scores[category] ??= 0;
        }
        const verdict: ModerationResult['results'][number] = { flagged: result.flagged, categories, category_scores: scores };
        if (result.category_applied_input_types) verdict.category_applied_input_types = result.category_applied_input_types;
        return verdict;
      }),
    };
  },
};
