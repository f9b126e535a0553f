import { createHash } from 'node:crypto';
import type { ChatMessage, ChatRequest, ContentPart } from '../../core/chat-types.js';

/**
 * The exact-cache key of a chat request: a hash of the org, the resolved model and every field that can
 * change the answer, canonicalized so that equal requests hit and different ones never do. Left out are only
 * the fields that change how the answer is delivered or billed, not what it says (stream, stream_options,
 * user, metadata, service_tier).
 */
export function exactCacheKey(orgId: string, modelSlug: string, request: ChatRequest): string {
  const hash = createHash('sha256');
  hash.update(`v1\u0000${orgId}\u0000${modelSlug}\u0000`);
  hash.update(canonicalJson(answerShapingFields(request)));
  return hash.digest('base64url');
}

/** The request without delivery fields, with provider defaults written out so that "absent" and "default" agree. */
export function answerShapingFields(request: ChatRequest): Record<string, unknown> {
  const tools = request.tools && request.tools.length > 0 ? request.tools : undefined;
  return {
    messages: request.messages.map(canonicalMessage),
    n: request.n ?? 1,
    max_tokens: request.max_tokens ?? null,
    temperature: request.temperature ?? 1,
    top_p: request.top_p ?? 1,
    top_k: request.top_k ?? null,
    frequency_penalty: request.frequency_penalty ?? 0,
    presence_penalty: request.presence_penalty ?? 0,
    stop: request.stop === undefined ? [] : typeof request.stop === 'string' ? [request.stop] : request.stop,
    tools: tools ?? null,
    tool_choice: request.tool_choice ?? (tools ? 'auto' : 'none'),
    parallel_tool_calls: tools ? (request.parallel_tool_calls ?? true) : null,
    response_format: request.response_format?.type === 'text' ? null : (request.response_format ?? null),
    seed: request.seed ?? null,
    logprobs: request.logprobs === true ? (request.top_logprobs ?? 0) : null,
    logit_bias: request.logit_bias ?? null,
    reasoning_effort: request.reasoning_effort ?? null,
    extra: request.extra ?? null,
  };
}

function canonicalMessage(message: ChatMessage): Record<string, unknown> {
  const { content, ...rest } = message;
  return { ...rest, content: canonicalContent(content) };
}

/** A content array of one text part says what the same string says. */
function canonicalContent(content: string | ContentPart[] | null): unknown {
  if (Array.isArray(content) && content.length === 1 && content[0].type === 'text') return (content[0] as { text: string }).text;
  return content;
}

/** JSON with object keys sorted at every depth and undefined members left out. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return value === undefined ? 'null' : JSON.stringify(value);
  // Written with plain loops: this runs for every cacheable request.
  if (Array.isArray(value)) {
    let text = '[';
    for (let index = 0; index < value.length; index++) text += (index > 0 ? ',' : '') + canonicalJson(value[index]);
    return `${text}]`;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record).sort();
  let text = '{';
  let first = true;
  for (const key of keys) {
    const member = record[key];
    if (member === undefined) continue;
    text += `${first ? '' : ','}${JSON.stringify(key)}:${canonicalJson(member)}`;
    first = false;
  }
  return `${text}}`;
}
