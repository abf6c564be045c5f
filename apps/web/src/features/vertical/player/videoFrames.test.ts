import { describe, expect, it } from 'vitest';
import { formatVideoTime, frameAtTime, rangeStartFrame, timeOfFrame } from './videoFrames.ts';

describe('frameAtTime', () => {
  it.each([
    [0, 25, 0],
    [0.039, 25, 0],
    [0.04, 25, 1],
    [2, 25, 50],
    [1.999, 25, 49],
    [10 / 30, 30, 10],
    [1001 / 30000, 30000 / 1001, 1],
  ])('%s s at %s fps is frame %s', (seconds, fps, frame) => {
    expect(frameAtTime(seconds, fps)).toBe(frame);
  });

  it('reads nonsense as frame 0', () => {
    expect(frameAtTime(-1, 25)).toBe(0);
    expect(frameAtTime(Number.NaN, 25)).toBe(0);
    expect(frameAtTime(3, 0)).toBe(0);
  });
});

describe('timeOfFrame', () => {
  it('lands inside the frame, so reading the time back gives the same frame', () => {
    for (const fps of [24, 25, 30, 30000 / 1001, 50, 60]) {
      for (let frame = 0; frame < 2000; frame += 7) {
        expect(frameAtTime(timeOfFrame(frame, fps), fps)).toBe(frame);
      }
    }
  });
});

describe('rangeStartFrame', () => {
  it('rounds as the server counts a range (1.5 s at 25 fps starts on frame 38, not 37)', () => {
    expect(rangeStartFrame(1.5, 25)).toBe(38);
    expect(rangeStartFrame(1.5, 25)).toBeGreaterThan(frameAtTime(1.5, 25));
    expect(rangeStartFrame(0, 25)).toBe(0);
    expect(rangeStartFrame(4, 30)).toBe(120);
    expect(rangeStartFrame(-2, 25)).toBe(0);
  });
});

describe('formatVideoTime', () => {
  it.each([
    [0, '0:00.0'],
    [7.25, '0:07.3'],
    [65.04, '1:05.0'],
    [59.96, '1:00.0'],
  ])('%s s', (seconds, text) => expect(formatVideoTime(seconds)).toBe(text));
});
