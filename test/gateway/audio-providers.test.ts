import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { wavTone } from '../support/audio-files.js';
import { writeConfigFile } from '../support/helpers.js';
import { gatewayForSuite, startTestGateway, testMasterKey } from '../support/test-gateway.js';
import { assertClose, createKey, createOrg, expectError } from './gateway-test-helpers.js';

/**
 * Deepgram, ElevenLabs and Cartesia behind /v1/audio/*: each gets its own request shape (checked by a mock
 * as strict as the real API), answers come back in OpenAI's formats, and cost follows the catalog's units.
 */
describe('audio through Deepgram, ElevenLabs and Cartesia', () => {
  const harness = gatewayForSuite({ env: { ELEVENLABS_API_KEY: 'xi-first,xi-second' } });

  const upstream = (wire: string) => harness.mock.requests.filter((request) => request.wire === wire);
  function postForm(path: string, fields: Record<string, string>, file: Buffer, name = 'tone.wav') {
    const form = new FormData();
    for (const [field, value] of Object.entries(fields)) form.set(field, value);
    form.set('file', new Blob([new Uint8Array(file)]), name);
    return fetch(`${harness.url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${testMasterKey}` }, body: form });
  }
  const speech = (body: Record<string, unknown>) => harness.request('/v1/audio/speech', { body });

  describe('Deepgram', () => {
    test('transcription: raw bytes to /v1/listen with Token auth, the transcript rendered as JSON, SRT and verbose JSON; 0.0043 USD a minute', async () => {
      harness.mock.enqueueReply({ content: 'Hello there. How are you today?' }, { wire: 'deepgram/audio' });
      const wav = wavTone(3);
      const response = await postForm('/v1/audio/transcriptions', { model: 'deepgram/nova-3' }, wav);
      assert.equal(response.status, 200, await response.clone().text());
      assert.deepEqual(await response.json(), { text: 'Hello there. How are you today?' });
      const [call] = upstream('deepgram');
      assert.equal(call.path, '/v1/listen?model=nova-3&smart_format=true&detect_language=true');
      assert.equal(call.headers.authorization, 'Token dg-test');
      assert.equal(call.headers['content-type'], 'audio/wav');
      assert.equal((call.body.bytes as Buffer).length, wav.length);
      assertClose(Number(response.headers.get('x-svc-cost-usd')), (3 / 60) * 0.0043);

      harness.mock.enqueueReply({ content: 'Hello there. How are you today?' }, { wire: 'deepgram/audio' });
      const srt = await postForm('/v1/audio/transcriptions', { model: 'deepgram/nova-3', response_format: 'srt', language: 'en' }, wav);
      assert.equal(srt.headers.get('content-type'), 'application/x-subrip; charset=utf-8');
      // Six words over 3 s, a cue per sentence: "Hello there." is 0–1 s, the rest 1–3 s.
      assert.equal(await srt.text(), '1\n00:00:00,000 --> 00:00:01,000\nHello there.\n\n2\n00:00:01,000 --> 00:00:03,000\nHow are you today?\n\n');
      assert.match(upstream('deepgram')[1].path, /&language=en$/);

      harness.mock.enqueueReply({ content: 'One two' }, { wire: 'deepgram/audio' });
      const verbose = await (await postForm('/v1/audio/transcriptions', { model: 'deepgram/nova-3', response_format: 'verbose_json' }, wav)).json();
      assert.deepEqual(verbose, {
        task: 'transcribe',
        language: 'en',
        duration: 3,
        text: 'One two',
        segments: [{ id: 0, start: 0, end: 3, text: 'One two' }],
        words: [{ word: 'One', start: 0, end: 1.5 }, { word: 'two', start: 1.5, end: 3 }],
      });
    });

    test('speech: the voice in the model id, the format as encoding and container; 30 USD per million characters', async () => {
      const input = 'Deepgram speaks.';
      const response = await speech({ model: 'deepgram/aura-2', input, voice: 'alloy', response_format: 'wav' });
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('content-type'), 'audio/wav');
      const audio = Buffer.from(await response.arrayBuffer());
      assert.equal(audio.subarray(0, 4).toString('latin1'), 'RIFF');
      const [call] = upstream('deepgram');
      assert.equal(call.path, '/v1/speak?model=aura-2-thalia-en&encoding=linear16&container=wav&sample_rate=24000');
      assert.deepEqual(call.body, { text: input });
      assertClose(Number(response.headers.get('x-svc-cost-usd')), (input.length * 30) / 1e6);
    });

    test('a translation is refused before any call: Deepgram does not translate', async () => {
      await expectError(await postForm('/v1/audio/translations', { model: 'deepgram/nova-3' }, wavTone(1)), { status: 400, type: 'invalid_request_error', code: 'validation_error', param: 'model', message: 'cannot translate audio' });
      assert.equal(harness.mock.requests.length, 0);
    });

    test('a 402 (out of credits) is a 500 provider_error for the caller, with the provider named', async () => {
      harness.mock.enqueueFault({ status: 402, message: 'Project does not have enough credits', wire: 'deepgram', times: 5 });
      await expectError(await speech({ model: 'deepgram/aura-2', input: 'hi', voice: 'nova' }), { status: 500, type: 'provider_error', code: 'provider_error', message: ['upstream deepgram answered 402', 'Project does not have enough credits'] });
    });
  });

  describe('ElevenLabs', () => {
    test('transcription: multipart with model_id and word timings, xi-api-key; prompt dropped with a warning; 0.22 USD an hour', async () => {
      harness.mock.enqueueReply({ content: 'Guten Tag' }, { wire: 'elevenlabs/audio' });
      const wav = wavTone(2);
      const response = await postForm('/v1/audio/transcriptions', { model: 'elevenlabs/scribe_v2', language: 'de', prompt: 'greeting', temperature: '0.3', response_format: 'vtt' }, wav);
      assert.equal(response.status, 200, await response.clone().text());
      assert.equal(await response.text(), 'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nGuten Tag\n\n');
      const [call] = upstream('elevenlabs');
      assert.equal(call.path, '/v1/speech-to-text');
      assert.equal(call.headers['xi-api-key'], 'xi-first');
      assert.equal(call.body.model_id, 'scribe_v2');
      assert.equal(call.body.language_code, 'de');
      assert.equal(call.body.temperature, '0.3');
      assert.equal(call.body.timestamps_granularity, 'word');
      assert.equal(call.body.prompt, undefined);
      assert.match(response.headers.get('x-svc-warnings') ?? '', /prompt was not forwarded/);
      assertClose(Number(response.headers.get('x-svc-cost-usd')), (2 / 3600) * 0.22);
    });

    test('speech: an OpenAI voice name becomes a stock voice on the streaming path; speed clamped to 1.2 with a warning', async () => {
      const response = await speech({ model: 'elevenlabs/eleven_flash_v2_5', input: 'Hello from ElevenLabs', voice: 'nova', speed: 2 });
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('content-type'), 'audio/mpeg');
      await response.arrayBuffer();
      const [call] = upstream('elevenlabs');
      assert.equal(call.path, '/v1/text-to-speech/EXAVITQu4vr4xnSDxMaL/stream?output_format=mp3_44100_128');
      assert.deepEqual(call.body, { text: 'Hello from ElevenLabs', model_id: 'eleven_flash_v2_5', voice_settings: { speed: 1.2 } });
      assert.match(response.headers.get('x-svc-warnings') ?? '', /speed 2 was clamped to 1.2/);
      assertClose(Number(response.headers.get('x-svc-cost-usd')), ('Hello from ElevenLabs'.length * 50) / 1e6);
    });

    test('a format ElevenLabs cannot produce is a 400 naming the model and its formats', async () => {
      await expectError(await speech({ model: 'elevenlabs/eleven_flash_v2_5', input: 'x', voice: 'nova', response_format: 'aac' }), { status: 400, type: 'invalid_request_error', code: 'validation_error', param: 'model', message: ['cannot produce aac audio', 'mp3, opus, wav, pcm'] });
    });

    test("a 401 quota_exceeded (ElevenLabs' out-of-credit answer) moves the request to the pool's next key", async () => {
      harness.mock.enqueueFault({ status: 401, message: 'This request exceeds your quota.', errorType: 'quota_exceeded', apiKey: 'xi-first', times: 5 });
      const first = await speech({ model: 'elevenlabs/eleven_flash_v2_5', input: 'rotate', voice: 'echo' });
      assert.equal(first.status, 200, await first.clone().text());
      await first.arrayBuffer();
      assert.deepEqual(upstream('elevenlabs').map((call) => call.headers['xi-api-key']), ['xi-first', 'xi-second']);
    });
  });

  describe('Cartesia', () => {
    test('transcription: multipart with the Cartesia-Version header; 0.0015 USD a minute', async () => {
      const wav = wavTone(4);
      const response = await postForm('/v1/audio/transcriptions', { model: 'cartesia/ink-whisper', response_format: 'text' }, wav);
      assert.equal(response.status, 200, await response.clone().text());
      assert.equal(await response.text(), `mock transcript of ${wav.length} bytes\n`);
      const [call] = upstream('cartesia');
      assert.equal(call.path, '/stt');
      assert.equal(call.headers['cartesia-version'], '2026-03-01');
      assert.equal(call.headers.authorization, 'Bearer sk_car_test');
      assert.equal(call.body['timestamp_granularities[]'], 'word');
      assertClose(Number(response.headers.get('x-svc-cost-usd')), (4 / 60) * 0.0015);
    });

    test('speech: transcript, voice by id and an output_format object; pcm is raw 16-bit at 24 kHz', async () => {
      const response = await speech({ model: 'cartesia/sonic-3', input: 'Sonic speaks', voice: 'shimmer', response_format: 'pcm', speed: 1.1 });
      assert.equal(response.status, 200, await response.clone().text());
      assert.equal(response.headers.get('content-type'), 'audio/pcm');
      await response.arrayBuffer();
      const [call] = upstream('cartesia');
      assert.equal(call.path, '/tts/bytes');
      assert.deepEqual(call.body, {
        model_id: 'sonic-3',
        transcript: 'Sonic speaks',
        voice: { mode: 'id', id: '156fb8d2-335b-4950-9cb3-a2d33befec77' },
        output_format: { container: 'raw', encoding: 'pcm_s16le', sample_rate: 24000 },
        generation_config: { speed: 1.1 },
      });
      await expectError(await speech({ model: 'cartesia/sonic-3', input: 'x', voice: 'nova', response_format: 'opus' }), { status: 400, type: 'invalid_request_error', code: 'validation_error', param: 'model', message: 'cannot produce opus audio' });
    });
  });
});

