import { describe, expect, it } from 'vitest';
import {
  centreOfFrame,
  fitInside,
  formatEditorTime,
  formatRulerTime,
  frameAtX,
  rulerStepSeconds,
  xOfFrame,
} from './editorGeometry.ts';

describe('fitInside', () => {
  it('fits a 16:9 frame to the width of a tall box', () => {
    expect(fitInside({ width: 1280, height: 720 }, { width: 640, height: 600 })).toEqual({
      width: 640,
      height: 360,
      scale: 0.5,
    });
  });
  it('fits to the height of a wide box', () => {
    const fit = fitInside({ width: 1280, height: 720 }, { width: 2000, height: 360 });
    expect(fit).toEqual({ width: 640, height: 360, scale: 0.5 });
  });
  it('gives nothing for an empty box or source', () => {
    expect(fitInside({ width: 0, height: 720 }, { width: 10, height: 10 }).scale).toBe(0);
    expect(fitInside({ width: 10, height: 10 }, { width: 0, height: 10 }).width).toBe(0);
  });
});

describe('timeline scale', () => {
  const scale = { frameCount: 250, left: 40, width: 1000 };
  it('maps frames to slots and back', () => {
    expect(xOfFrame(scale, 0)).toBe(40);
    expect(xOfFrame(scale, 125)).toBe(540);
    expect(centreOfFrame(scale, 0)).toBe(42);
    for (const frame of [0, 1, 99, 249]) expect(frameAtX(scale, centreOfFrame(scale, frame))).toBe(frame);
  });
  it('clamps x outside the track to the first and last frame', () => {
    expect(frameAtX(scale, 0)).toBe(0);
    expect(frameAtX(scale, 5000)).toBe(249);
  });
  it('spaces ruler ticks at least the wanted gap apart', () => {
    // 250 frames at 25 fps over 1000 px: 100 px a second.
    expect(rulerStepSeconds(scale, 25, 64)).toBe(1);
    expect(rulerStepSeconds(scale, 25, 30)).toBe(0.5);
    expect(rulerStepSeconds({ frameCount: 90_000, left: 0, width: 1000 }, 25, 64)).toBe(300);
  });
});

describe('time labels', () => {
  it('formats editor times with hundredths', () => {
    expect(formatEditorTime(7.4)).toBe('0:07.40');
    expect(formatEditorTime(65.125)).toBe('1:05.13');
    expect(formatEditorTime(-1)).toBe('0:00.00');
  });
  it('formats ruler times without empty decimals', () => {
    expect(formatRulerTime(7)).toBe('0:07');
    expect(formatRulerTime(7.5)).toBe('0:07.5');
    expect(formatRulerTime(125)).toBe('2:05');
  });
});
