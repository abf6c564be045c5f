// What the browser benchmarks (B11-B13) share: the real server serving the web build, Chromium with the
// e2e suite's flags, a session made through the login form, and an init script that records Web Vitals
// in the page (largest-contentful-paint, layout-shift and event-timing entries) for the bench to read.
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser.ts';
import { LoginPage } from '../e2e/support/pages/login-page.ts';
import { buildWebOnce } from '../e2e/support/server.ts';
import { startBenchServer, type BenchServer } from './processes.ts';

export const BENCH_PASSWORD = 'bench-password';
export const VIEWPORT = { width: 1280, height: 900 };

export interface WebBenchContext {
  /** The bench server's environment (database, Redis, prefix). */
  env: Record<string, string>;
  log: (line: string) => void;
  seconds: (s: number) => number;
}

export { launchBrowser };

/** Builds the web app when its sources are newer than the build (npm run build:web), once per run. */
export function ensureWebBuild(log: (line: string) => void) {
  const started = performance.now();
  buildWebOnce();
  log(`web build current (${((performance.now() - started) / 1000).toFixed(1)} s)`);
}

/** A new server process (cold caches) that serves the web build beside the API. */
export function startWebServer(env: Record<string, string>, dataDir?: string): Promise<BenchServer> {
  return startBenchServer('app', {
    ...env,
    BENCH_SERVE_WEB: '1',
    ...(dataDir ? { BENCH_DATA_DIR: dataDir } : {}),
  });
}

export const baseUrlOf = (server: BenchServer) => `http://127.0.0.1:${server.port}`;

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * A browser context whose pages can run this process's functions: the bench runs under tsx, whose esbuild
 * transform (keepNames) wraps named functions in `__name(...)`, a helper the page does not have.
 */
export async function newBenchContext(
  browser: Browser,
  storageState?: StorageState,
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: VIEWPORT, storageState });
  context.setDefaultTimeout(60_000);
  await context.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
  return context;
}

/** Logs in through the form in a context of its own; the stored session starts later contexts signed in. */
export async function signIn(browser: Browser, baseUrl: string, email: string): Promise<StorageState> {
  const context = await newBenchContext(browser);
  try {
    const page = await context.newPage();
    const login = new LoginPage(page, baseUrl);
    await login.goto();
    await login.submit(email, BENCH_PASSWORD);
    await login.form.waitFor({ state: 'detached' });
    return await context.storageState();
  } finally {
    await context.close();
  }
}

/** The page-side recorder: window.__hcVitals, filled by PerformanceObservers from navigation start. */
export function recordVitals() {
  const vitals = {
    lcp: [] as { startTime: number; size: number; element: string }[],
    shifts: [] as { startTime: number; value: number; hadRecentInput: boolean }[],
    events: [] as {
      name: string;
      interactionId: number;
      startTime: number;
      duration: number;
      processing: number;
      target: string;
    }[],
    frames: [] as { startTime: number; duration: number; script: number; blocking: number }[],
    /** The frame (requestAnimationFrame time) that first showed a highlight row; null until then. */
    firstRowAt: null as number | null,
  };
  (window as unknown as { __hcVitals: typeof vitals }).__hcVitals = vitals;
  const describe = (node: Node | null | undefined) => {
    const el = node as Element | null | undefined;
    if (!el?.tagName) return '';
    const testId = el.getAttribute?.('data-testid');
    return `${el.tagName.toLowerCase()}${testId ? `[${testId}]` : el.className ? `.${String(el.className).split(' ')[0]}` : ''}`;
  };
  const observe = (type: string, onEntry: (entry: PerformanceEntry) => void, extra: object = {}) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(onEntry)).observe({
        type,
        buffered: true,
        ...extra,
      } as PerformanceObserverInit);
    } catch {
      // An entry type this browser lacks: its figure stays empty and the bench reports it as missing.
    }
  };
  const rows = new MutationObserver(() => {
    if (!document.querySelector('[data-testid^="highlight-title-"]')) return;
    rows.disconnect();
    requestAnimationFrame((at) => (vitals.firstRowAt = at));
  });
  rows.observe(document, { childList: true, subtree: true });
  observe('largest-contentful-paint', (e) => {
    const entry = e as PerformanceEntry & { size: number; element?: Element };
    vitals.lcp.push({ startTime: entry.startTime, size: entry.size, element: describe(entry.element) });
  });
  observe('layout-shift', (e) => {
    const entry = e as PerformanceEntry & { value: number; hadRecentInput: boolean };
    vitals.shifts.push({
      startTime: entry.startTime,
      value: entry.value,
      hadRecentInput: entry.hadRecentInput,
    });
  });
  observe(
    'event',
    (e) => {
      const entry = e as PerformanceEventTiming;
      vitals.events.push({
        name: entry.name,
        interactionId: entry.interactionId ?? 0,
        startTime: entry.startTime,
        duration: entry.duration,
        processing: entry.processingEnd - entry.processingStart,
        target: describe(entry.target),
      });
    },
    { durationThreshold: 16 },
  );
  observe('long-animation-frame', (e) => {
    const entry = e as PerformanceEntry & { blockingDuration: number; scripts: { duration: number }[] };
    vitals.frames.push({
      startTime: entry.startTime,
      duration: entry.duration,
      script: entry.scripts.reduce((sum, s) => sum + s.duration, 0),
      blocking: entry.blockingDuration,
    });
  });
}

