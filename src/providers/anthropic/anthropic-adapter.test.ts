import { test } from 'node:test';
import assert from 'node:assert/strict';
import { anthropicAdapter } from './index.js';
import { anthropicTarget, buildBody } from '../../../test/fixtures/anthropic-fixtures.js';
import { PLACEHOLDER_USER_TEXT } from '../shared/placeholder-turn.js';
import { jsonBodyText } from '../../../test/support/json-body-text.js';

const user = (content: any) => ({ role: 'user' as const, content });
const assistant = (content: any, extra: object = {}) => ({ role: 'assistant' as const, content, ...extra });
const text = (value: string) => ({ type: 'text', text: value });

test('the request goes to base URL + /v1/messages with x-api-key, anthropic-version and a JSON content type', () => {
  const warnings: string[] = [];
  const request = anthropicAdapter.chat!.buildRequest({ model: 'anthropic/claude-sonnet-4-5', messages: [user('hi')] }, anthropicTarget({ apiKey: 'sk-ant-1' }), warnings);
  assert.equal(request.method, 'POST');
  assert.equal(request.url, 'https://api.anthropic.com/v1/messages');
  assert.deepEqual(request.headers, { 'content-type': 'application/json', 'x-api-key': 'sk-ant-1', 'anthropic-version': '2023-06-01' });
  const body = JSON.parse(jsonBodyText(request));
  assert.equal(body.model, 'claude-sonnet-4-5', 'the upstream model id, not the gateway slug');
  assert.equal(body.stream, undefined);
  assert.deepEqual(warnings, []);
});

test('stream: true is sent when streaming; a trailing slash of the base URL is not doubled', () => {
  const target = anthropicTarget({ baseUrl: 'http://127.0.0.1:9999/' });
  const request = anthropicAdapter.chat!.buildRequest({ model: 'm', messages: [user('hi')], stream: true }, target, []);
  assert.equal(request.url, 'http://127.0.0.1:9999/v1/messages');
  assert.equal(JSON.parse(jsonBodyText(request)).stream, true);
});

test('system and developer messages, wherever they are, become the top-level system prompt in order', () => {
  const { body, warnings } = buildBody({
    messages: [
      { role: 'system', content: 'You are terse.' },
      { role: 'developer', content: [text('Answer in French.')] },
      user('Hello'),
      assistant('Bonjour'),
      { role: 'system', content: 'Be polite.' },
      user('How are you?'),
    ],
  });
  assert.equal(body.system, 'You are terse.\n\nAnswer in French.\n\nBe polite.');
  assert.deepEqual(body.messages, [
    { role: 'user', content: [text('Hello')] },
    { role: 'assistant', content: [text('Bonjour')] },
    { role: 'user', content: [text('How are you?')] },
  ]);
  assert.ok(warnings.some((warning) => warning.includes('moved to the top-level system prompt')));
});

test('consecutive messages of the same role are merged, because Anthropic requires alternation', () => {
  const { body } = buildBody({ messages: [user('one'), user([text('two')]), assistant('three'), assistant('four'), user('five')] });
  assert.deepEqual(body.messages, [
    { role: 'user', content: [text('one'), text('two')] },
    { role: 'assistant', content: [text('three'), text('four')] },
    { role: 'user', content: [text('five')] },
  ]);
});

test('a conversation that starts with the assistant gets a placeholder user turn first, with a warning', () => {
  const { body, warnings } = buildBody({ messages: [{ role: 'system', content: 'Greet.' }, assistant('Hi! How can I help?'), user('Tell me a joke')] });
  assert.deepEqual(body.messages[0], { role: 'user', content: [text(PLACEHOLDER_USER_TEXT)] });
  assert.equal(body.messages[1].role, 'assistant');
  assert.equal(body.messages.length, 3);
  assert.ok(warnings.some((warning) => warning.includes('placeholder user message')));
});

test('a request with only a system prompt still sends one user turn', () => {
  const { body } = buildBody({ messages: [{ role: 'system', content: 'Write a haiku.' }] });
  assert.equal(body.system, 'Write a haiku.');
  assert.deepEqual(body.messages, [{ role: 'user', content: [text(PLACEHOLDER_USER_TEXT)] }]);
});

test('name is dropped (Anthropic has no such field) but the text is kept, with one warning', () => {
  const { body, warnings } = buildBody({ messages: [{ role: 'user', content: 'hi', name: 'alice' }, assistant('yo'), { role: 'user', content: 'again', name: 'alice' }] });
  assert.deepEqual(body.messages[0], { role: 'user', content: [text('hi')] });
  assert.equal(warnings.filter((warning) => warning.includes('name')).length, 1);
});

