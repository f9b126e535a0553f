import type { ChatChoice, ChatCompletion } from '../../core/chat-types.js';
import { collectChatStream } from '../../core/chat-stream.js';
import type { EndpointAnswer } from '../../http/endpoint.js';
import { buildSvcMetadata, nonStreamHeaders } from '../../http/svc-metadata.js';
import { withRequestedChoices } from '../chat/render-chat.js';
import type { LegacyCompletionOptions } from './parse-completions-request.js';

interface ChatTokenLogprob {
  token: string;
  logprob: number;
  top_logprobs?: Array<{ token: string; logprob: number }>;
}

/** Chat logprobs (`{content: [{token, logprob, top_logprobs}]}`) in the legacy shape of spec 2.4. */
export function legacyLogprobs(logprobs: unknown, textOffset: number): Record<string, unknown> | null {
  const content = (logprobs as { content?: ChatTokenLogprob[] } | null | undefined)?.content;
  if (!Array.isArray(content)) return null;
  const offsets: number[] = [];
  let offset = textOffset;
  for (const entry of content) {
    offsets.push(offset);
    offset += entry.token.length;
  }
  return {
    tokens: content.map((entry) => entry.token),
    token_logprobs: content.map((entry) => entry.logprob),
    top_logprobs: content.map((entry) => Object.fromEntries((entry.top_logprobs ?? []).map((alternative) => [alternative.token, alternative.logprob]))),
    text_offset: offsets,
  };
}

function textChoice(choice: ChatChoice, legacy: LegacyCompletionOptions) {
  const prefix = legacy.echo ? legacy.prompt : '';
  return {
    text: prefix + (choice.message.content ?? ''),
    index: choice.index,
    logprobs: legacy.logprobs !== undefined ? legacyLogprobs(choice.logprobs, prefix.length) : null,
    finish_reason: choice.finish_reason ?? 'stop',
  };
}

/** The chat answer as a legacy text completion (spec 2.4), with svc_metadata. */
export async function renderCompletion(answer: EndpointAnswer<'chat', LegacyCompletionOptions>): Promise<void> {
  const { reply, context, outcome, extra: legacy } = answer;
  const completion: ChatCompletion = outcome.kind === 'complete' ? outcome.result : await collectChatStream(outcome.chunks);
  const choices = withRequestedChoices(completion, context.request.n ?? 1).choices;
  const usage = completion.usage ?? { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 };
  reply.headers(nonStreamHeaders(context));
  reply.send({
    id: completion.id.replace(/^chatcmpl-/, 'cmpl-'),
    object: 'text_completion',
    created: completion.created,
    model: completion.model,
    choices: choices.map((choice) => textChoice(choice, legacy)),
    usage: { prompt_tokens: usage.prompt_tokens, completion_tokens: usage.completion_tokens, total_tokens: usage.total_tokens },
    svc_metadata: buildSvcMetadata(context),
  });
}
