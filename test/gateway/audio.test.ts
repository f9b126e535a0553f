import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { promisify } from 'node:util';
import OpenAI, { toFile } from 'openai';
import { mockAudio } from '../mock-upstream/audio-endpoints.js';
import { MP3_FRAME_SECONDS, silentMp3, wavTone } from '../support/audio-files.js';
import { gatewayForSuite, testMasterKey } from '../support/test-gateway.js';
import { assertClose, expectError } from './gateway-test-helpers.js';

const execFileAsync = promisify(execFile);

/** Spec 4.6, 7 and 8: transcriptions, translations and speech through the official SDK and raw multipart. */
describe('audio endpoints', () => {
  const harness = gatewayForSuite();
  let client: OpenAI;

  before(() => {
    client = harness.client();
  });

  const audioRequests = () => harness.mock.requests.filter((request) => request.path.includes('/audio/'));
  /** A multipart POST as any HTTP client sends it. */
  function postForm(path: string, fields: Record<string, string>, file?: { field?: string; bytes: Buffer; name: string; type?: string }) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    if (file) form.set(file.field ?? 'file', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }), file.name);
    return fetch(`${harness.url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${testMasterKey}` }, body: form });
  }

  describe('POST /v1/audio/transcriptions', () => {
    test('a WAV tone through the SDK: the transcript, the file forwarded as WAV, billed per minute of the measured audio', async () => {
      const wav = wavTone(3);
      const transcript = await client.audio.transcriptions.create({ model: 'whisper-1', file: await toFile(wav, 'tone.wav', { type: 'audio/wav' }) });
      assert.equal(transcript.text, `mock transcript of ${wav.length} bytes`);
      const [upstream] = audioRequests();
      assert.equal(upstream.path, '/v1/audio/transcriptions');
      assert.equal(upstream.body.model, 'whisper-1');
      assert.equal(upstream.body.file.filename, 'tone.wav');
      assert.equal(upstream.body.file.size, wav.length);
      const raw = await postForm('/v1/audio/transcriptions', { model: 'whisper-1' }, { bytes: wav, name: 'tone.wav' });
      assert.equal(raw.status, 200);
      // whisper-1: 0.006 USD a minute (catalog); 3 s of audio.
      assertClose(Number(raw.headers.get('x-svc-cost-usd')), (3 / 60) * 0.006);
      assert.equal(raw.headers.get('x-svc-provider'), 'openai/whisper-1');
    });

    test('a duration that lies is never billed: a WAV claiming 2 bytes a second, the upstream claiming 1e308 s; the file is estimated at 128 kbps', async () => {
      const lying = wavTone(2);
      lying.writeUInt32LE(2, 28); // its byte rate: 64,000 bytes of samples would last 32,000 s
      harness.mock.enqueueReply({ content: 'ok', alter: (answer) => ({ ...(answer as object), duration: 1e308 }) }, { wire: 'openai/audio' });
      const raw = await postForm('/v1/audio/transcriptions', { model: 'whisper-1', response_format: 'verbose_json' }, { bytes: lying, name: 'tone.wav' });
      assert.equal(raw.status, 200, await raw.clone().text());
      // whisper-1: 0.006 USD a minute (catalog); the file's 64,044 bytes at 16,000 bytes a second.
      assertClose(Number(raw.headers.get('x-svc-cost-usd')), (lying.length / 16_000 / 60) * 0.006);
    });

    test('token counts that are not counts (1e15 tokens) are left out, the transcript kept and billed by the minute of the measured audio', async () => {
      const wav = wavTone(3);
      harness.mock.enqueueReply({ content: 'ok', alter: (answer) => ({ ...(answer as object), usage: { type: 'tokens', input_tokens: 1e15, output_tokens: 12 } }) }, { wire: 'openai/audio' });
      const raw = await postForm('/v1/audio/transcriptions', { model: 'gpt-4o-mini-transcribe' }, { bytes: wav, name: 'tone.wav' });
      assert.equal(raw.status, 200, await raw.clone().text());
      assert.equal(((await raw.json()) as { text: string }).text, 'ok');
      // gpt-4o-mini-transcribe: 0.003 USD a minute when it reports no tokens (catalog); 3 s of audio.
      assertClose(Number(raw.headers.get('x-svc-cost-usd')), (3 / 60) * 0.003);
    });

    test('every response format, with its content type', async () => {
      const wav = wavTone(1);
      const text = `mock transcript of ${wav.length} bytes`;
      const expected: Record<string, { type: string; check: (body: string) => void }> = {
        json: { type: 'application/json; charset=utf-8', check: (body) => assert.equal(JSON.parse(body).text, text) },
        verbose_json: { type: 'application/json; charset=utf-8', check: (body) => assert.equal(JSON.parse(body).duration, 1) },
        text: { type: 'text/plain; charset=utf-8', check: (body) => assert.equal(body, `${text}\n`) },
        srt: { type: 'application/x-subrip; charset=utf-8', check: (body) => assert.match(body, /^1\n00:00:00,000 --> 00:00:01,000\nmock transcript/) },
        vtt: { type: 'text/vtt; charset=utf-8', check: (body) => assert.match(body, /^WEBVTT\n\n00:00:00\.000 --> 00:00:01\.000\nmock transcript/) },
      };
      for (const [format, { type, check }] of Object.entries(expected)) {
        const response = await postForm('/v1/audio/transcriptions', { model: 'whisper-1', response_format: format, language: 'en', prompt: 'a tone', temperature: '0.2' }, { bytes: wav, name: 'tone.wav' });
        const body = await response.text();
        assert.equal(response.status, 200, body);
        assert.equal(response.headers.get('content-type'), type, format);
        check(body);
      }
      const sdkText = await client.audio.transcriptions.create({ model: 'whisper-1', response_format: 'text', file: await toFile(wav, 'tone.wav') });
      assert.equal(String(sdkText).trim(), text);
      assert.deepEqual(
        audioRequests().map((request) => request.body.temperature),
        ['0.2', '0.2', '0.2', '0.2', '0.2', undefined],
      );
    });

    test('the format is read from the content: an MP3 named .bin goes up as MP3; a text file named .mp3 is a 400', async () => {
      const mp3 = silentMp3(100);
      const response = await postForm('/v1/audio/transcriptions', { model: 'whisper-1' }, { bytes: mp3, name: 'recording.bin' });
      assert.equal(response.status, 200, await response.clone().text());
      assert.equal(audioRequests()[0].body.file.filename, 'recording.mp3');
      assertClose(Number(response.headers.get('x-svc-cost-usd')), ((100 * MP3_FRAME_SECONDS) / 60) * 0.006, undefined, 1e-7);
      const notAudio = await postForm('/v1/audio/transcriptions', { model: 'whisper-1' }, { bytes: Buffer.from('just some text, not audio at all'), name: 'fake.mp3' });
      await expectError(notAudio, { status: 400, type: 'invalid_request_error', code: 'validation_error', param: 'file', message: '"fake.mp3" is not audio in a supported format' });
      assert.equal(audioRequests().length, 1, 'the refused file never went upstream');
    });

    test('bad forms are 400s naming the field: no file, no model, temperature 1.5, a bad format, JSON instead of multipart', async () => {
      const wav = wavTone(0.5);
      await expectError(await postForm('/v1/audio/transcriptions', { model: 'whisper-1' }), { status: 400, type: 'invalid_request_error', code: 'validation_error', param: 'file', message: 'file is required' });
      await expectError(await postForm('/v1/audio/transcriptions', {}, { bytes: wav, name: 'a.wav' }), { status: 400, type: 'invalid_request_error', code: 'validation_error', param: 'model', message: 'model is required' });
      await expectError(await postForm('/v1/audio/transcriptions', { model: 'whisper-1', temperature: '1.5' }, { bytes: wav, name: 'a.wav' }), { status: 400, type: 'invalid_request_error', code: 'validation_error', param: 'temperature', message: 'temperature must be between 0 and 1 (got 1.5)' });
      await expectError(await postForm('/v1/audio/transcriptions', { model: 'whisper-1', response_format: 'mp3' }, { bytes: wav, name: 'a.wav' }), { status: 400, type: 'invalid_request_error', code: 'validation_error', param: 'response_format', message: 'must be one of json, text, srt, verbose_json, vtt' });
      await expectError(await postForm('/v1/audio/transcriptions', { model: 'gpt-4o-mini' }, { bytes: wav, name: 'a.wav' }), { status: 400, type: 'invalid_request_error', code: 'validation_error', param: 'model', message: 'not a speech-to-text model' });
      await expectError(await harness.request('/v1/audio/transcriptions', { body: { model: 'whisper-1' } }), { status: 400, type: 'invalid_request_error', code: 'validation_error', param: 'file', message: 'must be multipart/form-data' });
      assert.equal(audioRequests().length, 0);
    });

    test("a format the model cannot answer in is svc's 400 naming response_format, never the provider's refusal", async () => {
      const wav = wavTone(0.5);
      for (const [model, format, formats] of [['gpt-4o-mini-transcribe', 'verbose_json', 'json, text'], ['openai/gpt-4o-transcribe', 'srt', 'json, text'], ['groq/whisper-large-v3', 'vtt', 'json, text, verbose_json']]) {
        await expectError(await postForm('/v1/audio/transcriptions', { model, response_format: format }, { bytes: wav, name: 'a.wav' }), { status: 400, type: 'invalid_request_error', code: 'validation_error', param: 'response_format', message: `cannot answer in ${format}; its formats: ${formats}` });
      }
      assert.equal(audioRequests().length, 0);
      const verbose = await postForm('/v1/audio/transcriptions', { model: 'groq/whisper-large-v3', response_format: 'verbose_json' }, { bytes: wav, name: 'a.wav' });
      assert.equal(verbose.status, 200, 'Groq answers verbose JSON');
      await verbose.arrayBuffer();
    });

    test('an upload over 25 MB is a 400, and the gateway\'s Buffer memory stays within the limit plus read buffers', async () => {
      // Sent chunked (no content length), so the limit is enforced while the bytes stream in. The client is a
      // child process: this process's RSS is then the gateway's alone.
      const boundary = 'svc-test-boundary';
      const head = `--${boundary}\r\nContent-Disposition: form-data; name="model"\r\n\r\nwhisper-1\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.wav"\r\nContent-Type: audio/wav\r\n\r\n`;
      const client = `
        const piece = Buffer.alloc(1 << 20, 7);
        let sent = 0;
        const body = new ReadableStream({ pull(controller) {
          if (sent === 0) controller.enqueue(Buffer.from(${JSON.stringify(head)}));
          if (sent >= 26 * (1 << 20)) { controller.enqueue(Buffer.from('\\r\\n--${boundary}--\\r\\n')); controller.close(); return; }
          sent += piece.length;
          controller.enqueue(new Uint8Array(piece));
        } });
        const response = await fetch(process.argv[1], { method: 'POST', headers: { authorization: 'Bearer ${testMasterKey}', 'content-type': 'multipart/form-data; boundary=${boundary}' }, body, duplex: 'half' });
        process.stdout.write(JSON.stringify({ status: response.status, body: await response.json() }));`;
      const before = process.memoryUsage();
      let peakBuffers = before.arrayBuffers;
      const sampler = setInterval(() => (peakBuffers = Math.max(peakBuffers, process.memoryUsage().arrayBuffers)), 2);
      const { stdout } = await execFileAsync(process.execPath, ['--input-type=module', '-e', client, `${harness.url}/v1/audio/transcriptions`]).finally(() => clearInterval(sampler));
      const grown = peakBuffers - before.arrayBuffers;
      const answer = JSON.parse(stdout) as { status: number; body: { error: { param: string; message: string } } };
      assert.equal(answer.status, 400);
      assert.equal(answer.body.error.param, 'file');
      assert.equal(answer.body.error.message, 'file is larger than the limit of 25,000,000 bytes (25 MB)');
      // Peak Buffer memory (RSS also counts what the allocator keeps after freeing): by design the gateway holds
      // the file up to the limit (25 MB), plus read buffers not yet collected.
      assert.ok(grown < 25_000_000 + 8 * (1 << 20), `Buffer memory grew ${grown} bytes at its peak`);
      assert.equal(audioRequests().length, 0);
      // A declared length over the limit is refused before the body is read: the answer comes while the upload has barely begun.
      const early = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const upload = httpRequest(`${harness.url}/v1/audio/transcriptions`, { method: 'POST', headers: { authorization: `Bearer ${testMasterKey}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(28_000_000) } }, (answer) => {
          let text = '';
          answer.on('data', (part: Buffer) => (text += part));
          answer.on('end', () => {
            upload.destroy();
            resolve({ status: answer.statusCode ?? 0, body: text });
          });
        });
        upload.on('error', reject);
        upload.write(head);
      });
      assert.equal(early.status, 400);
      assert.equal(JSON.parse(early.body).error.param, 'file');
      assert.match(JSON.parse(early.body).error.message, /larger than the limit of 25,000,000 bytes/);
    });

    test('an upstream failure is 500 provider_error; the caller never sees the upstream key', async () => {
      harness.mock.enqueueFault({ status: 500, message: 'transcriber down', times: 10 });
      const response = await postForm('/v1/audio/transcriptions', { model: 'whisper-1' }, { bytes: wavTone(0.2), name: 'a.wav' });
      await expectError(response, { status: 500, code: 'provider_error', type: 'provider_error' });
    });
  });

  describe('POST /v1/audio/translations', () => {
    test('the SDK gets English text; language is not a field of translations', async () => {
      const wav = wavTone(1);
      const translation = await client.audio.translations.create({ model: 'whisper-1', file: await toFile(wav, 'german.wav') });
      assert.equal(translation.text, `mock translation of ${wav.length} bytes`);
      assert.equal(audioRequests()[0].path, '/v1/audio/translations');
      await expectError(await postForm('/v1/audio/translations', { model: 'whisper-1', language: 'de' }, { bytes: wav, name: 'a.wav' }), { status: 400, type: 'invalid_request_error', code: 'validation_error', param: 'language', message: 'always English' });
    });
  });

  describe('POST /v1/audio/speech', () => {
    test('the SDK gets the audio bytes with the content type of each format; billed per character', async () => {
      const speech = await client.audio.speech.create({ model: 'tts-1', input: 'Hello from svc.', voice: 'alloy' });
      assert.equal(speech.headers.get('content-type'), 'audio/mpeg');
      assert.deepEqual(Buffer.from(await speech.arrayBuffer()), Buffer.concat(mockAudio('mp3')));
      // tts-1: 15 USD per million characters (catalog).
      assertClose(Number(speech.headers.get('x-svc-cost-usd')), ('Hello from svc.'.length * 15) / 1e6);
      const types = { opus: 'audio/opus', aac: 'audio/aac', flac: 'audio/flac', wav: 'audio/wav', pcm: 'audio/pcm' } as const;
      for (const [format, type] of Object.entries(types)) {
        const response = await harness.request('/v1/audio/speech', { body: { model: 'tts-1-hd', input: 'format check', voice: 'nova', response_format: format, speed: 1.5 } });
        assert.equal(response.status, 200);
        assert.equal(response.headers.get('content-type'), type);
        assert.deepEqual(Buffer.from(await response.arrayBuffer()), Buffer.concat(mockAudio(format)));
      }
      assert.deepEqual(audioRequests().at(-1)!.body, { model: 'tts-1-hd', input: 'format check', voice: 'nova', response_format: 'pcm', speed: 1.5 });
    });

    test('limits of spec 8: 4,097 characters, speed 5, an unknown voice are 400s naming the field', async () => {
      await expectError(await harness.request('/v1/audio/speech', { body: { model: 'tts-1', input: 'x'.repeat(4097), voice: 'alloy' } }), { status: 400, type: 'invalid_request_error', code: 'validation_error', param: 'input', message: 'input must be at most 4096 characters (got 4097)' });
      await expectError(await harness.request('/v1/audio/speech', { body: { model: 'tts-1', input: 'hi', voice: 'alloy', speed: 5 } }), { status: 400, type: 'invalid_request_error', code: 'validation_error', param: 'speed', message: 'speed must be between 0.25 and 4 (got 5)' });
      await expectError(await harness.request('/v1/audio/speech', { body: { model: 'tts-1', input: 'hi', voice: 'darth' } }), { status: 400, type: 'invalid_request_error', code: 'validation_error', param: 'voice', message: 'must be one of alloy, echo, fable, onyx, nova, shimmer' });
      const ok = await harness.request('/v1/audio/speech', { body: { model: 'tts-1', input: 'x'.repeat(4096), voice: 'alloy' } });
      assert.equal(ok.status, 200);
      await ok.arrayBuffer();
    });

    test('the audio streams: the first bytes arrive before the upstream has finished', async () => {
      harness.mock.enqueueReply({ eventDelayMs: 150 }, { wire: 'openai/audio' });
      const started = performance.now();
      const response = await harness.request('/v1/audio/speech', { body: { model: 'tts-1', input: 'streamed', voice: 'echo' } });
      const reader = response.body!.getReader();
      const first = await reader.read();
      const firstAt = performance.now() - started;
      let rest = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        rest += value.length;
      }
      const totalAt = performance.now() - started;
      assert.ok(first.value && first.value.length > 0);
      assert.ok(totalAt - firstAt >= 300, `first byte at ${firstAt.toFixed(0)} ms, last at ${totalAt.toFixed(0)} ms`);
      assert.equal(first.value!.length + rest, 4 * 4096 + 10);
    });
  });
});
