import { z } from 'zod';
import { boundedJsonSchema, describeType, identifier, integerIn, jsonObject, modelName, nonBlankString, numberIn, optional, metadataRecord } from '../../http/request-body/fields.js';
import { routingHintsSchema, routingOverrideSchema, svcBlockSchema } from '../../http/request-body/svc-fields.js';
import { jsonSchemaSpecSchema } from '../chat/chat-request-schema.js';

/** Text parts of system, developer, assistant and tool-output content. */
const textPartSchema = z.object(
  { type: z.enum(['input_text', 'output_text', 'text'], { error: 'must be a text part (input_text or output_text)' }), text: z.string() },
  { error: 'must be a text part (input_text or output_text)' },
);

/** User parts: input_text and input_image (a URL or data URL; file_id images are not supported). */
export const userPartSchema = z
  .looseObject(
    {
      type: z.enum(['input_text', 'input_image'], { error: (issue) => `${JSON.stringify(issue.input)} is not a supported content part; use input_text or input_image` }),
      text: optional(z.string()),
      image_url: optional(z.string()),
      detail: optional(z.enum(['auto', 'low', 'high'])),
    },
    { error: (issue) => `must be a content part object (got ${describeType(issue.input)})` },
  )
  .superRefine((part, context) => {
    if (part.type === 'input_text' && typeof part.text !== 'string') context.addIssue({ code: 'custom', path: ['text'], message: 'is required' });
    if (part.type === 'input_image' && typeof part.image_url !== 'string') context.addIssue({ code: 'custom', path: ['image_url'], message: 'is required (file_id images are not supported)' });
  });

export const messageItemSchema = z.object({
  type: optional(z.literal('message')),
  role: z.enum(['system', 'developer', 'user', 'assistant']),
  content: z.union([z.string(), z.array(z.unknown())], { error: 'must be a string or an array of content parts' }),
});

export const functionCallItemSchema = z.object({ type: z.literal('function_call'), call_id: z.string(), name: z.string(), arguments: optional(z.string()) });

export const functionCallOutputItemSchema = z.object({
  type: z.literal('function_call_output'),
  call_id: z.string(),
  output: z.union([z.string(), z.array(z.unknown())], { error: 'must be a string or an array of input_text and input_image parts' }),
});

export const textPartsSchema = z.array(textPartSchema);

/** An assistant turn replayed from an earlier output: its text parts, and a refusal part when the model refused. */
export const assistantPartsSchema = z.array(
  z.union([textPartSchema, z.object({ type: z.literal('refusal'), refusal: z.string() })], { error: 'must be an output_text or refusal part' }),
);

/** Flat Responses function tools; any other tool type is refused, naming it. */
const responsesToolSchema = z.object({
  type: z.literal('function', { error: (issue) => `${JSON.stringify(issue.input)} is not supported: only function tools are` }),
  name: z.string(),
  description: optional(z.string()),
  parameters: optional(boundedJsonSchema()),
  strict: optional(z.boolean()),
});

/** `text.format`: the Responses JSON-schema format is flat (name, schema… beside type). */
const textFormatSchema = jsonSchemaSpecSchema.extend({ type: z.enum(['text', 'json_object', 'json_schema']) });

/** Spec 4.3, POST /v1/responses. */
export const responsesRequestSchema = z.object({
  model: modelName(),
  input: z.union([z.string().min(1, { error: 'must not be empty' }), z.array(z.unknown()).min(1, { error: 'must not be an empty array' }), jsonObject()], {
    error: (issue) => (issue.input == null ? 'is required' : `must be a string, an item or an array of items (got ${describeType(issue.input)})`),
  }),
  instructions: optional(z.string()),
  stream: optional(z.boolean()),
  temperature: optional(numberIn(0, 2)),
  top_p: optional(numberIn(0, 1)),
  max_output_tokens: optional(integerIn(1)),
  tools: optional(z.array(responsesToolSchema)),
  tool_choice: optional(
    z.union([z.enum(['none', 'auto', 'required']), z.object({ type: z.literal('function'), name: z.string() })], { error: 'must be none, auto, required or {type: function, name}' }),
  ),
  parallel_tool_calls: optional(z.boolean()),
  text: optional(z.looseObject({ format: optional(textFormatSchema) })),
  user: optional(z.string()),
  metadata: optional(metadataRecord()),
  service_tier: optional(z.string()),
  reasoning: optional(z.looseObject({ effort: optional(z.enum(['none', 'minimal', 'low', 'medium', 'high', 'xhigh'])) })),
  store: optional(z.boolean()),
  previous_response_id: optional(identifier()),
  routing_hints: optional(routingHintsSchema),
  routing_override: optional(routingOverrideSchema),
  svc: optional(svcBlockSchema),
  // Accepted for compatibility with OpenAI clients; not applied (see not-applied.ts).
  include: optional(z.array(z.string())),
  truncation: optional(z.enum(['auto', 'disabled'])),
  stream_options: optional(jsonObject()),
  prompt_cache_key: optional(z.string()),
  safety_identifier: optional(z.string()),
});

export type ResponsesBody = z.output<typeof responsesRequestSchema>;
export const responsesFields: ReadonlySet<string> = new Set(Object.keys(responsesRequestSchema.shape));
