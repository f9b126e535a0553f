import type { CallerSignal } from '../../core/caller-signal.js';
import { Pool, type Dispatcher } from 'undici';
import { LruCache } from '../../shared/lru-cache.js';
import { type UpstreamHttpRequest } from '../provider-types.js';
import { UpstreamError } from '../../errors/upstream-error.js';
import { internalRangeOf, OutboundAddressRefused, publicOnlyLookup } from '../../shared/outbound-address.js';
import { isIP } from 'node:net';
import { ANSWER_TOO_LARGE, failedAfterAnswerBegan, WholeAnswerHandler, type UpstreamTextAnswer } from './whole-answer.js';
import { StreamedBody, type StreamedResponse } from './streamed-body.js';

/**
 * The one HTTP client of every adapter: a keep-alive undici Pool per upstream origin,
 * connect / first-byte / idle time-outs, and the translation of transport failures into UpstreamError.
 */

export interface UpstreamTimeouts {
  connectMs: number;
  /** Until the response headers arrive. */
  firstByteMs: number;
  /** Longest silence between two body chunks. */
  idleMs: number;
}

export interface SendOptions {
  signal?: CallerSignal;
  timeouts: UpstreamTimeouts;
  providerId: string;
  /** Replaces the per-origin pools (tests, proxies). */
  dispatcher?: Dispatcher;
  /** A tenant's base URL: the connection may reach public addresses only (checked on the resolved address). */
  publicOnly?: boolean;
}

export type UpstreamBody = Dispatcher.ResponseData['body'];

export interface UpstreamResponse {
  status: number;
  /** Lower-cased names, as undici delivers them. */
  headers: Record<string, string | string[] | undefined>;
  /** Readable / async iterable of Buffer: consume it or destroy it, or the socket stays busy. */
  body: UpstreamBody;
}

const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;

/**
 * One keep-alive Pool per upstream origin, created on first use with that provider's connect time-out.
 * Calling a Pool directly (rather than through an Agent with a URL) spares a URL parse and a dispatcher
 * lookup per request.
 */
const pools = new Map<string, Pool>();
/**
 * Pools of tenants' base URLs: their own sockets, each connect resolved through the public-only lookup.
 * An origin whose host is an internal IP literal (connected to without a lookup) is refused instead, the
 * verdict kept like a pool: judged once per origin, not per request.
 */
const publicOnlyPools = new Map<string, Pool | OutboundAddressRefused>();

function poolFor(origin: string, connectMs: number, publicOnly: boolean): Pool {
  const map = publicOnly ? publicOnlyPools : pools;
  let pool = map.get(origin);
  if (!pool) {
    pool = (publicOnly && internalLiteralOf(origin)) || newPool(origin, connectMs, publicOnly);
    map.set(origin, pool);
  }
  if (pool instanceof OutboundAddressRefused) throw pool;
  return pool;
}

function newPool(origin: string, connectMs: number, publicOnly: boolean): Pool {
  const connect = { timeout: connectMs || DEFAULT_CONNECT_TIMEOUT_MS, ...(publicOnly ? { lookup: publicOnlyLookup } : {}) };
  return new Pool(origin, { pipelining: 1, keepAliveTimeout: 10_000, keepAliveMaxTimeout: 60_000, connect });
}

/** The refusal of an origin whose host is an internal IP literal, or undefined. */
function internalLiteralOf(origin: string): OutboundAddressRefused | undefined {
  const host = new URL(origin).hostname.replace(/^\[|\]$/g, '');
  const range = isIP(host) === 0 ? undefined : internalRangeOf(host);
  return range ? new OutboundAddressRefused(host, host, range) : undefined;
}

/** Adapters build a handful of distinct URLs (one per provider path and model): split each once. */
const splitUrls = new Map<string, { origin: string; path: string }>();
const MAX_SPLIT_URLS = 10_000;

function splitUrl(url: string): { origin: string; path: string } {
  let split = splitUrls.get(url);
  if (!split) {
    const parsed = new URL(url);
    split = { origin: parsed.origin, path: parsed.pathname + parsed.search };
    if (splitUrls.size >= MAX_SPLIT_URLS) splitUrls.clear();
    splitUrls.set(url, split);
  }
  return split;
}

/** Sends one upstream request. Resolves once the response headers are in, whatever the status. */
export function sendUpstream(upstreamRequest: UpstreamHttpRequest, options: SendOptions): Promise<UpstreamResponse> {
  return withFirstByteDeadline(upstreamRequest, options, async (url, signal) => {
    const response = await dispatcherFor(url, options).request(dispatchOptions(url, upstreamRequest, options, asAbortSignal(signal)));
    return { status: response.statusCode, headers: response.headers as UpstreamResponse['headers'], body: response.body };
  });
}

/**
 * Sends one upstream request and reads its whole answer as text, whatever the status (an error body cut to
 * `maxErrorBytes`): the path of every JSON call, cheaper than sendUpstream + reading the body stream.
 */
