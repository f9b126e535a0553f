import { isJsonObject } from '../../shared/json-values.js';

/**
 * Options svc accepts — so that clients sending them are not refused — but does not act on (yet): THE list.
 * A request that uses one is answered as usual, with "<field> is accepted but has no effect" in
 * `svc_metadata.warnings`, never silently. When a feature lands, its fields leave this list.
 */
const blockFields = {
  svc: [
    'planning_mode', 'chain_routing',
    'enable_speculation', 'cache_ttl_secs', 'compress_context', 'voice_mode', 'enable_tool_reranking',
  ],
  routing_hints: ['max_cost_per_token', 'required_capabilities'],
  routing_override: ['force_provider'],
} as const;

/** Per endpoint: its own top-level fields that are accepted only, and nested ones (`text.verbosity`). */
const endpointFields = {
  chat: { fields: [], nested: {} },
  completions: { fields: ['best_of', 'suffix', 'logit_bias'], nested: {} },
  responses: { fields: ['include', 'truncation', 'prompt_cache_key', 'safety_identifier', 'stream_options'], nested: { text: ['verbosity'], reasoning: ['summary', 'generate_summary'] } },
  embeddings: { fields: [], nested: {} },
} satisfies Record<string, { fields: readonly string[]; nested: Record<string, readonly string[]> }>;

export type NotAppliedEndpoint = keyof typeof endpointFields;

const given = (value: unknown) => value !== undefined && value !== null;

/** Per endpoint, built once: its top-level accepted-only fields, and its blocks with theirs. */
const tables = Object.fromEntries(
  Object.entries(endpointFields).map(([endpoint, { fields, nested }]) => [endpoint, { fields, blocks: { ...blockFields, ...nested } as Record<string, readonly string[]> }]),
) as unknown as Record<NotAppliedEndpoint, { fields: readonly string[]; blocks: Record<string, readonly string[]> }>;

/** Appends to `into` a warning for each accepted-only option `body` uses (nothing is allocated when it uses none). */
export function notAppliedWarnings(endpoint: NotAppliedEndpoint, body: Record<string, unknown>, into: string[]): void {
  const { fields, blocks } = tables[endpoint];
  for (const field of fields) if (given(body[field])) into.push(`${field} is accepted but has no effect`);
  for (const block in blocks) {
    const value = body[block];
    if (!isJsonObject(value)) continue;
    for (const field of blocks[block]) if (given(value[field])) into.push(`${block}.${field} is accepted but has no effect`);
  }
}
