import type { SpeechFormat, SpeechRequest } from '../../core/audio-types.js';
import { addWarning } from '../shared/warnings.js';
import type { JsonHttpRequest, UpstreamTarget } from '../provider-types.js';
import { providerVoice, type OpenAiVoice } from '../shared/audio-wire.js';
import { joinUrl, jsonRequestHeaders } from '../shared/http-request.js';
import type { SpeechCapability } from '../wire-adapter.js';

/** Aura-2 voices standing in for OpenAI's six names; any other name is taken as an Aura-2 voice (`aura-2-<voice>-en`). */
const stockVoices: Record<OpenAiVoice, string> = { alloy: 'thalia', echo: 'orion', fable: 'draco', onyx: 'zeus', nova: 'luna', shimmer: 'asteria' };

/** The `/v1/speak` query of each format (wire-formats.md §5.2): OpenAI's wav and pcm are 24 kHz 16-bit. */
const formatQuery: Record<SpeechFormat, Record<string, string>> = {
  mp3: { encoding: 'mp3' },
  opus: { encoding: 'opus' },
  aac: { encoding: 'aac' },
  flac: { encoding: 'flac' },
  wav: { encoding: 'linear16', container: 'wav', sample_rate: '24000' },
  pcm: { encoding: 'linear16', container: 'none', sample_rate: '24000' },
};

/** The voice is part of Deepgram's model id: `aura-2` + `thalia` → `aura-2-thalia-en`; a full id (`aura-2-thalia-en`) is kept. */
function deepgramVoiceModel(model: string, voice: string): string {
  const name = providerVoice(voice, stockVoices);
  return name.startsWith('aura-') ? name : `${model}-${name}-en`;
}

/** Deepgram Aura TTS: `{text}` in, audio bytes streamed out as generated. */
export const deepgramSpeech: SpeechCapability = {
  outputFormats: Object.keys(formatQuery) as SpeechFormat[],
  buildRequest(request: SpeechRequest, target: UpstreamTarget, warnings: string[]): JsonHttpRequest {
    if (request.speed !== undefined && request.speed !== 1) addWarning(warnings, `speed was not forwarded: ${target.model.slug} has no speed option`);
    const query = new URLSearchParams({ model: deepgramVoiceModel(target.model.upstream_model, request.voice), ...formatQuery[request.response_format] });
    return { method: 'POST', url: `${joinUrl(target.baseUrl, target.provider.paths.speak ?? '/v1/speak')}?${query}`, headers: jsonRequestHeaders(target), body: JSON.stringify({ text: request.input }) };
  },
};
