// B10: a vertical render of a 12 s 1080p source to 1080x1920 whose crop follows moving keyframes (the
// worker's own filter from follow-crop.ts and its encoder settings), against one static crop-and-scale
// ffmpeg command on the same input with the same settings. Each runs twice, alternating; the faster run
// of each counts (the machine is shared).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { KeyframeFile } from '@hc/shared/vertical/keyframe-file';
import { followCrop, followCropFilter } from '../../apps/worker/src/media/follow-crop.ts';
import { runFfmpeg } from '../../apps/worker/src/media/ffmpeg.ts';
import { VIDEO_CODEC } from '../../apps/worker/src/processors/vertical-render.ts';
import type { BenchRow } from './results.ts';

const FPS = 25;
const SECONDS = 12;
const SOURCE = { width: 1920, height: 1080 };
const OUTPUT = { width: 1080, height: 1920 };

/** One object panning across the frame and back, a keyframe every 12 frames. */
function panningKeyframes(): KeyframeFile {
  const frames = FPS * SECONDS;
  const keyframes = [];
  for (let frame = 0; frame < frames; frame += 12) {
    const phase = frame / (frames - 1);
    keyframes.push({ frame, x: Math.round(100 + 1300 * Math.sin(Math.PI * phase)), y: 200 });
  }
  return {
    grid_manager_ver: '2.0',
    fps: FPS,
    input_width: SOURCE.width,
    input_height: SOURCE.height,
    output_vertical_width: OUTPUT.width,
    output_vertical_height: OUTPUT.height,
    groups: [
      {
        group_id: 1,
        start_frame: 0,
        end_frame: frames - 1,
        objects: [{ object_id: 1, rect: [100, 200, 400, 700], keyframes }],
      },
    ],
  };
}

export async function benchRender(log: (line: string) => void): Promise<BenchRow> {
  const dir = mkdtempSync(path.join(tmpdir(), 'hc-bench-render-'));
  try {
    const source = path.join(dir, 'source.mp4');
    log('B10 generating a 12 s 1080p source');
    await runFfmpeg([
      '-f',
      'lavfi',
      '-i',
      `testsrc2=s=${SOURCE.width}x${SOURCE.height}:r=${FPS}:d=${SECONDS}`,
      ...VIDEO_CODEC,
      '-an',
      '-y',
      `file:${source}`,
    ]);
    const file = panningKeyframes();
    const crop = followCrop(file, {
      firstFrame: 0,
      frameCount: FPS * SECONDS,
      fps: FPS,
      firstFrameSeconds: 0,
    });
    const commandsFile = path.join(dir, 'crop.cmd');
    writeFileSync(commandsFile, crop.commands);
    const follow = followCropFilter(crop, commandsFile, OUTPUT);
    const { width, height, x, y } = crop.initial;
    const fixed = `crop=${width}:${height}:${x}:${y},scale=${OUTPUT.width}:${OUTPUT.height}`;
    const render = async (filter: string, out: string) => {
      const t0 = performance.now();
      await runFfmpeg([
        '-v',
        'error',
        '-protocol_whitelist',
        'file',
        '-i',
        `file:${source}`,
        '-map',
        '0:v:0',
        '-vf',
        filter,
        '-an',
        ...VIDEO_CODEC,
        '-movflags',
        '+faststart',
        '-f',
        'mp4',
        '-y',
        `file:${path.join(dir, out)}`,
      ]);
      return (performance.now() - t0) / 1000;
    };
    // Diagnosis: the worker's filter chain holding the first window still (no commands). Beside the
    // reference it shows what the chain costs; beside the follow render, what the moving picture costs x264.
    const still = followCropFilter({ ...crop, commands: '', commandCount: 0 }, null, OUTPUT);
    const ours: number[] = [];
    const reference: number[] = [];
    const stillChain: number[] = [];
    for (let run = 0; run < 2; run++) {
      log(`B10 run ${run + 1}/2`);
      reference.push(await render(fixed, 'reference.mp4'));
      ours.push(await render(follow, 'follow.mp4'));
      if (run === 0) stillChain.push(await render(still, 'still.mp4'));
    }
    const best = Math.min(...ours);
    const bestReference = Math.min(...reference);
    const speed = bestReference / best;
    return {
      id: 'B10',
      figure: `vertical render 12 s 1080p → 1080x1920 following keyframes (${crop.commandCount} crop commands)`,
      value: `${best.toFixed(1)} s (${(SECONDS / best).toFixed(2)}x real time)`,
      budget: '≥ 0.9x the static crop speed',
      reference: `static crop-and-scale ${bestReference.toFixed(1)} s; our chain held still ${stillChain[0]!.toFixed(1)} s`,
      ratio: speed,
      pass: speed >= 0.9,
      details: { ours, reference, stillChain, commandCount: crop.commandCount },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
