import { describe, expect, it } from 'vitest';
import { GRID_SEQUENCE_INVALID, gridValueNotAllowed, messages } from '../messages.ts';
import { gridRowErrors } from '../api/ad-grid.ts';
import { gridLimitPhrase } from '../validation.ts';
import {
  AB_TEST_REFUSAL,
  GRID_CHANNEL_INVALID,
  GRID_DISPLAY_DEFAULTS,
  GRID_VIDEO_DEFAULTS,
  gridCellBounds,
  gridCellError,
  isGridCellMandatory,
  isMonetizationAbTest,
  missingGridCells,
  validateGridSubmit,
} from './grid-rules.ts';

const MAX = 2_147_483_647;

describe('grid cells: each bound passes, one past fails with the exact message', () => {
  it.each<[string, number, number]>([
    ['viewportProduct', 0, 100],
    ['viewportAd', 0, 100],
    ['maxImpressions', 0, 100],
    ['errorLimit', 1, MAX],
    ['vastRetry', 1, 5],
    ['startMidroll', 7, MAX],
    ['midrollTime', 1, MAX],
    ['skipTimer', 3, 10],
    ['displayAdDuration', 5000, 10000],
    ['skipDelay', 1000, 4999],
  ])('%s: %i to %i', (field, min, max) => {
    const n = (v: number) => v.toLocaleString('en-US');
    // No upper limit to read when the bound is only the largest stored integer.
    const message =
      max === MAX
        ? `Invalid input. Please enter an integer of at least ${n(min)}.`
        : `Invalid input. Please enter an integer between ${n(min)} and ${n(max)}.`;
    expect(gridCellError(field, min)).toBeNull();
    expect(gridCellError(field, String(max))).toBeNull();
    expect(gridCellError(field, min - 1)).toBe(message);
    expect(gridCellError(field, max + 1)).toBe(message);
    expect(gridCellError(field, `${String(min)}.5`)).toBe(message);
    expect(gridCellBounds(field)).toEqual({ min, max });
  });

  it('skipDelay is below 5000 ms and display duration at most 10000 ms', () => {
    expect(gridCellError('skipDelay', 5000)).not.toBeNull();
    expect(gridCellError('displayAdDuration', 10001)).not.toBeNull();
  });

  it('channel: exactly 24 characters of [0-9a-f]', () => {
    expect(gridCellError('channel', 'abcdef0123456789abcdef01')).toBeNull();
    expect(gridCellError('channel', 'ABCDEF0123456789ABCDEF01')).toBe(GRID_CHANNEL_INVALID);
    expect(gridCellError('channel', 'abcdef0123456789abcdef0')).toBe(GRID_CHANNEL_INVALID);
  });

  it('leaves empty cells to the mandatory check and unknown fields alone', () => {
    expect(gridCellError('vastRetry', '')).toBeNull();
    expect(gridCellError('playButton', 'anything')).toBeNull();
  });
});

describe('mandatory cells', () => {
  it('description is mandatory for placements only', () => {
    expect(isGridCellMandatory('placement', 'description', {})).toBe(true);
    expect(isGridCellMandatory('publisher', 'description', {})).toBe(false);
    expect(missingGridCells('placement', { ...GRID_VIDEO_DEFAULTS, channel: 'c' })).toEqual(['description']);
    expect(missingGridCells('publisher', { ...GRID_VIDEO_DEFAULTS, channel: 'c' })).toEqual([]);
  });

  it('display fields are mandatory only with fallbackEnable', () => {
    expect(missingGridCells('display', { fallbackEnable: false })).toEqual([]);
    expect(missingGridCells('displayPlacement', { fallbackEnable: true, ...GRID_DISPLAY_DEFAULTS })).toEqual([
      'pubmaticUrl',
      'adUnitPath',
    ]);
  });

  it("Submit is blocked with 'Mandatory fields are missing!'", () => {
    expect(validateGridSubmit({ publisher: [{ ...GRID_VIDEO_DEFAULTS, channel: '' }] })).toBe(
      messages.mandatoryFieldsMissing,
    );
    expect(
      validateGridSubmit({ publisher: [{ ...GRID_VIDEO_DEFAULTS, channel: 'c' }], display: [] }),
    ).toBeNull();
  });

  it('new rows take the grid defaults the spec states', () => {
    expect(GRID_VIDEO_DEFAULTS).toMatchObject({
      midrollTime: 3,
      vastRetry: 2,
      viewportAd: 30,
      adManager: 'aniview',
    });
    expect(GRID_DISPLAY_DEFAULTS).toEqual({
      displayAdDuration: 10000,
      skipDelay: 0,
      supportedSizes: [
        [300, 250],
        [320, 50],
        [250, 250],
      ],
      displayManager: 'pubmatic',
    });
  });
});

describe('rules every path into the configs shares', () => {
  it('accepts only the config page Ad Manager value', () => {
    expect(gridCellError('adManager', 'aniview')).toBeNull();
    expect(gridCellError('adManager', 'aniveiw-typo')).toBe(gridValueNotAllowed(['aniview']));
    // The disabled option of the config page is not accepted either.
    expect(gridCellError('adManager', 'ima')).toBe(gridValueNotAllowed(['aniview']));
    expect(gridRowErrors('publisher', { adManager: 'x' })[0]).toBe(
      `Ad Manager: ${gridValueNotAllowed(['aniview'])}`,
    );
  });

  it('checks the Sequence as the config page does', () => {
    expect(gridCellError('adSequence', '2, 3,4')).toBeNull();
    expect(gridCellError('adSequence', '2;x')).toBe(GRID_SEQUENCE_INVALID);
  });

  it('refuses placements whose A/B test flag is not false, with the config page message', () => {
    expect(isMonetizationAbTest(null)).toBe(false);
    expect(isMonetizationAbTest({ monetization: false })).toBe(false);
    expect(isMonetizationAbTest({ monetization: true })).toBe(true);
    expect(isMonetizationAbTest({ monetization: null })).toBe(true);
    expect(AB_TEST_REFUSAL).toBe(messages.abTestBlocked);
  });
});

describe('grid cell limits read as a user reads them', () => {
  it('Start Midroll asks for at least 7 (no 2147483647), as the config page does', () => {
    expect(gridCellError('startMidroll', 6)).toBe('Invalid input. Please enter an integer of at least 7.');
    expect(gridLimitPhrase('startMidroll')).toBe('at least 7');
  });

  it('long numbers carry thousands separators', () => {
    expect(gridCellError('displayAdDuration', 4999)).toBe(
      'Invalid input. Please enter an integer between 5,000 and 10,000.',
    );
    expect(gridCellError('errorLimit', 0)).toBe('Invalid input. Please enter an integer of at least 1.');
  });
});
