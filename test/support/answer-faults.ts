import assert from 'node:assert/strict';
import type { TestGateway } from './test-gateway.js';

/**
 * What the mutation suites ask of every answer to a careless or hostile request: a success, or a 4xx svc wrote in
 * the spec's error envelope — never a 5xx, and (where svc checks the request) never the provider's refusal of what svc
 * forwarded. Returns what is wrong, or undefined.
 */
export function answerFault(status: number, text: string, options: { forwardedRefusal?: (message: string) => boolean } = {}): string | undefined {
  if (status < 400) return undefined;
  if (status >= 500) return `HTTP ${status}: ${text.slice(0, 300)}`;
  let error: { message?: unknown; type?: unknown; code?: unknown } | undefined;
  try {
    error = JSON.parse(text)?.error;
  } catch {
    return `HTTP ${status} with a body that is not JSON: ${text.slice(0, 200)}`;
  }
  if (typeof error?.message !== 'string' || typeof error?.type !== 'string' || typeof error?.code !== 'string') return `HTTP ${status} outside the error envelope: ${text.slice(0, 200)}`;
  if (options.forwardedRefusal?.(error.message)) return `svc forwarded what the provider refused: ${error.message.slice(0, 300)}`;
  return undefined;
}

/** The provider's refusal of a request svc forwarded, as svc words it. */
export const providerRefused = (message: string) => message.startsWith('The provider rejected the request');

/** svc logged no internal error (pino's level 50) since the log held `logsBefore` lines; `context` says after what. */
export function assertNoInternalError(harness: TestGateway, logsBefore: number, context = ''): void {
  assert.deepEqual(harness.logLines.slice(logsBefore).filter((line) => line.includes('"level":50')), [], `an internal error was logged${context}`);
}

/** After a round of mutations: svc still answers a plain chat request, and logged no internal error meanwhile. */
export async function assertStillWell(harness: TestGateway, logsBefore: number): Promise<void> {
  const after = await harness.request('/v1/chat/completions', { body: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'still there?' }] } });
  assert.equal(after.status, 200);
  await after.arrayBuffer();
  assertNoInternalError(harness, logsBefore);
}
