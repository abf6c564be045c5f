import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpegPath } from '@hc/media/binaries';
import { generateDemoMedia, probeMedia, type DemoMedia } from './media.ts';

// Generating the whole set takes a few seconds on two cores; the budget is generous for slow CI.
const TIMEOUT = 60_000;

let dir = '';
let media: DemoMedia;

async function mtimes(root: string): Promise<Map<string, number>> {
  const names = await readdir(path.join(root, 'demo'));
  const out = new Map<string, number>();
  for (const name of names) out.set(name, (await stat(path.join(root, 'demo', name))).mtimeMs);
  return out;
}

/** One decoded frame at time t as packed RGB bytes. */
function frameAt(file: string, t: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    execFile(
      ffmpegPath(),
      [
        '-nostdin',
        '-loglevel',
        'error',
        '-ss',
        String(t),
        '-protocol_whitelist',
        'file',
        '-i',
        file,
        '-frames:v',
        '1',
        '-f',
        'rawvideo',
        '-pix_fmt',
        'rgb24',
        'pipe:1',
      ],
      { encoding: 'buffer', maxBuffer: 16 * 1024 * 1024 },
      (err, stdout) => (err ? reject(err) : resolve(stdout)),
    );
  });
}

/** Centre of the pixels close to an RGB colour (the synthetic objects have flat, unique colours). */
function centroidOf(
  rgb: Buffer,
  width: number,
  color: [number, number, number],
): { x: number; y: number; count: number } {
  let sx = 0;
  let sy = 0;
  let count = 0;
  for (let i = 0; i + 2 < rgb.length; i += 3) {
    const d =
      Math.abs(rgb[i]! - color[0]) + Math.abs(rgb[i + 1]! - color[1]) + Math.abs(rgb[i + 2]! - color[2]);
    if (d < 90) {
      const p = i / 3;
      sx += p % width;
      sy += Math.floor(p / width);
      count++;
    }
  }
  return { x: sx / count, y: sy / count, count };
}

describe('demo media', () => {
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'hc-media-'));
    media = await generateDemoMedia(dir);
  }, TIMEOUT);

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('returns the whole set with relative forward-slash paths to non-empty files', async () => {
    expect(media.highlightClips).toHaveLength(8);
    expect(media.verticalSources).toHaveLength(4);
    expect(media.verticalResults).toHaveLength(4);
    expect(media.storyImages).toHaveLength(6);
    const paths = [
      ...media.highlightClips.flatMap((c) => [c.videoPath, c.thumbnailPath, c.gifPath]),
      ...media.verticalSources.flatMap((c) => [c.videoPath, c.thumbnailPath, c.gifPath]),
      ...media.verticalResults.flatMap((r) => [r.videoPath, r.thumbnailPath]),
      ...media.storyImages.map((s) => s.path),
    ];
    expect(new Set(paths).size).toBe(paths.length);
    for (const p of paths) {
      expect(p).toMatch(/^demo\/[a-z0-9-]+\.(mp4|jpg|gif)$/);
      expect((await stat(path.join(dir, p))).size).toBeGreaterThan(0);
    }
    expect(media.highlightClips[2]!.videoPath).toBe('demo/clip-03.mp4');
  });

  it('makes H.264 MP4 clips of the announced size and length', async () => {
    const clip = media.highlightClips[0]!;
    const info = await probeMedia(path.join(dir, clip.videoPath));
    expect(info).toMatchObject({ width: 640, height: 360, videoCodec: 'h264' });
    expect(info.formatName).toContain('mp4');
    expect(info.durationSeconds).toBeGreaterThanOrEqual(4);
    expect(info.durationSeconds).toBeLessThanOrEqual(8.2);
    expect(Math.abs(info.durationSeconds - clip.durationSeconds)).toBeLessThan(0.2);

    for (const c of media.highlightClips) {
      expect(c.durationSeconds).toBeGreaterThanOrEqual(4);
      expect(c.durationSeconds).toBeLessThanOrEqual(8);
    }

    const source = await probeMedia(path.join(dir, media.verticalSources[1]!.videoPath));
    expect(source).toMatchObject({ width: 1280, height: 720, videoCodec: 'h264' });
    expect(source.durationSeconds).toBeGreaterThanOrEqual(10);
    expect(source.durationSeconds).toBeLessThanOrEqual(12.2);

    const vertical = await probeMedia(path.join(dir, media.verticalResults[0]!.videoPath));
    expect(vertical).toMatchObject({ width: 360, height: 640, videoCodec: 'h264' });

    const story = await probeMedia(path.join(dir, media.storyImages[0]!.path));
    expect(story).toMatchObject({ width: 720, height: 1280 });
  });

  it('reuses existing files on a second call', async () => {
    const before = await mtimes(dir);
    const again = await generateDemoMedia(dir);
    expect(await mtimes(dir)).toEqual(before);
    expect(again.highlightClips.map((c) => c.videoPath)).toEqual(
      media.highlightClips.map((c) => c.videoPath),
    );
  });

  it('describes moving objects that stay inside the frame', () => {
    for (const clip of [...media.highlightClips, ...media.verticalSources]) {
      expect(clip.tracks.length).toBeGreaterThanOrEqual(1);
      expect(clip.tracks.length).toBeLessThanOrEqual(2);
      for (const track of clip.tracks) {
        const a = track.at(1);
        const b = track.at(3);
        expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeGreaterThan(10);
        for (let t = 0; t <= clip.durationSeconds; t += 0.1) {
          const p = track.at(t);
          expect(p.x - track.size.w / 2).toBeGreaterThanOrEqual(0);
          expect(p.x + track.size.w / 2).toBeLessThanOrEqual(clip.width);
          expect(p.y - track.size.h / 2).toBeGreaterThanOrEqual(0);
          expect(p.y + track.size.h / 2).toBeLessThanOrEqual(clip.height);
        }
      }
    }
  });

  it('jumps the followed object at the scene cut of a vertical source', () => {
    const track = media.verticalSources[0]!.tracks[0]!;
    const before = track.at(4.99);
    const after = track.at(5);
    expect(Math.abs(before.x - after.x)).toBeGreaterThan(100);
  });

  it('draws the object where its track says, and the vertical render follows it', async () => {
    // clip-01's object is the orange circle (0xf97316); so is the followed object of source-01.
    const orange: [number, number, number] = [0xf9, 0x73, 0x16];
    const clip = media.highlightClips[0]!;
    const t = 2; // a frame time at 24 fps
    const seen = centroidOf(await frameAt(path.join(dir, clip.videoPath), t), clip.width, orange);
    const expected = clip.tracks[0]!.at(t);
    expect(seen.count).toBeGreaterThan(1000);
    // overlay places objects on even pixels, so allow a couple of pixels.
    expect(Math.abs(seen.x - expected.x)).toBeLessThan(3);
    expect(Math.abs(seen.y - expected.y)).toBeLessThan(3);

    const result = media.verticalResults[0]!;
    const inVertical = centroidOf(await frameAt(path.join(dir, result.videoPath), t), result.width, orange);
    expect(inVertical.count).toBeGreaterThan(1000);
    expect(Math.abs(inVertical.x - result.width / 2)).toBeLessThan(4);
  });
});
