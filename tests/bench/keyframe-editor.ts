// B12: the vertical tool's frame editor with a 1080p source playing and 500 keyframe markers on the
// timeline: one marker dragged sideways with the mouse for about 5 s. Counted in the page: frames
// (requestAnimationFrame), the video's presented and dropped frames, long animation frames; from CDP
// Performance.getMetrics: the main thread's script time over the drag, divided by the frames shown.
// Headless Chromium with --disable-gpu composites and decodes in software: the figures include that.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import type { Db } from '@hc/db/client';
import { schema } from '@hc/db/schema';
import type { KeyframeFileData } from '@hc/db/schema/vertical';
import { BENCH_BIG_PUBLISHER_ID } from '@hc/db/seed/bench';
import { ffmpegPath } from '@hc/media/binaries';
import { ms, type BenchRow } from './results.ts';
import {
  baseUrlOf,
  newBenchContext,
  readVitals,
  recordVitals,
  signIn,
  startWebServer,
  startWebTrace,
} from './web-browser.ts';

/** The source: 25 s of 1920x1080 at 30 fps (ffmpeg's moving test pattern), kept between runs. */
const SOURCE = { width: 1920, height: 1080, fps: 30, seconds: 25 } as const;
const SOURCE_PATH = 'bench/vertical-1080p.mp4';
/** The data folder of B12's server (its media folder holds the source). */
export const B12_DATA_DIR = '/tmp/hc-bench-web';
/** Outside the bench seed's and the factories' ranges. */
const VIDEO_ID = 990_000_012;
const TITLE = 'Bench B12 1080p with 500 keyframes';
const MARKERS = 500;
const OBJECTS = 2;
const DRAG_SECONDS = 5;
const FPS_BUDGET = 55;
const SCRIPT_BUDGET_MS = 10;

