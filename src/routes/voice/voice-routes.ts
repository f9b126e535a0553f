import type { FastifyInstance } from 'fastify';
import type { TranscriptionResult } from '../../core/audio-types.js';
import { relayAudio } from '../../http/audio-stream.js';
import { registerEndpoint, type Endpoint, type EndpointAnswer } from '../../http/endpoint.js';
import { nonStreamHeaders } from '../../http/svc-metadata.js';
import type { GatewayServices } from '../../services.js';
import { registerVoiceChat } from './voice-chat.js';
import { registerVoiceRealtime } from './voice-realtime.js';
import { parseVoiceSynthesize, parseVoiceTranscribe } from './voice-requests.js';

/** The transcript as JSON, with the model that heard it and why svc chose that model. */
function renderVoiceTranscript({ reply, context, outcome }: EndpointAnswer<'transcription'>): void {
  if (outcome.kind !== 'complete') throw new Error('transcriptions are never streamed');
  const result: TranscriptionResult = outcome.result;
  reply.headers(nonStreamHeaders(context));
  reply.send({
    text: result.text,
    language: result.language ?? context.request.language ?? null,
    duration_seconds: context.request.file.durationSeconds ?? result.durationSeconds ?? null,
    model: context.target?.model.slug ?? context.route?.model.slug,
    routing: { source: context.route?.decisionSource, reason: context.route?.summary },
  });
}

function renderVoiceAudio({ request, reply, context, outcome, services }: EndpointAnswer<'speech'>): Promise<void> {
  if (outcome.kind !== 'complete') throw new Error('speech is relayed as bytes');
  const headers = { ...nonStreamHeaders(context), 'x-svc-tts-model': context.target?.model.slug ?? '', 'x-svc-routing-reason': encodeURIComponent(context.route?.summary ?? '') };
  return relayAudio(request, reply, headers, outcome.result, services.streamObserver);
}

/** Spec 4.7: every /v1/voice/* endpoint runs at least in cache mode (4.9: proxy escalates to cache). */
export const voiceTranscribeEndpoint: Endpoint<'transcription'> = {
  method: 'POST',
  path: '/v1/voice/transcribe',
  family: 'voice',
  name: 'voice.transcribe',
  operation: 'transcription',
  modeFloor: 'cache',
  parse: (_body, request) => parseVoiceTranscribe(request),
  render: renderVoiceTranscript,
};

export const voiceSynthesizeEndpoint: Endpoint<'speech'> = {
  method: 'POST',
  path: '/v1/voice/synthesize',
  family: 'voice',
  name: 'voice.synthesize',
  operation: 'speech',
  modeFloor: 'cache',
  parse: parseVoiceSynthesize,
  render: renderVoiceAudio,
};

export async function registerVoiceRoutes(app: FastifyInstance, services: GatewayServices): Promise<void> {
  registerEndpoint(app, services, voiceTranscribeEndpoint);
  registerEndpoint(app, services, voiceSynthesizeEndpoint);
  registerVoiceChat(app, services);
  await registerVoiceRealtime(app, services);
}
