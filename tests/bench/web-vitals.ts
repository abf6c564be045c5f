// B11: the web app's initial route JavaScript and Core Web Vitals in Chromium with 4x CPU throttling.
// The JavaScript is what the login route and the first screen after login (the APV Highlights table of
// the big publisher) load, from the network log, each file gzipped (level 9). That Konva, Yjs and the
// editors are lazy is proven from the build's own module graph: the same build made again in memory
// (vite build, write off) names the modules of every chunk, and none of those modules is in a loaded one.
// Every loaded file must be the build's: one of its chunks, or a file of its public folder byte for byte.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { ms, type BenchRow } from './results.ts';
import {
  baseUrlOf,
  newBenchContext,
  cumulativeLayoutShift,
  firstRowPaintedAt,
  pageWaterfall,
  interactionToNextPaint,
  interactions,
  readVitals,
  recordVitals,
  signIn,
  startWebTrace,
  throttleCpu,
  BENCH_PASSWORD,
  type PageVitals,
} from './web-browser.ts';
import type { BenchServer } from './processes.ts';
import { LoginPage } from '../e2e/support/pages/login-page.ts';
import { HighlightsPage } from '../e2e/support/pages/highlights-page.ts';
import { SideMenu } from '../e2e/support/pages/side-menu.ts';

const webRoot = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'apps', 'web');
const KIB = 1024;
const JS_BUDGET_BYTES = 300 * KIB;
const CPU_SLOWDOWN = 4;

