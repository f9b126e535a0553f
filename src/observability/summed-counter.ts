import { Counter, type Registry } from 'prom-client';

interface Series<L extends string> {
  labels: Partial<Record<L, string>>;
  pending: number;
}

/**
 * A prom-client counter whose increments are summed per label set until the registry is scraped. prom-client
 * hashes a counter's labels (sorting and joining them) on every `inc`, also through a `labels()` child: with half
 * a dozen counters per request that was most of what metrics cost. Here an increment is one Map lookup by a key
 * the caller has built, and the counter gets each series' sum when it is collected.
 */
export class SummedCounter<L extends string> {
  private readonly series = new Map<string, Series<L>>();

  constructor(config: { name: string; help: string; labelNames: readonly L[]; registers: Registry[] }) {
    const series = this.series;
    new Counter<L>({
      ...config,
      collect() {
        for (const one of series.values()) {
          if (one.pending === 0) continue;
          this.inc(one.labels, one.pending);
          one.pending = 0;
        }
      },
    });
  }

  /** Adds `amount` to the series `key` names; `labels` is called only the first time a key is seen. */
  add(key: string, labels: () => Partial<Record<L, string>>, amount = 1): void {
    let series = this.series.get(key);
    if (!series) {
      series = { labels: labels(), pending: 0 };
      this.series.set(key, series);
    }
    series.pending += amount;
  }
}
