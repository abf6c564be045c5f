// http_request_duration_seconds, counted by hand and shown to prom-client's registry in the format of its
// Histogram. prom-client's observe validates and hashes a label object and makes a closure on every call;
// every request observes once (the list-throughput bench found it a fifth of the work past the routing), so a
// series here is found by one string key and its buckets are plain counters.
import type { Registry } from 'prom-client';

type Labels = { method: string; route: string; status_code: string };

interface Series {
  labels: Labels;
  /** Observations per bucket (not cumulative); the last counts those above every bound. */
  counts: number[];
  sum: number;
  count: number;
}

export class RequestDurations {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly series = new Map<string, Series>();

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly bounds: readonly number[],
    registry: Registry,
  ) {
    // Duck-typed: the registry reads name, help, type and get() at scrape time, and calls reset().
    registry.registerMetric(this as never);
  }

  observe(method: string, route: string, statusCode: number, seconds: number): void {
    const key = `${statusCode} ${method} ${route}`;
    let series = this.series.get(key);
    if (!series) {
      series = {
        labels: { method, route, status_code: String(statusCode) },
        counts: new Array<number>(this.bounds.length + 1).fill(0),
        sum: 0,
        count: 0,
      };
      this.series.set(key, series);
    }
    let bucket = 0;
    while (bucket < this.bounds.length && seconds > this.bounds[bucket]!) bucket++;
    series.counts[bucket]!++;
    series.sum += seconds;
    series.count++;
  }

  /** What prom-client's Histogram.get() answers: cumulative buckets with `le`, +Inf, sum and count. */
  get() {
    const values = [];
    for (const { labels, counts, sum, count } of this.series.values()) {
      let cumulative = 0;
      for (const [i, bound] of this.bounds.entries()) {
        cumulative += counts[i]!;
        values.push(this.value(`${this.name}_bucket`, labels, cumulative, { le: bound }));
      }
      values.push(this.value(`${this.name}_bucket`, labels, count, { le: '+Inf' }));
      values.push(this.value(`${this.name}_sum`, labels, sum));
      values.push(this.value(`${this.name}_count`, labels, count));
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }

  reset(): void {
    this.series.clear();
  }

  private value(
    metricName: string,
    labels: Labels,
    value: number,
    own: Record<string, string | number> = {},
  ) {
    return { metricName, labels: own, sharedLabels: labels, value };
  }
}
