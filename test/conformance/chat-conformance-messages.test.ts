import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type OpenAI from 'openai';
import type { TestGateway } from '../support/test-gateway.js';
import {
  assertClose,
  expectedChatCostUsd,
  svcMetadataOf,
} from './conformance-helpers.js';

import { targets, useConformanceGateway, PNG_BASE64, PNG_DATA_URL, IMAGE_HTTPS_URL, personSchema, upstreamTurns, upstreamSystemTexts } from './conformance-targets.js';

/** Chat conformance, plain chat, conversations, system prompts, JSON schema, images and cached-token usage: the same scenarios against every wire adapter, through the openai SDK. */
for (const target of targets) {
  describe(`chat conformance (messages): ${target.slug} (${target.wire} wire)`, () => {
    let harness: TestGateway;
    let client: OpenAI;
    const { model, enqueue, call } = useConformanceGateway(target, (ready, readyClient) => {
      harness = ready;
      client = readyClient;
    });

    test('plain chat', async () => {
      enqueue({ content: 'Hello from the mock.', usage: { input: 12, output: 5 } });
      const { completion, headers, upstream } = await call({ messages: [{ role: 'user', content: 'Say hello' }] });
      assert.equal(completion.object, 'chat.completion');
      assert.equal(completion.choices.length, 1);
      assert.equal(completion.choices[0].message.role, 'assistant');
      assert.equal(completion.choices[0].message.content, 'Hello from the mock.');
      assert.equal(completion.choices[0].finish_reason, 'stop');
      assert.deepEqual([completion.usage?.prompt_tokens, completion.usage?.completion_tokens, completion.usage?.total_tokens], [12, 5, 17]);
      const metadata = svcMetadataOf(completion);
      assert.equal(metadata.provider, target.provider);
      assert.equal(metadata.cost_attribution, 'svc');
      assert.equal(headers.get('x-svc-provider'), target.slug);
      assert.equal(headers.get('x-svc-request-id'), metadata.request_id);
      assert.deepEqual(upstreamTurns(upstream), [{ role: 'user', text: 'Say hello' }]);
      assert.deepEqual(upstreamSystemTexts(upstream), []);
    });

    test('multi-turn conversation keeps every turn in order', async () => {
      enqueue({ content: 'Your name is Ada.' });
      const { completion, upstream } = await call({
        messages: [
          { role: 'user', content: 'My name is Ada.' },
          { role: 'assistant', content: 'Nice to meet you, Ada.' },
          { role: 'user', content: 'What is my name?' },
        ],
      });
      assert.equal(completion.choices[0].message.content, 'Your name is Ada.');
      assert.deepEqual(upstreamTurns(upstream), [
        { role: 'user', text: 'My name is Ada.' },
        { role: 'assistant', text: 'Nice to meet you, Ada.' },
        { role: 'user', text: 'What is my name?' },
      ]);
    });

    test('system and developer messages reach the upstream as its system prompt', async () => {
      enqueue({ content: 'Bonjour.' });
      const { completion, upstream } = await call({
        messages: [
          { role: 'system', content: 'You are terse.' },
          { role: 'developer', content: 'Answer in French.' },
          { role: 'user', content: 'Hello?' },
        ],
      });
      assert.equal(completion.choices[0].message.content, 'Bonjour.');
      const system = upstreamSystemTexts(upstream).join('\n');
      assert.ok(system.includes('You are terse.') && system.includes('Answer in French.'), `system prompt upstream: ${JSON.stringify(system)}`);
      if (target.wire === 'openai') {
        assert.deepEqual(upstream.body.messages.map((message: any) => message.role), ['system', 'developer', 'user']);
      } else {
        // Anthropic and Gemini have no system role inside the conversation.
        assert.deepEqual(upstreamTurns(upstream), [{ role: 'user', text: 'Hello?' }]);
      }
      if (target.wire === 'anthropic') assert.equal(typeof upstream.body.system, 'string', 'Anthropic got a top-level system');
      if (target.wire === 'gemini') assert.ok(upstream.body.systemInstruction, 'Gemini got a systemInstruction');
    });

    test('JSON schema: the answer parses and the upstream got the schema in its native field', async () => {
      enqueue({ content: '{"name":"Ada","age":36}' });
      const { completion, upstream } = await call({
        messages: [{ role: 'user', content: 'Who wrote the first program?' }],
        response_format: { type: 'json_schema', json_schema: { name: 'person', schema: personSchema, strict: true } },
      });
      assert.deepEqual(JSON.parse(completion.choices[0].message.content ?? ''), { name: 'Ada', age: 36 });
      switch (target.wire) {
        case 'openai':
          assert.deepEqual(upstream.body.response_format, { type: 'json_schema', json_schema: { name: 'person', schema: personSchema, strict: true } });
          break;
        case 'anthropic':
          assert.equal(upstream.body.output_config?.format?.type, 'json_schema');
          assert.deepEqual(upstream.body.output_config.format.schema, personSchema);
          assert.equal(upstream.body.response_format, undefined);
          break;
        case 'gemini':
          assert.equal(upstream.body.generationConfig?.responseMimeType, 'application/json');
          assert.deepEqual(upstream.body.generationConfig?.responseJsonSchema, personSchema);
          break;
      }
    });

    test('image input: a data URL and an https URL', async () => {
      enqueue({ content: 'A pixel and a cat.' });
      const { completion, upstream } = await call({
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'What is in these images?' },
              { type: 'image_url', image_url: { url: PNG_DATA_URL } },
              { type: 'image_url', image_url: { url: IMAGE_HTTPS_URL } },
            ],
          },
        ],
      });
      assert.equal(completion.choices[0].message.content, 'A pixel and a cat.');
      assert.equal(svcMetadataOf(completion).warnings, undefined, 'nothing was dropped');
      switch (target.wire) {
        case 'openai':
          assert.deepEqual(upstream.body.messages[0].content, [
            { type: 'text', text: 'What is in these images?' },
            { type: 'image_url', image_url: { url: PNG_DATA_URL } },
            { type: 'image_url', image_url: { url: IMAGE_HTTPS_URL } },
          ]);
          break;
        case 'anthropic':
          assert.deepEqual(upstream.body.messages[0].content, [
            { type: 'text', text: 'What is in these images?' },
            { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG_BASE64 } },
            { type: 'image', source: { type: 'url', url: IMAGE_HTTPS_URL } },
          ]);
          break;
        case 'gemini':
          assert.deepEqual(upstream.body.contents[0].parts, [
            { text: 'What is in these images?' },
            { inlineData: { mimeType: 'image/png', data: PNG_BASE64 } },
            { fileData: { mimeType: 'image/jpeg', fileUri: IMAGE_HTTPS_URL } },
          ]);
          break;
      }
    });

    test('usage with cached tokens: cached_tokens reported and the cost uses the catalog cached rate', async () => {
      const usage = { input: 100, output: 20, cached: 60, reasoning: 5 };
      const expectedCost = expectedChatCostUsd(target.slug, usage);
      enqueue({ content: 'cached answer', usage });
      const { completion, headers } = await call({ messages: [{ role: 'user', content: 'Long shared prefix…' }] });
      assert.equal(completion.usage?.prompt_tokens, 100);
      assert.equal(completion.usage?.completion_tokens, 20);
      assert.equal(completion.usage?.total_tokens, 120);
      assert.equal(completion.usage?.prompt_tokens_details?.cached_tokens, 60);
      // Reasoning tokens are part of completion_tokens (billed as output), and reported on their own where the
      // wire reports them (Anthropic counts thinking in output_tokens without a separate figure).
      assert.equal(completion.usage?.completion_tokens_details?.reasoning_tokens, target.wire === 'anthropic' ? undefined : 5);
      assertClose(svcMetadataOf(completion).cost_usd, expectedCost, 'svc_metadata.cost_usd');
      assert.equal(headers.get('x-svc-input-tokens'), '100');

      // The same usage arrives in the stream's usage chunk.
      enqueue({ content: 'cached answer', usage });
      const stream = await client.chat.completions.create({ model, stream: true, stream_options: { include_usage: true }, messages: [{ role: 'user', content: 'Long shared prefix…' }] });
      let streamedUsage: OpenAI.CompletionUsage | null | undefined;
      let text = '';
      for await (const chunk of stream) {
        if (chunk.usage) streamedUsage = chunk.usage;
        text += chunk.choices[0]?.delta?.content ?? '';
      }
      assert.equal(text, 'cached answer');
      assert.equal(streamedUsage?.prompt_tokens, 100);
      assert.equal(streamedUsage?.completion_tokens, 20);
      assert.equal(streamedUsage?.prompt_tokens_details?.cached_tokens, 60);
    });
  });
}
