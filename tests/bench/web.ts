// B11-B13, the web app in Chromium: one browser for the three, each benchmark with its own server process
// serving the web build (npm run build:web, rebuilt first when its sources are newer).
import type { Db } from '@hc/db/client';
import { benchKeyframeEditor } from './keyframe-editor.ts';
import type { BenchRow } from './results.ts';
import { benchTable } from './table.ts';
import { benchWebVitals } from './web-vitals.ts';
import { ensureWebBuild, launchBrowser, startWebServer } from './web-browser.ts';

/** The bench's viewer of the big publisher (run.ts creates user0 … user50). */
const VIEWER = 'user0@bench.example';

export async function benchWeb(opts: {
  env: Record<string, string>;
  db: Db;
  wanted: (id: string) => boolean;
  log: (line: string) => void;
}): Promise<BenchRow[]> {
  const { env, wanted, log } = opts;
  ensureWebBuild(log);
  const rows: BenchRow[] = [];
  const browser = await launchBrowser();
  try {
    if (wanted('B11')) {
      const server = await startWebServer(env);
      try {
        rows.push(...(await benchWebVitals({ browser, server, email: VIEWER, log })));
      } finally {
        await server.stop();
      }
    }
    if (wanted('B12'))
      rows.push(...(await benchKeyframeEditor({ browser, env, db: opts.db, email: VIEWER, log })));
    if (wanted('B13')) rows.push(...(await benchTable({ browser, env, email: VIEWER, log })));
  } finally {
    await browser.close();
  }
  return rows;
}
