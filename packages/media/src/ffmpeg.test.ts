import { describe, expect, it } from 'vitest';
import { FfmpegError, runFfmpeg } from './ffmpeg.ts';
import { renderPool, Semaphore, type ProcessPool } from './process-limits.ts';

const MB = 1024 * 1024;

/** A source that never ends: only a limit stops it. */
const endless = ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25', '-f', 'null', '-'];

/** One large frame decoded and thrown away: needs far more than a few MB of memory. */
const largeFrame = [
  '-v',
  'error',
  '-f',
  'lavfi',
  '-i',
  'testsrc=size=4096x4096:rate=1',
  '-frames:v',
  '1',
  '-f',
  'null',
  '-',
];

describe('ffmpeg under the render limits', () => {
  it('is stopped at its time limit with a message that says so', async () => {
    await expect(runFfmpeg(endless, undefined, { timeoutMs: 1_000 })).rejects.toThrow(
      new FfmpegError('ffmpeg ran past its time limit of 1 s and was stopped'),
    );
  });

  it('fails past its memory cap, naming the cap, and runs within the default one', async () => {
    const capped = runFfmpeg(largeFrame, undefined, { memoryBytes: 24 * MB });
    await expect(capped).rejects.toBeInstanceOf(FfmpegError);
    await expect(capped).rejects.toThrow(/^ffmpeg failed \(memory limit 24 MB\): /);
    await expect(runFfmpeg(largeFrame)).resolves.toBeUndefined();
    expect(renderPool.limits.memoryBytes).toBeGreaterThan(24 * MB);
  });

  it('refuses a run when every slot of its pool is taken and none may wait', async () => {
    const pool: ProcessPool = { ...renderPool, slots: new Semaphore(1, 0) };
    // The first run takes the only slot at once and keeps it until its time limit stops it.
    const first = runFfmpeg(endless, undefined, { pool, timeoutMs: 2_000 });
    await expect(runFfmpeg(endless, undefined, { pool })).rejects.toThrow(
      new FfmpegError('ffmpeg did not start: every render slot of this worker stayed busy'),
    );
    await expect(first).rejects.toThrow(/time limit/);
    expect(pool.slots.inUse).toBe(0);
  });
});
