import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import OpenAI from 'openai';
import type { MockUpstream } from '../mock-upstream/server.js';
import type { RecordedRequest } from '../mock-upstream/mock-types.js';
import { testMasterKey, type TestGateway } from '../support/test-gateway.js';
export { assertClose, postChat, writeConfigFile } from '../support/helpers.js';

/** Shared by the conformance tests (not a test file itself). */

/** The official SDK against a test gateway: no retries, so one call is one gateway request. */
export function sdkClient(harness: TestGateway, apiKey: string = testMasterKey): OpenAI {
  return new OpenAI({ apiKey, baseURL: `${harness.url}/v1`, maxRetries: 0 });
}

export interface SvcMetadataView {
  provider: string;
  cost_usd?: number;
  cost_attribution: 'svc' | 'byok';
  routing_decision: string;
  failover_attempts?: number;
  warnings?: string[];
  [key: string]: unknown;
}

export function svcMetadataOf(completion: unknown): SvcMetadataView {
  const metadata = (completion as { svc_metadata?: SvcMetadataView }).svc_metadata;
  assert.ok(metadata, 'the completion carries svc_metadata');
  return metadata;
}

export interface ExpectedApiError {
  status: number;
  code: string;
  type?: string;
  /** Substrings the message must contain. */
  message?: string | string[];
}

/** Awaits a call that must fail with an OpenAI.APIError of this status and code; returns the error. */
export async function expectApiError(call: Promise<unknown>, expected: ExpectedApiError): Promise<InstanceType<typeof OpenAI.APIError>> {
  let caught: unknown;
  try {
    await call;
  } catch (error) {
    caught = error;
  }
  assert.ok(caught instanceof OpenAI.APIError, `expected an OpenAI.APIError, got ${caught === undefined ? 'a success' : String(caught)}`);
  const error = caught as InstanceType<typeof OpenAI.APIError>;
  assert.equal(error.status, expected.status, `status (message: ${error.message})`);
  assert.equal(error.code, expected.code, `error.code (message: ${error.message})`);
  if (expected.type !== undefined) assert.equal(error.type, expected.type, `error.type (message: ${error.message})`);
  for (const part of [expected.message ?? []].flat()) assert.ok(error.message.includes(part), `error message ${JSON.stringify(error.message)} should contain ${JSON.stringify(part)}`);
  return error;
}

/** The `data:` payloads of an SSE body, in order. */
export async function readSseData(response: Response): Promise<string[]> {
  const text = await response.text();
  const payloads: string[] = [];
  for (const block of text.split(/\n\n/)) {
    const data = block
      .split('\n')
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).trimStart())
      .join('\n');
    if (data !== '') payloads.push(data);
  }
  return payloads;
}

/** Requests the mock received since `start` (an index into mock.requests). */
export function requestsSince(mock: MockUpstream, start: number): RecordedRequest[] {
  return mock.requests.slice(start);
}

interface CatalogRow {
  slug: string;
  upstream_model: string;
  provider: string;
  capabilities: string[];
  pricing: { input_per_mtok?: number; output_per_mtok?: number; cached_input_per_mtok?: number };
}

let catalogRows: CatalogRow[] | undefined;

export function catalogModel(slug: string): CatalogRow {
  catalogRows ??= JSON.parse(readFileSync(new URL('../../catalog/models.json', import.meta.url), 'utf8')) as CatalogRow[];
  const row = catalogRows.find((candidate) => candidate.slug === slug);
  assert.ok(row, `catalog/models.json has ${slug}`);
  return row;
}

/** USD of a call from the catalog prices: uncached input at the input rate, cached input at the cached rate (the input rate when none). */
export function expectedChatCostUsd(slug: string, usage: { input: number; output: number; cached: number }): number {
  const { pricing } = catalogModel(slug);
  const inputRate = pricing.input_per_mtok ?? 0;
  const cachedRate = pricing.cached_input_per_mtok ?? inputRate;
  return ((usage.input - usage.cached) * inputRate + usage.cached * cachedRate + usage.output * (pricing.output_per_mtok ?? 0)) / 1_000_000;
}
