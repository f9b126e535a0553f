import type { IncomingHttpHeaders } from 'node:http';
import { randomUUID } from 'node:crypto';
import { mockAudio, mockDuration, readJson, readMultipart, type AudioEndpoint, type UploadedFile } from './audio-endpoints.js';
import type { MockReply } from './mock-types.js';
import { MP3_FRAME_SECONDS, silentMp3 } from '../support/audio-files.js';

/**
 * Deepgram, ElevenLabs and Cartesia as strict as their real APIs (catalog/wire-formats.md §5–7): their auth
 * headers, their required and known fields, their error bodies. Transcripts carry word timings spread
 * evenly over the audio's duration.
 */

const transcriptOf = (reply: MockReply | undefined, file: { size: number }) => reply?.content ?? `mock transcript of ${file.size} bytes`;

/** Words of `text` with start and end times spread over `duration` seconds. */
function timedWords(text: string, duration: number) {
  const words = text.split(/\s+/).filter(Boolean);
  const step = duration / Math.max(1, words.length);
  return words.map((word, index) => ({ word, start: Number((index * step).toFixed(3)), end: Number(((index + 1) * step).toFixed(3)) }));
}

// ---- Deepgram (§5) ----

export const deepgramToken = (headers: IncomingHttpHeaders) => {
  const value = headers.authorization;
  return typeof value === 'string' && value.startsWith('Token ') ? value.slice(6) : undefined;
};
export const deepgramError = (status: number, message: string, errorType?: string) => ({ err_code: errorType ?? (status === 401 ? 'INVALID_AUTH' : status === 402 ? 'ASR_PAYMENT_REQUIRED' : 'Bad Request'), err_msg: message, request_id: randomUUID() });
const deepgramListenOptions = new Set(['model', 'language', 'detect_language', 'smart_format', 'punctuate', 'diarize', 'utterances', 'paragraphs', 'keyterm', 'multichannel', 'encoding', 'sample_rate', 'callback', 'tag', 'version']);
const deepgramListenModels = new Set(['nova-3', 'nova-3-medical', 'nova-2', 'nova', 'enhanced', 'base', 'whisper']);