async function makeSource(mediaDir: string, log: (line: string) => void) {
  const file = path.join(mediaDir, SOURCE_PATH);
  if (existsSync(file)) return;
  mkdirSync(path.dirname(file), { recursive: true });
  log('B12 making the 1080p source with ffmpeg');
  const { width, height, fps, seconds } = SOURCE;
  await promisify(execFile)(ffmpegPath(), [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=${width}x${height}:rate=${fps}:duration=${seconds}`,
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '28',
    '-pix_fmt',
    'yuv420p',
    '-movflags',
    '+faststart',
    '-y',
    file,
  ]);
}

/** One group over the whole source, OBJECTS objects, MARKERS keyframes spread evenly over them. */
function keyframeFile(): KeyframeFileData {
  const lastFrame = SOURCE.fps * SOURCE.seconds - 1;
  const perObject = MARKERS / OBJECTS;
  const every = Math.floor((lastFrame + 1) / perObject);
  return {
    grid_manager_ver: '2.0',
    fps: SOURCE.fps,
    input_width: SOURCE.width,
    input_height: SOURCE.height,
    output_vertical_width: 1080,
    output_vertical_height: 1920,
    groups: [
      {
        group_id: 1,
        start_frame: 0,
        end_frame: lastFrame,
        objects: Array.from({ length: OBJECTS }, (_, o) => ({
          object_id: o + 1,
          rect: [200 + o * 800, 0, 600, 1067] as [number, number, number, number],
          keyframes: Array.from({ length: perObject }, (_, k) => ({
            frame: k * every,
            x: 200 + o * 800 + ((k * 37) % 400),
            y: (k * 11) % 13,
          })),
        })),
      },
    ],
  };
}

async function removeTask(db: Db) {
  const suggestions = await db
    .select({ fileId: schema.verticalSuggestions.keyframeFileId })
    .from(schema.verticalSuggestions)
    .where(eq(schema.verticalSuggestions.videoId, VIDEO_ID));
  await db.delete(schema.verticalTasks).where(eq(schema.verticalTasks.videoId, VIDEO_ID));
  for (const { fileId } of suggestions)
    if (fileId !== null) await db.delete(schema.keyframeFiles).where(eq(schema.keyframeFiles.id, fileId));
}

/** A highlight task in review of the big publisher: the 1080p source, one active 2-12 s suggestion. */
async function seedTask(db: Db) {
  await removeTask(db);
  await db.insert(schema.verticalTasks).values({
    videoId: VIDEO_ID,
    publisherId: BENCH_BIG_PUBLISHER_ID,
    contentType: 'highlight',
    status: 'review',
    title: TITLE,
    srcVideoPath: SOURCE_PATH,
    durationSeconds: SOURCE.seconds,
  });
  const [file] = await db.insert(schema.keyframeFiles).values({ data: keyframeFile() }).returning();
  await db.insert(schema.verticalSuggestions).values({
    videoId: VIDEO_ID,
    startTime: 2,
    endTime: 12,
    source: 1,
    active: true,
    keyframeFileId: file!.id,
  });
}

/** The review list filtered to the task, its review modal, a reason, Modify → Confirm: the editor. */
async function openEditor(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/highlights/live/vertical/review`);
  await page.getByTestId('vertical-filter-text').fill(TITLE);
  await page.getByTestId(`vertical-task-${VIDEO_ID}`).click();
  await page.getByTestId('vertical-reason').first().click();
  await page.getByTestId('vertical-modify').click();
  await page.getByTestId('vertical-confirm-accept').click();
  await page.getByTestId('frame-editor').waitFor();
  await page
    .getByTestId('fe-keyframe')
    .nth(MARKERS - 1)
    .waitFor();
}

/** Starts counting frames in the page; the returned function stops and reports. */
function startFrameCounter(page: Page) {
  return page.evaluate(() => {
    const w = window as unknown as { __hcFrames: { times: number[]; running: boolean } };
    w.__hcFrames = { times: [], running: true };
    const tick = (at: number) => {
      if (!w.__hcFrames.running) return;
      w.__hcFrames.times.push(at);
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

function stopFrameCounter(page: Page) {
  return page.evaluate(() => {
    const w = window as unknown as { __hcFrames: { times: number[]; running: boolean } };
    w.__hcFrames.running = false;
    return w.__hcFrames.times;
  });
}

const videoQuality = (page: Page) =>
  page.getByTestId('fe-video').evaluate((el) => {
    const video = el as HTMLVideoElement;
    const q = video.getVideoPlaybackQuality();
    return {
      paused: video.paused,
      currentTime: video.currentTime,
      total: q.totalVideoFrames,
      dropped: q.droppedVideoFrames,
      width: video.videoWidth,
      height: video.videoHeight,
    };
  });

export async function benchKeyframeEditor(opts: {
  browser: Browser;
  env: Record<string, string>;
  db: Db;
  email: string;
  log: (line: string) => void;
}): Promise<BenchRow[]> {
  const { browser, env, db, email, log } = opts;
  await makeSource(path.join(B12_DATA_DIR, 'media'), log);
  await seedTask(db);
  const server = await startWebServer(env, B12_DATA_DIR);
  const baseUrl = baseUrlOf(server);
  const context = await newBenchContext(browser, await signIn(browser, baseUrl, email));
  try {
    await context.addInitScript(recordVitals);
    const page = await context.newPage();
    log(`B12 opening the frame editor: 1080p source, ${MARKERS} keyframe markers`);
    await openEditor(page, baseUrl);
    const markers = await page.getByTestId('fe-keyframe').count();

    // Playback first, then a marker in the middle of the first lane is pressed and moved to and fro.
    await page.getByTestId('fe-video').evaluate(
      (el) =>
        new Promise<void>((resolve) => {
          const video = el as HTMLVideoElement;
          if (video.readyState >= HTMLMediaElement.HAVE_ENOUGH_DATA) return resolve();
          video.addEventListener('canplaythrough', () => resolve(), { once: true });
        }),
    );
    await page.getByTestId('fe-play').click();
    await page.waitForTimeout(500);
    const lane = page.locator('[data-testid="fe-object-span"][data-object-id="1"]');
    const mark = lane.getByTestId('fe-keyframe').nth(Math.floor(MARKERS / OBJECTS / 2));
    // The editor is taller than the window (the 9:16 preview sits beside the picture): the timeline is
    // scrolled into view first, or the press lands outside the page and drags nothing.
    await mark.scrollIntoViewIfNeeded();
    const box = (await mark.boundingBox())!;
    const x0 = box.x + box.width / 2;
    const y0 = box.y + box.height / 2;

    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const metrics = async () => {
      const { metrics: list } = await cdp.send('Performance.getMetrics');
      return Object.fromEntries(list.map((m) => [m.name, m.value]));
    };
    const stopTrace = await startWebTrace(browser, page, 'b12-drag');
    const videoBefore = await videoQuality(page);
    const framesBefore = (await readVitals(page)).frames.length;
    const before = await metrics();
    await startFrameCounter(page);
    await page.mouse.move(x0, y0);
    await page.mouse.down();

    const started = performance.now();
    let moves = 0;
    while (performance.now() - started < DRAG_SECONDS * 1000) {
      // 120 px each way in 4 px steps, as a hand moves a mark back and forth.
      const phase = moves % 60;
      const dx = (phase < 30 ? phase : 60 - phase) * 4;
      await page.mouse.move(x0 + dx, y0);
      moves++;
    }
    const times = await stopFrameCounter(page);
    const after = await metrics();
    const videoAfter = await videoQuality(page);
    // The drag was live to the end: the marker is drawn at its dragged place.
    const dragging = await page.locator('.hc-fe-tl__key--dragging').count();
    await page.mouse.up();
    await stopTrace?.();
    const longFrames = (await readVitals(page)).frames.slice(framesBefore);
    await cdp.detach();

    const shown = times.length - 1;
    const spanMs = times.at(-1)! - times[0]!;
    const fps = (shown * 1000) / spanMs;
    const intervals = times
      .slice(1)
      .map((t, i) => t - times[i]!)
      .sort((a, b) => a - b);
    const p95Interval = intervals[Math.floor(intervals.length * 0.95)] ?? 0;
    const delta = (name: string) => ((after[name] ?? 0) - (before[name] ?? 0)) * 1000;
    const scriptPerFrame = delta('ScriptDuration') / shown;
    const taskPerFrame = delta('TaskDuration') / shown;
    const layoutPerFrame = (delta('LayoutDuration') + delta('RecalcStyleDuration')) / shown;
    const videoFrames = videoAfter.total - videoBefore.total;
    const videoDropped = videoAfter.dropped - videoBefore.dropped;
    log(
      `B12 ${markers} markers, ${moves} mouse moves in ${(spanMs / 1000).toFixed(1)} s: ${fps.toFixed(1)} fps, ` +
        `script ${ms(scriptPerFrame)}/frame, main-thread tasks ${ms(taskPerFrame)}/frame, style+layout ` +
        `${ms(layoutPerFrame)}/frame; video ${videoFrames} frames presented, ${videoDropped} dropped ` +
        `(${videoAfter.width}x${videoAfter.height}, ${videoAfter.paused ? 'paused' : 'playing'}); ` +
        `${longFrames.length} long animation frames; marker dragging at the end: ${dragging === 1}`,
    );
    return [
      {
        id: 'B12',
        figure: `frame editor, 1080p playing, ${markers} markers, a marker dragged ${DRAG_SECONDS} s: frames/s`,
        value: `${fps.toFixed(1)} fps (p95 frame ${ms(p95Interval)})`,
        budget: `≥ ${FPS_BUDGET} fps`,
        reference: `video ${videoFrames} frames shown, ${videoDropped} dropped; software rendering (--disable-gpu)`,
        ratio: null,
        pass: markers >= MARKERS && dragging === 1 && !videoAfter.paused && fps >= FPS_BUDGET,
        details: { markers, dragging, moves, spanMs, intervals, videoBefore, videoAfter },
      },
      {
        id: 'B12',
        figure: 'the same drag: main-thread script per frame (CDP ScriptDuration / frames)',
        value: ms(scriptPerFrame),
        budget: `≤ ${SCRIPT_BUDGET_MS} ms`,
        reference: `all tasks ${ms(taskPerFrame)}/frame; ${longFrames.length} long animation frames${
          longFrames.length ? `, worst script ${ms(Math.max(...longFrames.map((f) => f.script)))}` : ''
        }`,
        ratio: null,
        pass: scriptPerFrame <= SCRIPT_BUDGET_MS,
        details: { before, after, longFrames },
      },
    ];
  } finally {
    await context.close();
    await server.stop();
    await removeTask(db);
  }
}