export function sendUpstreamForText(upstreamRequest: UpstreamHttpRequest, options: SendOptions, maxErrorBytes = MAX_ERROR_BODY_BYTES): Promise<UpstreamTextAnswer> {
  return withFirstByteDeadline(upstreamRequest, options, (url, signal, headersArrived) =>
    new Promise<UpstreamTextAnswer>((resolve, reject) => {
      const handler = new WholeAnswerHandler(resolve, reject, signal, headersArrived, maxErrorBytes);
      if (!signal?.aborted) dispatcherFor(url, options).dispatch(dispatchOptions(url, upstreamRequest, options), handler);
    }),
  );
}

/**
 * Sends one upstream request whose answer is read as it streams (SSE): resolves once the status and
 * headers are in, with a body pulled chunk by chunk (StreamedBody) rather than request()'s Readable.
 */
export function sendUpstreamStreaming(upstreamRequest: UpstreamHttpRequest, options: SendOptions): Promise<StreamedResponse> {
  return withFirstByteDeadline(upstreamRequest, options, (url, signal, headersArrived) =>
    new Promise<StreamedResponse>((resolve, reject) => {
      const body = new StreamedBody(
        signal,
        (status, headers) => {
          headersArrived();
          resolve({ status, headers, body });
        },
        reject,
      );
      if (!signal?.aborted) dispatcherFor(url, options).dispatch(dispatchOptions(url, upstreamRequest, options), body);
    }),
  );
}

/** Error bodies are kept up to this size (they can be whole HTML pages). */
export const MAX_ERROR_BODY_BYTES = 64 * 1024;

type SplitUrl = { origin: string; path: string };

/**
 * Runs `send` under the first-byte time-out — once more if the first try met a stale connection before any answer
 * (isStaleConnection) — and translates its failures (toTransportError). undici's
 * headersTimeout runs on a coarse (~0.5-1 s) timer: fine for the usual time-outs of many seconds, too loose
 * for short ones, which get a timer of their own (and one more AbortController per call), stopped when the
 * headers are in.
 */
async function withFirstByteDeadline<T>(upstreamRequest: UpstreamHttpRequest, options: SendOptions, send: (url: SplitUrl, signal: CallerSignal | undefined, headersArrived: () => void) => Promise<T>): Promise<T> {
  const url = splitUrl(upstreamRequest.url);
  if (options.timeouts.firstByteMs >= PRECISE_TIMER_BELOW_MS) {
    try {
      return await sendOnceMoreIfStale(send, url, options.signal, noop);
    } catch (error) {
      throw toTransportError(error, options.providerId, options.signal);
    }
  }
  const firstByte = new AbortController();
  const firstByteTimer = setTimeout(() => firstByte.abort(), options.timeouts.firstByteMs);
  // The caller's abort is forwarded to the same controller: what AbortSignal.any([caller, firstByte]) does, at a
  // fraction of its cost (on Node 20 it is slow, and leaks composite signals that get listeners: nodejs/node#55328).
  // The listener stays after the headers: a caller leaving mid-body must still stop the body read.
  const callerSignal = options.signal;
  if (callerSignal?.aborted) firstByte.abort(callerSignal.reason);
  else callerSignal?.addEventListener('abort', () => firstByte.abort(callerSignal.reason), { once: true });
  const headersArrived = () => clearTimeout(firstByteTimer);
  try {
    return await sendOnceMoreIfStale(send, url, firstByte.signal, headersArrived);
  } catch (error) {
    if (firstByte.signal.aborted && !options.signal?.aborted) {
      throw new UpstreamError(options.providerId, { kind: 'timeout', message: `upstream timed out: no response headers within ${options.timeouts.firstByteMs} ms` }, { cause: error });
    }
    throw toTransportError(error, options.providerId, options.signal);
  } finally {
    clearTimeout(firstByteTimer);
  }
}

const noop = () => {};

/** One try, and a second one when the first met a stale connection before any answer (isStaleConnection). */
async function sendOnceMoreIfStale<T>(send: (url: SplitUrl, signal: CallerSignal | undefined, headersArrived: () => void) => Promise<T>, url: SplitUrl, signal: CallerSignal | undefined, headersArrived: () => void): Promise<T> {
  try {
    return await send(url, signal, headersArrived);
  } catch (error) {
    if (!isStaleConnection(error, signal)) throw error;
  }
  return send(url, signal, headersArrived);
}

/**
 * Socket failures that, before any answer, mean a kept-alive connection had gone stale: the server closed it as the
 * request left (its idle time-out shorter than ours, or no keep-alive hint), and never read the request.
 */
const STALE_CONNECTION_CODES = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE']);

/**
 * Whether a try failed on a stale connection before any answer began, so that it is sent once more, on another
 * connection (measured: one embeddings call in 40,000 of a 30-minute soak). Never after the answer began — the
 * upstream took the request then — nor after the caller left; a second failure is the answer.
 */