export type PageVitals = {
  lcp: { startTime: number; size: number; element: string }[];
  shifts: { startTime: number; value: number; hadRecentInput: boolean }[];
  events: {
    name: string;
    interactionId: number;
    startTime: number;
    duration: number;
    processing: number;
    target: string;
  }[];
  frames: { startTime: number; duration: number; script: number; blocking: number }[];
  firstRowAt: number | null;
};

export function readVitals(page: Page): Promise<PageVitals> {
  return page.evaluate(() => (window as unknown as { __hcVitals: PageVitals }).__hcVitals);
}

/** CLS as Core Web Vitals defines it: the largest session window (gaps < 1 s, ≤ 5 s long) of shifts
 * without recent input. */
export function cumulativeLayoutShift(shifts: PageVitals['shifts']): number {
  let worst = 0;
  let windowValue = 0;
  let windowStart = -Infinity;
  let last = -Infinity;
  for (const shift of shifts.filter((s) => !s.hadRecentInput).sort((a, b) => a.startTime - b.startTime)) {
    if (shift.startTime - last > 1000 || shift.startTime - windowStart > 5000) {
      windowValue = 0;
      windowStart = shift.startTime;
    }
    windowValue += shift.value;
    last = shift.startTime;
    worst = Math.max(worst, windowValue);
  }
  return worst;
}

/** Each interaction's latency (its longest event-timing entry), keyed by what it was. */
export function interactions(events: PageVitals['events']) {
  const byId = new Map<number, { duration: number; name: string; target: string; processing: number }>();
  for (const e of events) {
    if (!e.interactionId) continue;
    const seen = byId.get(e.interactionId);
    if (!seen || e.duration > seen.duration) byId.set(e.interactionId, { ...e });
  }
  return [...byId.values()];
}

/** INP over fewer than 50 interactions: the longest one. */
export const interactionToNextPaint = (events: PageVitals['events']) =>
  Math.max(0, ...interactions(events).map((i) => i.duration));

/**
 * BENCH_WEB_TRACE=dir (diagnosis): starts a Chromium trace of the page into dir/<name>-<time>.json, with
 * style, layout and paint beside scripts; the returned function stops it. Null without the variable.
 */
export async function startWebTrace(
  browser: Browser,
  page: Page,
  name: string,
): Promise<(() => Promise<void>) | null> {
  const traceDir = process.env.BENCH_WEB_TRACE;
  if (!traceDir) return null;
  await browser.startTracing(page, {
    path: path.join(traceDir, `${name}-${Date.now()}.json`),
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'blink', 'loading'],
  });
  return async () => {
    await browser.stopTracing();
  };
}

/** Chromium's main thread slowed down as the budget asks (CDP Emulation.setCPUThrottlingRate). */
export async function throttleCpu(page: Page, rate: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  return cdp;
}

/** Waits until the recorder has seen the first highlight row painted; its time from navigation start. */
export async function firstRowPaintedAt(page: Page, timeout = 60_000): Promise<number> {
  const handle = await page.waitForFunction(
    () => (window as unknown as { __hcVitals: PageVitals }).__hcVitals.firstRowAt,
    undefined,
    { timeout },
  );
  return (await handle.jsonValue()) as number;
}

/**
 * What the page fetched so far, in order, with its navigation's milestones: where the time before a
 * first paint went (B11, B13).
 */
export async function pageWaterfall(page: Page) {
  return page.evaluate(() => {
    const [nav] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    return {
      navigation: nav
        ? { responseEnd: nav.responseEnd, domContentLoaded: nav.domContentLoadedEventEnd }
        : null,
      resources: (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((r) => ({
        name: new URL(r.name).pathname,
        startTime: Math.round(r.startTime),
        responseEnd: Math.round(r.responseEnd),
      })),
    };
  });
}
