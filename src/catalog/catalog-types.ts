/** Rows of catalog/models.json and catalog/providers.json (data shipped with the package). */

export type WireFormat = 'openai' | 'anthropic' | 'gemini' | 'deepgram' | 'elevenlabs' | 'cartesia' | 'demo';
export type ModelType = 'chat' | 'embedding' | 'moderation' | 'stt' | 'tts' | 'realtime' | 'audio_llm' | 'music' | 'sts';
export type Tier = 'T1' | 'T2' | 'T3';
export type Lane = 'smart' | 'turbo';

export interface ModelPricing {
  input_per_mtok?: number;
  output_per_mtok?: number;
  cached_input_per_mtok?: number;
  cache_write_5m_per_mtok?: number;
  cache_write_1h_per_mtok?: number;
  audio_input_per_mtok?: number;
  audio_output_per_mtok?: number;
  long_context?: { threshold_tokens: number; input_per_mtok: number; output_per_mtok: number; cached_input_per_mtok?: number };
  per_minute?: number;
  per_hour?: number;
  per_mchar?: number;
  per_request?: number;
  [key: string]: unknown;
}

export interface CatalogModel {
  slug: string;
  provider: string;
  upstream_model: string;
  type: ModelType;
  wire: WireFormat;
  transport?: string;
  tier: Tier | null;
  lane: Lane;
  context_window: number | null;
  /** The most output tokens the model produces in one answer (where the vendor documents it). */
  max_output_tokens?: number;
  pricing: ModelPricing;
  capabilities: string[];
  lifecycle?: { status: string; shutdown_date?: string; basis?: string };
  notes?: string;
  dimensions?: number;
  /** The open-weights model this row serves; rows sharing it are interchangeable failover targets. */
  open_model?: string;
  /** The model an endpoint uses when the caller names none (moderations): the first such row of a routable provider. */
  default?: boolean;
}

export interface CatalogChatOptions {
  /** Which request field carries the output-token cap (default `max_tokens`). */
  max_tokens_field?: 'max_tokens' | 'max_completion_tokens';
  /** Fields the provider rejects for models with the `reasoning` capability. */
  reasoning_models_reject?: string[];
  /** `metadata` is refused unless `store` is true. */
  metadata_requires_store?: boolean;
  /** The reasoning_effort values the provider takes (others are mapped to the nearest). */
  reasoning_efforts?: string[];
  /** false: the provider rejects `stream_options` (usage then comes without asking, or not at all). */
  stream_options?: boolean;
  /** The provider takes `top_k`. */
  top_k?: boolean;
}

export interface CatalogEmbeddingsOptions {
  /** The provider answers `encoding_format: "base64"` (little-endian float32): svc asks for it, whatever the caller asked. */
  base64?: boolean;
}

export interface CatalogProvider {
  id: string;
  name: string;
  wire: WireFormat;
  /** Its name in OpenTelemetry's GenAI conventions (`gen_ai.provider.name`: `gcp.gemini`, `mistral_ai`…); the id when unset. */
  otel_name?: string;
  base_url: string;
  auth: { header: string; prefix: string; alt_query_param?: string; legacy_header?: string };
  required_headers?: Record<string, string>;
  optional_headers?: string[];
  env: string;
  paths: Record<string, string>;
  /** Chat-wire dialect knobs of an OpenAI-compatible host (data, so no provider is special-cased in code). */
  chat_options?: CatalogChatOptions;
  /** Embeddings-wire knobs of an OpenAI-compatible host. */
  embeddings_options?: CatalogEmbeddingsOptions;
  docs?: string;
  notes?: string;
  /** Part of svc itself (the demo provider): no key, no env variables, no entry in the config's providers. */
  built_in?: boolean;
}
