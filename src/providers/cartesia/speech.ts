import type { SpeechFormat, SpeechRequest } from '../../core/audio-types.js';
import type { JsonHttpRequest, UpstreamTarget } from '../provider-types.js';
import { clampedSpeed, providerVoice, type OpenAiVoice } from '../shared/audio-wire.js';
import { joinUrl, jsonRequestHeaders } from '../shared/http-request.js';
import type { SpeechCapability } from '../wire-adapter.js';

/** Cartesia library voices standing in for OpenAI's six names; any other name is a Cartesia voice id. */
const stockVoices: Record<OpenAiVoice, string> = {
  alloy: '694f9389-aac1-45b6-b726-9d9369183238', // Sarah
  echo: 'a0e99841-438c-4a64-b679-ae501e7d6091', // Barbershop Man
  fable: '79a125e8-cd45-4c13-8a67-188112f4dd22', // British Lady
  onyx: 'ee7ea9f8-c0c1-498c-9279-764d6b56d189', // Oliver
  nova: 'bf0a246a-8642-498a-9950-80c35e9276b5', // Sophie
  shimmer: '156fb8d2-335b-4950-9cb3-a2d33befec77', // Helpful Woman
};

/** `output_format` objects (wire-formats.md §7.1); Cartesia has no Opus, AAC or FLAC. OpenAI's wav and pcm are 24 kHz 16-bit. */
const outputFormat: Partial<Record<SpeechFormat, Record<string, unknown>>> = {
  mp3: { container: 'mp3', sample_rate: 44100, bit_rate: 128000 },
  wav: { container: 'wav', encoding: 'pcm_s16le', sample_rate: 24000 },
  pcm: { container: 'raw', encoding: 'pcm_s16le', sample_rate: 24000 },
};

/** `generation_config.speed` range (sonic-3 family). */
const MIN_SPEED = 0.6;
const MAX_SPEED = 1.5;

/** Cartesia `/tts/bytes`: the audio streamed back as raw bytes. */
export const cartesiaSpeech: SpeechCapability = {
  outputFormats: Object.keys(outputFormat) as SpeechFormat[],
  buildRequest(request: SpeechRequest, target: UpstreamTarget, warnings: string[]): JsonHttpRequest {
    const body: Record<string, unknown> = {
      model_id: target.model.upstream_model,
      transcript: request.input,
      voice: { mode: 'id', id: providerVoice(request.voice, stockVoices) },
      output_format: outputFormat[request.response_format],
    };
    const speed = clampedSpeed(request, target, MIN_SPEED, MAX_SPEED, warnings);
    if (speed !== undefined) body.generation_config = { speed };
    return { method: 'POST', url: joinUrl(target.baseUrl, target.provider.paths.tts ?? '/tts/bytes'), headers: jsonRequestHeaders(target), body: JSON.stringify(body) };
  },
};
