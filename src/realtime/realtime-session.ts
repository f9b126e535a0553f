import type { CallerSignal } from '../core/caller-signal.js';
import { WebSocket } from 'ws';
import type { ChatRequest } from '../core/chat-types.js';
import type { MeteredUsage } from '../core/metered-usage.js';
import { UpstreamError } from '../errors/upstream-error.js';
import type { RequestContext } from '../pipeline/request-context.js';
import type { UpstreamTarget } from '../providers/provider-types.js';
import type { RealtimeCapability, RealtimeMeter, WireAdapter } from '../providers/wire-adapter.js';
import { tryParseJson } from '../shared/json-values.js';
import type { Frame } from './realtime-bridge.js';

/** An open upstream session and the frames it sent before the client's upgrade completed (`session.created`). */
export interface UpstreamSession {
  socket: WebSocket;
  early: Frame[];
  /** Stops collecting early frames: the bridge forwards from now on. */
  handOver(): Frame[];
}

/**
 * Opens the upstream websocket of `target`; a refused handshake becomes the typed error of the wire (a 429 or
 * 401 there rotates the key like any call), with the key removed from its message.
 */
export function openUpstreamSession(target: UpstreamTarget, adapter: WireAdapter, signal: CallerSignal): Promise<UpstreamSession> {
  return new Promise((resolve, reject) => {
    let connection: ReturnType<RealtimeCapability['connection']>;
    try {
      connection = adapter.realtime!.connection(target, target.provider.timeouts.connectMs);
    } catch (error) {
      reject(error);
      return;
    }
    const socket = new WebSocket(connection.url, connection.options);
    const early: Frame[] = [];
    const collect = (data: Frame['data'], isBinary: boolean) => early.push({ data, isBinary });
    socket.on('message', collect);
    const fail = (error: UpstreamError) => {
      signal.removeEventListener('abort', abort);
      socket.terminate();
      reject(error.withoutSecrets([target.apiKey]));
    };
    const abort = () => fail(new UpstreamError(target.provider.id, { kind: 'connection', message: 'the caller left before the realtime session opened' }));
    signal.addEventListener('abort', abort, { once: true });
    socket.once('open', () => {
      signal.removeEventListener('abort', abort);
      resolve({ socket, early, handOver: () => (socket.off('message', collect), early) });
    });
    socket.once('unexpected-response', (_request, response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (part: string) => (body += body.length < 64 * 1024 ? part : ''));
      response.on('end', () => fail(new UpstreamError(target.provider.id, adapter.mapError(response.statusCode ?? 502, response.headers, body))));
      response.on('error', () => fail(new UpstreamError(target.provider.id, { kind: 'connection', message: 'the realtime handshake answer broke off' })));
    });
    // `on`, not `once`: a socket that errs again (after the handshake, before the bridge listens) must not be an uncaught 'error'.
    socket.on('error', (error) => fail(new UpstreamError(target.provider.id, { kind: error.message.includes('timed out') ? 'timeout' : 'connection', message: `realtime connection failed: ${error.message}` })));
  });
}

const RESPONSE_CREATED = '"response.created"';
const RESPONSE_DONE = '"response.done"';

export interface ResponseAccounting {
  /** A context for one response of the session: limits reserved on it, settled when it is done. */
  newResponse(): RequestContext<'chat'>;
  /** Reserves the monthly budget and quota for a response; a refusal (402) is thrown. */
  admit(context: RequestContext<'chat'>): Promise<void>;
  settle(context: RequestContext<'chat'>, usage: MeteredUsage | undefined, status: number): void;
  /** The upstream is told to stop a response the budget refused; the client is told why. */
  refuse(responseId: string, error: unknown): void;
}

/** The canonical request of a realtime response, for limits and the ledger: the session's model, nothing else known up front. */
export function realtimeChatRequest(model: string): ChatRequest {
  return { model, messages: [], max_tokens: 1 };
}

/**
 * Follows the responses of a session in its events: each `response.created` is admitted against the monthly limits,
 * each `response.done` settled with its usage (a ledger row per response). A response whose usage never comes (the
 * client left, the upstream dropped the session) or cannot be read is settled with the wire meter's count instead,
 * marked estimated: never billed as nothing. Only events that can matter are parsed; audio deltas are measured as text.
 */
export class RealtimeResponses {
  private readonly open = new Map<string, { context: RequestContext<'chat'>; admitted: Promise<boolean> }>();

  constructor(
    private readonly accounting: ResponseAccounting,
    private readonly realtime: Pick<RealtimeCapability, 'usageOf'>,
    private readonly meter: RealtimeMeter,
  ) {}

  /** A text frame the client sent (what it adds to the conversation is counted). */
  observeClient(text: string): void {
    this.meter.client(text);
  }

  /** A text frame the upstream sent, before the client sees it. */
  observe(text: string): void {
    this.meter.upstream(text);
    const created = text.includes(RESPONSE_CREATED);
    if (!created && !text.includes(RESPONSE_DONE)) return;
    const event = tryParseJson(text) as { type?: string; response?: { id?: string; status?: string } } | undefined;
    const id = event?.response?.id;
    if (typeof id !== 'string') return;
    if (event!.type === 'response.created') this.track(id);
    else if (event!.type === 'response.done') void this.done(id, event!.response!.status, this.realtime.usageOf(event));
  }

  private track(id: string) {
    const context = this.accounting.newResponse();
    const admitted = this.accounting.admit(context).then(
      () => true,
      (error: unknown) => {
        this.accounting.refuse(id, error);
        return false;
      },
    );
    const entry = { context, admitted };
    this.open.set(id, entry);
    return entry;
  }

  private async done(id: string, status: string | undefined, reported: MeteredUsage | undefined): Promise<void> {
    const entry = this.open.get(id) ?? this.track(id);
    this.open.delete(id);
    // Counts that are missing or not counts: the whole response is counted by svc, not billed in part as 0.
    const usage = reported && !reported.estimated ? reported : this.meter.estimate(id);
    this.meter.finished(id, usage);
    await entry.admitted;
    this.accounting.settle(entry.context, usage, status === 'cancelled' ? 499 : status === 'failed' ? 502 : 200);
  }

  /** The session ended: responses still running are settled as cut (499), with what svc counted of them. */
  closeAll(): void {
    for (const [id, entry] of this.open) {
      this.open.delete(id);
      const usage = this.meter.estimate(id);
      this.meter.finished(id, usage);
      void entry.admitted.then(() => this.accounting.settle(entry.context, usage, 499));
    }
  }
}
