import assert from 'node:assert/strict';
import type { TestGateway } from '../support/test-gateway.js';
export { assertClose, postChat, waitFor, writeConfigFile } from '../support/helpers.js';

/** Small helpers shared by the behaviour tests of test/gateway (not a test file itself). */

export interface ErrorEnvelope {
  error: { message: string; type: string; code: string; param: string | null };
}

export interface ExpectedError {
  status: number;
  type: string;
  code: string;
  /** When given, error.param must equal it (null included). */
  param?: string | null;
  /** Substrings the message must contain. */
  message?: string | string[];
}

/**
 * Asserts a spec section-7 error response: status, the `{error:{message,type,code,param}}` envelope
 * (exactly those four keys), and the `x-error-id` header. Returns the envelope.
 */
export async function expectError(response: Response, expected: ExpectedError): Promise<ErrorEnvelope> {
  const text = await response.text();
  let body: ErrorEnvelope;
  try {
    body = JSON.parse(text) as ErrorEnvelope;
  } catch {
    assert.fail(`expected a JSON error body with status ${expected.status}, got ${response.status}: ${text.slice(0, 300)}`);
  }
  assert.equal(response.status, expected.status, `status (body: ${text.slice(0, 300)})`);
  assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
  assert.ok(body.error && typeof body.error === 'object', `error envelope missing: ${text}`);
  assert.deepEqual(Object.keys(body.error).sort(), ['code', 'message', 'param', 'type']);
  assert.equal(body.error.type, expected.type, `error.type (message: ${body.error.message})`);
  assert.equal(body.error.code, expected.code, `error.code (message: ${body.error.message})`);
  assert.equal(typeof body.error.message, 'string');
  assert.ok(body.error.message.length > 0, 'error.message must not be empty');
  assert.ok(body.error.param === null || typeof body.error.param === 'string', 'error.param is a string or null');
  if (expected.param !== undefined) assert.equal(body.error.param, expected.param, `error.param (message: ${body.error.message})`);
  for (const part of [expected.message ?? []].flat()) assert.ok(body.error.message.includes(part), `error.message ${JSON.stringify(body.error.message)} should contain ${JSON.stringify(part)}`);
  const errorId = response.headers.get('x-error-id');
  assert.ok(errorId && errorId.length > 0, 'every error response carries an x-error-id header');
  return body;
}

/** A minimal valid chat body; `overrides` replace or add fields (undefined removes one). */
export function chatBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const body: Record<string, unknown> = { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hello' }], ...overrides };
  for (const [key, value] of Object.entries(body)) if (value === undefined) delete body[key];
  return body;
}


/** Creates an org through the admin API and returns its id. */
export async function createOrg(harness: TestGateway, name: string): Promise<string> {
  const response = await harness.request('/v1/admin/orgs', { body: { name } });
  assert.ok(response.ok, `POST /v1/admin/orgs answered ${response.status}: ${await response.clone().text()}`);
  return ((await response.json()) as { id: string }).id;
}

export interface IssuedKey {
  id: string;
  key: string;
  prefix: string;
  [field: string]: unknown;
}

/** Creates an API key through the admin API (master key) and returns the issued record with its secret. */
export async function createKey(
  harness: TestGateway,
  body: { org_id: string; scopes?: string[]; expires_at?: string; name?: string; rpm?: number; tpm?: number; monthly_token_quota?: number; monthly_budget_usd?: number },
): Promise<IssuedKey> {
  const response = await harness.request('/v1/admin/keys', { body });
  assert.ok(response.ok, `POST /v1/admin/keys answered ${response.status}: ${await response.clone().text()}`);
  return (await response.json()) as IssuedKey;
}

export interface SseEvent {
  /** The `event:` name, when the event has one. */
  event?: string;
  /** The `data:` payload as text. */
  data: string;
  /** Milliseconds since the request was sent. */
  at: number;
}

/**
 * Reads an SSE body incrementally, recording when each `data:` event arrived. `onEvent` may return
 * true to stop reading (the body is then cancelled). Resolves with the events read; never throws on a
 * connection that ends abruptly (that is part of what tests look at), but records it in `brokeOff`.
 */
export async function readSse(response: Response, startedAt: number, onEvent?: (event: SseEvent, index: number) => boolean | void): Promise<{ events: SseEvent[]; brokeOff: boolean }> {
  assert.ok(response.body, 'a stream response has a body');
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const events: SseEvent[] = [];
  let buffer = '';
  let brokeOff = false;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true }).replace(/\r\n/g, '\n');
      let boundary: number;
      while ((boundary = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, boundary);
        buffer = buffer.slice(boundary + 2);
        const data = block
          .split('\n')
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(5).replace(/^ /, ''))
          .join('\n');
        if (data === '') continue;
        const name = block.split('\n').find((line) => line.startsWith('event:'))?.slice(6).trim();
        const event: SseEvent = name === undefined ? { data, at: performance.now() - startedAt } : { event: name, data, at: performance.now() - startedAt };
        events.push(event);
        if (onEvent?.(event, events.length - 1) === true) {
          await reader.cancel().catch(() => undefined);
          return { events, brokeOff };
        }
      }
    }
  } catch {
    brokeOff = true;
  }
  return { events, brokeOff };
}

/** `{model}` usage an OpenAI-wire upstream reported, priced with the catalog's per-million rates. */
export function priced(promptTokens: number, completionTokens: number, inputPerMtok: number, outputPerMtok: number): number {
  return (promptTokens * inputPerMtok + completionTokens * outputPerMtok) / 1_000_000;
}

