import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import OpenAI from 'openai';
import { startTestGateway, type TestGateway } from '../support/test-gateway.js';

describe('chat completions through the official openai SDK', () => {
  let harness: TestGateway;
  let client: OpenAI;

  before(async () => {
    harness = await startTestGateway();
    client = harness.client();
  });
  after(() => harness.close());

  test('a non-stream answer carries the upstream content, usage and svc_metadata', async () => {
    const completion = await client.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hello sdk' }] });
    assert.equal(completion.object, 'chat.completion');
    assert.equal(completion.choices[0].message.content, 'Echo: hello sdk');
    assert.equal(completion.usage?.total_tokens, (completion.usage?.prompt_tokens ?? 0) + (completion.usage?.completion_tokens ?? 0));
    const metadata = (completion as unknown as { svc_metadata: Record<string, unknown> }).svc_metadata;
    assert.equal(metadata.provider, 'openai');
    assert.equal(metadata.requested_model, 'gpt-4o-mini');
    assert.equal(metadata.cost_attribution, 'svc');
    assert.equal(metadata.intelligence_mode, 'full');
    assert.equal(typeof metadata.cost_usd, 'number');
    // The upstream got its own model name and no svc-only field.
    const upstream = harness.mock.requests.at(-1)!;
    assert.equal(upstream.body.model, 'gpt-4o-mini');
    assert.equal(upstream.apiKey, 'sk-openai-test');
  });

  test('a streamed answer arrives chunk by chunk and ends cleanly', async () => {
    const stream = await client.chat.completions.create({ model: 'gpt-4o-mini', stream: true, messages: [{ role: 'user', content: 'one two three' }] });
    let text = '';
    let chunks = 0;
    for await (const chunk of stream) {
      chunks++;
      text += chunk.choices[0]?.delta?.content ?? '';
    }
    assert.equal(text, 'Echo: one two three');
    assert.ok(chunks >= 4, `expected token-by-token chunks, got ${chunks}`);
  });

  test('stream_options.include_usage adds a final usage chunk', async () => {
    const stream = await client.chat.completions.create({ model: 'gpt-4o-mini', stream: true, stream_options: { include_usage: true }, messages: [{ role: 'user', content: 'count me' }] });
    let usage: OpenAI.CompletionUsage | undefined | null;
    for await (const chunk of stream) if (chunk.usage) usage = chunk.usage;
    assert.ok(usage && usage.total_tokens > 0);
  });

  test("Predicted Outputs' token counts and the tier that served the request reach the caller as OpenAI reports them", async () => {
    const predictedUsage = {
      prompt_tokens: 40,
      completion_tokens: 30,
      total_tokens: 70,
      prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
      completion_tokens_details: { reasoning_tokens: 0, audio_tokens: 0, accepted_prediction_tokens: 18, rejected_prediction_tokens: 7 },
    };
    harness.mock.enqueueReply({ content: 'const x = 2;', rawUsage: predictedUsage });
    const completion = await client.chat.completions.create({
      model: 'gpt-4o-mini',
      service_tier: 'flex',
      prediction: { type: 'content', content: 'const x = 1;' },
      messages: [{ role: 'user', content: 'change x to 2' }],
    });
    assert.equal(completion.service_tier, 'flex');
    assert.deepEqual(completion.usage, predictedUsage);
    assert.deepEqual(harness.mock.requests.at(-1)!.body.prediction, { type: 'content', content: 'const x = 1;' });

    // The stream's usage chunk is rendered by svc: it carries the same breakdown.
    harness.mock.enqueueReply({ content: 'const x = 2;', rawUsage: predictedUsage });
    const stream = await client.chat.completions.create({ model: 'gpt-4o-mini', stream: true, stream_options: { include_usage: true }, messages: [{ role: 'user', content: 'change x to 2' }] });
    let usage: OpenAI.CompletionUsage | undefined | null;
    for await (const chunk of stream) if (chunk.usage) usage = chunk.usage;
    assert.deepEqual(usage, predictedUsage);
  });
});
