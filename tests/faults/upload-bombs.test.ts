// One user uploads decompression bombs in parallel (images whose headers declare 16000x16000, a 1 GB
// frame each for ffprobe, and an MP4 whose sample entry declares 8000x8000) to a real server process,
// wave after wave, while a user of another publisher keeps using the REST API. Every bomb is refused
// with a 4xx (422 from its header, or 429 past the user's uploads in flight), never stored, never a
// 5xx; the other user's calls all succeed. Their latency and the server's memory are measured and
// printed; the bounds are loose (the machine is shared), what they catch is a decoder let loose:
// four 1 GB ffprobes at once, or seconds of event-loop stall.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpegPath } from '@hc/media/binaries';
import { messages } from '@hc/shared/messages';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { buildPublisher, buildUser, TEST_PASSWORD } from '../support/factories.ts';
import { bombGif, bombJpeg, bombPng, bombWebp, withCodedSize } from '../support/media-bombs.ts';
import { startServerProcess, stopProcesses, type ServerProcess } from '../support/processes.ts';
import { redisUrl } from '../support/services.ts';

const run = promisify(execFile);
type Headers = Record<string, string>;

let database: TestDatabase;
let dataDir: string;
let server: ServerProcess;
let attacker: Headers;
let bystander: Headers;
let lyingMp4: Buffer;

/** The server process's resident and peak memory (kB), from /proc. */
function memoryOf(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

async function loginAt(email: string): Promise<Headers> {
  const response = await fetch(`${server.url}/api/v1/auth/editor/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: TEST_PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  const { data } = (await response.json()) as { data: { email: string; token: string } };
  return { 'x-user-email': data.email, 'x-user-token': data.token };
}

async function upload(fileType: 'image' | 'video', content: Buffer, mime: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(content)], { type: mime }), 'bomb.bin');
  const response = await fetch(
    `${server.url}/api/v1/editor/stamp/uploaded_objects/create?file_type=${fileType}`,
    { method: 'POST', headers: attacker, body: form },
  );
  return { status: response.status, body: (await response.json()) as { errors?: string[] } };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
};

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await mkdtemp(path.join(tmpdir(), 'hc-bombs-'));
  const starting = startServerProcess('server', {
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RUN_WORKER: 'false',
    SEED_DEMO: 'false',
    SERVE_WEB: 'false',
  });
  const clip = path.join(dataDir, 'clip.mp4');
  await run(ffmpegPath(), [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=1280x720:rate=10'],
    ...['-t', '5', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', clip],
  ]);
  lyingMp4 = withCodedSize(await readFile(clip), 8000, 8000);
  const { db } = database.handle;
  const attackerUser = await buildUser(db, {
    publisherId: (await buildPublisher(db)).id,
    roles: ['stamp_manager', 'create_new_video_page'],
  });
  const bystanderUser = await buildUser(db, {
    publisherId: (await buildPublisher(db)).id,
    roles: ['stamp_manager'],
  });
  server = await starting;
  attacker = await loginAt(attackerUser.email);
  bystander = await loginAt(bystanderUser.email);
}, 180_000);

afterAll(async () => {
  if (server) await stopProcesses([server]);
  await database?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('upload bombs from one user', () => {
  it('are all refused with a 4xx while another publisher keeps working; latency and memory printed', async () => {
    const storiesOfBystander = async () => {
      const begun = performance.now();
      const response = await fetch(`${server.url}/api/v1/editor/stamp/stories?page=1&per=25`, {
        headers: bystander,
      });
      await response.arrayBuffer();
      return { status: response.status, ms: performance.now() - begun };
    };

    // Baseline: the bystander alone.
    const baseline: number[] = [];
    for (let i = 0; i < 20; i++) baseline.push((await storiesOfBystander()).ms);
    const before = memoryOf(server.child.pid!);

    const bombs: [fileType: 'image' | 'video', content: Buffer, mime: string][] = [
      ['image', bombPng(), 'image/png'],
      ['image', bombJpeg(), 'image/jpeg'],
      ['image', bombGif(), 'image/gif'],
      ['image', bombWebp(), 'image/webp'],
      ['video', lyingMp4, 'video/mp4'],
    ];
    const statuses = new Map<string, number>();
    const refusals = new Set<string>();
    let attacking = true;
    const attack = (async () => {
      for (let wave = 0; wave < 20; wave++) {
        // Every bomb three times at once: 15 uploads in flight from one user.
        const answers = await Promise.all(
          [...bombs, ...bombs, ...bombs].map(([fileType, content, mime]) => upload(fileType, content, mime)),
        );
        for (const answer of answers) {
          statuses.set(String(answer.status), (statuses.get(String(answer.status)) ?? 0) + 1);
          for (const error of answer.body.errors ?? []) refusals.add(error);
        }
      }
      attacking = false;
    })();
    const during: number[] = [];
    const bystanderStatuses = new Set<number>();
    while (attacking) {
      const call = await storiesOfBystander();
      during.push(call.ms);
      bystanderStatuses.add(call.status);
    }
    await attack;
    const after = memoryOf(server.child.pid!);

    const report = {
      uploads: Object.fromEntries(statuses),
      bystanderCalls: during.length,
      baselineP50Ms: Math.round(percentile(baseline, 50)),
      baselineP95Ms: Math.round(percentile(baseline, 95)),
      duringP50Ms: Math.round(percentile(during, 50)),
      duringP95Ms: Math.round(percentile(during, 95)),
      duringMaxMs: Math.round(Math.max(...during)),
      serverRssBeforeMb: Math.round(before.rss / 1024),
      serverRssAfterMb: Math.round(after.rss / 1024),
      serverRssDeltaMb: Math.round((after.rss - before.rss) / 1024),
      serverPeakMb: Math.round(after.peak / 1024),
    };
    console.log(`upload bombs: ${JSON.stringify(report)}`);

    // Nothing but refusals: 422 from the header, 429 past the user's uploads in flight.
    expect([...statuses.keys()].sort()).toEqual(expect.arrayContaining(['422']));
    for (const status of statuses.keys()) expect(['422', '429']).toContain(status);
    expect([...refusals]).toEqual(
      expect.arrayContaining([messages.imageTooManyPixels, messages.uploadsInFlight]),
    );
    const expected: string[] = [
      messages.imageTooManyPixels,
      messages.uploadsInFlight,
      messages.videoResolutionTooHigh,
    ];
    for (const refusal of refusals) expect(expected).toContain(refusal);
    expect([...bystanderStatuses]).toEqual([200]);
    expect(during.length).toBeGreaterThan(0);
    // Loose bounds on a shared two-core machine: a 1 GB decode per bomb would blow both.
    expect(percentile(during, 95)).toBeLessThan(2_000);
    expect(after.rss - before.rss).toBeLessThan(200 * 1024);
  });
});
