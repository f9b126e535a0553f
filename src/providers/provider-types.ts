import type { RequestOptions } from 'node:http';
import type { ClientOptions } from 'ws';
import type { FormData } from 'undici';
import type { CatalogChatOptions, CatalogEmbeddingsOptions, CatalogModel, CatalogProvider, WireFormat } from '../catalog/catalog-types.js';

/** A configured provider: the catalog row merged with config/env (keys, base URL override). */
export interface ProviderRuntime {
  id: string;
  wire: WireFormat;
  /** Its name in traces (`gen_ai.provider.name`): the catalog's `otel_name`, else the id. */
  telemetryName?: string;
  baseUrl: string;
  auth: CatalogProvider['auth'];
  requiredHeaders: Record<string, string>;
  paths: Record<string, string>;
  /** The catalog row's `chat_options`: how this OpenAI-compatible host's dialect differs. */
  chatOptions?: CatalogChatOptions;
  /** The catalog row's `embeddings_options`. */
  embeddingsOptions?: CatalogEmbeddingsOptions;
  /** Platform keys (the rotation pool); empty = not routable without BYOK. */
  apiKeys: string[];
  /** Time-outs in ms. */
  timeouts: { connectMs: number; firstByteMs: number; idleMs: number };
}

/** One concrete upstream call: which provider, which model, which key. */
export interface UpstreamTarget {
  provider: ProviderRuntime;
  model: CatalogModel;
  apiKey: string;
  /** Base URL to use (a BYOK entry may override the provider's). */
  baseUrl: string;
  keySource: 'pool' | 'byok';
  /** A base URL an org admin set: the connection may reach public addresses only. */
  publicOnly?: boolean;
}

/** A request body: JSON text, raw bytes, or a multipart form (undici's FormData: it sets the content type and boundary). */
export type UpstreamRequestBody = string | Uint8Array | FormData;

/** An HTTP request an adapter wants sent. `url` is absolute. */
export interface UpstreamHttpRequest {
  method: 'POST' | 'GET';
  url: string;
  headers: Record<string, string>;
  body?: UpstreamRequestBody;
}

/**
 * A request whose body is JSON (every wire's chat, embeddings and moderation calls): text, or its UTF-8 bytes when
 * a long body was assembled from the caller's own JSON (json-reuse.ts).
 */
export interface JsonHttpRequest extends UpstreamHttpRequest {
  body: string | Uint8Array;
}

/** One server-sent event as parsed by the shared SSE parser. */
export interface ServerSentEvent {
  event?: string;
  data: string;
  id?: string;
}

/**
 * Translates one upstream stream into canonical chunks, event by event. `push` may return zero or more
 * chunks; `finish` is called at the end of the upstream stream and may return trailing chunks (finish
 * reason, usage). Throws UpstreamError for an in-band error event.
 */
export interface StreamTranslator<C> {
  push(event: ServerSentEvent): C[];
  finish(): C[];
}

/** A realtime session's websocket options: ws hands them to http.request, so a lookup there resolves the upstream's host. */
export type RealtimeClientOptions = ClientOptions & Pick<RequestOptions, 'lookup'>;
