import { DROPPABLE, type SharedState } from '../core/shared-state.js';

/** Weight of the newest observation in the averages. */
const ALPHA = 0.2;
/** Observations before a target's error rate counts against it. */
const MIN_SAMPLES = 5;
/** Error rate from which a target is unhealthy: ranked after every healthy one. */
const UNHEALTHY_ERROR_RATE = 0.5;
/** How often this process shares its figures, and how long a shared figure outlives its last update. */
const SYNC_MS = 1000;
const SHARED_TTL_MS = 10 * 60 * 1000;

export interface HealthFigures {
  /** Exponentially weighted latency (ms) and mean deviation of the latency (ms). */
  latencyMs: number;
  deviationMs: number;
  /** Exponentially weighted share of failed calls (0..1). */
  errorRate: number;
  samples: number;
}

/** What the router reads of a model's health. */
export interface HealthView {
  /** The latency under which about 95 % of calls answer: mean + 2 deviations (Jacobson's estimator). */
  p95Ms(target: string): number | undefined;
  unhealthy(target: string): boolean;
}

export const healthTarget = (provider: string, upstreamModel: string) => `${provider}/${upstreamModel}`;

/**
 * Live health per provider and model (issue 18): an exponentially weighted latency, its deviation and the
 * error rate, fed by every upstream call. Each process keeps its own and, once a second, blends in what the
 * other replicas shared (weighted by samples) and shares the result, so routing reads memory, never Redis.
 */
export class ModelHealth implements HealthView {
  private readonly local = new Map<string, HealthFigures>();
  private readonly dirty = new Set<string>();
  private readonly timer: NodeJS.Timeout | undefined;
  private syncing: Promise<void> | undefined;

  constructor(private readonly shared?: SharedState) {
    if (shared) {
      this.timer = setInterval(() => void this.sync(), SYNC_MS);
      this.timer.unref();
    }
  }

  observe(target: string, latencyMs: number, failed: boolean): void {
    const figures = this.local.get(target);
    if (!figures) {
      this.local.set(target, { latencyMs, deviationMs: latencyMs / 2, errorRate: failed ? 1 : 0, samples: 1 });
    } else {
      // A failure's latency says how long it took to fail, not how fast the model answers.
      if (!failed) {
        figures.deviationMs += ALPHA * (Math.abs(latencyMs - figures.latencyMs) - figures.deviationMs);
        figures.latencyMs += ALPHA * (latencyMs - figures.latencyMs);
      }
      figures.errorRate += ALPHA * ((failed ? 1 : 0) - figures.errorRate);
      figures.samples++;
    }
    this.dirty.add(target);
  }

  figures(target: string): HealthFigures | undefined {
    return this.local.get(target);
  }

  p95Ms(target: string): number | undefined {
    const figures = this.local.get(target);
    return figures ? figures.latencyMs + 2 * figures.deviationMs : undefined;
  }

  unhealthy(target: string): boolean {
    const figures = this.local.get(target);
    return figures !== undefined && figures.samples >= MIN_SAMPLES && figures.errorRate >= UNHEALTHY_ERROR_RATE;
  }

  /** Blends this process's changed figures with the shared ones and shares the blend. */
  sync(): Promise<void> {
    if (!this.shared || this.dirty.size === 0) return Promise.resolve();
    this.syncing ??= this.syncDirty().finally(() => (this.syncing = undefined));
    return this.syncing;
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
  }

  private async syncDirty(): Promise<void> {
    const targets = [...this.dirty];
    this.dirty.clear();
    for (const target of targets) {
      const mine = this.local.get(target)!;
      try {
        const stored = await this.shared!.get(`health:${target}`);
        const theirs = stored ? (JSON.parse(stored) as HealthFigures) : undefined;
        const blended = theirs ? blend(mine, theirs) : mine;
        this.local.set(target, blended);
        await this.shared!.set(`health:${target}`, JSON.stringify(blended), SHARED_TTL_MS, DROPPABLE);
      } catch {
        this.dirty.add(target); // shared state down: kept for the next sync; routing goes on with local figures
      }
    }
  }
}

/** The two sets of figures weighted by their samples (each capped, so that old history does not drown new). */
function blend(mine: HealthFigures, theirs: HealthFigures): HealthFigures {
  const cap = 100;
  const a = Math.min(mine.samples, cap);
  const b = Math.min(theirs.samples, cap);
  const mix = (left: number, right: number) => (left * a + right * b) / (a + b);
  return { latencyMs: mix(mine.latencyMs, theirs.latencyMs), deviationMs: mix(mine.deviationMs, theirs.deviationMs), errorRate: mix(mine.errorRate, theirs.errorRate), samples: Math.max(mine.samples, theirs.samples) };
}
