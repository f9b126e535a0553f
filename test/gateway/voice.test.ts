import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { wavTone } from '../support/audio-files.js';
import { gatewayForSuite, testMasterKey } from '../support/test-gateway.js';
import { waitFor } from '../support/helpers.js';
import { assertClose, createKey, createOrg, expectError } from './gateway-test-helpers.js';

/** Spec 4.7 and 4.9 (voice rules), 2.9 (auto-routing of STT and TTS): the /v1/voice endpoints. */
describe('voice endpoints', () => {
  const harness = gatewayForSuite();

  function postForm(path: string, fields: Record<string, string>, audio?: Buffer, headers: Record<string, string> = {}) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    if (audio) form.set('audio', new Blob([new Uint8Array(audio)]), 'turn.wav');
    return fetch(`${harness.url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${testMasterKey}`, ...headers }, body: form });
  }
  const paths = () => harness.mock.requests.map((request) => request.path.split('?')[0]);

  describe('POST /v1/voice/transcribe', () => {
    test('without stt_model: English or no language goes to the low-latency default, another language to a multilingual model; the choice is explained', async () => {
      const wav = wavTone(2);
      const unknown = await postForm('/v1/voice/transcribe', {}, wav);
      assert.equal(unknown.status, 200, await unknown.clone().text());
      const heard = await unknown.json();
      assert.equal(heard.text, `mock transcript of ${wav.length} bytes`);
      assert.equal(heard.model, 'deepgram/nova-3');
      assert.equal(heard.duration_seconds, 2);
      assert.equal(heard.routing.source, 'VoiceAutoRouter');
      assert.match(heard.routing.reason, /language not given: the low-latency default/);

      const english = await (await postForm('/v1/voice/transcribe', { language: 'en' }, wav)).json();
      assert.equal(english.model, 'deepgram/nova-3');
      assert.match(english.routing.reason, /English/);

      const german = await (await postForm('/v1/voice/transcribe', { language: 'de' }, wav)).json();
      assert.equal(german.model, 'elevenlabs/scribe_v2');
      assert.equal(german.language, 'de');
      assert.match(german.routing.reason, /language de: a multilingual model/);
      assert.deepEqual(paths(), ['/v1/listen', '/v1/listen', '/v1/speech-to-text']);
    });

    test('stt_model pins the model; proxy mode is escalated to cache; the cost is the catalog per-minute price', async () => {
      const response = await postForm('/v1/voice/transcribe', { stt_model: 'whisper-1' }, wavTone(3), { 'x-intelligence-mode': 'proxy' });
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('x-svc-intelligence-mode'), 'cache');
      const body = await response.json();
      assert.equal(body.model, 'openai/whisper-1');
      assert.equal(body.routing.source, 'Pinned');
      assertClose(Number(response.headers.get('x-svc-cost-usd')), (3 / 60) * 0.006);
    });

    test('bad input names the field: no audio, a file in "file", a bad language; no key is a 401', async () => {
      await expectError(await postForm('/v1/voice/transcribe', {}), { status: 400, type: 'invalid_request_error', code: 'validation_error', param: 'audio', message: 'audio is required' });
      const wrongField = new FormData();
      wrongField.set('file', new Blob([new Uint8Array(wavTone(0.2))]), 'a.wav');
      await expectError(await fetch(`${harness.url}/v1/voice/transcribe`, { method: 'POST', headers: { authorization: `Bearer ${testMasterKey}` }, body: wrongField }), { status: 400, type: 'invalid_request_error', code: 'validation_error', param: 'file', message: 'the file must be sent in the "audio" field' });
      await expectError(await postForm('/v1/voice/transcribe', { language: 'German' }, wavTone(0.2)), { status: 400, type: 'invalid_request_error', code: 'validation_error', param: 'language', message: 'ISO 639-1' });
      const anonymous = await fetch(`${harness.url}/v1/voice/transcribe`, { method: 'POST', body: new FormData() });
      assert.equal(anonymous.status, 401);
      assert.equal(harness.mock.requests.length, 0);
    });
  });

  describe('POST /v1/voice/synthesize', () => {
    test('without model: the lowest-cost TTS model (tts-1, 15 USD per million characters); with provider: that provider\'s default', async () => {
      const text = 'The weather is fine.';
      const cheapest = await harness.request('/v1/voice/synthesize', { body: { text } });
      assert.equal(cheapest.status, 200, await cheapest.clone().text());
      assert.equal(cheapest.headers.get('content-type'), 'audio/mpeg');
      assert.equal(cheapest.headers.get('x-svc-tts-model'), 'openai/tts-1');
      assert.ok((await cheapest.arrayBuffer()).byteLength > 0);
      assertClose(Number(cheapest.headers.get('x-svc-cost-usd')), (text.length * 15) / 1e6);
      assert.deepEqual(harness.mock.requests[0].body, { model: 'tts-1', input: text, voice: 'alloy', response_format: 'mp3' });

      const deepgram = await harness.request('/v1/voice/synthesize', { body: { text, provider: 'deepgram', voice: 'apollo', output_format: 'flac' } });
      assert.equal(deepgram.status, 200, await deepgram.clone().text());
      assert.equal(deepgram.headers.get('x-svc-tts-model'), 'deepgram/aura-2');
      assert.equal(deepgram.headers.get('content-type'), 'audio/flac');
      await deepgram.arrayBuffer();
      assert.equal(harness.mock.requests[1].path, '/v1/speak?model=aura-2-apollo-en&encoding=flac');
    });

    test('a named model and voice id go as they are; errors name the field', async () => {
      const named = await harness.request('/v1/voice/synthesize', { body: { text: 'Hi', model: 'elevenlabs/eleven_multilingual_v2', voice: 'JBFqnCBsd6RMkjVDRZzb', output_format: 'pcm' } });
      assert.equal(named.status, 200, await named.clone().text());
      await named.arrayBuffer();
      assert.equal(harness.mock.requests[0].path, '/v1/text-to-speech/JBFqnCBsd6RMkjVDRZzb/stream?output_format=pcm_24000');
      await expectError(await harness.request('/v1/voice/synthesize', { body: { text: 'x'.repeat(4097) } }), { status: 400, type: 'invalid_request_error', code: 'validation_error', param: 'text', message: 'text must be at most 4096 characters (got 4097)' });
      await expectError(await harness.request('/v1/voice/synthesize', { body: { text: 'Hi', provider: 'nobody' } }), { status: 400, type: 'invalid_request_error', code: 'validation_error', param: 'provider', message: 'not a provider of the catalog' });
      await expectError(await harness.request('/v1/voice/synthesize', { body: { text: 'Hi', output_format: 'ogg' } }), { status: 400, type: 'invalid_request_error', code: 'validation_error', param: 'output_format', message: 'must be one of mp3, opus, aac, flac, wav, pcm' });
      await expectError(await harness.request('/v1/voice/synthesize', { body: { text: 'Hi', model: 'whisper-1' } }), { status: 400, type: 'invalid_request_error', code: 'validation_error', param: 'model', message: 'not a text-to-speech model' });
    });
  });

  describe('POST /v1/voice/chat', () => {
    test('STT → chat → TTS in that order: the reply spoken, the transcript and reply text in headers, the three costs summed', async () => {
      harness.mock.enqueueReply({ content: 'What is the capital of France?' }, { wire: 'deepgram/audio' });
      harness.mock.enqueueReply({ content: 'Paris is the capital of France.', usage: { input: 20, output: 8 } }, { wire: 'openai' });
      const wav = wavTone(2);
      const response = await postForm('/v1/voice/chat', { model: 'gpt-4o-mini', system: 'Answer briefly.' }, wav);
      assert.equal(response.status, 200, await response.clone().text());
      assert.equal(response.headers.get('content-type'), 'audio/mpeg');
      assert.equal((await response.arrayBuffer()).byteLength, 4 * 4096 + 10);
      assert.equal(decodeURIComponent(response.headers.get('x-svc-transcript')!), 'What is the capital of France?');
      assert.equal(decodeURIComponent(response.headers.get('x-svc-reply-text')!), 'Paris is the capital of France.');
      assert.equal(response.headers.get('x-svc-stt-model'), 'deepgram/nova-3');
      assert.equal(response.headers.get('x-svc-chat-model'), 'openai/gpt-4o-mini');
      assert.equal(response.headers.get('x-svc-tts-model'), 'openai/tts-1');
      assert.equal(response.headers.get('x-svc-intelligence-mode'), 'full');
      assert.match(response.headers.get('x-svc-conversation-id') ?? '', /^voice_/);
      assert.deepEqual(paths(), ['/v1/listen', '/v1/chat/completions', '/v1/audio/speech']);
      const [, chat, speech] = harness.mock.requests;
      assert.deepEqual(chat.body.messages, [{ role: 'system', content: 'Answer briefly.' }, { role: 'user', content: 'What is the capital of France?' }]);
      assert.equal(speech.body.input, 'Paris is the capital of France.');
      // Catalog: nova-3 0.0043 USD a minute; gpt-4o-mini 0.15 / 0.60 USD per million tokens; tts-1 15 USD per million characters.
      const expected = (2 / 60) * 0.0043 + (20 * 0.15 + 8 * 0.6) / 1e6 + ('Paris is the capital of France.'.length * 15) / 1e6;
      assertClose(Number(response.headers.get('x-svc-cost-usd')), expected);
    });

    test('each step is a ledger row of the caller\'s org and key: seconds of audio heard, tokens, characters spoken', async () => {
      const orgId = await createOrg(harness, `voice-ledger-${Date.now()}`);
      const key = await createKey(harness, { org_id: orgId });
      harness.mock.enqueueReply({ content: 'Hi' }, { wire: 'deepgram/audio' });
      harness.mock.enqueueReply({ content: 'Hello, friend.', usage: { input: 11, output: 4 } }, { wire: 'openai' });
      const form = new FormData();
      form.set('model', 'gpt-4o-mini');
      form.set('audio', new Blob([new Uint8Array(wavTone(5))]), 'turn.wav');
      const response = await fetch(`${harness.url}/v1/voice/chat`, { method: 'POST', headers: { authorization: `Bearer ${key.key}` }, body: form });
      assert.equal(response.status, 200, await response.clone().text());
      await response.arrayBuffer();
      type Totals = { requests: number; audio_seconds: number; characters: number; prompt_tokens: number; completion_tokens: number; cost_usd: number };
      type Summary = Totals & { by_endpoint: Array<Totals & { endpoint: string }> };
      const summary = async () => (await (await harness.request(`/v1/admin/usage?org_id=${orgId}`)).json()) as Summary;
      assert.ok(await waitFor(async () => (await summary()).requests === 3, 3000), 'three ledger rows');
      const totals = await summary();
      const rows = Object.fromEntries(totals.by_endpoint.map((row) => [row.endpoint, row]));
      assert.deepEqual(Object.keys(rows).sort(), ['voice.chat.chat', 'voice.chat.synthesize', 'voice.chat.transcribe']);
      assert.equal(rows['voice.chat.transcribe'].audio_seconds, 5);
      assertClose(rows['voice.chat.transcribe'].cost_usd, (5 / 60) * 0.0043);
      assert.equal(rows['voice.chat.chat'].prompt_tokens, 11);
      assert.equal(rows['voice.chat.chat'].completion_tokens, 4);
      assert.equal(rows['voice.chat.synthesize'].characters, 'Hello, friend.'.length);
      assert.equal(totals.audio_seconds, 5);
      assertClose(totals.cost_usd, Number(response.headers.get('x-svc-cost-usd')));
    });

    test('full mode keeps the session: the second turn of a conversation_id carries the first; cache mode keeps nothing', async () => {
      const wav = wavTone(1);
      const turn = async (said: string, headers: Record<string, string> = {}) => {
        harness.mock.enqueueReply({ content: said }, { wire: 'deepgram/audio' });
        const response = await postForm('/v1/voice/chat', { model: 'gpt-4o-mini', conversation_id: 'kitchen-1' }, wav, headers);
        assert.equal(response.status, 200, await response.clone().text());
        await response.arrayBuffer();
        return response;
      };
      await turn('My name is Ada.');
      await turn('What is my name?');
      const chats = harness.mock.requests.filter((request) => request.path.startsWith('/v1/chat/'));
      assert.deepEqual(chats[1].body.messages, [
        { role: 'user', content: 'My name is Ada.' },
        { role: 'assistant', content: 'Echo: My name is Ada.' },
        { role: 'user', content: 'What is my name?' },
      ]);
      const cached = await turn('Remember me?', { 'x-intelligence-mode': 'cache' });
      assert.equal(cached.headers.get('x-svc-intelligence-mode'), 'cache');
      const third = harness.mock.requests.filter((request) => request.path.startsWith('/v1/chat/'))[2];
      assert.deepEqual(third.body.messages, [{ role: 'user', content: 'Remember me?' }]);
    });

    test('a reply too long for a header is cut at a whole character and marked truncated; JSON has it whole', async () => {
      const reply = 'é'.repeat(2000); // 12,000 bytes percent-encoded, over the 8 KiB header bound
      harness.mock.enqueueReply({ content: 'Say it' }, { wire: 'deepgram/audio' });
      harness.mock.enqueueReply({ content: reply }, { wire: 'openai' });
      const response = await postForm('/v1/voice/chat', { model: 'gpt-4o-mini' }, wavTone(1));
      assert.equal(response.status, 200, await response.clone().text());
      await response.arrayBuffer();
      const header = response.headers.get('x-svc-reply-text')!;
      assert.equal(response.headers.get('x-svc-reply-text-truncated'), 'true');
      assert.ok(header.length <= 8192, `${header.length} bytes`);
      assert.equal(decodeURIComponent(header), 'é'.repeat(header.length / 6));
      assert.equal(response.headers.get('x-svc-transcript-truncated'), null);
    });

    test('Accept: application/json gets the transcript, reply and base64 audio in one object', async () => {
      harness.mock.enqueueReply({ content: 'Hello' }, { wire: 'deepgram/audio' });
      const response = await postForm('/v1/voice/chat', { model: 'gpt-4o-mini', tts_model: 'cartesia/sonic-3', output_format: 'wav' }, wavTone(1), { accept: 'application/json' });
      assert.equal(response.status, 200, await response.clone().text());
      const body = await response.json();
      assert.equal(body.transcript, 'Hello');
      assert.equal(body.reply, 'Echo: Hello');
      assert.deepEqual(body.models, { stt: 'deepgram/nova-3', chat: 'openai/gpt-4o-mini', tts: 'cartesia/sonic-3' });
      assert.equal(body.audio.content_type, 'audio/wav');
      assert.equal(Buffer.from(body.audio.data, 'base64').subarray(0, 4).toString('latin1'), 'RIFF');
    });

    test('a failing step stops the pipeline: an STT failure is an error and no chat or TTS call is made', async () => {
      harness.mock.enqueueFault({ status: 500, message: 'listen failed', wire: 'deepgram', times: 5 });
      const response = await postForm('/v1/voice/chat', { model: 'gpt-4o-mini', stt_model: 'deepgram/nova-3' }, wavTone(1));
      // Voice errors follow the chat rows of spec 7 (the voice rows are not shown): an upstream failure is a 502.
      await expectError(response, { status: 502, type: 'upstream_error', code: 'provider_error' });
      assert.deepEqual(paths().filter((path) => !path.startsWith('/v1/listen')), []);
    });
  });
});
