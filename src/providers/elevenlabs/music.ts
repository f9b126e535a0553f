import { randomUUID } from 'node:crypto';
import { audioDurationSeconds } from '../../audio/audio-duration.js';
import { sniffAudio } from '../../audio/audio-format.js';
import { billedAudioSeconds } from '../../core/billed-audio.js';
import { textOfContent } from '../../core/chat-text.js';
import type { ChatCompletion, ChatRequest } from '../../core/chat-types.js';
import { GatewayError } from '../../errors/gateway-error.js';
import { UpstreamError } from '../../errors/upstream-error.js';
import { audioTimeouts } from '../operation-calls.js';
import type { JsonHttpRequest, UpstreamTarget } from '../provider-types.js';
import { joinUrl, jsonRequestHeaders } from '../shared/http-request.js';
import { addWarning } from '../shared/warnings.js';
import { requestBytes } from '../upstream-call.js';
import type { InProcessCall, WireAdapter } from '../wire-adapter.js';

/** A generated track is a few MB of MP3; anything far larger is not one. */
const MAX_TRACK_BYTES = 64 * 1024 * 1024;
/** How long a returned audio id may be referred to, as OpenAI sets `expires_at`. */
const AUDIO_TTL_SECONDS = 3600;

/** `POST /v1/music` (wire-formats.md §6.3): the last user message is the prompt. */
function buildMusicRequest(request: ChatRequest, target: UpstreamTarget, warnings: string[]): JsonHttpRequest {
  const prompt = textOfContent([...request.messages].reverse().find((message) => message.role === 'user')?.content ?? null).trim();
  if (prompt === '') throw new GatewayError('validation_error', `model ${JSON.stringify(target.model.slug)} composes from the last user message: it has no text`, { param: 'messages' });
  const format = (request.extra?.audio as { format?: unknown } | undefined)?.format;
  if (format !== undefined && format !== 'mp3') addWarning(warnings, `audio.format ${JSON.stringify(format)} was not used: ${target.model.slug} returns mp3`);
  const query = new URLSearchParams({ output_format: 'mp3_44100_128' });
  return { method: 'POST', url: `${joinUrl(target.baseUrl, target.provider.paths.music ?? '/v1/music')}?${query}`, headers: jsonRequestHeaders(target), body: JSON.stringify({ prompt, model_id: target.model.upstream_model }) };
}

/**
 * A music model answers a chat request as OpenAI answers one with audio output: `message.audio` with the
 * track in base64 and content null. The track's duration, read from the MP3, is what it is billed by.
 */
export function musicChat(adapter: () => WireAdapter): InProcessCall<'chat'> {
  return async (target, request, options) => {
    const answer = await requestBytes(
      { adapter: adapter(), target, signal: options.signal, timeouts: audioTimeouts(target) },
      buildMusicRequest(request, target, options.warnings),
    );
    const parts: Uint8Array[] = [];
    let size = 0;
    for await (const part of answer.body) {
      size += part.length;
      if (size > MAX_TRACK_BYTES) throw new UpstreamError(target.provider.id, { kind: 'server_error', message: `the track is larger than ${MAX_TRACK_BYTES} bytes` });
      parts.push(part);
    }
    const track = Buffer.concat(parts, size);
    const sniffed = sniffAudio(track);
    if (!sniffed) throw new UpstreamError(target.provider.id, { kind: 'server_error', message: 'the music answer is not audio' });
    const created = Math.floor(Date.now() / 1000);
    const completion: ChatCompletion = {
      id: `chatcmpl-${randomUUID()}`,
      object: 'chat.completion',
      created,
      model: target.model.upstream_model,
      choices: [{ index: 0, message: { role: 'assistant', content: null, refusal: null, audio: { id: `audio_${randomUUID()}`, data: track.toString('base64'), expires_at: created + AUDIO_TTL_SECONDS, transcript: '' } }, logprobs: null, finish_reason: 'stop' }],
      usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
    } as ChatCompletion;
    const seconds = await audioDurationSeconds(track, sniffed.container);
    if (seconds !== undefined) billedAudioSeconds.set(completion, seconds);
    else addWarning(options.warnings, 'the track\'s duration could not be read: it was not billed per minute');
    return { kind: 'complete', result: completion };
  };
}
