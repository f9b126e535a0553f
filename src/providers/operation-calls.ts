import type { ChunkOf, Operation, Outcome, RequestOf } from '../core/operations.js';
import type { JsonHttpRequest, UpstreamTarget } from './provider-types.js';
import { requestBytes, requestJson, requestStream, requestText, type UpstreamCall } from './upstream-call.js';
import { UpstreamError } from '../errors/upstream-error.js';
import { capabilityOf, type CallOptions, type InProcessCall, type WireAdapter } from './wire-adapter.js';
import type { JsonSource } from '../shared/json-reuse.js';

type OperationCall<O extends Operation> = (adapter: WireAdapter, target: UpstreamTarget, request: RequestOf<O>, options: CallOptions<ChunkOf<O>>) => Promise<Outcome<O>>;

/** How each operation is carried over its capability: the request built by the adapter, the answer read by the shared client. */
export const operationCalls: { [O in Operation]: OperationCall<O> } = {
  async chat(adapter, target, request, options) {
    const chat = capabilityFor(adapter, 'chat');
    const call: UpstreamCall = { adapter, target, signal: options.signal, traceHeaders: options.traceHeaders };
    if (request.stream) {
      const chunks = await requestStream(call, chat.buildRequest(request, target, options.warnings, options.bodySource), chat.createStreamTranslator(target, request), options.observeChunk);
      return { kind: 'stream', chunks };
    }
    const body = await requestJson(call, chat.buildRequest(request, target, options.warnings, options.bodySource));
    return { kind: 'complete', result: readAnswer(target, () => chat.parseResponse(body, target, request)) };
  },

  embeddings: (adapter, target, request, options) => jsonCall(capabilityFor(adapter, 'embeddings'), adapter, target, request, options),

  moderation: (adapter, target, request, options) => jsonCall(capabilityFor(adapter, 'moderation'), adapter, target, request, options),

  async transcription(adapter, target, request, options) {
    const transcription = capabilityFor(adapter, 'transcription');
    const answer = await requestText({ adapter, target, signal: options.signal, timeouts: audioTimeouts(target), traceHeaders: options.traceHeaders }, transcription.buildRequest(request, target, options.warnings));
    return { kind: 'complete', result: transcription.parseResponse(answer, request, target) };
  },

  async speech(adapter, target, request, options) {
    const speech = capabilityFor(adapter, 'speech');
    const answer = await requestBytes({ adapter, target, signal: options.signal, timeouts: audioTimeouts(target), traceHeaders: options.traceHeaders }, speech.buildRequest(request, target, options.warnings));
    return { kind: 'complete', result: { contentType: answer.contentType, audio: answer.body } };
  },
};

/** Spec 4.6: "the upstream call time-out is 120 seconds" for the audio endpoints (a long file takes long to transcribe). */
export const AUDIO_TIMEOUT_MS = 120_000;
export const audioTimeouts = (target: UpstreamTarget) => ({ connectMs: target.provider.timeouts.connectMs, firstByteMs: AUDIO_TIMEOUT_MS, idleMs: AUDIO_TIMEOUT_MS });

/** Calls `operation` on the adapter: in process when the wire answers it so, else over HTTP. */
export function callOperation<O extends Operation>(operation: O, adapter: WireAdapter, target: UpstreamTarget, request: RequestOf<O>, options: CallOptions<ChunkOf<O>>): Promise<Outcome<O>> {
  const inProcess = adapter.inProcess?.[operation] as InProcessCall<O> | undefined;
  if (inProcess) return inProcess(target, request, options);
  return (operationCalls[operation] as OperationCall<O>)(adapter, target, request, options);
}

/** A JSON request answered by one JSON body (embeddings, moderation). */
async function jsonCall<Request, Result>(
  capability: {
    buildRequest(request: Request, target: UpstreamTarget, warnings: string[], source?: JsonSource): JsonHttpRequest;
    parseResponse(body: unknown, request: Request, target: UpstreamTarget): Result;
  },
  adapter: WireAdapter,
  target: UpstreamTarget,
  request: Request,
  options: Pick<CallOptions, 'signal' | 'warnings' | 'traceHeaders' | 'bodySource'>,
): Promise<{ kind: 'complete'; result: Result }> {
  const body = await requestJson({ adapter, target, signal: options.signal, traceHeaders: options.traceHeaders }, capability.buildRequest(request, target, options.warnings, options.bodySource));
  return { kind: 'complete', result: readAnswer(target, () => capability.parseResponse(body, request, target)) };
}

/**
 * Reads a 2xx answer with the adapter. An error found inside it (OpenRouter's in-band errors) may quote the key: it is
 * removed. An answer the adapter cannot read at all (a list where an object belongs, a null candidate) is the
 * provider's failure, as a stream it cannot translate is (upstream-call.ts): a 502 that may fail over, never a 500.
 */
function readAnswer<T>(target: UpstreamTarget, parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (error instanceof UpstreamError) throw error.withoutSecrets([target.apiKey]);
    throw new UpstreamError(target.provider.id, { kind: 'server_error', message: `could not read the upstream answer: ${String(error)}` }, { cause: error, secrets: [target.apiKey] });
  }
}

/** Routing checks capabilities before any call; reaching this without one is a bug, not a caller error. */
function capabilityFor<O extends Operation>(adapter: WireAdapter, operation: O) {
  const capability = capabilityOf(adapter, operation);
  if (!capability) throw new Error(`the ${adapter.wire} adapter has no ${operation} capability`);
  return capability;
}
