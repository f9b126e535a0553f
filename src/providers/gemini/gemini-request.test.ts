import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ChatMessage, ChatRequest, ReasoningEffort } from '../../core/chat-types.js';
import { buildGeminiRequest, geminiTarget } from '../../../test/fixtures/gemini-fixtures.js';

test('every system and developer message joins systemInstruction in order; user → user, assistant → model', () => {
  const { body } = buildGeminiRequest({
    messages: [
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'Hello!' },
      { role: 'developer', content: [{ type: 'text', text: 'Answer in French.' }] },
      { role: 'user', content: 'How are you?' },
    ],
  });
  assert.deepEqual(body.systemInstruction, { parts: [{ text: 'Be brief.' }, { text: 'Answer in French.' }] });
  assert.deepEqual(body.contents, [
    { role: 'user', parts: [{ text: 'Hi' }] },
    { role: 'model', parts: [{ text: 'Hello!' }] },
    { role: 'user', parts: [{ text: 'How are you?' }] },
  ]);
});

test('consecutive messages of one role are merged; a message name is dropped with a warning', () => {
  const { body, warnings } = buildGeminiRequest({
    messages: [
      { role: 'user', content: 'first', name: 'alice' },
      { role: 'user', content: 'second' },
    ],
  });
  assert.deepEqual(body.contents, [{ role: 'user', parts: [{ text: 'first' }, { text: 'second' }] }]);
  assert.ok(warnings.some((warning) => warning.includes('"name"')));
});

test('a conversation of empty messages, or of a system prompt alone, gets a placeholder user turn: Gemini rejects empty contents', () => {
  for (const messages of [[{ role: 'user', content: '' }], [{ role: 'system', content: 'Be brief.' }]] as ChatMessage[][]) {
    const { body, warnings } = buildGeminiRequest({ messages });
    assert.deepEqual(body.contents, [{ role: 'user', parts: [{ text: '(start of conversation)' }] }]);
    assert.ok(warnings.some((warning) => warning.includes('placeholder user message')));
  }
});

test('a data-URL image is sent inline; an http URL is sent by reference with a MIME type guessed from the extension', () => {
  const { body } = buildGeminiRequest({
    messages: [
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Compare' },
          { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } },
          { type: 'image_url', image_url: { url: 'https://example.com/cat.webp?size=large' } },
          { type: 'image_url', image_url: { url: 'https://example.com/photo' } },
        ],
      },
    ],
  });
  assert.deepEqual(body.contents[0].parts, [
    { text: 'Compare' },
    { inlineData: { mimeType: 'image/png', data: 'iVBORw0KGgo=' } },
    { fileData: { mimeType: 'image/webp', fileUri: 'https://example.com/cat.webp?size=large' } },
    { fileData: { mimeType: 'image/jpeg', fileUri: 'https://example.com/photo' } },
  ]);
});

test('tools become one functionDeclarations entry with the JSON Schema as parametersJsonSchema', () => {
  const parameters = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] };
  const { body } = buildGeminiRequest({
    tools: [
      { type: 'function', function: { name: 'get_weather', description: 'Weather now', parameters } },
      { type: 'function', function: { name: 'get_time' } },
    ],
  });
  assert.deepEqual(body.tools, [{ functionDeclarations: [{ name: 'get_weather', description: 'Weather now', parametersJsonSchema: parameters }, { name: 'get_time' }] }]);
  assert.equal(body.toolConfig, undefined);
});

test('tool_choice maps to the function calling mode', () => {
  const tools: ChatRequest['tools'] = [{ type: 'function', function: { name: 'lookup' } }];
  const table: [ChatRequest['tool_choice'], object][] = [
    ['auto', { mode: 'AUTO' }],
    ['none', { mode: 'NONE' }],
    ['required', { mode: 'ANY' }],
    [{ type: 'function', function: { name: 'lookup' } }, { mode: 'ANY', allowedFunctionNames: ['lookup'] }],
  ];
  for (const [toolChoice, expected] of table) {
    const { body } = buildGeminiRequest({ tools, tool_choice: toolChoice });
    assert.deepEqual(body.toolConfig, { functionCallingConfig: expected }, JSON.stringify(toolChoice));
  }
});

test('parallel_tool_calls=false cannot be expressed and is reported', () => {
  const { warnings } = buildGeminiRequest({ tools: [{ type: 'function', function: { name: 'lookup' } }], parallel_tool_calls: false });
  assert.ok(warnings.some((warning) => warning.includes('parallel_tool_calls')));
});

