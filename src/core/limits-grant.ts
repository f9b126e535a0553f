import type { RateCheck } from '../shared/gcra.js';

/** What the limits stages left on a request for its settlement. */
export interface LimitsGrant {
  /** The tpm counters charged with the estimate, to correct with the real tokens. */
  tokenCharges: Array<{ check: Omit<RateCheck, 'cost'>; estimate: number }>;
  /** Monthly counters charged with the worst case, to settle with the real cost and tokens. */
  reservations: Array<{ key: string; amount: number; unit: 'usd' | 'tokens' }>;
  /** x-ratelimit-* headers of the answer. */
  headers: Record<string, string>;
}
