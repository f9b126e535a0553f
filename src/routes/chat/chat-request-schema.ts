import { z } from 'zod';
import { boundedJsonSchema, describeType, identifier, integerIn, jsonObject, modelName, nonBlankString, numberIn, optional, stringOrStrings, metadataRecord, tokenBiases } from '../../http/request-body/fields.js';
import { routingHintsSchema, routingOverrideSchema, svcBlockSchema } from '../../http/request-body/svc-fields.js';

/** Names travel upstream in headers of some wires and in logs: no control characters, NUL included, and a sane length. */
const callerName = z.string().regex(/^[^\u0000-\u001f\u007f]{1,256}$/, { error: (issue) => `must be 1 to 256 characters without control characters (got ${JSON.stringify(issue.input)})` });
/** What every wire accepts as a function name. */
const functionName = z.string().regex(/^[a-zA-Z0-9_-]{1,64}$/, { error: (issue) => `must be 1 to 64 letters, digits, underscores or dashes (got ${JSON.stringify(issue.input)})` });

/** The content part types of the Chat Completions API (refusal: in an assistant message echoed back). */
const contentPartTypes = new Set(['text', 'image_url', 'input_audio', 'file', 'refusal']);

/** A content part of a known type (as OpenAI, an unknown one is a 400): text and image_url are checked; the others pass as sent. */
export const contentPartSchema = z
  .looseObject({ type: z.string() }, { error: (issue) => `must be a content part object with a type (got ${describeType(issue.input)})` })
  .superRefine((part, context) => {
    if (!contentPartTypes.has(part.type)) {
      context.addIssue({ code: 'custom', path: ['type'], message: `must be one of ${[...contentPartTypes].join(', ')} (got ${JSON.stringify(part.type.slice(0, 100))})` });
    }
    if (part.type === 'text' && typeof part.text !== 'string') context.addIssue({ code: 'custom', path: ['text'], message: 'must be a string' });
    if (part.type === 'image_url' && !(typeof part.image_url === 'object' && part.image_url !== null && typeof (part.image_url as { url?: unknown }).url === 'string')) {
      context.addIssue({ code: 'custom', path: ['image_url', 'url'], message: 'must be a string' });
    }
  });

/** An assistant's earlier tool call, echoed back by the client (provider data such as Gemini thought signatures survives). */
const toolCallSchema = z
  .object({
    id: z.string(),
    type: optional(z.literal('function')),
    function: z.object({ name: callerName, arguments: optional(z.string()) }),
    extra_content: optional(jsonObject()),
  })
  .transform((call) => ({
    id: call.id,
    type: 'function' as const,
    function: { name: call.function.name, arguments: call.function.arguments ?? '{}' },
    ...(call.extra_content ? { extra_content: call.extra_content } : {}),
  }));

/** Spec 2.1, ChatMessage. */
export const chatMessageSchema = z
  .object({
    role: z.enum(['system', 'developer', 'user', 'assistant', 'tool', 'function']),
    content: optional(z.union([z.string(), z.array(contentPartSchema)], { error: (issue) => `must be a string or an array of content parts (got ${describeType(issue.input)})` })),
    name: optional(callerName),
    tool_calls: optional(z.array(toolCallSchema)),
    tool_call_id: optional(z.string()),
    refusal: optional(z.string()),
  })
  .superRefine((message, context) => {
    const content = message.content ?? null;
    if (content === null && !(message.role === 'assistant' && ((message.tool_calls?.length ?? 0) > 0 || typeof message.refusal === 'string'))) {
      context.addIssue({ code: 'custom', path: ['content'], message: 'is required' });
    }
    if (message.role === 'tool' && (message.tool_call_id ?? undefined) === undefined) {
      context.addIssue({ code: 'custom', path: ['tool_call_id'], message: 'is required for a tool message' });
    }
  });

/** The `function` of a function tool (also the legacy `functions` entries). */
export const functionDefinitionSchema = z.object({
  name: functionName,
  description: optional(z.string()),
  parameters: optional(boundedJsonSchema()),
  strict: optional(z.boolean()),
});

