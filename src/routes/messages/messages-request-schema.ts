import { z } from 'zod';
import { boundedJsonSchema, describeType, integerIn, jsonObject, modelName, nonBlankString, numberIn, optional } from '../../http/request-body/fields.js';
import { routingHintsSchema, routingOverrideSchema, svcBlockSchema } from '../../http/request-body/svc-fields.js';

/** A prompt-cache breakpoint, as Anthropic takes it. */
const cacheControlSchema = z.object({
  type: z.literal('ephemeral', { error: (issue) => `must be ephemeral (got ${JSON.stringify(issue.input)})` }),
  ttl: optional(z.enum(['5m', '1h'])),
});

const textBlockSchema = z.object({ type: z.literal('text'), text: z.string(), cache_control: optional(cacheControlSchema), citations: optional(z.unknown()) });

const imageSourceSchema = z.union(
  [
    z.object({ type: z.literal('base64'), media_type: z.enum(['image/jpeg', 'image/png', 'image/gif', 'image/webp']), data: nonBlankString() }),
    z.object({ type: z.literal('url'), url: nonBlankString() }),
  ],
  { error: 'must be {type: base64, media_type, data} or {type: url, url}' },
);
const imageBlockSchema = z.object({ type: z.literal('image'), source: imageSourceSchema, cache_control: optional(cacheControlSchema) });

const documentBlockSchema = z.object({
  type: z.literal('document'),
  source: z.object({ type: z.literal('base64', { error: 'only base64 PDF documents are supported' }), media_type: z.literal('application/pdf'), data: nonBlankString() }),
  title: optional(z.string()),
  cache_control: optional(cacheControlSchema),
});

const toolUseBlockSchema = z.object({ type: z.literal('tool_use'), id: nonBlankString(), name: nonBlankString(), input: jsonObject(), cache_control: optional(cacheControlSchema) });

const toolResultBlockSchema = z.object({
  type: z.literal('tool_result'),
  tool_use_id: nonBlankString(),
  content: optional(z.union([z.string(), z.array(z.union([textBlockSchema, imageBlockSchema], { error: 'must be a text or image block' }))])),
  is_error: optional(z.boolean()),
  cache_control: optional(cacheControlSchema),
});

const thinkingBlockSchema = z.object({ type: z.literal('thinking'), thinking: z.string(), signature: z.string() });
const redactedThinkingBlockSchema = z.object({ type: z.literal('redacted_thinking'), data: z.string() });

const blockTypes = ['text', 'image', 'document', 'tool_use', 'tool_result', 'thinking', 'redacted_thinking'];

/** One content block of a message; the type is read first so that a wrong block names its type. */
export const contentBlockSchema = z.discriminatedUnion('type', [textBlockSchema, imageBlockSchema, documentBlockSchema, toolUseBlockSchema, toolResultBlockSchema, thinkingBlockSchema, redactedThinkingBlockSchema], {
  error: (issue) => {
    const type = (issue.input as { type?: unknown } | null)?.type;
    return type === undefined ? `must be a content block object (got ${describeType(issue.input)})` : `${JSON.stringify(type)} is not a content block type svc takes; use one of ${blockTypes.join(', ')}`;
  },
});
export type ContentBlock = z.output<typeof contentBlockSchema>;

const messageSchema = z.object({
  role: z.enum(['user', 'assistant'], { error: (issue) => `must be user or assistant (got ${JSON.stringify(issue.input)})` }),
  content: z.union([z.string(), z.array(contentBlockSchema)], { error: (issue) => `must be a string or an array of content blocks (got ${describeType(issue.input)})` }),
});
export type MessageParam = z.output<typeof messageSchema>;

const toolSchema = z.object({
  name: nonBlankString(),
  description: optional(z.string()),
  input_schema: boundedJsonSchema(),
  type: optional(z.literal('custom', { error: (issue) => `${JSON.stringify(issue.input)} is not supported: only client tools (custom) are` })),
  cache_control: optional(cacheControlSchema),
});

const toolChoiceSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('auto'), disable_parallel_tool_use: optional(z.boolean()) }),
    z.object({ type: z.literal('any'), disable_parallel_tool_use: optional(z.boolean()) }),
    z.object({ type: z.literal('tool'), name: nonBlankString(), disable_parallel_tool_use: optional(z.boolean()) }),
    z.object({ type: z.literal('none') }),
  ],
  { error: 'must be {type: auto}, {type: any}, {type: tool, name} or {type: none}' },
);

const thinkingSchema = z.discriminatedUnion(
  'type',
  [z.object({ type: z.literal('enabled'), budget_tokens: integerIn(1024) }), z.object({ type: z.literal('disabled') }), z.object({ type: z.literal('adaptive') })],
  { error: 'must be {type: enabled, budget_tokens}, {type: adaptive} or {type: disabled}' },
);

/** What count_tokens and a message request share: the prompt. */
const promptFields = {
  model: modelName(),
  messages: z.array(messageSchema, { error: (issue) => (issue.input == null ? 'is required' : `must be an array of messages (got ${describeType(issue.input)})`) }).min(1, { error: 'must not be empty' }),
  system: optional(z.union([z.string(), z.array(textBlockSchema)], { error: 'must be a string or an array of text blocks' })),
  tools: optional(z.array(toolSchema)),
  tool_choice: optional(toolChoiceSchema),
  thinking: optional(thinkingSchema),
};

/** POST /v1/messages: the Anthropic Messages API request, with svc's own blocks beside it. */
export const messagesRequestSchema = z.object({
  ...promptFields,
  max_tokens: integerIn(1),
  stream: optional(z.boolean()),
  temperature: optional(numberIn(0, 1)),
  top_p: optional(numberIn(0, 1)),
  top_k: optional(integerIn(1)),
  stop_sequences: optional(z.array(z.string()).max(8191)),
  metadata: optional(z.object({ user_id: optional(z.string().max(256)) })),
  service_tier: optional(z.enum(['auto', 'standard_only'])),
  routing_hints: optional(routingHintsSchema),
  routing_override: optional(routingOverrideSchema),
  svc: optional(svcBlockSchema),
});
export type MessagesBody = z.output<typeof messagesRequestSchema>;
export const messagesFields: ReadonlySet<string> = new Set(Object.keys(messagesRequestSchema.shape));

/** POST /v1/messages/count_tokens. */
export const countTokensRequestSchema = z.object(promptFields);
