import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SseParser } from './sse-parser.js';

test('parses data-only events separated by blank lines', () => {
  const parser = new SseParser();
  assert.deepEqual(parser.push('data: {"a":1}\n\ndata: [DONE]\n\n'), [{ data: '{"a":1}' }, { data: '[DONE]' }]);
});

test('keeps event names and joins multi-line data', () => {
  const parser = new SseParser();
  assert.deepEqual(parser.push('event: message_start\ndata: line one\ndata: line two\n\n'), [{ event: 'message_start', data: 'line one\nline two' }]);
});

test('an event split across chunks at any byte is delivered once, whole', () => {
  const text = 'event: delta\ndata: {"text":"héllo wörld"}\n\n';
  const bytes = new TextEncoder().encode(text);
  for (let cut = 1; cut < bytes.length; cut++) {
    const parser = new SseParser();
    const events = [...parser.push(bytes.slice(0, cut)), ...parser.push(bytes.slice(cut))];
    assert.deepEqual(events, [{ event: 'delta', data: '{"text":"héllo wörld"}' }], `cut at byte ${cut}`);
  }
});

test('accepts CRLF and CR line endings, including a CRLF split between chunks', () => {
  const parser = new SseParser();
  const events = [...parser.push('data: one\r'), ...parser.push('\n\r\ndata: two\r\r\n')];
  assert.deepEqual(events, [{ data: 'one' }, { data: 'two' }]);
});

test('ignores comments and keep-alives', () => {
  const parser = new SseParser();
  assert.deepEqual(parser.push(': ping\n\ndata: x\n\n'), [{ data: 'x' }]);
});

test('finish delivers an unterminated last event', () => {
  const parser = new SseParser();
  assert.deepEqual(parser.push('data: tail'), []);
  assert.deepEqual(parser.finish(), [{ data: 'tail' }]);
});
