import type { Registry } from 'prom-client';

interface Series {
  labels: Record<string, string>;
  /** Observations per bucket (not cumulative), in the order of the upper bounds. */
  counts: Float64Array;
  sum: number;
  count: number;
}

/**
 * A Prometheus histogram whose observations find their series by a key the caller builds, once per request:
 * prom-client's Histogram hashes (sorts and joins) the labels on every `observe`, also through `labels()`.
 * It registers in a prom-client Registry like prom-client's own metrics and is printed the same way (the
 * `getForPromString` shape the registry formats), so /metrics reads exactly as before.
 */
export class SeriesHistogram<L extends string> {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly series = new Map<string, Series>();

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly upperBounds: readonly number[],
    registers: readonly Registry[],
  ) {
    // The registry takes any metric with a name and the get methods below.
    for (const registry of registers) registry.registerMetric(this as never);
  }

  /** Adds `value` to the series `key` names; `labels` is called only the first time a key is seen. */
  observe(key: string, labels: () => Record<L, string>, value: number): void {
    let series = this.series.get(key);
    if (!series) {
      series = { labels: labels(), counts: new Float64Array(this.upperBounds.length), sum: 0, count: 0 };
      this.series.set(key, series);
    }
    // The first bucket whose bound is at or above the value; above the last bound only +Inf counts it.
    for (let index = 0; index < this.upperBounds.length; index++) {
      if (value <= this.upperBounds[index]) {
        series.counts[index]++;
        break;
      }
    }
    series.sum += value;
    series.count++;
  }

  async getForPromString() {
    const values: Array<{ labels: Record<string, string | number>; sharedLabels: Record<string, string>; value: number; metricName: string; exemplar: null | undefined }> = [];
    for (const series of this.series.values()) {
      let cumulative = 0;
      this.upperBounds.forEach((bound, index) => {
        cumulative += series.counts[index];
        values.push({ labels: { le: bound }, sharedLabels: series.labels, value: cumulative, metricName: `${this.name}_bucket`, exemplar: null });
      });
      values.push({ labels: { le: '+Inf' }, sharedLabels: series.labels, value: series.count, metricName: `${this.name}_bucket`, exemplar: null });
      values.push({ labels: {}, sharedLabels: series.labels, value: series.sum, metricName: `${this.name}_sum`, exemplar: undefined });
      values.push({ labels: {}, sharedLabels: series.labels, value: series.count, metricName: `${this.name}_count`, exemplar: undefined });
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }

  /** The JSON form (`registry.getMetricsAsJSON()`): each value's labels with the series' labels merged in. */
  async get() {
    const data = await this.getForPromString();
    return { ...data, values: data.values.map(({ sharedLabels, labels, ...value }) => ({ ...value, labels: { ...labels, ...sharedLabels } })) };
  }

  reset(): void {
    this.series.clear();
  }
}
