import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { WebSocketServer, type WebSocket } from 'ws';
import type { MockFault, MockReply, RecordedRequest } from './mock-types.js';

/**
 * OpenAI's Realtime API over a websocket (catalog/wire-formats.md §1.7), as strict as the real one: a Bearer
 * key and a known `model` on the upgrade, JSON text events of known types only, and per response the events
 * in OpenAI's order ending with `response.done` and its usage. A reply queued for `openai/realtime` shapes a
 * response: `content` is its transcript, `rawUsage` its usage, `eventDelayMs` the pause between events, `audioDeltaBytes`
 * the size of its audio deltas; a
 * fault for that wire refuses the upgrade (`status`) or cuts the session after `dropAfterEvents` events.
 */

const REALTIME_MODELS = new Set(['gpt-realtime', 'gpt-realtime-mini', 'gpt-realtime-2025-08-28']);
const CLIENT_EVENTS = new Set([
  'session.update',
  'input_audio_buffer.append',
  'input_audio_buffer.commit',
  'input_audio_buffer.clear',
  'conversation.item.create',
  'conversation.item.retrieve',
  'conversation.item.truncate',
  'conversation.item.delete',
  'response.create',
  'response.cancel',
  'output_audio_buffer.clear',
]);
export const DEFAULT_REALTIME_USAGE = {
  total_tokens: 150,
  input_tokens: 100,
  output_tokens: 50,
  input_token_details: { text_tokens: 20, audio_tokens: 80, cached_tokens: 0, cached_tokens_details: { text_tokens: 0, audio_tokens: 0 } },
  output_token_details: { text_tokens: 10, audio_tokens: 40 },
};
/** Each response's audio: three deltas of 1 KiB of PCM16, base64. */
export const MOCK_AUDIO_DELTAS = [1, 2, 3].map((fill) => Buffer.alloc(1024, fill).toString('base64'));

export interface RealtimeHooks {
  record(request: RecordedRequest): void;
  takeReply(): MockReply | undefined;
  takeFault(apiKey: string | undefined): MockFault | undefined;
  /** Every event a client sent, parsed, in order. */
  clientEvents: Array<Record<string, unknown>>;
}

