import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ChatCompletionChunk } from '../../core/chat-types.js';
import type { RequestContext } from '../../pipeline/request-context.js';
import { OpenAiStreamTranslator } from '../../providers/openai/stream-translator.js';
import type { SseEvent } from '../../http/sse-writer.js';
import { chatSse } from './render-chat.js';

/** The little of a request's context that rendering a content chunk reads. */
function context(includeUsage: boolean): RequestContext<'chat'> {
  return { requestId: 'req_1', mode: 'proxy', warnings: [], request: { stream: true, stream_options: includeUsage ? { include_usage: true } : undefined } } as unknown as RequestContext<'chat'>;
}

/** What the caller's stream carries for one upstream event, through the OpenAI-wire translator and the chat renderer. */
function relay(data: string, includeUsage = false, change?: (chunk: ChatCompletionChunk) => ChatCompletionChunk): string[] {
  const chunks = new OpenAiStreamTranslator('openai').push({ data });
  const rendering = chatSse(context(includeUsage));
  return chunks.flatMap((chunk) => {
    const events = rendering.eventsOf(change ? change(chunk) : chunk);
    return events === undefined ? [] : ([] as SseEvent[]).concat(events).map((event) => event.data);
  });
}

// Written the way an upstream may write it: spaces after the separators and a \u escape, which JSON.stringify would not give.
const upstreamText = '{"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1, "model": "gpt-4o-mini", "choices": [{"index": 0, "delta": {"content": "caf\\u00e9"}, "finish_reason": null}]}';

test('an upstream chunk passed on unchanged goes to the caller as the upstream wrote it, not serialized again', () => {
  assert.deepEqual(relay(upstreamText), [upstreamText]);
  assert.equal(JSON.parse(relay(upstreamText)[0]).choices[0].delta.content, 'café');
});

test('a chunk svc changed is serialized from what it now holds: a normalised finish reason, content parts, usage', () => {
  const eos = '{"id": "c", "object": "chat.completion.chunk", "created": 1, "model": "m", "choices": [{"index": 0, "delta": {}, "finish_reason": "eos"}]}';
  assert.equal(JSON.parse(relay(eos)[0]).choices[0].finish_reason, 'stop');
  assert.notEqual(relay(eos)[0], eos);
  const parts = '{"id": "c", "object": "chat.completion.chunk", "created": 1, "model": "m", "choices": [{"index": 0, "delta": {"content": [{"type": "text", "text": "hi"}]}, "finish_reason": null}]}';
  assert.equal(JSON.parse(relay(parts)[0]).choices[0].delta.content, 'hi');
  // A last content chunk that also carries usage, for a caller who did not ask for usage: the usage is taken off.
  const withUsage = '{"id": "c", "object": "chat.completion.chunk", "created": 1, "model": "m", "choices": [{"index": 0, "delta": {"content": "x"}, "finish_reason": "stop"}], "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}}';
  assert.equal(JSON.parse(relay(withUsage)[0]).usage, undefined);
});

test('model thinking in an OpenAI-wire delta is taken off, never relayed with the upstream text', () => {
  const thinking = '{"id": "c", "object": "chat.completion.chunk", "created": 1, "model": "m", "choices": [{"index": 0, "delta": {"content": "a", "thinking": "secret"}, "finish_reason": null}]}';
  const [sent] = relay(thinking);
  assert.equal(JSON.parse(sent).choices[0].delta.thinking, undefined);
  assert.equal(JSON.parse(sent).choices[0].delta.content, 'a');
});

test('a copy a stage made (PII restore, tool-call healing) is serialized from the copy', () => {
  const restored = relay(upstreamText, false, (chunk) => ({ ...chunk, choices: chunk.choices.map((choice) => ({ ...choice, delta: { ...choice.delta, content: 'Alice' } })) }));
  assert.equal(JSON.parse(restored[0]).choices[0].delta.content, 'Alice');
});

test('an event whose data spans lines is serialized again: a relayed event stays on one data line', () => {
  const twoLines = '{"id": "c", "object": "chat.completion.chunk", "created": 1, "model": "m",\n"choices": [{"index": 0, "delta": {"content": "x"}, "finish_reason": null}]}';
  const [sent] = relay(twoLines);
  assert.ok(!sent.includes('\n'));
  assert.equal(JSON.parse(sent).choices[0].delta.content, 'x');
});
