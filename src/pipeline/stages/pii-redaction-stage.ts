import type { ChatCompletion, ChatCompletionChunk } from '../../core/chat-types.js';
import type { Operation, Outcome } from '../../core/operations.js';
import type { EmbeddingsRequest } from '../../core/embeddings-types.js';
import type { ModerationRequest } from '../../core/moderation-types.js';
import { Redactor, type StreamRestorer } from '../../governance/pii/redactor.js';
import type { RoutedContext } from '../request-context.js';
import type { GenericStage, Next } from '../stage.js';

/**
 * PII redaction (`svc.redact_pii`, or the org's default): e-mail addresses, phone numbers, card numbers,
 * IBANs, national ids and API keys in the prompt become typed placeholders before the request leaves svc
 * (the caches key and store the redacted form); the answer gets the originals back — a stream too, with
 * placeholders split across chunks. The answer objects are copied, never changed in place (a cache may
 * hold them).
 */
export function piiRedactionStage(): GenericStage {
  return {
    name: 'pii_redaction',
    appliesTo: (context) => context.options.svc.redact_pii ?? context.governance.policy?.redact_pii ?? false,
    intercept<O extends Operation>(context: RoutedContext<O>, next: Next<O>): Promise<Outcome<O>> {
      const redact = redactors[context.operation] as ((context: RoutedContext<O>, next: Next<O>) => Promise<Outcome<O>>) | undefined;
      return redact ? redact(context, next) : next();
    },
  };
}

/**
 * Per operation, every text the request sends upstream: chat (and its translators: completions,
 * Responses) with the answer restored; embeddings and moderation inputs, whose answers carry no text.
 */
const redactors: { [O in Operation]?: (context: RoutedContext<O>, next: Next<O>) => Promise<Outcome<O>> } = {
  chat: redacted,
  embeddings: (context, next) => redactInputs(context, next, (request, redactor) => ({ ...request, input: redactStrings(request.input, redactor) as EmbeddingsRequest['input'] })),
  moderation: (context, next) =>
    redactInputs(context, next, (request, redactor) => ({
      ...request,
      input: request.input.map((entry) =>
        typeof entry === 'string' ? redactor.redactText(entry) : { ...entry, ...(entry.type === 'text' && typeof entry.text === 'string' ? { text: redactor.redactText(entry.text) } : {}) },
      ) as ModerationRequest['input'],
    })),
};

function redactStrings(input: ReadonlyArray<string | number[]>, redactor: Redactor): Array<string | number[]> {
  return input.map((entry) => (typeof entry === 'string' ? redactor.redactText(entry) : entry));
}

/** Redacts an operation's inputs; nothing comes back to restore. */
function redactInputs<O extends 'embeddings' | 'moderation'>(context: RoutedContext<O>, next: Next<O>, redact: (request: RoutedContext<O>['request'], redactor: Redactor) => RoutedContext<O>['request']): Promise<Outcome<O>> {
  context.options.metadata['x-redact-pii'] = 'true';
  const redactor = new Redactor();
  context.request = redact(context.request, redactor);
  context.redactions = redactor.counts;
  return next();
}

/** Redacts the request, calls on, and restores the answer. */
async function redacted(context: RoutedContext<'chat'>, next: Next<'chat'>): Promise<Outcome<'chat'>> {
  context.options.metadata['x-redact-pii'] = 'true';
  const redactor = new Redactor();
  context.request = redactor.redactRequest(context.request);
  context.redactions = redactor.counts;
  if (!redactor.redacted) return next();
  const outcome = await next();
  if (outcome.kind === 'complete') return { kind: 'complete', result: restoreCompletion(outcome.result, redactor) };
  return { kind: 'stream', chunks: restoreStream(outcome.chunks, redactor.streamRestorer()) };
}

function restoreCompletion(completion: ChatCompletion, redactor: Redactor): ChatCompletion {
  return {
    ...completion,
    choices: completion.choices.map((choice) => {
      const message = { ...choice.message };
      if (typeof message.content === 'string') message.content = redactor.restore(message.content);
      if (typeof message.refusal === 'string') message.refusal = redactor.restore(message.refusal);
      if (message.tool_calls) message.tool_calls = message.tool_calls.map((call) => ({ ...call, function: { ...call.function, arguments: redactor.restore(call.function.arguments) } }));
      return { ...choice, message };
    }),
  };
}

async function* restoreStream(chunks: AsyncIterable<ChatCompletionChunk>, restorer: StreamRestorer): AsyncGenerator<ChatCompletionChunk> {
  for await (const chunk of chunks) {
    if (chunk.choices.length === 0) {
      yield chunk;
      continue;
    }
    yield {
      ...chunk,
      choices: chunk.choices.map((choice) => {
        const delta = { ...choice.delta };
        const channel = `content:${choice.index}`;
        if (typeof delta.content === 'string') delta.content = restorer.push(channel, delta.content);
        if (delta.tool_calls) {
          delta.tool_calls = delta.tool_calls.map((call) =>
            call.function?.arguments === undefined ? call : { ...call, function: { ...call.function, arguments: restorer.push(`tool:${choice.index}:${call.index}`, call.function.arguments) } },
          );
        }
        if (choice.finish_reason) {
          // The end of the choice: whatever was held back goes out now.
          const rest = restorer.flush(channel);
          if (rest) delta.content = (delta.content ?? '') + rest;
          for (const held of restorer.channels().filter((name) => name.startsWith(`tool:${choice.index}:`))) {
            const index = Number(held.split(':')[2]);
            (delta.tool_calls ??= []).push({ index, function: { arguments: restorer.flush(held) } });
          }
        }
        return { ...choice, delta };
      }),
    };
  }
}