/** Modules that must stay out of the initial set, by what they are. */
const LAZY_MODULES: { label: string; pattern: RegExp }[] = [
  { label: 'Konva', pattern: /node_modules\/(react-)?konva\// },
  { label: 'Yjs', pattern: /node_modules\/(yjs|y-websocket|y-protocols)\// },
  { label: 'frame editor', pattern: /features\/vertical\/editor\// },
  { label: 'review player', pattern: /features\/vertical\/(review|player)\// },
  { label: 'package editor', pattern: /features\/packages\/editor\// },
  { label: 'story editor', pattern: /features\/stories\/editor\// },
];

/**
 * Run in apps/web, where vite is installed: the build in memory, printed as {chunks: {file: module ids},
 * publicFiles: {file: sha256}}. The public folder's files (theme-boot.js) are part of the build too: vite
 * copies them into dist as they are, outside the module graph, so they hold no module of it.
 */
const CHUNK_MODULES_SCRIPT = `
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { build, resolveConfig } from 'vite';
const out = await build({ logLevel: 'silent', mode: 'production', build: { write: false } });
const chunks = {};
for (const o of Array.isArray(out) ? out : [out])
  for (const f of o.output) if (f.type === 'chunk') chunks[f.fileName] = f.moduleIds;
const { publicDir } = await resolveConfig({ mode: 'production' }, 'build', 'production');
const publicFiles = {};
if (publicDir)
  for (const entry of readdirSync(publicDir, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) {
      const full = path.join(entry.parentPath, entry.name);
      publicFiles[path.relative(publicDir, full).split(path.sep).join('/')] =
        createHash('sha256').update(readFileSync(full)).digest('hex');
    }
process.stdout.write(JSON.stringify({ chunks, publicFiles }));
`;

interface BuildFiles {
  /** Every chunk of the console's build with the modules it holds. */
  chunks: Map<string, string[]>;
  /** The public folder's files, copied into the build as they are, by their content's sha256. */
  publicFiles: Map<string, string>;
}

/** The files of the console's build (the build, made again in memory). */
async function buildFiles(): Promise<BuildFiles> {
  const { stdout } = await promisify(execFile)('node', ['--input-type=module', '-e', CHUNK_MODULES_SCRIPT], {
    cwd: webRoot,
    env: { ...process.env, NODE_ENV: 'production' },
    maxBuffer: 64 * 1024 * 1024,
  });
  const parsed = JSON.parse(stdout) as {
    chunks: Record<string, string[]>;
    publicFiles: Record<string, string>;
  };
  return {
    chunks: new Map(Object.entries(parsed.chunks)),
    publicFiles: new Map(Object.entries(parsed.publicFiles)),
  };
}

interface LoadedScript {
  file: string;
  bytes: number;
  gzipBytes: number;
  sha256: string;
}

/** Records every script the page loads, gzipped as a server would send it. */
function collectScripts(page: Page, into: Map<string, LoadedScript>) {
  page.on('response', async (response) => {
    const url = new URL(response.url());
    if (response.request().resourceType() !== 'script' || !url.pathname.endsWith('.js')) return;
    const body = await response.body().catch(() => null);
    if (!body) return;
    const file = url.pathname.replace(/^\//, '');
    into.set(file, {
      file,
      bytes: body.length,
      gzipBytes: gzipSync(body, { level: 9 }).length,
      sha256: createHash('sha256').update(body).digest('hex'),
    });
  });
}

const newPage = async (browser: Browser, storageState?: Awaited<ReturnType<typeof signIn>>) => {
  const context = await newBenchContext(browser, storageState);
  await context.addInitScript(recordVitals);
  return context.newPage();
};

/** Clicks the things a user does first on the table: sort headers, a filter, the menu, the drawer. */
async function interact(page: Page, list: HighlightsPage) {
  await list.reloadsWith(() => list.columnHeader('Front Page Clicks').click());
  await list.reloadsWith(() => list.columnHeader('Created').click());
  await list.reloadsWith(() => list.choose('highlights-filter-status', 'Deactivated'));
  const menu = new SideMenu(page);
  await menu.open();
  await menu.close();
  await list.openDrawerByRow(0);
  await page.keyboard.press('Escape');
  await list.drawer.waitFor({ state: 'hidden' });
  // Event timing entries are dispatched after the next paint: give the last one its frame.
  await page.waitForTimeout(500);
}

export async function benchWebVitals(opts: {
  browser: Browser;
  server: BenchServer;
  email: string;
  log: (line: string) => void;
}): Promise<BenchRow[]> {
  const { browser, server, email, log } = opts;
  const baseUrl = baseUrlOf(server);

  // 1. The login route, then the first screen after login: a fresh context (empty cache), throttled.
  log('B11 initial JavaScript: /login, then the first screen after login, 4x CPU slowdown');
  const scripts = new Map<string, LoadedScript>();
  const loginPage = await newPage(browser);
  collectScripts(loginPage, scripts);
  await throttleCpu(loginPage, CPU_SLOWDOWN);
  const login = new LoginPage(loginPage, baseUrl);
  await login.goto();
  await login.form.waitFor();
  await loginPage.waitForTimeout(1000);
  const loginVitals = await readVitals(loginPage);
  const loginScripts = new Set(scripts.keys());
  await login.submit(email, BENCH_PASSWORD);
  await new HighlightsPage(loginPage, baseUrl).waitForRows();
  await loginPage.waitForLoadState('networkidle');
  await loginPage.context().close();

  // 2. The first screen loaded directly with a session (what a returning user sees), throttled, then used.
  log('B11 Core Web Vitals: /highlights/web with a session, 4x CPU slowdown, then interactions');
  const storage = await signIn(browser, baseUrl, email);
  const tablePage = await newPage(browser, storage);
  const cdp = await throttleCpu(tablePage, CPU_SLOWDOWN);
  // BENCH_WEB_PROFILE=dir: the renderer's CPU profile from navigation to the first row (diagnosis).
  const profileDir = process.env.BENCH_WEB_PROFILE;
  if (profileDir) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  const stopTrace = await startWebTrace(browser, tablePage, 'b11-table');
  await tablePage.goto(`${baseUrl}/highlights/web`);
  const list = new HighlightsPage(tablePage, baseUrl);
  await list.waitForRows();
  const firstRow = await firstRowPaintedAt(tablePage);
  if (stopTrace) {
    // The paint that follows the first row belongs in the trace too.
    await tablePage.waitForTimeout(500);
    await stopTrace();
  }
  if (profileDir) {
    const { profile } = await cdp.send('Profiler.stop');
    writeFileSync(path.join(profileDir, `b11-table-${Date.now()}.cpuprofile`), JSON.stringify(profile));
  }
  await tablePage.waitForTimeout(1000);
  const loadVitals = await readVitals(tablePage);
  const tableWaterfall = await pageWaterfall(tablePage);
  await interact(tablePage, list);
  const usedVitals = await readVitals(tablePage);
  await tablePage.context().close();

  // 3. Which modules the loaded files hold.
  const { chunks, publicFiles } = await buildFiles();
  const loaded = [...scripts.values()].sort((a, b) => b.gzipBytes - a.gzipBytes);
  // A file is the build's when it is one of its chunks, or one of its public files byte for byte.
  const unknown = loaded
    .filter((s) => !chunks.has(s.file) && publicFiles.get(s.file) !== s.sha256)
    .map((s) => s.file);
  const fromPublic = loaded.filter((s) => publicFiles.get(s.file) === s.sha256).map((s) => s.file);
  const lazyFound: string[] = [];
  const lazyWhere: Record<string, string[]> = {};
  for (const { label, pattern } of LAZY_MODULES) {
    lazyWhere[label] = [...chunks]
      .filter(([, modules]) => modules.some((m) => pattern.test(m)))
      .map(([file]) => file);
    for (const s of loaded)
      if ((chunks.get(s.file) ?? []).some((m) => pattern.test(m))) lazyFound.push(`${label} in ${s.file}`);
  }
  const total = loaded.reduce((sum, s) => sum + s.gzipBytes, 0);
  const loginTotal = loaded.filter((s) => loginScripts.has(s.file)).reduce((sum, s) => sum + s.gzipBytes, 0);
  log(
    `B11 ${loaded.length} scripts, ${(total / KIB).toFixed(1)} KiB gzipped: ${loaded
      .map((s) => `${s.file.replace('assets/', '')} ${(s.gzipBytes / KIB).toFixed(1)}`)
      .join(', ')}`,
  );
  if (unknown.length)
    log(`B11 loaded files not in the in-memory build (hash differs?): ${unknown.join(', ')}`);
  if (fromPublic.length) log(`B11 from the public folder, copied as they are: ${fromPublic.join(', ')}`);
  for (const [label, files] of Object.entries(lazyWhere))
    log(`B11 ${label} lives in ${files.join(', ') || '-'}`);

  const lcpOf = (v: PageVitals) => v.lcp.at(-1);
  const loginLcp = lcpOf(loginVitals);
  const tableLcp = lcpOf(loadVitals);
  const lcp = Math.max(loginLcp?.startTime ?? Infinity, tableLcp?.startTime ?? Infinity);
  const cls = Math.max(cumulativeLayoutShift(loginVitals.shifts), cumulativeLayoutShift(usedVitals.shifts));
  const inp = interactionToNextPaint(usedVitals.events);
  const each = interactions(usedVitals.events);
  const jsPass = total <= JS_BUDGET_BYTES && lazyFound.length === 0 && unknown.length === 0;
  return [
    {
      id: 'B11',
      figure: 'initial route JS, gzipped: /login + the first screen after login',
      value: `${(total / KIB).toFixed(1)} KiB in ${loaded.length} files (login route ${(loginTotal / KIB).toFixed(1)} KiB)`,
      budget: '≤ 300 KiB; Konva, Yjs, editors lazy',
      reference: lazyFound.length
        ? `NOT lazy: ${lazyFound.join('; ')}`
        : unknown.length
          ? `unverified: ${unknown.length} files unknown to the build`
          : `none of Konva, Yjs or the editors loaded (${Object.values(lazyWhere).flat().length} lazy chunks hold them)`,
      ratio: total / JS_BUDGET_BYTES,
      pass: jsPass,
      details: {
        scripts: loaded,
        loginScripts: [...loginScripts],
        lazyChunks: lazyWhere,
        lazyFound,
        unknown,
        fromPublic,
      },
    },
    {
      id: 'B11',
      figure: 'LCP, 4x CPU slowdown: /login cold, /highlights/web with a session',
      value: `${ms(lcp)} (login ${loginLcp ? ms(loginLcp.startTime) : 'none'} ${loginLcp?.element ?? ''}; table ${tableLcp ? ms(tableLcp.startTime) : 'none'} ${tableLcp?.element ?? ''})`,
      budget: '≤ 2,500 ms',
      reference: `first row painted at ${ms(firstRow)}`,
      ratio: null,
      pass: Number.isFinite(lcp) && lcp <= 2500,
      details: { login: loginVitals.lcp, table: loadVitals.lcp, firstRow, tableWaterfall },
    },
    {
      id: 'B11',
      figure: 'CLS (largest session window), 4x: /login and the table while used',
      value: cls.toFixed(3),
      budget: '≤ 0.1',
      reference: `${usedVitals.shifts.length + loginVitals.shifts.length} layout-shift entries`,
      ratio: null,
      pass: cls <= 0.1,
      details: { login: loginVitals.shifts, table: usedVitals.shifts },
    },
    {
      id: 'B11',
      figure: 'INP, 4x: 2 sort headers, a status filter, menu open/close, drawer open/close',
      value: ms(inp),
      budget: '≤ 200 ms',
      reference: each
        .map((i) => `${i.name} ${i.target || '?'} ${Math.round(i.duration)}`)
        .slice(0, 8)
        .join(', '),
      ratio: null,
      pass: each.length > 0 && inp <= 200,
      details: { interactions: each },
    },
  ];
}
