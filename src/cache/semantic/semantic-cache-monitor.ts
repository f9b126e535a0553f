import type { Logger } from 'pino';
import type { ChatCompletion } from '../../core/chat-types.js';
import type { OrgPolicy, SemanticCacheSwitch } from '../../core/storage-interfaces.js';
import type { SharedState } from '../../core/shared-state.js';
import { defaultPolicy, type OrgPolicyService } from '../../governance/org-policy-service.js';
import { dot, embedLocally } from './local-embedder.js';

export interface SemanticCacheMonitorOptions {
  /** The switch of orgs that have none of their own. */
  defaultSwitch: SemanticCacheSwitch;
  /** Share of served hits answered fresh instead and compared (precision measured while serving). */
  verifySampleRate: number;
  /** Measured precision under which the semantic cache switches itself off for an org. */
  precisionFloor: number;
  /** Compared decisions needed before the floor applies. */
  minSamples: number;
  /** Similarity of two answers from which they agree. */
  answerAgreement: number;
  random?: () => number;
}

export interface CacheReport {
  org_id: string;
  exact: { hits: number };
  semantic: {
    switch: SemanticCacheSwitch;
    /** Why svc switched it off by itself, if it did. */
    note: string | null;
    hits: number;
    shadow: { decisions: number; agreed: number };
    /** agreed / decisions; null before any decision was compared. */
    estimated_precision: number | null;
    precision_floor: number;
    min_samples: number;
  };
}

/** How long hit counts gather in process before they are added to the shared counters. */
const HIT_FLUSH_MS = 1000;
/** Counters live 30 days after their first increment, in the shared state (one count across instances). */
const COUNTER_TTL_MS = 30 * 24 * 3600 * 1000;

/**
 * Measures the semantic cache per org, so that its precision is known rather than assumed: in `shadow`
 * mode (and for a sample of hits while serving) a hit is not served, the fresh answer is, and the two
 * answers are compared. When the share that agreed falls under the floor, the semantic cache switches
 * itself off for that org (the switch is stored in the org's policy, logged and counted in the metrics).
 */