function isStaleConnection(error: unknown, signal: CallerSignal | undefined): boolean {
  const code = errorCode(error);
  return !signal?.aborted && code !== undefined && STALE_CONNECTION_CODES.has(code) && !failedAfterAnswerBegan(error);
}

/** undici's request() takes a DOM AbortSignal: a caller's ConnectionSignal is forwarded to one (the byte and stream paths only). */
function asAbortSignal(signal: CallerSignal | undefined): AbortSignal | undefined {
  if (signal === undefined || signal instanceof AbortSignal) return signal;
  const controller = new AbortController();
  if (signal.aborted) controller.abort(signal.reason);
  else signal.addEventListener('abort', () => controller.abort(signal.reason), { once: true });
  return controller.signal;
}

/** First-byte time-outs shorter than this get a precise timer; longer ones rely on undici's. */
const PRECISE_TIMER_BELOW_MS = 5000;

function dispatcherFor(url: SplitUrl, options: SendOptions): Dispatcher {
  return options.dispatcher ?? poolFor(url.origin, options.timeouts.connectMs, options.publicOnly === true);
}

function dispatchOptions(url: SplitUrl, upstreamRequest: UpstreamHttpRequest, options: SendOptions, signal?: Dispatcher.RequestOptions['signal']): Dispatcher.RequestOptions {
  return {
    origin: url.origin,
    path: url.path,
    method: upstreamRequest.method,
    headers: upstreamRequest.headers,
    body: upstreamRequest.method === 'GET' ? undefined : upstreamRequest.body,
    headersTimeout: options.timeouts.firstByteMs,
    bodyTimeout: options.timeouts.idleMs,
    signal,
  };
}

/** Reads a body as text, keeping at most `maxBytes` (error bodies can be whole HTML pages). */
export async function readBodyText(body: UpstreamBody, maxBytes = MAX_ERROR_BODY_BYTES): Promise<string> {
  const parts: Buffer[] = [];
  let length = 0;
  for await (const part of body as AsyncIterable<Buffer>) {
    parts.push(part);
    length += part.length;
    if (length >= maxBytes) break; // leaving the loop destroys the body
  }
  return Buffer.concat(parts, length).toString('utf8', 0, Math.min(length, maxBytes));
}

const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT', 'ETIMEDOUT']);
/** Our own mistakes, not the network's: surface them unchanged instead of failing over. */
const PROGRAMMING_ERROR_CODES = new Set(['UND_ERR_INVALID_ARG', 'UND_ERR_NOT_SUPPORTED', 'ERR_INVALID_URL']);

/**
 * Translates a failure of sending or of reading a body: an abort by our signal stays an AbortError (a
 * client disconnect is not an upstream failure), time-outs become kind `timeout`, and any other network
 * failure kind `connection`. Errors that are already UpstreamError pass through.
 */
export function toTransportError(error: unknown, providerId: string, signal?: CallerSignal): Error {
  if (signal?.aborted) return toAbortError(signal.reason);
  if (error instanceof UpstreamError || isAbortError(error)) return error as Error;
  const code = errorCode(error);
  if (code !== undefined && PROGRAMMING_ERROR_CODES.has(code)) return error as Error;
  // The tenant's base URL points inside the network: the key's fault, not the provider's (no circuit is opened).
  if (code === 'SVC_OUTBOUND_REFUSED') return new UpstreamError(providerId, { kind: 'auth', message: `upstream connection refused: ${(error as Error).message}` }, { cause: error });
  if (code === ANSWER_TOO_LARGE) return new UpstreamError(providerId, { kind: 'server_error', message: (error as Error).message }, { cause: error });
  const detail = error instanceof Error ? error.message : String(error);
  if (code !== undefined && TIMEOUT_CODES.has(code)) {
    return new UpstreamError(providerId, { kind: 'timeout', message: `upstream timed out (${code}): ${detail}` }, { cause: error });
  }
  return new UpstreamError(providerId, { kind: 'connection', message: `upstream connection failed${code ? ` (${code})` : ''}: ${detail}` }, { cause: error });
}

/** Whether a failure is an abort (the caller's signal, or undici's RequestAbortedError) rather than an upstream fault. */
export function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

function toAbortError(reason: unknown): Error {
  if (isAbortError(reason)) return reason as Error;
  const error = new Error('the upstream request was aborted', { cause: reason });
  error.name = 'AbortError';
  return error;
}

/** The code of an error, or of the first error inside an AggregateError (happy-eyeballs connects). */
function errorCode(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') return code;
  if (error instanceof AggregateError && error.errors.length > 0) return errorCode(error.errors[0]);
  return undefined;
}

/** Shutdown: waits for in-flight requests (or cuts them with `force`), then frees every socket. */
export async function closeHttpClient(options: { force?: boolean } = {}): Promise<void> {
  const closing = [...pools.values(), ...[...publicOnlyPools.values()].filter((pool): pool is Pool => pool instanceof Pool)];
  pools.clear();
  publicOnlyPools.clear();
  splitUrls.clear();
  await Promise.all(closing.map((pool) => (options.force ? pool.destroy() : pool.close())));
}
