import type { IncomingHttpHeaders } from 'node:http';
import { openaiWire } from './openai-wire.js';
import type { MockReply, WireValidator } from './mock-types.js';

/**
 * The audio endpoints of the mock, in each provider's real shape: multipart uploads parsed (and refused)
 * as the real API does, audio bytes streamed back in pieces. A reply queued with `{ wire: 'openai/audio' }`
 * shapes the answer: its `content` is the transcript (else "mock transcript of <n> bytes"), its
 * `eventDelayMs` the pause between audio pieces.
 */
export interface AudioEndpoint {
  wire: string;
  match(method: string, path: string): boolean;
  apiKey(headers: IncomingHttpHeaders, url: URL): string | undefined;
  /** The request as the provider reads it: fields (the file as { filename, size, type, bytes }). */
  read(raw: Buffer, headers: IncomingHttpHeaders, url: URL): Promise<Record<string, unknown>>;
  validate: WireValidator;
  answer(body: Record<string, unknown>, url: URL, reply: MockReply | undefined): AudioAnswer;
  renderError(status: number, message: string, errorType?: string): unknown;
}

export type AudioAnswer = { kind: 'text'; contentType: string; body: string } | { kind: 'bytes'; contentType: string; chunks: Buffer[] };

export interface UploadedFile {
  filename: string;
  size: number;
  type: string;
  bytes: Buffer;
}

/** A multipart body parsed as fetch parses it (undici's FormData): fields as strings, the file as UploadedFile. */
export async function readMultipart(raw: Buffer, headers: IncomingHttpHeaders): Promise<Record<string, unknown>> {
  const contentType = headers['content-type'] ?? '';
  if (!contentType.startsWith('multipart/form-data')) return { __notMultipart: contentType };
  const form = await new Response(new Uint8Array(raw), { headers: { 'content-type': contentType } }).formData();
  const fields: Record<string, unknown> = {};
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') fields[name] = value;
    else fields[name] = { filename: value.name, size: value.size, type: value.type, bytes: Buffer.from(await value.arrayBuffer()) } satisfies UploadedFile;
  }
  return fields;
}

/** A JSON body as the provider reads it (an empty body is `{}`; bad JSON throws, and the route answers 400). */
export const readJson = async (raw: Buffer): Promise<Record<string, unknown>> => (raw.length ? JSON.parse(raw.toString('utf8')) : {});

/** Seconds of a PCM WAV (byte rate and data size of its header); 1 for anything else. */
export function mockDuration(bytes: Buffer): number {
  if (bytes.subarray(0, 4).toString('latin1') !== 'RIFF') return 1;
  let offset = 12;
  let byteRate = 0;
  while (offset + 8 <= bytes.length) {
    const id = bytes.subarray(offset, offset + 4).toString('latin1');
    const size = bytes.readUInt32LE(offset + 4);
    if (id === 'fmt ') byteRate = bytes.readUInt32LE(offset + 16);
    if (id === 'data') return byteRate ? Math.min(size, bytes.length - offset - 8) / byteRate : 1;
    offset += 8 + size + (size % 2);
  }
  return 1;
}