export class SemanticCacheMonitor {
  private readonly random: () => number;
  private readonly pendingHits = new Map<string, number>();
  private hitTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly shared: SharedState,
    private readonly policies: OrgPolicyService,
    private readonly options: SemanticCacheMonitorOptions,
    private readonly logger: Pick<Logger, 'warn'>,
    private readonly onAutoOff: (orgId: string) => void = () => undefined,
  ) {
    this.random = options.random ?? Math.random;
  }

  /** The org's switch: its own, else the config's. Read from the policy cache (no store read once cached). */
  async switchOf(orgId: string): Promise<SemanticCacheSwitch> {
    const policy = this.policies.peek(orgId)?.policy ?? (await this.policies.of(orgId)).policy;
    return policy?.semantic_cache ?? this.options.defaultSwitch;
  }

  /** Whether this hit is answered fresh and compared instead of served. */
  verifies(mode: SemanticCacheSwitch): boolean {
    return mode === 'shadow' || (this.options.verifySampleRate > 0 && this.random() < this.options.verifySampleRate);
  }

  /**
   * Counts a hit in process; the counts reach the shared state in one increment per org and kind at most
   * every HIT_FLUSH_MS (a hit costs no Redis command of its own).
   */
  countHit(orgId: string, type: 'exact' | 'semantic'): void {
    const key = counterKey(orgId, `${type}_hits`);
    this.pendingHits.set(key, (this.pendingHits.get(key) ?? 0) + 1);
    this.hitTimer ??= setTimeout(() => void this.flushHits(), HIT_FLUSH_MS).unref();
  }

  /** Sends the counted hits to the shared state (also before a report, and on shutdown). */
  async flushHits(): Promise<void> {
    if (this.hitTimer) clearTimeout(this.hitTimer);
    this.hitTimer = undefined;
    const pending = [...this.pendingHits];
    this.pendingHits.clear();
    await Promise.all(
      pending.map(([key, amount]) =>
        this.shared.increment(key, amount, COUNTER_TTL_MS).catch((error: unknown) => this.logger.warn({ err: error, key }, 'semantic cache: a hit counter could not be updated')),
      ),
    );
  }

  /** Records whether the fresh answer agreed with the cached one, then applies the floor. */
  async recordComparison(orgId: string, cached: ChatCompletion, fresh: ChatCompletion): Promise<boolean> {
    const agreed = answersAgree(cached, fresh, this.options.answerAgreement);
    try {
      const decisions = await this.shared.increment(counterKey(orgId, 'shadow_decisions'), 1, COUNTER_TTL_MS);
      const agreements = await this.shared.increment(counterKey(orgId, 'shadow_agreed'), agreed ? 1 : 0, COUNTER_TTL_MS);
      if (decisions >= this.options.minSamples && agreements / decisions < this.options.precisionFloor) await this.switchOff(orgId, agreements / decisions, decisions);
    } catch (error) {
      this.logger.warn({ err: error, orgId }, 'semantic cache: a shadow comparison could not be recorded');
    }
    return agreed;
  }

  async report(orgId: string, policy: OrgPolicy | undefined): Promise<CacheReport> {
    await this.flushHits();
    const [exactHits, semanticHits, decisions, agreed] = await Promise.all(
      ['exact_hits', 'semantic_hits', 'shadow_decisions', 'shadow_agreed'].map(async (name) => Number((await this.shared.get(counterKey(orgId, name))) ?? 0)),
    );
    return {
      org_id: orgId,
      exact: { hits: exactHits },
      semantic: {
        switch: policy?.semantic_cache ?? this.options.defaultSwitch,
        note: policy?.semantic_cache_note ?? null,
        hits: semanticHits,
        shadow: { decisions, agreed },
        estimated_precision: decisions === 0 ? null : Math.round((agreed / decisions) * 10_000) / 10_000,
        precision_floor: this.options.precisionFloor,
        min_samples: this.options.minSamples,
      },
    };
  }

  /** A new switch starts a new measurement: what was measured before says nothing about it. */
  async resetMeasurement(orgId: string): Promise<void> {
    await Promise.all(['shadow_decisions', 'shadow_agreed'].map((name) => this.shared.delete(counterKey(orgId, name))));
  }

  private async switchOff(orgId: string, precision: number, decisions: number): Promise<void> {
    const { policy } = await this.policies.of(orgId);
    if (policy?.semantic_cache === 'off') return;
    const note = `measured precision ${precision.toFixed(3)} over ${decisions} compared answers is under the floor ${this.options.precisionFloor}; switched off at ${new Date().toISOString()}`;
    await this.policies.putPolicy({ ...(policy ?? defaultPolicy(orgId)), semantic_cache: 'off', semantic_cache_note: note, updated_at: new Date().toISOString() });
    this.logger.warn({ orgId, precision, decisions, floor: this.options.precisionFloor }, 'semantic cache switched off for the org: measured precision under the floor');
    this.onAutoOff(orgId);
  }

}

const counterKey = (orgId: string, name: string) => `cache:stats:${orgId}:${name}`;

/**
 * Two answers agree when they say the same thing: the same yes or no if either opens with one, the same
 * numbers, the same tool calls, and text similar by the built-in embedding (wording may differ).
 */
export function answersAgree(cached: ChatCompletion, fresh: ChatCompletion, minSimilarity: number): boolean {
  const left = answerText(cached);
  const right = answerText(fresh);
  if (left === right) return true;
  const leftCalls = toolCallsOf(cached);
  if (leftCalls !== toolCallsOf(fresh)) return false;
  const leftNormal = normalizeAnswer(left);
  const rightNormal = normalizeAnswer(right);
  if (leadingVerdict(leftNormal) !== leadingVerdict(rightNormal)) return false;
  const leftNumbers = numbersOf(leftNormal);
  const rightNumbers = numbersOf(rightNormal);
  if (leftNumbers.length > 0 && rightNumbers.length > 0 && leftNumbers.join(' ') !== rightNumbers.join(' ')) return false;
  return dot(embedLocally(leftNormal), embedLocally(rightNormal)) >= minSimilarity;
}

function answerText(completion: ChatCompletion): string {
  return completion.choices[0]?.message.content ?? '';
}

function toolCallsOf(completion: ChatCompletion): string {
  return JSON.stringify((completion.choices[0]?.message.tool_calls ?? []).map((call) => [call.function.name, call.function.arguments]));
}

function normalizeAnswer(text: string): string {
  return text
    .toLowerCase()
    .slice(0, 4000)
    .replace(/[^\p{L}\p{N}.]+/gu, ' ')
    .replace(/(?<!\d)[.]|[.](?!\d)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function leadingVerdict(text: string): string {
  const first = text.split(' ', 1)[0];
  return first === 'yes' || first === 'no' ? first : '';
}

function numbersOf(text: string): string[] {
  return [...new Set(text.match(/\d+(?:\.\d+)?/g) ?? [])].sort();
}
