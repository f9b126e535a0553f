import assert from 'node:assert/strict';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestGateway } from './test-gateway.js';

/** Helpers every gateway-level suite shares. */

/** Posts a chat request with fetch (raw access to status, headers and SSE); the master key unless `key` says otherwise. */
export function postChat(harness: TestGateway, body: unknown, init: { key?: string | null; headers?: Record<string, string> } = {}): Promise<Response> {
  return harness.request('/v1/chat/completions', { method: 'POST', body, ...init });
}

/** A number equal to `expected` up to float rounding (costs are sums of float prices). */
export function assertClose(actual: unknown, expected: number, message?: string, tolerance = 1e-9): void {
  assert.equal(typeof actual, 'number', `${message ?? 'value'} should be a number (got ${JSON.stringify(actual)})`);
  assert.ok(Math.abs((actual as number) - expected) <= tolerance, `${message ?? 'value'}: expected ≈${expected}, got ${actual}`);
}

/** Writes a YAML config file in a fresh temporary folder and returns its path (for SVC_CONFIG). */
export async function writeConfigFile(yaml: string): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'svc-test-config-'));
  const path = join(folder, 'svc.yaml');
  await writeFile(path, yaml);
  return path;
}

/** Polls `probe` until it returns true or `timeoutMs` passes; returns whether it did. Tests wait this way, never by fixed sleeps. */
export async function waitFor(probe: () => boolean | Promise<boolean>, timeoutMs = 2000, intervalMs = 25): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await probe()) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** A TCP port free on 127.0.0.1 right now (for a server that must be told its port: redis-server, a cluster). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
