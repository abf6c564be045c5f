// A closed-loop HTTP load generator: `concurrency` keep-alive clients, each sending its next request as
// soon as the last answer arrived, with exact percentiles over every measured request.
import http from 'node:http';
import { createRandom } from '@hc/db/seed/random';

export interface LoadOptions {
  port: number;
  /** Request paths, taken in turn … */
  paths?: readonly string[];
  /** … or each request's path from this (a query mix: every request of a window a new URL). */
  next?: () => string;
  /** Splits the measured requests into this many consecutive rounds, each with its own percentiles. */
  rounds?: number;
  /** Called with each measured answer (its path, size and latency), e.g. to replay it through a cache. */
  onAnswer?: (path: string, bytes: number, ms: number) => void;
  headers?: Record<string, string>;
  method?: string;
  concurrency: number;
  /** Stop after this long … */
  durationMs?: number;
  /** … or after this many requests (whichever comes first). */
  maxRequests?: number;
  /** Unmeasured requests first (connections open, plans cached, JIT warm). */
  warmupMs?: number;
  /** Status a request must answer with (default 200). */
  expectStatus?: number;
}

export interface LoadResult {
  requests: number;
  errors: number;
  firstError?: string;
  seconds: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Consecutive rounds of the measured requests (when asked for), in order. */
  rounds?: Omit<LoadResult, 'rounds'>[];
}

/** The q-quantile of sorted values (nearest rank). */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
}

/** The median of round figures (an odd count: the middle one). */
export const median = (values: readonly number[]) =>
  quantile(
    [...values].sort((a, b) => a - b),
    0.5,
  );

export function summarize(latencies: number[], seconds: number, errors = 0, firstError?: string): LoadResult {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    requests: sorted.length,
    errors,
    ...(firstError ? { firstError } : {}),
    seconds,
    rps: sorted.length / seconds,
    p50: quantile(sorted, 0.5),
    p95: quantile(sorted, 0.95),
    p99: quantile(sorted, 0.99),
    max: sorted.at(-1) ?? Number.NaN,
  };
}

export function request(
  agent: http.Agent,
  options: Pick<LoadOptions, 'port' | 'method' | 'headers'> & { body?: string },
  path: string,
): Promise<{ status: number; body: Buffer; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const headers = options.body
      ? {
          ...options.headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(options.body),
        }
      : options.headers;
    const req = http.request(
      { host: '127.0.0.1', port: options.port, path, method: options.method ?? 'GET', headers, agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), headers: res.headers }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** One request, for capturing a body or a cursor. */
export async function fetchOnce(
  port: number,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Buffer; headers: http.IncomingHttpHeaders }> {
  const agent = new http.Agent({ keepAlive: false });
  try {
    return await request(agent, { port, headers }, path);
  } finally {
    agent.destroy();
  }
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.concurrency });
  const expected = options.expectStatus ?? 200;
  let next = 0;
  const pathOf = () => options.next?.() ?? options.paths![next++ % options.paths!.length]!;
  const phase = async (ms: number, measure: boolean, limit: number) => {
    const latencies: number[] = [];
    let errors = 0;
    let firstError: string | undefined;
    let sent = 0;
    const end = performance.now() + ms;
    const started = performance.now();
    const client = async () => {
      while (performance.now() < end && sent < limit) {
        sent++;
        const path = pathOf();
        const t0 = performance.now();
        try {
          const res = await request(agent, options, path);
          if (res.status !== expected) {
            errors++;
            firstError ??= `${res.status} ${path}: ${res.body.toString().slice(0, 200)}`;
            continue;
          }
          if (measure) options.onAnswer?.(path, res.body.length, performance.now() - t0);
        } catch (error) {
          errors++;
          firstError ??= `${path}: ${(error as Error).message}`;
          continue;
        }
        if (measure) latencies.push(performance.now() - t0);
      }
    };
    await Promise.all(Array.from({ length: options.concurrency }, client));
    const seconds = (performance.now() - started) / 1000;
    const result = summarize(latencies, seconds, errors, firstError);
    const rounds = options.rounds ?? 1;
    if (!measure || rounds < 2 || latencies.length < rounds) return result;
    // In the order the answers came: round k is the k-th run of equal length.
    const size = Math.floor(latencies.length / rounds);
    result.rounds = Array.from({ length: rounds }, (_, k) =>
      summarize(latencies.slice(k * size, k === rounds - 1 ? undefined : (k + 1) * size), seconds / rounds),
    );
    return result;
  };
  try {
    if (options.warmupMs) await phase(options.warmupMs, false, Number.POSITIVE_INFINITY);
    return await phase(options.durationMs ?? 60_000, true, options.maxRequests ?? Number.POSITIVE_INFINITY);
  } finally {
    agent.destroy();
  }
}

export interface OpenLoopOptions {
  port: number;
  headers?: Record<string, string>;
  /** Each request's path (a query mix: every request a new URL). */
  next: () => string;
  /** Mean arrivals a second. */
  rate: number;
  durationMs: number;
  /** Arrivals at the same rate first, unmeasured. */
  warmupMs?: number;
  /** The gaps' seed (exponential gaps: a Poisson process, reproducible). */
  seed: number;
  expectStatus?: number;
}

/**
 * An open-loop load: requests arrive as a Poisson process at `rate` a second whatever the answers do, as
 * many independent users send them (a closed loop of N clients instead waits for each answer, so it
 * measures how long N requests queue on the machine). A request's latency runs from its scheduled
 * arrival, not from when it was sent, so a load generator that falls behind is counted against the
 * answer, not hidden (coordinated omission).
 */
export async function runOpenLoop(options: OpenLoopOptions): Promise<LoadResult & { offered: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1024 });
  const expected = options.expectStatus ?? 200;
  const random = createRandom(options.seed);
  // Exponential gaps from a uniform draw in (0, 1] (the generator's [0, 1) turned round: log(0) is not a gap).
  const gapMs = () => (-Math.log(1 - random.next()) * 1000) / options.rate;
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  const inFlight = new Set<Promise<void>>();
  const started = performance.now();
  const measureFrom = started + (options.warmupMs ?? 0);
  const end = measureFrom + options.durationMs;
  let due = started + gapMs();
  let offered = 0;
  const send = (at: number) => {
    const path = options.next();
    const measured = at >= measureFrom;
    if (measured) offered++;
    const done: Promise<void> = request(agent, { port: options.port, headers: options.headers }, path).then(
      (res) => {
        if (res.status !== expected) {
          errors++;
          firstError ??= `${res.status} ${path}: ${res.body.toString().slice(0, 200)}`;
        } else if (measured) latencies.push(performance.now() - at);
      },
      (error: Error) => {
        errors++;
        firstError ??= `${path}: ${error.message}`;
      },
    );
    inFlight.add(done);
    void done.finally(() => inFlight.delete(done));
  };
  try {
    while (due < end) {
      const now = performance.now();
      if (due > now) {
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - now)));
        continue;
      }
      // Every arrival whose time has come, each timed from its own scheduled moment.
      while (due <= performance.now() && due < end) {
        send(due);
        due += gapMs();
      }
    }
    await Promise.all(inFlight);
  } finally {
    agent.destroy();
  }
  return { ...summarize(latencies, options.durationMs / 1000, errors, firstError), offered };
}