/** Audio bytes of a format: a recognisable header and `pieces` chunks of 4 KiB. */
export function mockAudio(format: string, pieces = 4): Buffer[] {
  const headers: Record<string, Buffer> = { mp3: Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x00', 'latin1'), wav: Buffer.from('RIFF\x00\x00\x00\x00WAVE', 'latin1'), flac: Buffer.from('fLaC'), opus: Buffer.from('OggS'), aac: Buffer.from([0xff, 0xf1]), pcm: Buffer.alloc(0) };
  return Array.from({ length: pieces }, (_, index) => Buffer.concat([index === 0 ? (headers[format] ?? Buffer.alloc(0)) : Buffer.alloc(0), Buffer.alloc(4096, index + 1)]));
}

const bearer = (headers: IncomingHttpHeaders) => {
  const value = headers.authorization;
  return typeof value === 'string' && value.startsWith('Bearer ') ? value.slice(7) : undefined;
};
const openaiError = (status: number, message: string, errorType?: string) => openaiWire.renderError(status, message, errorType);
const invalid = (message: string) => ({ status: 400, message, errorType: 'invalid_request_error' });

/** OpenAI's accepted upload extensions (the API reads the format from the name). */
const openaiExtensions = ['flac', 'mp3', 'mp4', 'mpeg', 'mpga', 'm4a', 'ogg', 'wav', 'webm'];
const transcriptionFields = new Set(['file', 'model', 'language', 'prompt', 'response_format', 'temperature', 'timestamp_granularities[]', 'include[]', 'stream']);
const translationFields = new Set(['file', 'model', 'prompt', 'response_format', 'temperature']);

function srtTime(seconds: number, separator: string): string {
  const millis = Math.round(seconds * 1000);
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${pad(Math.floor(millis / 3_600_000))}:${pad(Math.floor(millis / 60_000) % 60)}:${pad(Math.floor(millis / 1000) % 60)}${separator}${pad(millis % 1000, 3)}`;
}

const openaiTranscriptions: AudioEndpoint = {
  wire: 'openai',
  match: (method, path) => method === 'POST' && /\/audio\/(transcriptions|translations)$/.test(path),
  apiKey: bearer,
  read: (raw, headers) => readMultipart(raw, headers),
  validate({ headers, url, body }) {
    if (!bearer(headers)) return { status: 401, message: "You didn't provide an API key.", errorType: 'invalid_request_error' };
    if (body.__notMultipart !== undefined) return invalid(`Invalid Content-Type header (${body.__notMultipart}), expected multipart/form-data.`);
    const translate = url.pathname.endsWith('/translations');
    for (const field of Object.keys(body)) if (!(translate ? translationFields : transcriptionFields).has(field)) return invalid(`Unrecognized request argument supplied: ${field}`);
    if (typeof body.model !== 'string') return invalid("Missing required parameter: 'model'.");
    const file = body.file as UploadedFile | undefined;
    if (!file || typeof file !== 'object') return invalid("Missing required parameter: 'file'.");
    const extension = file.filename.split('.').pop()?.toLowerCase() ?? '';
    if (!openaiExtensions.includes(extension)) return invalid(`Invalid file format. Supported formats: ${JSON.stringify(openaiExtensions)}`);
    if (body.temperature !== undefined && !(Number(body.temperature) >= 0 && Number(body.temperature) <= 1)) return invalid('temperature must be between 0 and 1');
    const format = (body.response_format as string | undefined) ?? 'json';
    if (!['json', 'text', 'srt', 'verbose_json', 'vtt'].includes(format)) return invalid(`'${format}' is not one of ['json', 'text', 'srt', 'verbose_json', 'vtt'] - 'response_format'`);
    if (String(body.model).startsWith('gpt-4o') && format !== 'json' && format !== 'text') return invalid(`response_format '${format}' is not compatible with model '${body.model}'. Use 'json' or 'text' instead.`);
    // Groq (served under /openai/v1) answers json, text and verbose_json only.
    if (url.pathname.startsWith('/openai/') && (format === 'srt' || format === 'vtt')) return invalid(`response_format must be one of [json text verbose_json], got '${format}'`);
    return undefined;
  },
  answer(body, url, reply) {
    const file = body.file as UploadedFile;
    const duration = mockDuration(file.bytes);
    const text = reply?.content ?? (url.pathname.endsWith('/translations') ? `mock translation of ${file.size} bytes` : `mock transcript of ${file.size} bytes`);
    const format = (body.response_format as string | undefined) ?? 'json';
    const byTokens = String(body.model).startsWith('gpt-4o');
    const usage = byTokens ? { type: 'tokens', input_tokens: 60, input_token_details: { text_tokens: 10, audio_tokens: 50 }, output_tokens: 12, total_tokens: 72 } : { type: 'duration', seconds: Math.ceil(duration) };
    switch (format) {
      case 'text':
        return { kind: 'text', contentType: 'text/plain; charset=utf-8', body: `${text}\n` };
      case 'srt':
        return { kind: 'text', contentType: 'text/plain; charset=utf-8', body: `1\n${srtTime(0, ',')} --> ${srtTime(duration, ',')}\n${text}\n\n` };
      case 'vtt':
        return { kind: 'text', contentType: 'text/plain; charset=utf-8', body: `WEBVTT\n\n${srtTime(0, '.')} --> ${srtTime(duration, '.')}\n${text}\n\n` };
      case 'verbose_json':
        return { kind: 'text', contentType: 'application/json', body: JSON.stringify({ task: url.pathname.endsWith('/translations') ? 'translate' : 'transcribe', language: body.language ?? 'english', duration, text, segments: [{ id: 0, seek: 0, start: 0, end: duration, text, tokens: [], temperature: 0, avg_logprob: -0.2, compression_ratio: 1, no_speech_prob: 0.01 }], usage }) };
      default:
        return { kind: 'text', contentType: 'application/json', body: JSON.stringify({ text, usage }) };
    }
  },
  renderError: openaiError,
};

const speechFields = new Set(['model', 'input', 'voice', 'instructions', 'response_format', 'speed', 'stream_format']);
const openaiSpeechContentTypes: Record<string, string> = { mp3: 'audio/mpeg', opus: 'audio/opus', aac: 'audio/aac', flac: 'audio/flac', wav: 'audio/wav', pcm: 'audio/pcm' };
const openaiSpeech: AudioEndpoint = {
  wire: 'openai',
  match: (method, path) => method === 'POST' && path.endsWith('/audio/speech'),
  apiKey: bearer,
  read: readJson,
  validate({ headers, body }) {
    if (!bearer(headers)) return { status: 401, message: "You didn't provide an API key.", errorType: 'invalid_request_error' };
    for (const field of Object.keys(body)) if (!speechFields.has(field)) return invalid(`Unrecognized request argument supplied: ${field}`);
    for (const field of ['model', 'input', 'voice']) if (body[field] === undefined) return invalid(`Missing required parameter: '${field}'.`);
    if (String(body.input).length > 4096) return invalid("string too long. Expected a string with maximum length 4096, but got a string with length 4097 instead. - 'input'");
    if (body.speed !== undefined && !(Number(body.speed) >= 0.25 && Number(body.speed) <= 4)) return invalid('speed must be between 0.25 and 4.0');
    if (body.response_format !== undefined && !openaiSpeechContentTypes[String(body.response_format)]) return invalid(`Invalid response_format '${body.response_format}'`);
    return undefined;
  },
  answer(body) {
    const format = (body.response_format as string | undefined) ?? 'mp3';
    return { kind: 'bytes', contentType: openaiSpeechContentTypes[format], chunks: mockAudio(format) };
  },
  renderError: openaiError,
};

export const audioEndpoints: AudioEndpoint[] = [openaiTranscriptions, openaiSpeech];
