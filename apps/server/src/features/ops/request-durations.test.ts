import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { RequestDurations } from './request-durations.ts';

const BOUNDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const OBSERVED: [string, string, number, number][] = [
  ['GET', '/api/v1/editor/highlights/index', 200, 0.003],
  ['GET', '/api/v1/editor/highlights/index', 200, 0.005], // on a bound: that bucket
  ['GET', '/api/v1/editor/highlights/index', 200, 0.07],
  ['GET', '/api/v1/editor/highlights/index', 304, 0.001],
  ['POST', '/api/v1/editor/stories/:id', 422, 12], // above every bound: +Inf only
  ['GET', 'unmatched', 404, 0.0001],
];

describe('RequestDurations', () => {
  it("scrapes exactly as prom-client's Histogram given the same observations", async () => {
    const ours = new Registry();
    const durations = new RequestDurations('http_request_duration_seconds', 'Durations.', BOUNDS, ours);
    const stock = new Registry();
    const histogram = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Durations.',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: BOUNDS,
      registers: [stock],
    });
    for (const [method, route, status, seconds] of OBSERVED) {
      durations.observe(method, route, status, seconds);
      histogram.observe({ method, route, status_code: String(status) }, seconds);
    }
    const scraped = await ours.metrics();
    expect(scraped).toBe(await stock.metrics());
    expect(scraped).toContain(
      'http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/v1/editor/highlights/index",status_code="200"} 2',
    );

    ours.resetMetrics();
    expect(await ours.metrics()).not.toContain('_count');
  });
});
