import { contentChunks } from './default-reply.js';
import type { MockReply, RequestSummary, StreamEvent, WireRenderer } from './mock-types.js';
import { validateOpenAi } from './request-validation.js';
import { mockAudio } from './audio-endpoints.js';

/** The OpenAI chat completions wire (also every OpenAI-compatible host). */
export const openaiWire: WireRenderer = {
  wire: 'openai',
  validate: validateOpenAi,

  match(method, path) {
    return method === 'POST' && path.endsWith('/chat/completions') ? {} : undefined;
  },

  apiKey(headers) {
    const value = headers.authorization;
    return typeof value === 'string' && value.startsWith('Bearer ') ? value.slice(7) : undefined;
  },

  summarize(body): RequestSummary {
    const messages: any[] = Array.isArray(body.messages) ? body.messages : [];
    const lastUser = [...messages].reverse().find((message) => message.role === 'user');
    const toolChoice = body.tool_choice;
    return {
      model: String(body.model ?? ''),
      stream: body.stream === true,
      lastUserText: textOf(lastUser?.content),
      toolNames: Array.isArray(body.tools) ? body.tools.map((tool: any) => tool.function?.name).filter(Boolean) : [],
      forcedTool: typeof toolChoice === 'object' ? toolChoice?.function?.name : undefined,
      toolChoiceNone: toolChoice === 'none',
      parallelToolCalls: body.parallel_tool_calls !== false,
      wantsJson: body.response_format?.type === 'json_object' || body.response_format?.type === 'json_schema',
      hasToolResult: messages.length > 0 && messages[messages.length - 1].role === 'tool',
      includeUsage: body.stream_options?.include_usage === true,
      logprobs: body.logprobs === true ? (body.top_logprobs ?? 0) : undefined,
      serviceTier: typeof body.service_tier === 'string' ? body.service_tier : undefined,
      audioOut: Array.isArray(body.modalities) && body.modalities.includes('audio') ? { voice: String(body.audio?.voice), format: String(body.audio?.format) } : undefined,
    };
  },

  renderJson(reply, summary) {
    return {
      id: 'chatcmpl-mock',
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: summary.model,
      system_fingerprint: 'fp_mock',
      service_tier: servedTier(summary),
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: reply.refusal !== undefined ? null : reply.toolCalls?.length ? (reply.content ?? null) : (reply.content ?? ''),
            refusal: reply.refusal ?? null,
            // With audio asked for, OpenAI speaks the answer: the text is the audio's transcript, content is null.
            ...(summary.audioOut ? { content: null, audio: { id: 'audio_mock', data: Buffer.concat(mockAudio(summary.audioOut.format, 2)).toString('base64'), expires_at: 1_900_000_000, transcript: reply.content ?? '' } } : {}),
            ...(reply.toolCalls?.length
              ? { tool_calls: reply.toolCalls.map((call, index) => ({ id: call.id ?? `call_${index}`, type: 'function', function: { name: call.name, arguments: call.arguments } })) }
              : {}),
          },
          logprobs: summary.logprobs === undefined ? null : logprobsOf(reply.content ?? '', summary.logprobs),
          finish_reason: reply.finish ?? (reply.toolCalls?.length ? 'tool_calls' : 'stop'),
        },
      ],
      usage: usageOf(reply),
    };
  },

  renderStream(reply, summary) {
    const created = Math.floor(Date.now() / 1000);
    const chunk = (delta: object, finishReason: string | null = null, extra: object = {}): StreamEvent => ({
      data: JSON.stringify({
        id: 'chatcmpl-mock',
        object: 'chat.completion.chunk',
        created,
        model: summary.model,
        service_tier: servedTier(summary),
        system_fingerprint: 'fp_mock',
        choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
        ...(summary.includeUsage ? { usage: null } : {}),
        ...extra,
      }),
    });
    const pieces = contentChunks(reply);
    // A tool-call-only answer opens with one chunk: the role, `content: null` and the first call (as OpenAI streams it).
    const opensWithToolCall = pieces.length === 0 && (reply.toolCalls?.length ?? 0) > 0;
    const events: StreamEvent[] = opensWithToolCall ? [] : [chunk({ role: 'assistant', content: '', refusal: null })];
    for (const piece of pieces) events.push(chunk({ content: piece }));
    for (const piece of reply.refusal?.match(/\S+\s*/g) ?? []) events.push(chunk({ refusal: piece }));
    (reply.toolCalls ?? []).forEach((call, index) => {
      const opening = opensWithToolCall && index === 0 ? { role: 'assistant', content: null, refusal: null } : {};
      events.push(chunk({ ...opening, tool_calls: [{ index, id: call.id ?? `call_${index}`, type: 'function', function: { name: call.name, arguments: '' } }] }));
      // Arguments arrive in fragments, as OpenAI sends them.
      for (let offset = 0; offset < call.arguments.length; offset += 8) {
        events.push(chunk({ tool_calls: [{ index, function: { arguments: call.arguments.slice(offset, offset + 8) } }] }));
      }
    });
    events.push(chunk({}, reply.finish ?? (reply.toolCalls?.length ? 'tool_calls' : 'stop')));
    if (summary.includeUsage) {
      events.push({
        data: JSON.stringify({ id: 'chatcmpl-mock', object: 'chat.completion.chunk', created, model: summary.model, service_tier: servedTier(summary), system_fingerprint: 'fp_mock', choices: [], usage: usageOf(reply) }),
      });
    }
    events.push({ data: '[DONE]' });
    return events;
  },

  renderError(status, message, errorType) {
    const type = errorType ?? (status === 429 ? 'rate_limit_exceeded' : status >= 500 ? 'server_error' : 'invalid_request_error');
    const code = status === 429 && errorType === 'insufficient_quota' ? 'insufficient_quota' : status === 429 ? 'rate_limit_exceeded' : null;
    return { error: { message, type, param: null, code } };
  },

  renderStreamError(message) {
    return { data: JSON.stringify({ error: { message, type: 'server_error', param: null, code: null } }) };
  },
};

/** Chat logprobs for a text: one token per word (with its space), logprob -0.1 × position, and `alternatives` others. */
function logprobsOf(text: string, alternatives: number) {
  const tokens = text.match(/\S+\s*/g) ?? [];
  return {
    content: tokens.map((token, index) => ({
      token,
      logprob: -0.1 * (index + 1),
      bytes: [...Buffer.from(token)],
      top_logprobs: Array.from({ length: alternatives }, (_, rank) => ({ token: rank === 0 ? token : `${token}#${rank}`, logprob: -0.1 * (index + 1) - rank, bytes: null })),
    })),
    refusal: null,
  };
}

/** OpenAI names the tier that served the request, in the answer and on every chunk: the one asked for, `default` for `auto` or none. */
function servedTier(summary: RequestSummary): string {
  return summary.serviceTier === 'flex' || summary.serviceTier === 'priority' ? summary.serviceTier : 'default';
}

function usageOf(reply: MockReply) {
  if (reply.rawUsage) return reply.rawUsage;
  const usage = reply.usage ?? { input: 10, output: 10 };
  return {
    prompt_tokens: usage.input,
    completion_tokens: usage.output,
    total_tokens: usage.input + usage.output,
    prompt_tokens_details: { cached_tokens: usage.cached ?? 0, audio_tokens: 0 },
    completion_tokens_details: { reasoning_tokens: usage.reasoning ?? 0, audio_tokens: 0, accepted_prediction_tokens: 0, rejected_prediction_tokens: 0 },
  };
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((part: any) => (part?.type === 'text' ? part.text : '')).join('');
  return '';
}