export const functionToolSchema = z.object({
  type: z.literal('function', { error: (issue) => `must be function (got ${JSON.stringify(issue.input)})` }),
  function: functionDefinitionSchema,
  // Anthropic prompt caching on a tool definition; other wires ignore it.
  cache_control: optional(z.object({ type: z.literal('ephemeral', { error: (issue) => `must be ephemeral (got ${JSON.stringify(issue.input)})` }), ttl: optional(z.unknown()) })),
});

export const toolChoiceSchema = z.union(
  [z.enum(['none', 'auto', 'required']), z.object({ type: z.literal('function'), function: z.object({ name: z.string() }) })],
  { error: 'must be none, auto, required or {type: function, function: {name}}' },
);

/** The name, description, schema and strict flag of a JSON-schema output format (chat nests them, Responses does not). */
export const jsonSchemaSpecSchema = z.object({
  name: optional(z.string()),
  description: optional(z.string()),
  schema: optional(boundedJsonSchema()),
  strict: optional(z.boolean()),
});

export const responseFormatSchema = z
  .object({ type: z.enum(['text', 'json_object', 'json_schema']), json_schema: optional(jsonSchemaSpecSchema) })
  .superRefine((format, context) => {
    if (format.type === 'json_schema' && !format.json_schema) context.addIssue({ code: 'custom', path: ['json_schema'], message: 'is required when type is json_schema' });
  });

/** Spec 4.1, POST /v1/chat/completions: the standard parameters, then svc's own blocks. */
export const chatRequestSchema = z.object({
  model: modelName(),
  messages: z.array(chatMessageSchema).min(1, { error: 'must contain at least 1 message (got 0)' }),
  stream: optional(z.boolean()),
  stream_options: optional(z.object({ include_usage: optional(z.boolean()) })),
  n: optional(integerIn(1, 8)),
  max_tokens: optional(integerIn(1)),
  max_completion_tokens: optional(integerIn(1)), // alias of max_tokens; wins when both are sent
  temperature: optional(numberIn(0, 2)),
  top_p: optional(numberIn(0, 1)),
  top_k: optional(integerIn(1, 1_000_000)),
  frequency_penalty: optional(numberIn(-2, 2)),
  presence_penalty: optional(numberIn(-2, 2)),
  stop: optional(stringOrStrings()),
  tools: optional(z.array(functionToolSchema)),
  tool_choice: optional(toolChoiceSchema),
  parallel_tool_calls: optional(z.boolean()),
  functions: optional(z.array(functionDefinitionSchema)), // legacy: becomes tools
  function_call: optional(z.union([z.enum(['none', 'auto']), z.object({ name: z.string() })], { error: 'must be none, auto or {name}' })), // legacy: becomes tool_choice
  response_format: optional(responseFormatSchema),
  seed: optional(integerIn(Number.MIN_SAFE_INTEGER)),
  user: optional(z.string()),
  logprobs: optional(z.boolean()),
  top_logprobs: optional(integerIn(0, 20)),
  logit_bias: optional(tokenBiases()),
  reasoning_effort: optional(z.enum(['none', 'minimal', 'low', 'medium', 'high', 'xhigh', 'max'])),
  service_tier: optional(z.string()),
  metadata: optional(metadataRecord()),
  routing_hints: optional(routingHintsSchema),
  routing_override: optional(routingOverrideSchema),
  svc: optional(svcBlockSchema),
});

export type ChatBody = z.output<typeof chatRequestSchema>;

/** The fields of the declaration: anything else a client sends is forwarded (below) or reported as unknown. */
export const chatFields: ReadonlySet<string> = new Set(Object.keys(chatRequestSchema.shape));
/** OpenAI fields svc forwards untouched to OpenAI-wire upstreams when present. */
export const forwardedChatFields: ReadonlySet<string> = new Set(['modalities', 'audio', 'prediction', 'verbosity', 'store', 'web_search_options', 'safety_identifier', 'prompt_cache_key']);