test('a base64 data URL image becomes a base64 image source; an https URL a url source', () => {
  const { body, warnings } = buildBody({
    messages: [
      user([
        text('What is in these?'),
        { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } },
        { type: 'image_url', image_url: { url: 'https://example.com/cat.jpg', detail: 'high' } },
      ]),
    ],
  });
  assert.deepEqual(body.messages[0].content, [
    text('What is in these?'),
    { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } },
    { type: 'image', source: { type: 'url', url: 'https://example.com/cat.jpg' } },
  ]);
  assert.deepEqual(warnings, []);
});

test('an image type Anthropic cannot read and audio input are dropped with warnings', () => {
  const { body, warnings } = buildBody({
    messages: [user([text('look'), { type: 'image_url', image_url: { url: 'data:image/bmp;base64,Qk0=' } }, { type: 'input_audio', input_audio: { data: 'AAAA', format: 'wav' } }])],
  });
  assert.deepEqual(body.messages[0].content, [text('look')]);
  assert.equal(warnings.length, 2);
});

test('a PDF file part becomes a document block', () => {
  const { body } = buildBody({ messages: [user([{ type: 'file', file: { filename: 'a.pdf', file_data: 'data:application/pdf;base64,JVBERi0=' } }])] });
  assert.deepEqual(body.messages[0].content, [{ type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: 'JVBERi0=' }, title: 'a.pdf' }]);
});

test('assistant tool_calls become tool_use blocks with the arguments parsed into input', () => {
  const { body, warnings } = buildBody({
    messages: [
      user('Weather in Paris and Rome?'),
      assistant('Let me check.', {
        tool_calls: [
          { id: 'call_1', type: 'function', function: { name: 'weather', arguments: '{"city":"Paris"}' } },
          { id: 'call_2', type: 'function', function: { name: 'weather', arguments: '{"city":' } },
        ],
      }),
      { role: 'tool', tool_call_id: 'call_1', content: '18°C' },
      { role: 'tool', tool_call_id: 'call_2', content: [text('21°C')] },
    ],
  });
  assert.deepEqual(body.messages[1], {
    role: 'assistant',
    content: [text('Let me check.'), { type: 'tool_use', id: 'call_1', name: 'weather', input: { city: 'Paris' } }, { type: 'tool_use', id: 'call_2', name: 'weather', input: {} }],
  });
  assert.ok(warnings.some((warning) => warning.includes('not a JSON object')), 'invalid JSON arguments are replaced by {} with a warning');
  // Parallel tool round trip: both results in ONE user message, correlated by tool_use_id.
  assert.deepEqual(body.messages[2], {
    role: 'user',
    content: [
      { type: 'tool_result', tool_use_id: 'call_1', content: '18°C' },
      { type: 'tool_result', tool_use_id: 'call_2', content: '21°C' },
    ],
  });
  assert.equal(body.messages.length, 3);
});

test('user text after tool results joins their user turn, after the tool_result blocks', () => {
  const { body } = buildBody({
    messages: [
      user('go'),
      assistant(null, { tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'lookup', arguments: '{}' } }] }),
      { role: 'tool', tool_call_id: 'call_1', content: 'found' },
      user('Now summarize.'),
    ],
  });
  assert.deepEqual(body.messages[1].content, [{ type: 'tool_use', id: 'call_1', name: 'lookup', input: {} }]);
  assert.deepEqual(body.messages[2].content, [{ type: 'tool_result', tool_use_id: 'call_1', content: 'found' }, text('Now summarize.')]);
});

test('tool_result blocks are moved before user text that came first, as Anthropic requires', () => {
  const { body } = buildBody({
    messages: [
      user('go'),
      assistant(null, { tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'lookup', arguments: '{}' } }] }),
      user('(a note injected between the call and its result)'),
      { role: 'tool', tool_call_id: 'call_1', content: 'found' },
    ],
  });
  assert.deepEqual(body.messages[2].content, [{ type: 'tool_result', tool_use_id: 'call_1', content: 'found' }, text('(a note injected between the call and its result)')]);
});

test('a final assistant turn (prefill) loses its trailing whitespace, which Anthropic rejects', () => {
  const { body } = buildBody({ messages: [user('Count to 3'), assistant('1, 2, ')] });
  assert.deepEqual(body.messages[1], { role: 'assistant', content: [text('1, 2,')] });
});