export function attachRealtime(server: Server, hooks: RealtimeHooks): { close(): void; readonly openSessions: number } {
  const wss = new WebSocketServer({ noServer: true });
  const refuse = (socket: Duplex, status: number, message: string) => {
    const body = JSON.stringify({ error: { message, type: 'invalid_request_error', code: null, param: null } });
    socket.end(`HTTP/1.1 ${status} Refused\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`);
  };

  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://mock');
    const authorization = request.headers.authorization;
    const apiKey = typeof authorization === 'string' && authorization.startsWith('Bearer ') ? authorization.slice(7) : undefined;
    hooks.record({ wire: 'openai', method: 'GET', path: url.pathname + url.search, headers: request.headers, apiKey, body: {}, rawBody: '', receivedAt: Date.now() });
    if (url.pathname !== '/v1/realtime') return refuse(socket, 404, `no websocket at ${url.pathname}`);
    if (!apiKey) return refuse(socket, 401, "You didn't provide an API key.");
    const model = url.searchParams.get('model');
    if (!model || !REALTIME_MODELS.has(model)) return refuse(socket, 400, `Invalid model: ${String(model)}`);
    const fault = hooks.takeFault(apiKey);
    if (fault?.status) return refuse(socket, fault.status, fault.message ?? 'mock upstream refusal');
    wss.handleUpgrade(request, socket, head, (ws) => session(ws, model, fault));
  });

  function session(ws: WebSocket, model: string, fault: MockFault | undefined): void {
    let sent = 0;
    let audioBytes = 0;
    /** Sends one event, as `alter` changes it when a test plays a faulty provider (a string it returns goes as it is). */
    const send = (event: Record<string, unknown>, alter?: (event: unknown) => unknown) => {
      if (fault?.dropAfterEvents !== undefined && sent >= fault.dropAfterEvents) {
        ws.terminate();
        return false;
      }
      sent++;
      const stamped = { event_id: `event_${randomUUID()}`, ...event };
      const frame = alter ? alter(stamped) : stamped;
      ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame ?? null));
      return true;
    };
    const error = (code: string, message: string) => send({ type: 'error', error: { type: 'invalid_request_error', code, message, param: null } });
    send({ type: 'session.created', session: { id: `sess_${randomUUID()}`, object: 'realtime.session', type: 'realtime', model, output_modalities: ['audio'] } });

    ws.on('message', async (data, isBinary) => {
      if (isBinary) return error('invalid_event', 'binary frames are not accepted: send JSON text events');
      let event: Record<string, unknown>;
      try {
        event = JSON.parse(data.toString('utf8'));
      } catch {
        return error('invalid_json', 'the event is not JSON');
      }
      if (event === null || typeof event !== 'object' || Array.isArray(event)) return error('invalid_event', 'the event must be a JSON object');
      hooks.clientEvents.push(event);
      // A type that is not a string is refused like an unknown one ({toString: 1} cannot even be printed by String()).
      const type = typeof event.type === 'string' ? event.type : JSON.stringify(event.type ?? null);
      if (!CLIENT_EVENTS.has(type)) return error('invalid_value', `Invalid value: '${type}'. Supported values are: ${[...CLIENT_EVENTS].join(', ')}.`);
      if (type === 'session.update') return send({ type: 'session.updated', session: event.session ?? {} });
      if (type === 'input_audio_buffer.append') {
        if (typeof event.audio !== 'string') return error('missing_required_parameter', "Missing required parameter: 'audio'.");
        audioBytes += Buffer.from(event.audio, 'base64').length;
        return undefined;
      }
      if (type === 'input_audio_buffer.commit') {
        if (audioBytes === 0) return error('input_audio_buffer_commit_empty', 'Error committing input audio buffer: buffer too small.');
        audioBytes = 0;
        return send({ type: 'input_audio_buffer.committed', item_id: `item_${randomUUID()}`, previous_item_id: null });
      }
      if (type !== 'response.create') return undefined;
      const reply = hooks.takeReply();
      const transcript = reply?.content ?? 'mock realtime answer';
      const responseId = `resp_${randomUUID()}`;
      const itemId = `item_${randomUUID()}`;
      const events: Array<Record<string, unknown>> = [
        { type: 'response.created', response: { id: responseId, object: 'realtime.response', status: 'in_progress', output: [] } },
        { type: 'response.output_item.added', response_id: responseId, output_index: 0, item: { id: itemId, type: 'message', role: 'assistant', content: [] } },
        { type: 'response.output_audio_transcript.delta', response_id: responseId, item_id: itemId, output_index: 0, content_index: 0, delta: transcript },
        ...(reply?.audioDeltaBytes ? [1, 2, 3].map((fill) => Buffer.alloc(reply.audioDeltaBytes!, fill).toString('base64')) : MOCK_AUDIO_DELTAS).map((delta) => ({ type: 'response.output_audio.delta', response_id: responseId, item_id: itemId, output_index: 0, content_index: 0, delta })),
        { type: 'response.output_audio.done', response_id: responseId, item_id: itemId, output_index: 0, content_index: 0 },
        { type: 'response.output_audio_transcript.done', response_id: responseId, item_id: itemId, output_index: 0, content_index: 0, transcript },
        { type: 'response.done', response: { id: responseId, object: 'realtime.response', status: 'completed', output: [{ id: itemId, type: 'message', role: 'assistant', content: [{ type: 'output_audio', transcript }] }], usage: reply?.rawUsage ?? DEFAULT_REALTIME_USAGE } },
      ];
      const alter = reply?.alter;
      for (const [index, next] of events.entries()) {
        if (ws.readyState !== ws.OPEN || !send(next, alter && ((event) => alter(event, index)))) return undefined;
        if (reply?.eventDelayMs) await sleep(reply.eventDelayMs);
      }
      return undefined;
    });
  }

  return {
    get openSessions() {
      return wss.clients.size;
    },
    close() {
      for (const client of wss.clients) client.terminate();
      wss.close();
    },
  };
}
