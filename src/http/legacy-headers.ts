import { GatewayError } from '../errors/gateway-error.js';
import { METADATA_BOUNDS, tooLongProblem } from './request-body/fields.js';

/** Legacy request headers mapped into metadata (spec 4.1 table). */
export const legacyHeaderMetadataKeys: ReadonlyArray<readonly [header: string, metadataKey: string]> = [
  ['x-svc-workflow', 'x-svc-workflow'],
  ['x-svc-voice', 'x-svc-voice'],
  ['x-svc-planning-mode', 'x-svc-planning-mode'],
  ['x-svc-preference', 'x-svc-preference'],
  ['x-svc-chain-routing', 'x-svc-chain-routing'],
  ['x-svc-lane', 'x-svc-lane'],
  ['x-svc-tier', 'x-svc-tier'],
  ['x-svc-run-id', 'run_id'],
  ['x-svc-conversation-id', 'conversation_id'],
  ['x-intelligence-mode', 'x-intelligence-mode'],
];

/**
 * The metadata the legacy headers carry. Each value is bounded as a body's metadata value is (a conversation id keys
 * memory and an index entry): a longer one is refused with a 400 naming the header.
 */
export function metadataFromHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [header, key] of legacyHeaderMetadataKeys) {
    const value = headers[header];
    if (typeof value !== 'string' || value === '') continue;
    const problem = tooLong(value);
    if (problem) throw new GatewayError('validation_error', `${header} ${problem}`, { param: header });
    metadata[key] = value;
  }
  return metadata;
}

const tooLong = tooLongProblem(METADATA_BOUNDS.valueCharacters);
