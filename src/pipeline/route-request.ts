import type { ChatRequest } from '../core/chat-types.js';
import type { CatalogModel } from '../catalog/catalog-types.js';
import type { Operation, RequestOf } from '../core/operations.js';
import { GatewayError } from '../errors/gateway-error.js';
import { servesOperation, type WireAdapter } from '../providers/wire-adapter.js';
import { routeChatRequest, routeNamedModel, type RouteDecision, type RouterContext } from '../routing/model-router.js';
import type { RequestContext } from './request-context.js';
import { routeAutoSpeech, routeAutoTranscription } from '../routing/voice-router.js';
import { routingInputs } from '../routing/routing-inputs.js';
import { addWarning } from '../providers/shared/warnings.js';

type Router<O extends Operation> = (context: RequestContext<O>, router: RouterContext, recalled: readonly string[]) => RouteDecision;

/** How each operation picks its model: chat has `auto` and routing hints; the others name a model of their type. */
const routers: { [O in Operation]: Router<O> } = {
  chat: (context, router, recalled) => {
    const { hints, override, warnings } = routingInputs(context.options.routingHints, context.options.routingOverride, context.options.metadata, context.request);
    for (const warning of warnings) addWarning(context.warnings, warning);
    return routeChatRequest(context.requestedModel, hints, override, router, context.request, recalled);
  },
  embeddings: (context, router) => routeNamedModel(context.requestedModel, ['embedding'], 'an embedding', router),
  moderation: (context, router) => routeNamedModel(context.requestedModel, ['moderation'], 'a moderation', router),
  // `auto` (what the voice endpoints ask when no model is named): chosen by language (STT) or price (TTS), spec 2.9.
  transcription: (context, router) => (context.requestedModel === 'auto' ? routeAutoTranscription(context.request.language, router) : routeNamedModel(context.requestedModel, ['stt'], 'a speech-to-text', router)),
  speech: (context, router) => (context.requestedModel === 'auto' ? routeAutoSpeech(context.request.provider, router) : routeNamedModel(context.requestedModel, ['tts'], 'a text-to-speech', router)),
};

/**
 * What a model of the right type (and its wire's adapter) may still be unable to do with a request: the reason (the
 * field at fault is `model` unless the refusal names another), or undefined.
 */
type ModelCheck<O extends Operation> = (request: RequestOf<O>, model: CatalogModel, adapter: WireAdapter) => string | { message: string; param: string } | undefined;

const modelChecks: { [O in Operation]?: ModelCheck<O> } = {
  chat(request, model) {
    // Spec 2.9: audio goes to audio-capable models only; another model refuses it rather than drop it.
    if (model.type === 'music') return request.stream ? `model ${JSON.stringify(model.slug)} composes a whole track: it cannot stream (send stream: false)` : undefined;
    if (asksAudioOut(request) && !model.capabilities.includes('audio_out')) return `model ${JSON.stringify(model.slug)} cannot answer with audio (modalities "audio"); audio-capable models: the audio_llm models of GET /v1/models`;
    if (hasAudioInput(request) && !model.capabilities.includes('audio_in')) return `model ${JSON.stringify(model.slug)} cannot take input_audio content; audio-capable models: the audio_llm models of GET /v1/models`;
    return undefined;
  },
  embeddings(request, model, adapter) {
    if (request.dimensions !== undefined && !model.capabilities.includes('dimensions_param')) return `model ${JSON.stringify(model.slug)} does not take dimensions`;
    if (adapter.embeddings?.acceptsTokenArrays === false && typeof request.input[0] !== 'string') return `model ${JSON.stringify(model.slug)} takes text input only, not token arrays`;
    return undefined;
  },
  transcription(request, model, adapter) {
    // Only models the catalog marks for translation translate (OpenAI's endpoint serves whisper-1 alone).
    if (request.translate && !model.capabilities.includes('translation')) return `model ${JSON.stringify(model.slug)} cannot translate audio: choose a model whose catalog capabilities include translation, such as whisper-1`;
    const formats = adapter.transcription?.formatsOf?.(model);
    if (formats && !formats.includes(request.response_format)) return { param: 'response_format', message: `model ${JSON.stringify(model.slug)} cannot answer in ${request.response_format}; its formats: ${formats.join(', ')}` };
    return undefined;
  },
  speech(request, model, adapter) {
    const formats = adapter.speech?.outputFormats;
    if (formats && !formats.includes(request.response_format)) return `model ${JSON.stringify(model.slug)} cannot produce ${request.response_format} audio; its formats: ${formats.join(', ')}`;
    return undefined;
  },
};

function asksAudioOut(request: ChatRequest): boolean {
  const modalities = request.extra?.modalities;
  return (Array.isArray(modalities) && modalities.includes('audio')) || request.extra?.audio !== undefined;
}

/** Whether a message carries an input_audio part (string contents, the usual case, are skipped at once). */
function hasAudioInput(request: ChatRequest): boolean {
  for (const message of request.messages) {
    if (typeof message.content === 'string' || message.content === null) continue;
    for (const part of message.content) if (part.type === 'input_audio') return true;
  }
  return false;
}

/**
 * The first step of every request, before any stage: the model and its failover candidates. `recalled`: the texts
 * of earlier turns that full mode's memory brought back, when a chat request is routed again with them.
 */
export type RouteRequest = (context: RequestContext, recalled?: readonly string[]) => RouteDecision;

/**
 * Chooses the model and the failover candidates, keeping only candidates whose wire adapter can carry
 * the operation; a model whose adapter cannot is a 400 naming the model and the operation.
 */
export function requestRouter(router: RouterContext, adapters: Partial<Record<string, WireAdapter>>): RouteRequest {
  return (context, recalled = []) => {
    const decision = (routers[context.operation] as Router<typeof context.operation>)(context, router, recalled);
    const check = modelChecks[context.operation] as ModelCheck<Operation> | undefined;
    const adapter = adapters[decision.model.wire];
    if (!servesOperation(adapter, context.operation)) {
      throw new GatewayError('validation_error', `model ${JSON.stringify(decision.model.slug)} cannot serve ${context.operation} requests: svc has no ${context.operation} support for the ${decision.model.wire} wire`, { param: 'model' });
    }
    const refusal = check?.(context.request, decision.model, adapter);
    if (typeof refusal === 'string') throw new GatewayError('validation_error', refusal, { param: 'model' });
    if (refusal) throw new GatewayError('validation_error', refusal.message, { param: refusal.param });
    const canServe = (model: CatalogModel) => {
      const candidate = adapters[model.wire];
      return servesOperation(candidate, context.operation) && check?.(context.request, model, candidate) === undefined;
    };
    return decision.candidates.every(canServe) ? decision : { ...decision, candidates: decision.candidates.filter(canServe) };
  };
}