const toolRoundTrip: ChatMessage[] = [
  { role: 'user', content: 'Weather in Paris and Rome?' },
  {
    role: 'assistant',
    content: null,
    tool_calls: [
      { id: 'call_paris', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
      { id: 'call_rome', type: 'function', function: { name: 'get_forecast', arguments: '{"city":"Rome"}' } },
    ],
  },
  { role: 'tool', tool_call_id: 'call_rome', content: 'sunny' },
  { role: 'tool', tool_call_id: 'call_paris', content: '{"celsius":21}' },
];

test('assistant tool_calls become functionCall parts with parsed args; results find their name by tool_call_id and merge', () => {
  const { body } = buildGeminiRequest({ messages: toolRoundTrip });
  assert.deepEqual(body.contents[1], {
    role: 'model',
    parts: [
      // Without a signature from the client, the first call carries Google's "skip validation" stand-in.
      { functionCall: { name: 'get_weather', args: { city: 'Paris' }, id: 'call_paris' }, thoughtSignature: 'skip_thought_signature_validator' },
      { functionCall: { name: 'get_forecast', args: { city: 'Rome' }, id: 'call_rome' } },
    ],
  });
  assert.deepEqual(body.contents[2], {
    role: 'user',
    parts: [
      { functionResponse: { name: 'get_forecast', response: { result: 'sunny' }, id: 'call_rome' } },
      { functionResponse: { name: 'get_weather', response: { celsius: 21 }, id: 'call_paris' } },
    ],
  });
  assert.equal(body.contents.length, 3);
});

test('a thought signature sent back in extra_content is returned to Gemini on its function call', () => {
  const signedCall = { id: 'call_1', type: 'function' as const, function: { name: 'f', arguments: '{}' }, extra_content: { google: { thought_signature: 'c2lnbmF0dXJl' } } };
  const { body } = buildGeminiRequest({ messages: [{ role: 'user', content: 'go' }, { role: 'assistant', content: null, tool_calls: [signedCall] }] });
  assert.equal(body.contents[1].parts[0].thoughtSignature, 'c2lnbmF0dXJl');
});

test('json_schema is kept as responseJsonSchema on both the generate and the stream endpoint', () => {
  const schema = { type: 'object', properties: { answer: { type: 'string' } }, required: ['answer'] };
  const responseFormat: ChatRequest['response_format'] = { type: 'json_schema', json_schema: { name: 'reply', schema, strict: true } };
  const plain = buildGeminiRequest({ response_format: responseFormat });
  const streamed = buildGeminiRequest({ response_format: responseFormat, stream: true });
  assert.equal(plain.url, 'https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:generateContent');
  assert.equal(streamed.url, 'https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse');
  for (const { body } of [plain, streamed]) {
    assert.equal(body.generationConfig?.responseMimeType, 'application/json');
    assert.deepEqual(body.generationConfig?.responseJsonSchema, schema);
  }
  assert.deepEqual(buildGeminiRequest({ response_format: { type: 'json_object' } }).body.generationConfig, { responseMimeType: 'application/json' });
});

test('sampling and limits map to generationConfig fields', () => {
  const { body } = buildGeminiRequest({
    temperature: 1.7,
    top_p: 0.9,
    max_tokens: 256,
    n: 2,
    presence_penalty: 0.5,
    frequency_penalty: -0.5,
    seed: 42,
    stop: 'END',
    logprobs: true,
    top_logprobs: 3,
  });
  assert.deepEqual(body.generationConfig, {
    temperature: 1.7,
    topP: 0.9,
    maxOutputTokens: 256,
    candidateCount: 2,
    presencePenalty: 0.5,
    frequencyPenalty: -0.5,
    seed: 42,
    stopSequences: ['END'],
    responseLogprobs: true,
    logprobs: 3,
  });
});

test('more than five stop sequences are cut to five, with a warning', () => {
  const { body, warnings } = buildGeminiRequest({ stop: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] });
  assert.deepEqual(body.generationConfig?.stopSequences, ['a', 'b', 'c', 'd', 'e']);
  assert.ok(warnings.some((warning) => warning.includes('2 were dropped')));
});

test('reasoning_effort sets thinkingConfig.thinkingBudget; without it no thinkingConfig is sent', () => {
  const budgets: [ReasoningEffort, number][] = [['none', 0], ['minimal', 1024], ['low', 1024], ['medium', 8192], ['high', 24576]];
  for (const [effort, budget] of budgets) {
    assert.deepEqual(buildGeminiRequest({ reasoning_effort: effort }).body.generationConfig, { thinkingConfig: { thinkingBudget: budget } }, effort);
  }
  assert.equal(buildGeminiRequest({}).body.generationConfig, undefined);
});

test('logit_bias and user have no Gemini field: dropped with warnings', () => {
  const { body, warnings } = buildGeminiRequest({ logit_bias: { '50256': -100 }, user: 'user-123' });
  assert.ok(warnings.some((warning) => warning.includes('logit_bias')));
  assert.ok(warnings.some((warning) => warning.includes('user')));
  assert.equal(JSON.stringify(body).includes('user-123'), false);
});

test('the model is URL-encoded into the path and the key travels in x-goog-api-key', () => {
  const { url, headers } = buildGeminiRequest({}, geminiTarget({ upstreamModel: 'tuned/my model', apiKey: 'secret' }));
  assert.equal(url, 'https://generativelanguage.googleapis.com/v1beta/models/tuned%2Fmy%20model:generateContent');
  assert.equal(headers['x-goog-api-key'], 'secret');
  assert.equal(headers['content-type'], 'application/json');
});
