import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SpeechRequest, SpeechResult, TranscriptionResult } from '../../core/audio-types.js';
import type { ChatCompletion, ChatMessage, ChatRequest } from '../../core/chat-types.js';
import type { Operation, Outcome } from '../../core/operations.js';
import { roundUsd } from '../../billing/cost.js';
import { GatewayError } from '../../errors/gateway-error.js';
import { relayAudio } from '../../http/audio-stream.js';
import { beginRequest, innerRequestContext, recordRefusal, refusesCache, type InnerRequest, type RequestBeginning } from '../../http/endpoint.js';
import { nonStreamHeaders } from '../../http/svc-metadata.js';
import type { RequestContext } from '../../pipeline/request-context.js';
import type { GatewayServices } from '../../services.js';
import { MAX_SPEECH_CHARACTERS } from '../audio/speech-request.js';
import { AUTO_MODEL, DEFAULT_VOICE, parseVoiceChat, type VoiceChatRequest } from './voice-requests.js';

/** Header values are Latin-1 and clients refuse large header blocks: text goes percent-encoded, and at most this long. */
const MAX_TEXT_HEADER_BYTES = 8 * 1024;


/**
 * POST /v1/voice/chat (spec 4.7): transcribe → chat → synthesize, each step a request of the shared runner
 * (routed, limited, cached, billed and recorded as its own ledger row), in that order. The answer is the
 * reply's audio, streamed as it is synthesized, with the transcript and reply text in headers; a caller that
 * asks for `Accept: application/json` gets one JSON object with the audio in base64 instead.
 */
export function registerVoiceChat(app: FastifyInstance, services: GatewayServices): void {
  app.post('/v1/voice/chat', { config: { family: 'voice' } }, async (request, reply) => {
    let beginning: RequestBeginning;
    let parsed: VoiceChatRequest;
    try {
      beginning = await beginRequest(request, reply, services, 'cache');
      parsed = await parseVoiceChat(request);
    } catch (error) {
      if (error instanceof GatewayError) await recordRefusal(services, request, { name: 'voice.chat' }, error);
      throw error;
    }
    const { fields } = parsed;
    const orgId = request.principal!.orgId;
    const run = stepRunner(request, services, beginning, parsed.warnings);

    const heard = await run<'transcription', TranscriptionResult>({ operation: 'transcription', endpoint: 'voice.chat.transcribe', family: 'voice', requestedModel: parsed.transcription.model, request: parsed.transcription, suffix: 'stt' });
    const transcript = heard.result.text.trim();
    if (transcript === '') throw new GatewayError('validation_error', 'no speech was heard in audio: the transcript is empty', { param: 'audio' });

    // Full mode keeps the session's turns (spec 4.9); cache mode keeps no session state.
    const remembers = beginning.mode === 'full';
    const conversationId = remembers ? (fields.conversation_id ?? `voice_${randomUUID()}`) : fields.conversation_id;
    const turns = remembers && fields.conversation_id ? await services.memory.turns.recent(orgId, fields.conversation_id) : [];
    const history = turns.flatMap((turn): ChatMessage[] => [{ role: 'user', content: turn.user }, { role: 'assistant', content: turn.assistant }]);
    const messages: ChatMessage[] = [...(fields.system ? [{ role: 'system' as const, content: fields.system }] : []), ...history, { role: 'user', content: transcript }];
    const chatRequest: ChatRequest = { model: fields.model ?? AUTO_MODEL, messages };
    if (fields.temperature != null) chatRequest.temperature = fields.temperature;
    if (fields.max_tokens != null) chatRequest.max_tokens = fields.max_tokens;
    const answered = await run<'chat', ChatCompletion>({ operation: 'chat', endpoint: 'voice.chat.chat', family: 'chat', requestedModel: chatRequest.model, request: chatRequest, suffix: 'chat' });
    const replyText = answered.result.choices[0]?.message.content?.trim() ?? '';
    if (replyText === '') throw new GatewayError('provider_error', `the chat model ${answered.context.target?.model.slug ?? chatRequest.model} answered no text to speak`);
    // Stored while the reply is synthesized (far slower than one append), so the next turn always finds it.
    // Through the memory writer, as chat turns are: the turn now (awaited below), its facts after the answer.
    const stored = remembers
      ? services.memory.writer.store({ orgId, conversationId: conversationId!, requestId: request.requestId, turn: { user: transcript, assistant: replyText }, at: new Date().toISOString() })
      : undefined;

    const speech: SpeechRequest = { model: fields.tts_model ?? AUTO_MODEL, input: speakable(replyText, parsed.warnings), voice: fields.voice ?? DEFAULT_VOICE, response_format: fields.output_format ?? 'mp3' };
    const spoken = await run<'speech', SpeechResult>({ operation: 'speech', endpoint: 'voice.chat.synthesize', family: 'voice', requestedModel: speech.model, request: speech, suffix: 'tts' });
    await stored;

    const steps = [heard.context, answered.context, spoken.context];
    const headers: Record<string, string> = {
      ...nonStreamHeaders(spoken.context),
      'x-svc-request-id': request.requestId,
      'x-svc-stt-model': heard.context.target?.model.slug ?? '',
      'x-svc-chat-model': answered.context.target?.model.slug ?? answered.context.route?.model.slug ?? '',
      'x-svc-tts-model': spoken.context.target?.model.slug ?? '',
      // What the three steps cost together; each is also a ledger row of its own.
      'x-svc-cost-usd': String(roundUsd(steps.reduce((sum, step) => sum + (step.cost?.cost_usd ?? 0), 0))),
      ...textHeader('x-svc-transcript', transcript),
      ...textHeader('x-svc-reply-text', replyText),
    };
    if (conversationId) headers['x-svc-conversation-id'] = conversationId;
    if (wantsJson(request)) {
      const audio: Buffer[] = [];
      for await (const chunk of spoken.result.audio) audio.push(Buffer.from(chunk));
      return reply.headers(headers).type('application/json').send({
        transcript,
        reply: replyText,
        conversation_id: conversationId ?? null,
        models: { stt: headers['x-svc-stt-model'], chat: headers['x-svc-chat-model'], tts: headers['x-svc-tts-model'] },
        cost_usd: Number(headers['x-svc-cost-usd']),
        audio: { content_type: spoken.result.contentType, format: speech.response_format, data: Buffer.concat(audio).toString('base64') },
      });
    }
    await relayAudio(request, reply, headers, spoken.result, services.streamObserver);
    return reply;
  });
}

