import type { FastifyInstance } from 'fastify';
import { relayAudio } from '../../http/audio-stream.js';
import { registerEndpoint, type Endpoint, type EndpointAnswer } from '../../http/endpoint.js';
import { nonStreamHeaders } from '../../http/svc-metadata.js';
import type { GatewayServices } from '../../services.js';
import { parseSpeechRequest } from './speech-request.js';
import { parseTranscriptionForm } from './transcription-form.js';

/** The transcript in the format asked for, as the upstream (or the adapter) rendered it; svc_metadata in the headers. */
export function renderTranscript({ reply, context, outcome }: EndpointAnswer<'transcription'>): void {
  if (outcome.kind !== 'complete') throw new Error('transcriptions are never streamed');
  reply.headers(nonStreamHeaders(context));
  reply.type(outcome.result.contentType);
  reply.send(outcome.result.body);
}

function renderSpeech({ request, reply, context, outcome, services }: EndpointAnswer<'speech'>): Promise<void> {
  if (outcome.kind !== 'complete') throw new Error('speech is relayed as bytes');
  return relayAudio(request, reply, nonStreamHeaders(context), outcome.result, services.streamObserver);
}

export const transcriptionsEndpoint: Endpoint<'transcription'> = {
  method: 'POST',
  path: '/v1/audio/transcriptions',
  family: 'audio',
  name: 'audio.transcriptions',
  operation: 'transcription',
  parse: (_body, request) => parseTranscriptionForm(request, false),
  render: renderTranscript,
};

export const translationsEndpoint: Endpoint<'transcription'> = {
  ...transcriptionsEndpoint,
  path: '/v1/audio/translations',
  name: 'audio.translations',
  parse: (_body, request) => parseTranscriptionForm(request, true),
};

export const speechEndpoint: Endpoint<'speech'> = {
  method: 'POST',
  path: '/v1/audio/speech',
  family: 'audio',
  name: 'audio.speech',
  operation: 'speech',
  parse: parseSpeechRequest,
  render: renderSpeech,
};

/** Spec 4.6: transcriptions and translations (multipart), speech (JSON → audio bytes). */
export function registerAudioRoutes(app: FastifyInstance, services: GatewayServices): void {
  registerEndpoint(app, services, transcriptionsEndpoint);
  registerEndpoint(app, services, translationsEndpoint);
  registerEndpoint(app, services, speechEndpoint);
}
