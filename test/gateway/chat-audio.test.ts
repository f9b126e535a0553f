import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mockAudio } from '../mock-upstream/audio-endpoints.js';
import { LYRIA_CLIP } from '../mock-upstream/gemini-wire.js';
import { MP3_FRAME_SECONDS, silentMp3, wavTone } from '../support/audio-files.js';
import { gatewayForSuite, startTestGateway } from '../support/test-gateway.js';
import { assertClose, expectError } from './gateway-test-helpers.js';

/** Spec 2.9: audio LLMs through POST /v1/chat/completions — input_audio parts in, spoken answers out, as OpenAI does. */
describe('audio through chat completions', () => {
  const harness = gatewayForSuite();

  const audioPart = { type: 'input_audio', input_audio: { data: wavTone(1).toString('base64'), format: 'wav' } };

  test('the SDK sends a question as audio and gets the answer as audio: the part forwarded, message.audio returned, audio tokens billed at the audio rates', async () => {
    harness.mock.enqueueReply({
      content: 'It is sunny.',
      rawUsage: { prompt_tokens: 120, completion_tokens: 60, total_tokens: 180, prompt_tokens_details: { cached_tokens: 0, audio_tokens: 100 }, completion_tokens_details: { reasoning_tokens: 0, audio_tokens: 50 } },
    });
    const completion = await harness.client().chat.completions.create({
      model: 'gpt-audio-mini',
      modalities: ['text', 'audio'],
      audio: { voice: 'alloy', format: 'wav' },
      messages: [{ role: 'user', content: [{ type: 'text', text: 'What is the weather?' }, audioPart as never] }],
    });
    const message = completion.choices[0].message;
    assert.equal(message.content, null);
    assert.equal(message.audio?.transcript, 'It is sunny.');
    assert.deepEqual(Buffer.from(message.audio!.data, 'base64'), Buffer.concat(mockAudio('wav', 2)));
    const [upstream] = harness.mock.requests;
    assert.deepEqual(upstream.body.modalities, ['text', 'audio']);
    assert.deepEqual(upstream.body.audio, { voice: 'alloy', format: 'wav' });
    assert.deepEqual(upstream.body.messages[0].content[1], audioPart);
    // gpt-audio-mini (catalog): text in 0.6, audio in 10, text out 2.4, audio out 20 USD per million tokens.
    const svc = (completion as unknown as { svc_metadata: { cost_usd: number } }).svc_metadata;
    assertClose(svc.cost_usd, (20 * 0.6 + 100 * 10 + 10 * 2.4 + 50 * 20) / 1e6);
  });

  test('a model that cannot take or speak audio refuses it with a 400 naming the model; nothing goes upstream', async () => {
    const heard = await harness.request('/v1/chat/completions', { body: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: [audioPart] }] } });
    await expectError(heard, { status: 400, type: 'invalid_request_error', code: 'validation_error', param: 'model', message: 'model "openai/gpt-4o-mini" cannot take input_audio content' });
    const spoken = await harness.request('/v1/chat/completions', { body: { model: 'claude-sonnet-4-5', modalities: ['text', 'audio'], audio: { voice: 'alloy', format: 'mp3' }, messages: [{ role: 'user', content: 'Hi' }] } });
    await expectError(spoken, { status: 400, type: 'invalid_request_error', code: 'validation_error', param: 'model', message: 'cannot answer with audio' });
    assert.equal(harness.mock.requests.length, 0);
  });

  test('a Gemini model whose catalog row takes audio gets it as inline data', async () => {
    const response = await harness.request('/v1/chat/completions', { body: { model: 'gemini-2.5-flash', messages: [{ role: 'user', content: [{ type: 'text', text: 'Transcribe' }, audioPart] }] } });
    assert.equal(response.status, 200, await response.clone().text());
    const parts = harness.mock.requests[0].body.contents[0].parts;
    assert.deepEqual(parts[1], { inlineData: { mimeType: 'audio/wav', data: audioPart.input_audio.data } });
  });
});

describe('music models through chat completions', () => {
  const harness = gatewayForSuite();

  test('elevenlabs/music_v1 composes from the last user message; the track comes back as message.audio, billed 0.30 USD a minute of its length', async () => {
    const completion = await harness.client().chat.completions.create({ model: 'elevenlabs/music_v1', messages: [{ role: 'system', content: 'ignored' }, { role: 'user', content: 'A calm lofi beat with rain' }] });
    const message = completion.choices[0].message;
    assert.equal(message.content, null);
    const track = Buffer.from(message.audio!.data, 'base64');
    // The mock's default track: 10 s of MP3 frames.
    const frames = Math.round(10 / MP3_FRAME_SECONDS);
    assert.deepEqual(track, silentMp3(frames));
    assert.match(message.audio!.id, /^audio_/);
    const [upstream] = harness.mock.requests;
    assert.equal(upstream.path, '/v1/music?output_format=mp3_44100_128');
    assert.equal(upstream.headers['xi-api-key'], 'xi-test');
    assert.deepEqual(upstream.body, { prompt: 'A calm lofi beat with rain', model_id: 'music_v1' });
    const svc = (completion as unknown as { svc_metadata: { cost_usd: number } }).svc_metadata;
    assertClose(svc.cost_usd, ((frames * MP3_FRAME_SECONDS) / 60) * 0.3);
  });

  test('a music model cannot stream: a 400 naming it; an upstream failure is the chat 502', async () => {
    const streamed = await harness.request('/v1/chat/completions', { body: { model: 'elevenlabs/music_v1', stream: true, messages: [{ role: 'user', content: 'jazz' }] } });
    await expectError(streamed, { status: 400, type: 'invalid_request_error', code: 'validation_error', param: 'model', message: 'cannot stream' });
    harness.mock.enqueueFault({ status: 500, message: 'composer down', wire: 'elevenlabs', times: 5 });
    const failed = await harness.request('/v1/chat/completions', { body: { model: 'elevenlabs/music_v1', messages: [{ role: 'user', content: 'jazz' }] } });
    await expectError(failed, { status: 502, type: 'upstream_error', code: 'provider_error' });
  });
});

describe('Lyria through chat completions', () => {
  test('gemini/lyria-3-clip-preview: the clip as message.audio with the lyrics as transcript, 0.04 USD a request', async () => {
    const harness = await startTestGateway();
    try {
      harness.mock.enqueueReply({ content: '[Verse] rain on the window', usage: { input: 12, output: 30 } });
      const response = await harness.request('/v1/chat/completions', { body: { model: 'gemini/lyria-3-clip-preview', messages: [{ role: 'user', content: 'a song about rain' }] } });
      assert.equal(response.status, 200, await response.clone().text());
      const body = await response.json();
      const message = body.choices[0].message;
      assert.equal(message.content, null);
      assert.equal(message.audio.transcript, '[Verse] rain on the window');
      assert.deepEqual(Buffer.from(message.audio.data, 'base64'), LYRIA_CLIP);
      assert.match(harness.mock.requests[0].path, /lyria-3-clip-preview:generateContent$/);
      // Catalog: per_request 0.04 (its token prices are not given, so the tokens add nothing).
      assertClose(body.svc_metadata.cost_usd, 0.04);
    } finally {
      await harness.close();
    }
  });
});