/** JSON only when the caller asks for it and not for audio: a voice app gets bytes by default. */
function wantsJson(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  return accept.includes('application/json') && !accept.includes('audio/');
}

function textHeader(name: string, text: string): Record<string, string> {
  const encoded = encodeURIComponent(text);
  if (encoded.length <= MAX_TEXT_HEADER_BYTES) return { [name]: encoded };
  // Cut at a whole character (never inside its escapes); the whole text is in the JSON answer.
  let head = '';
  for (const char of text) {
    const piece = encodeURIComponent(char);
    if (head.length + piece.length > MAX_TEXT_HEADER_BYTES) break;
    head += piece;
  }
  return { [name]: head, [`${name}-truncated`]: 'true' };
}

/** A reply longer than a TTS request takes is spoken up to its last sentence within the limit. */
function speakable(text: string, warnings: string[]): string {
  if (text.length <= MAX_SPEECH_CHARACTERS) return text;
  const head = text.slice(0, MAX_SPEECH_CHARACTERS);
  const sentence = Math.max(head.lastIndexOf('. '), head.lastIndexOf('! '), head.lastIndexOf('? '));
  warnings.push(`the reply has ${text.length} characters; the first ${sentence > 0 ? sentence + 1 : MAX_SPEECH_CHARACTERS} were spoken (a speech request takes at most ${MAX_SPEECH_CHARACTERS})`);
  return sentence > 0 ? head.slice(0, sentence + 1) : head;
}

/**
 * Runs one step through the shared runner and hands back its result (settled, billed and recorded by the runner).
 * The session's memory is this endpoint's own (below), so the chat step does not recall or store turns itself.
 */
function stepRunner(request: FastifyRequest, services: GatewayServices, beginning: RequestBeginning, warnings: string[]) {
  const toggles = { enable_cache: refusesCache(request.headers['cache-control']) ? false : undefined, enable_memory: false };
  return async <O extends Operation, R>(step: InnerRequest<O>): Promise<{ context: RequestContext<O>; result: R }> => {
    const context = innerRequestContext<O>(request, beginning, { ...step, toggles, warnings });
    let result: R | undefined;
    await services.runner.run(context, (outcome: Outcome<O>) => {
      if (outcome.kind !== 'complete') throw new Error(`the ${step.operation} step answered a stream`);
      result = outcome.result as R;
    });
    return { context, result: result as R };
  };
}