const deepgramListen: AudioEndpoint = {
  wire: 'deepgram',
  match: (method, path) => method === 'POST' && path === '/v1/listen',
  apiKey: deepgramToken,
  read: async (raw, headers) => ({ contentType: headers['content-type'] ?? '', bytes: raw }),
  validate({ headers, url, body }) {
    if (!deepgramToken(headers)) return { status: 401, message: 'Invalid credentials.', errorType: 'INVALID_AUTH' };
    for (const name of url.searchParams.keys()) if (!deepgramListenOptions.has(name)) return { status: 400, message: `Unknown query parameter: ${name}`, errorType: 'Bad Request' };
    const model = url.searchParams.get('model') ?? 'base';
    if (!deepgramListenModels.has(model)) return { status: 403, message: `Model ${model} is not accessible to this project.`, errorType: 'INSUFFICIENT_PERMISSIONS' };
    if (!String(body.contentType).startsWith('audio/') || (body.bytes as Buffer).length === 0) return { status: 400, message: 'Bad Request: failed to process audio: corrupt or unsupported data', errorType: 'Bad Request' };
    return undefined;
  },
  answer(body, url, reply) {
    const bytes = body.bytes as Buffer;
    const duration = mockDuration(bytes);
    const text = transcriptOf(reply, { size: bytes.length });
    const words = timedWords(text, duration).map((word) => ({ ...word, word: word.word.toLowerCase().replace(/[^\p{L}\p{N}']/gu, ''), punctuated_word: word.word, confidence: 0.98 }));
    const channel: Record<string, unknown> = { alternatives: [{ transcript: text, confidence: 0.98, words }] };
    if (url.searchParams.get('detect_language') === 'true') channel.detected_language = 'en';
    const modelId = randomUUID();
    return {
      kind: 'text',
      contentType: 'application/json',
      body: JSON.stringify({
        metadata: { transaction_key: 'deprecated', request_id: randomUUID(), sha256: 'mock', created: new Date().toISOString(), duration, channels: 1, models: [modelId], model_info: { [modelId]: { name: url.searchParams.get('model') ?? 'base', version: 'mock', arch: 'mock' } } },
        results: { channels: [channel] },
      }),
    };
  },
  renderError: deepgramError,
};

const deepgramEncodings: Record<string, string> = { mp3: 'audio/mpeg', opus: 'audio/ogg', aac: 'audio/aac', flac: 'audio/flac', linear16: 'audio/l16', mulaw: 'audio/basic', alaw: 'audio/alaw' };
const deepgramSpeakOptions = new Set(['model', 'encoding', 'container', 'sample_rate', 'bit_rate', 'callback', 'tag']);

const deepgramSpeak: AudioEndpoint = {
  wire: 'deepgram',
  match: (method, path) => method === 'POST' && path === '/v1/speak',
  apiKey: deepgramToken,
  read: readJson,
  validate({ headers, url, body }) {
    if (!deepgramToken(headers)) return { status: 401, message: 'Invalid credentials.', errorType: 'INVALID_AUTH' };
    for (const name of url.searchParams.keys()) if (!deepgramSpeakOptions.has(name)) return { status: 400, message: `Unknown query parameter: ${name}`, errorType: 'Bad Request' };
    const model = url.searchParams.get('model') ?? 'aura-asteria-en';
    if (!/^aura(-2)?-[a-z]+-[a-z]{2}$/.test(model)) return { status: 400, message: `Invalid model: ${model}`, errorType: 'INVALID_QUERY_PARAMETER' };
    const encoding = url.searchParams.get('encoding') ?? 'mp3';
    if (!deepgramEncodings[encoding]) return { status: 400, message: `Unsupported encoding: ${encoding}`, errorType: 'UNSUPPORTED_AUDIO_FORMAT' };
    if (typeof body.text !== 'string' || body.text === '') return { status: 400, message: 'Text input is required.', errorType: 'INVALID_INPUT' };
    for (const field of Object.keys(body)) if (field !== 'text') return { status: 400, message: `Unknown field: ${field}`, errorType: 'INVALID_INPUT' };
    if (body.text.length > 2000) return { status: 413, message: 'Text exceeds the 2000 character limit.', errorType: 'INPUT_TOO_LONG' };
    return undefined;
  },
  answer(_body, url) {
    const encoding = url.searchParams.get('encoding') ?? 'mp3';
    const wav = url.searchParams.get('container') === 'wav';
    return { kind: 'bytes', contentType: wav ? 'audio/wav' : deepgramEncodings[encoding], chunks: mockAudio(wav ? 'wav' : encoding === 'linear16' ? 'pcm' : encoding) };
  },
  renderError: deepgramError,
};

// ---- ElevenLabs (§6) ----

export const xiApiKey = (headers: IncomingHttpHeaders) => (typeof headers['xi-api-key'] === 'string' && headers['xi-api-key'] !== '' ? headers['xi-api-key'] : undefined);
export const elevenLabsError = (status: number, message: string, errorType?: string) =>
  status === 422 ? { detail: [{ loc: ['body', errorType ?? 'body'], msg: message, type: 'missing' }] } : { detail: { status: errorType ?? (status === 401 ? 'invalid_api_key' : 'invalid_request'), message } };
const elevenLabsSttFields = new Set(['model_id', 'file', 'cloud_storage_url', 'source_url', 'language_code', 'tag_audio_events', 'num_speakers', 'timestamps_granularity', 'diarize', 'diarization_threshold', 'additional_formats', 'file_format', 'keyterms[]', 'temperature', 'seed', 'use_multi_channel', 'webhook', 'webhook_id', 'entity_detection', 'enable_logging']);

const elevenLabsStt: AudioEndpoint = {
  wire: 'elevenlabs',
  match: (method, path) => method === 'POST' && path === '/v1/speech-to-text',
  apiKey: xiApiKey,
  read: (raw, headers) => readMultipart(raw, headers),
  validate({ headers, body }) {
    if (!xiApiKey(headers)) return { status: 401, message: 'Invalid API key', errorType: 'invalid_api_key' };
    if (body.__notMultipart !== undefined) return { status: 422, message: 'Expected multipart/form-data', errorType: 'body' };
    for (const field of Object.keys(body)) if (!elevenLabsSttFields.has(field)) return { status: 422, message: `Extra inputs are not permitted: ${field}`, errorType: field };
    if (!['scribe_v1', 'scribe_v2'].includes(String(body.model_id))) return { status: 422, message: "Input should be 'scribe_v1' or 'scribe_v2'", errorType: 'model_id' };
    if (!body.file || typeof body.file !== 'object') return { status: 400, message: 'Either file or cloud_storage_url must be provided', errorType: 'invalid_request' };
    if (body.temperature !== undefined && !(Number(body.temperature) >= 0 && Number(body.temperature) <= 2)) return { status: 422, message: 'Input should be less than or equal to 2', errorType: 'temperature' };
    if (body.timestamps_granularity !== undefined && !['none', 'word', 'character'].includes(String(body.timestamps_granularity))) return { status: 422, message: "Input should be 'none', 'word' or 'character'", errorType: 'timestamps_granularity' };
    return undefined;
  },
  answer(body, _url, reply) {
    const file = body.file as UploadedFile;
    const duration = mockDuration(file.bytes);
    const text = transcriptOf(reply, file);
    const words = body.timestamps_granularity === 'none' ? [] : timedWords(text, duration).flatMap((word, index) => [...(index > 0 ? [{ text: ' ', start: word.start, end: word.start, type: 'spacing', logprob: 0 }] : []), { text: word.word, start: word.start, end: word.end, type: 'word', logprob: -0.05 }]);
    return { kind: 'text', contentType: 'application/json', body: JSON.stringify({ language_code: body.language_code ?? 'eng', language_probability: 0.99, text, words, audio_duration_secs: duration, transcription_id: randomUUID() }) };
  },
  renderError: elevenLabsError,
};

const elevenLabsFormats: Record<string, string> = { mp3_44100_128: 'audio/mpeg', mp3_22050_32: 'audio/mpeg', opus_48000_128: 'audio/opus', pcm_24000: 'audio/pcm', pcm_16000: 'audio/pcm', wav_24000: 'audio/wav', wav_44100: 'audio/wav', ulaw_8000: 'audio/basic' };
const elevenLabsTtsFields = new Set(['text', 'model_id', 'language_code', 'voice_settings', 'seed', 'previous_text', 'next_text', 'previous_request_ids', 'next_request_ids', 'pronunciation_dictionary_locators', 'apply_text_normalization', 'apply_language_text_normalization', 'use_pvc_as_ivc']);
const elevenLabsTtsModels = new Set(['eleven_multilingual_v2', 'eleven_flash_v2_5', 'eleven_turbo_v2_5', 'eleven_v3', 'eleven_flash_v2', 'eleven_turbo_v2', 'eleven_monolingual_v1']);

const elevenLabsTts: AudioEndpoint = {
  wire: 'elevenlabs',
  match: (method, path) => method === 'POST' && /^\/v1\/text-to-speech\/[^/]+(\/stream)?$/.test(path),
  apiKey: xiApiKey,
  read: readJson,
  validate({ headers, url, body }) {
    if (!xiApiKey(headers)) return { status: 401, message: 'Invalid API key', errorType: 'invalid_api_key' };
    const voiceId = decodeURIComponent(url.pathname.split('/')[3]);
    if (!/^[A-Za-z0-9]{20}$/.test(voiceId)) return { status: 404, message: `A voice with the voice_id ${voiceId} was not found.`, errorType: 'voice_not_found' };
    for (const field of Object.keys(body)) if (!elevenLabsTtsFields.has(field)) return { status: 422, message: `Extra inputs are not permitted: ${field}`, errorType: field };
    if (typeof body.text !== 'string') return { status: 422, message: 'Field required', errorType: 'text' };
    if (body.model_id !== undefined && !elevenLabsTtsModels.has(body.model_id)) return { status: 400, message: `Model ${body.model_id} does not exist`, errorType: 'model_not_found' };
    const format = url.searchParams.get('output_format') ?? 'mp3_44100_128';
    if (!elevenLabsFormats[format]) return { status: 422, message: `Input should be a valid output format: ${format}`, errorType: 'output_format' };
    const speed = body.voice_settings?.speed;
    if (speed !== undefined && !(speed >= 0.7 && speed <= 1.2)) return { status: 400, message: 'voice_settings.speed must be between 0.7 and 1.2', errorType: 'invalid_voice_settings' };
    if (body.text.length > 10_000) return { status: 400, message: 'Text exceeds the maximum character limit.', errorType: 'max_character_limit_exceeded' };
    return undefined;
  },
  answer(_body, url) {
    const format = url.searchParams.get('output_format') ?? 'mp3_44100_128';
    return { kind: 'bytes', contentType: elevenLabsFormats[format], chunks: mockAudio(format.split('_')[0]) };
  },
  renderError: elevenLabsError,
};

const musicFields = new Set(['prompt', 'composition_plan', 'music_length_ms', 'model_id', 'force_instrumental', 'seed', 'respect_sections_durations', 'store_for_inpainting', 'sign_with_c2pa']);
/** A track of music_length_ms (default 10 s) as real MP3 frames, so its duration can be measured. */
const trackFrames = (lengthMs: number) => Math.round(lengthMs / 1000 / MP3_FRAME_SECONDS);

const elevenLabsMusic: AudioEndpoint = {
  wire: 'elevenlabs',
  match: (method, path) => method === 'POST' && path === '/v1/music',
  apiKey: xiApiKey,
  read: readJson,
  validate({ headers, url, body }) {
    if (!xiApiKey(headers)) return { status: 401, message: 'Invalid API key', errorType: 'invalid_api_key' };
    for (const field of Object.keys(body)) if (!musicFields.has(field)) return { status: 422, message: `Extra inputs are not permitted: ${field}`, errorType: field };
    if ((body.prompt === undefined) === (body.composition_plan === undefined)) return { status: 422, message: 'Exactly one of prompt or composition_plan must be provided', errorType: 'prompt' };
    if (body.model_id !== undefined && !['music_v1', 'music_v2'].includes(body.model_id)) return { status: 422, message: "Input should be 'music_v1' or 'music_v2'", errorType: 'model_id' };
    if (body.music_length_ms !== undefined && !(body.music_length_ms >= 3000 && body.music_length_ms <= 300_000)) return { status: 422, message: 'music_length_ms must be between 3000 and 300000', errorType: 'music_length_ms' };
    const format = url.searchParams.get('output_format') ?? 'mp3_44100_128';
    if (!elevenLabsFormats[format]) return { status: 422, message: `Input should be a valid output format: ${format}`, errorType: 'output_format' };
    return undefined;
  },
  answer(body) {
    const track = silentMp3(trackFrames(Number(body.music_length_ms ?? 10_000)));
    const piece = Math.ceil(track.length / 4);
    return { kind: 'bytes', contentType: 'audio/mpeg', chunks: [0, 1, 2, 3].map((index) => track.subarray(index * piece, (index + 1) * piece)) };
  },
  renderError: elevenLabsError,
};

// ---- Cartesia (§7) ----

const CARTESIA_VERSIONS = new Set(['2024-06-10', '2024-11-13', '2025-04-16', '2026-03-01']);
export const cartesiaKey = (headers: IncomingHttpHeaders) => {
  const value = headers.authorization;
  return typeof value === 'string' && value.startsWith('Bearer ') ? value.slice(7) : undefined;
};
export const cartesiaError = (status: number, message: string, errorType?: string) => ({ error_code: errorType ?? (status === 401 ? 'unauthorized' : 'invalid_request'), title: status === 401 ? 'Unauthorized' : 'Invalid request', message, request_id: randomUUID() });
export function cartesiaHeaders(headers: IncomingHttpHeaders) {
  if (!cartesiaKey(headers)) return { status: 401, message: 'Missing or invalid API key', errorType: 'unauthorized' };
  const version = headers['cartesia-version'];
  if (typeof version !== 'string' || !CARTESIA_VERSIONS.has(version)) return { status: 400, message: `Cartesia-Version header is required and must be a valid version (got ${String(version)})`, errorType: 'invalid_version' };
  return undefined;
}
const cartesiaSttFields = new Set(['file', 'model', 'language', 'timestamp_granularities[]']);

const cartesiaStt: AudioEndpoint = {
  wire: 'cartesia',
  match: (method, path) => method === 'POST' && path === '/stt',
  apiKey: cartesiaKey,
  read: (raw, headers) => readMultipart(raw, headers),
  validate({ headers, body }) {
    const refusal = cartesiaHeaders(headers);
    if (refusal) return refusal;
    for (const field of Object.keys(body)) if (!cartesiaSttFields.has(field)) return { status: 400, message: `Unknown field: ${field}` };
    if (body.model !== 'ink-whisper') return { status: 400, message: `Invalid model: ${String(body.model)}`, errorType: 'invalid_model' };
    if (!body.file || typeof body.file !== 'object') return { status: 400, message: 'file is required' };
    return undefined;
  },
  answer(body, _url, reply) {
    const file = body.file as UploadedFile;
    const duration = mockDuration(file.bytes);
    const text = transcriptOf(reply, file);
    const answer: Record<string, unknown> = { type: 'transcript', request_id: randomUUID(), text, language: body.language ?? 'en', duration, is_final: true };
    if (body['timestamp_granularities[]'] === 'word') answer.words = timedWords(text, duration);
    return { kind: 'text', contentType: 'application/json', body: JSON.stringify(answer) };
  },
  renderError: cartesiaError,
};

const cartesiaTtsFields = new Set(['model_id', 'transcript', 'voice', 'output_format', 'language', 'generation_config', 'pronunciation_dict_id', 'speed', 'save']);
const cartesiaContainers: Record<string, string> = { mp3: 'audio/mpeg', wav: 'audio/wav', raw: 'audio/pcm' };

const cartesiaTts: AudioEndpoint = {
  wire: 'cartesia',
  match: (method, path) => method === 'POST' && path === '/tts/bytes',
  apiKey: cartesiaKey,
  read: readJson,
  validate({ headers, body }) {
    const refusal = cartesiaHeaders(headers);
    if (refusal) return refusal;
    for (const field of Object.keys(body)) if (!cartesiaTtsFields.has(field)) return { status: 400, message: `Unknown field: ${field}` };
    if (!/^sonic(-[0-9.]+)?(-latest|-\d{4}-\d{2}-\d{2})?$/.test(String(body.model_id))) return { status: 400, message: `Invalid model_id: ${String(body.model_id)}`, errorType: 'invalid_model' };
    if (typeof body.transcript !== 'string' || body.transcript === '') return { status: 400, message: 'transcript is required' };
    if (body.voice?.mode !== 'id' || !/^[0-9a-f-]{36}$/.test(String(body.voice?.id))) return { status: 400, message: 'voice must be {mode: "id", id: <voice uuid>}', errorType: 'invalid_voice' };
    const format = body.output_format;
    if (!format || !cartesiaContainers[format.container]) return { status: 400, message: 'output_format.container must be raw, wav or mp3' };
    if (format.container !== 'mp3' && !['pcm_f32le', 'pcm_s16le', 'pcm_mulaw', 'pcm_alaw'].includes(format.encoding)) return { status: 400, message: 'output_format.encoding is required for raw and wav' };
    if (format.container === 'mp3' && typeof format.bit_rate !== 'number') return { status: 400, message: 'output_format.bit_rate is required for mp3' };
    if (typeof format.sample_rate !== 'number') return { status: 400, message: 'output_format.sample_rate is required' };
    const speed = body.generation_config?.speed;
    if (speed !== undefined && !(speed >= 0.6 && speed <= 1.5)) return { status: 400, message: 'generation_config.speed must be between 0.6 and 1.5' };
    return undefined;
  },
  answer(body) {
    const container = (body.output_format as { container: string }).container;
    return { kind: 'bytes', contentType: cartesiaContainers[container], chunks: mockAudio(container === 'raw' ? 'pcm' : container) };
  },
  renderError: cartesiaError,
};

export const voiceProviderEndpoints: AudioEndpoint[] = [deepgramListen, deepgramSpeak, elevenLabsStt, elevenLabsTts, elevenLabsMusic, cartesiaStt, cartesiaTts];
