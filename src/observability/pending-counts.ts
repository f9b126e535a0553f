import type { Counter } from 'prom-client';

interface Series<L extends string> {
  labels: Partial<Record<L, string>>;
  pending: number;
}

/**
 * Increments of a prom-client counter, summed per label set until the registry is scraped. prom-client hashes a
 * counter's labels (sorting and joining them) on every `inc`, also through a `labels()` child: with half a dozen
 * counters per request that was most of what metrics cost. Here an increment is one Map lookup by a key the caller
 * has built, and the counter gets each series' sum when it is collected (wire it with `collectInto`).
 */
export class PendingCounts<L extends string> {
  private readonly series = new Map<string, Series<L>>();

  /** Adds `amount` to the series `key` names; `labels` is called only the first time a key is seen. */
  add(key: string, labels: () => Partial<Record<L, string>>, amount = 1): void {
    let series = this.series.get(key);
    if (!series) {
      series = { labels: labels(), pending: 0 };
      this.series.set(key, series);
    }
    series.pending += amount;
  }

  /** Hands every pending sum to the counter (from its `collect`, which prom-client calls at each scrape). */
  collectInto(counter: Counter<L>): void {
    for (const series of this.series.values()) {
      if (series.pending === 0) continue;
      counter.inc(series.labels, series.pending);
      series.pending = 0;
    }
  }
}