describe('the audio platform fee (config billing.audio_fee_per_minute_usd)', () => {
  test("added per minute of audio heard, on top of the provider's price; speech (no seconds) carries none", async () => {
    const harness = await startTestGateway({ env: { SVC_CONFIG: await writeConfigFile('billing: { audio_fee_per_minute_usd: 0.01 }\n') } });
    try {
      const form = new FormData();
      form.set('model', 'whisper-1');
      form.set('file', new Blob([new Uint8Array(wavTone(6))]), 'six.wav');
      const heard = await fetch(`${harness.url}/v1/audio/transcriptions`, { method: 'POST', headers: { authorization: `Bearer ${testMasterKey}` }, body: form });
      assert.equal(heard.status, 200);
      // 6 s: whisper-1 at 0.006 USD a minute (catalog) plus the fee of 0.01 a minute.
      assertClose(Number(heard.headers.get('x-svc-cost-usd')), (6 / 60) * (0.006 + 0.01));
      const spoken = await harness.request('/v1/audio/speech', { body: { model: 'tts-1', input: 'No fee here.', voice: 'alloy' } });
      await spoken.arrayBuffer();
      assertClose(Number(spoken.headers.get('x-svc-cost-usd')), ('No fee here.'.length * 15) / 1e6);
    } finally {
      await harness.close();
    }
  });

  test('a fee that is not a number from 0 to 100 stops start-up with the key named', async () => {
    await assert.rejects(startTestGateway({ env: { SVC_CONFIG: await writeConfigFile('billing: { audio_fee_per_minute_usd: -1 }\n') } }), /billing\.audio_fee_per_minute_usd/);
  });
});

describe("the org's own provider key for audio (spec 4.6)", () => {
  test('a Deepgram BYOK key is used for that org only; the platform key for the others', async () => {
    const harness = await startTestGateway();
    try {
      const orgId = await createOrg(harness, `audio-byok-${Date.now()}`);
      const key = await createKey(harness, { org_id: orgId });
      const put = await harness.request(`/v1/admin/orgs/${orgId}/provider-keys/deepgram`, { method: 'PUT', body: { api_key: 'dg-org-own-key' } });
      assert.ok(put.ok, await put.clone().text());
      const speak = (authorization: string) => fetch(`${harness.url}/v1/audio/speech`, { method: 'POST', headers: { authorization, 'content-type': 'application/json' }, body: JSON.stringify({ model: 'deepgram/aura-2', input: 'mine', voice: 'onyx' }) });
      const own = await speak(`Bearer ${key.key}`);
      assert.equal(own.status, 200);
      await own.arrayBuffer();
      const platform = await speak(`Bearer ${testMasterKey}`);
      await platform.arrayBuffer();
      assert.deepEqual(harness.mock.requests.map((request) => request.headers.authorization), ['Token dg-org-own-key', 'Token dg-test']);
    } finally {
      await harness.close();
    }
  });
});
