import { errorInitFromStatus, kindForStatus, type UpstreamErrorInit, type UpstreamErrorKind } from '../../errors/upstream-error.js';
import { isJsonObject, numberOrUndefined, stringOrUndefined, tryParseJson, type JsonObject } from '../../shared/json-values.js';

/** What an OpenAI-wire error body says, whichever compatible dialect wrote it. */
interface ErrorFacts {
  message?: string;
  type?: string;
  code?: string;
  /** OpenRouter puts the HTTP status in `error.code` (also in-band, where the real status is 200). */
  numericCode?: number;
  /** OpenRouter moderation: `metadata.reasons` / `metadata.flagged_input`. */
  flagged: boolean;
}

const MESSAGE_LIMIT = 500;
// OpenAI answers 429 for both meanings; these type/code words mean "out of credit", not "slow down".
const QUOTA_PATTERN = /insufficient_quota|billing|credit|spend_limit/i;
const CONTENT_FILTER_PATTERN = /content_filter|content_policy|moderation/i;
const RATE_LIMIT_PATTERN = /rate_limit|too_many_requests/i;
const OVERLOADED_PATTERN = /overloaded|unavailable/i;

/** A non-2xx answer of an OpenAI-wire upstream → typed error init (the provider's message is kept). */
export function mapOpenAiError(status: number, headers: Record<string, string | string[] | undefined>, bodyText: string): UpstreamErrorInit {
  const facts = readErrorFacts(tryParseJson(bodyText));
  return errorInitFromStatus(status, headers, {
    message: facts.message ?? (bodyText.slice(0, MESSAGE_LIMIT) || `upstream answered HTTP ${status}`),
    providerCode: facts.code ?? facts.type,
    kind: bodyOverride(status, facts),
  });
}

/** An `error` object that arrived inside a 200 answer: a stream event or a JSON body. */
export function mapOpenAiInBandError(error: unknown): UpstreamErrorInit {
  const facts = readErrorFacts({ error });
  const status = facts.numericCode !== undefined && facts.numericCode >= 400 && facts.numericCode <= 599 ? facts.numericCode : undefined;
  const init: UpstreamErrorInit = {
    kind: status !== undefined ? (bodyOverride(status, facts) ?? kindForStatus(status)) : (kindFromWords(facts) ?? 'server_error'),
    message: facts.message ?? 'upstream reported an error in its response',
  };
  if (status !== undefined) init.status = status;
  const providerCode = facts.code ?? facts.type;
  if (providerCode !== undefined) init.providerCode = providerCode;
  return init;
}

/** A 4xx whose words say "content filter" or "out of credit" means that, whatever the status. */
function bodyOverride(status: number, facts: ErrorFacts): UpstreamErrorKind | undefined {
  if (status < 400 || status >= 500) return undefined;
  const fromWords = kindFromWords(facts);
  return fromWords === 'content_filter' || fromWords === 'quota_exhausted' ? fromWords : undefined;
}

function kindFromWords(facts: ErrorFacts): UpstreamErrorKind | undefined {
  if (facts.flagged) return 'content_filter';
  const words = `${facts.type ?? ''} ${facts.code ?? ''}`;
  if (CONTENT_FILTER_PATTERN.test(words)) return 'content_filter';
  if (QUOTA_PATTERN.test(words)) return 'quota_exhausted';
  if (RATE_LIMIT_PATTERN.test(words)) return 'rate_limited';
  if (OVERLOADED_PATTERN.test(words)) return 'overloaded';
  return undefined;
}

/**
 * Reads `{error:{message,type,code}}` (OpenAI, most hosts), `{error:{code:<int>,message,metadata}}`
 * (OpenRouter), `{error:"text"}` (Ollama), `{object:"error",message,type,code}` (vLLM, Mistral) and
 * `{detail:"text"}` (FastAPI-based servers).
 */
function readErrorFacts(parsed: unknown): ErrorFacts {
  if (!isJsonObject(parsed)) return { flagged: false };
  if (typeof parsed.error === 'string') return { message: parsed.error, flagged: false };
  const source: JsonObject = isJsonObject(parsed.error) ? parsed.error : parsed;
  const metadata = isJsonObject(source.metadata) ? source.metadata : undefined;
  return {
    message: stringOrUndefined(source.message) ?? stringOrUndefined(parsed.detail),
    type: stringOrUndefined(source.type),
    code: stringOrUndefined(source.code),
    numericCode: numberOrUndefined(source.code),
    flagged: metadata !== undefined && (metadata.flagged_input !== undefined || metadata.reasons !== undefined),
  };
}
