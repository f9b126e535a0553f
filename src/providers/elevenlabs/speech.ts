import type { SpeechFormat, SpeechRequest } from '../../core/audio-types.js';
import type { JsonHttpRequest, UpstreamTarget } from '../provider-types.js';
import { clampedSpeed, providerVoice, type OpenAiVoice } from '../shared/audio-wire.js';
import { joinUrl, jsonRequestHeaders } from '../shared/http-request.js';
import type { SpeechCapability } from '../wire-adapter.js';

/** ElevenLabs premade voices standing in for OpenAI's six names; any other name is an ElevenLabs voice id. */
const stockVoices: Record<OpenAiVoice, string> = {
  alloy: '21m00Tcm4TlvDq8ikWAM', // Rachel
  echo: 'TxGEqnHWrfWFTfGW9XjX', // Josh
  fable: 'JBFqnCBsd6RMkjVDRZzb', // George
  onyx: 'pNInz6obpgDQGcFmaJgB', // Adam
  nova: 'EXAVITQu4vr4xnSDxMaL', // Sarah
  shimmer: 'XrExE9yKIg1WjnnlVkGX', // Matilda
};

/** `output_format` tokens (wire-formats.md §6.1); ElevenLabs has no AAC or FLAC. OpenAI's wav and pcm are 24 kHz. */
const outputFormat: Partial<Record<SpeechFormat, string>> = { mp3: 'mp3_44100_128', opus: 'opus_48000_128', wav: 'wav_24000', pcm: 'pcm_24000' };

/** `voice_settings.speed` range. */
const MIN_SPEED = 0.7;
const MAX_SPEED = 1.2;

/** ElevenLabs TTS over its streaming path: audio arrives as it is generated. */
export const elevenLabsSpeech: SpeechCapability = {
  outputFormats: Object.keys(outputFormat) as SpeechFormat[],
  buildRequest(request: SpeechRequest, target: UpstreamTarget, warnings: string[]): JsonHttpRequest {
    const voiceId = encodeURIComponent(providerVoice(request.voice, stockVoices));
    const path = (target.provider.paths.tts_stream ?? '/v1/text-to-speech/{voice_id}/stream').replace('{voice_id}', voiceId);
    const body: Record<string, unknown> = { text: request.input, model_id: target.model.upstream_model };
    const speed = clampedSpeed(request, target, MIN_SPEED, MAX_SPEED, warnings);
    if (speed !== undefined) body.voice_settings = { speed };
    const query = new URLSearchParams({ output_format: outputFormat[request.response_format]! });
    return { method: 'POST', url: `${joinUrl(target.baseUrl, path)}?${query}`, headers: jsonRequestHeaders(target), body: JSON.stringify(body) };
  },
};
