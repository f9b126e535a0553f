import type { CatalogModel } from '../catalog/catalog-types.js';
import { GatewayError } from '../errors/gateway-error.js';
import { decisionFor, failoverCandidates, type RouteDecision, type RouterContext } from './model-router.js';

/**
 * Spec 2.9, auto-routing when `stt_model` / `tts_model` is omitted. STT: English (or an unknown language)
 * goes to a low-latency model, any other language to a multilingual one; the first whose provider is
 * configured wins and the rest of the list are its failover. TTS: the cheapest model per character, of the
 * `provider` asked for when one is.
 */
const lowLatencyStt = ['deepgram/nova-3', 'groq/whisper-large-v3-turbo', 'cartesia/ink-whisper', 'openai/gpt-4o-mini-transcribe', 'openai/whisper-1'];
const multilingualStt = ['elevenlabs/scribe_v2', 'openai/gpt-4o-transcribe', 'groq/whisper-large-v3', 'openai/whisper-1'];

export function routeAutoTranscription(language: string | undefined, context: RouterContext): RouteDecision {
  const english = language === undefined || language === 'en';
  const preference = english ? lowLatencyStt : multilingualStt;
  const routable = preference.map((slug) => context.catalog.resolveModel(slug)).filter((model): model is CatalogModel => model !== undefined && context.isRoutable(model.provider));
  if (routable.length === 0) {
    throw new GatewayError('provider_error', `no speech-to-text provider is configured for ${english ? 'English' : 'multilingual'} audio (one of: ${preference.join(', ')}); set its <PROVIDER>_API_KEY or name stt_model`);
  }
  const [model, ...rest] = routable;
  const why = english ? (language === undefined ? 'language not given: the low-latency default' : 'English: the low-latency default') : `language ${language}: a multilingual model`;
  return decisionFor(model, [...new Set([...failoverCandidates(model, context), ...rest])], 'VoiceAutoRouter', `${why}; model=${model.slug}`);
}

/** What a TTS model costs per character: the catalog's per-million price, or nothing comparable. */
const pricePerMillionCharacters = (model: CatalogModel) => model.pricing.per_mchar ?? Number.POSITIVE_INFINITY;

export function routeAutoSpeech(provider: string | undefined, context: RouterContext): RouteDecision {
  if (provider !== undefined && !context.catalog.getProvider(provider)) {
    throw new GatewayError('validation_error', `provider ${JSON.stringify(provider)} is not a provider of the catalog`, { param: 'provider' });
  }
  const models = context.catalog.models
    .filter((model) => model.type === 'tts' && (provider === undefined || model.provider === provider) && context.isRoutable(model.provider) && model.pricing.per_mchar !== undefined)
    .sort((left, right) => pricePerMillionCharacters(left) - pricePerMillionCharacters(right));
  if (models.length === 0) {
    throw new GatewayError(provider === undefined ? 'provider_error' : 'validation_error', provider === undefined ? 'no text-to-speech provider is configured; set its <PROVIDER>_API_KEY or name model' : `provider ${JSON.stringify(provider)} has no text-to-speech model svc can call (is its key configured?)`, provider === undefined ? {} : { param: 'provider' });
  }
  const model = models[0];
  const which = provider === undefined ? 'the lowest-cost text-to-speech model' : `the lowest-cost text-to-speech model of ${provider}`;
  return decisionFor(model, failoverCandidates(model, context), 'VoiceAutoRouter', `${which} (${model.pricing.per_mchar} USD per million characters); model=${model.slug}`);
}
