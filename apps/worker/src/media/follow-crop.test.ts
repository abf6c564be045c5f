import { describe, expect, it } from 'vitest';
import { cropWindowAt, type KeyframeFile } from '@hc/shared/vertical/keyframe-file';
import { followCrop, followCropFilter } from './follow-crop.ts';

/** 640x360 at 25 fps; group 1 (frames 0-9) follows a box moving 4 px a frame from frame 2 to 6; group 2 has no object. */
const file: KeyframeFile = {
  grid_manager_ver: '2.0',
  fps: 25,
  input_width: 640,
  input_height: 360,
  output_vertical_width: 360,
  output_vertical_height: 640,
  groups: [
    {
      group_id: 1,
      start_frame: 0,
      end_frame: 9,
      objects: [
        {
          object_id: 1,
          rect: [100, 100, 140, 160],
          keyframes: [
            { frame: 2, x: 100, y: 100 },
            { frame: 6, x: 116, y: 100 },
          ],
        },
      ],
    },
    { group_id: 2, start_frame: 10, end_frame: 14, objects: [] },
  ],
};

describe('followCrop', () => {
  it('starts at the first frame’s window and commands only the frames whose window changes', () => {
    const crop = followCrop(file, { firstFrame: 0, frameCount: 15, fps: 25, firstFrameSeconds: 0 });
    expect(crop.initial).toEqual(cropWindowAt(file, 0));
    const lines = crop.commands.trim().split('\n');
    // Frames 3-6 move x by 4; frame 10 (the empty group) takes the full-height window: w, h, x and y.
    expect(lines).toEqual([
      '0.100000 crop@follow x 104;',
      '0.140000 crop@follow x 108;',
      '0.180000 crop@follow x 112;',
      '0.220000 crop@follow x 116;',
      '0.380000 crop@follow w 203, crop@follow h 360, crop@follow x 219, crop@follow y 0;',
    ]);
    expect(crop.commandCount).toBe(8);
    const last = cropWindowAt(file, 14);
    expect(last).toEqual({ x: 219, y: 0, width: 203, height: 360 });
  });

  it('times commands from the first rendered frame', () => {
    const crop = followCrop(file, { firstFrame: 4, frameCount: 3, fps: 25, firstFrameSeconds: 0.5 });
    expect(crop.initial.x).toBe(108);
    expect(crop.commands).toBe('0.520000 crop@follow x 112;\n0.560000 crop@follow x 116;\n');
  });

  it('has no script when the window never changes, and the filter then has no sendcmd', () => {
    const crop = followCrop(file, { firstFrame: 10, frameCount: 5, fps: 25, firstFrameSeconds: 0 });
    expect(crop).toMatchObject({ commands: '', commandCount: 0 });
    expect(followCropFilter(crop, null, { width: 360, height: 640 })).toBe(
      'crop@follow=w=203:h=360:x=219:y=0:exact=1,null,scale=360:640:flags=bicubic,setsar=1,format=yuv420p',
    );
  });
});
