import { describe, expect, it } from 'vitest';
import {
  GRID_DISPLAY_COLUMNS,
  GRID_VIDEO_COLUMNS,
  type GridData,
  type GridRow,
} from '@hc/shared/api/ad-grid';
import { gridCellInvalid, gridValueNotAllowed, messages } from '@hc/shared/messages';
import {
  cellMessage,
  cellState,
  editCell,
  editedCount,
  shownValues,
  submitData,
  submitProblem,
  type GridEdits,
} from './gridEdits.ts';

const column = (field: string) =>
  [...GRID_VIDEO_COLUMNS, ...GRID_DISPLAY_COLUMNS].find((c) => c.field === field)!;
const publisherRow: GridRow = {
  key: 'publisher:1',
  publisherId: 1,
  publisherName: 'One',
  placementId: null,
  placementName: null,
  platform: null,
  values: {
    channel: '0123456789abcdef01234567',
    midrollTime: 3,
    vastRetry: 2,
    errorLimit: 10,
    viewportProduct: 1,
    viewportAd: 30,
  },
  overridden: [],
  version: '2026-11-20T10:00:00.000Z',
  abTest: false,
};
const placementRow: GridRow = {
  ...publisherRow,
  key: 'placement:7',
  placementId: 7,
  placementName: 'Home',
  values: { ...publisherRow.values, description: 'Front', midrollTime: 5 },
  overridden: ['description', 'midrollTime'],
};
const data: GridData = {
  publisher: [publisherRow],
  placement: [placementRow],
  display: [],
  displayPlacement: [],
};

describe('grid edits', () => {
  it('keeps typed values as the column stores them, and drops an edit typed back to the fetched value', () => {
    let edits: GridEdits = editCell({}, publisherRow, column('vastRetry'), '4');
    expect(edits).toEqual({ 'publisher:1': { vastRetry: 4 } });
    expect(cellState('publisher', publisherRow, 'vastRetry', edits)).toBe('edited');
    edits = editCell(edits, publisherRow, column('vastRetry'), '2');
    expect(edits).toEqual({});
    expect(editedCount(edits)).toBe(0);
  });

  it('marks invalid, overridden and empty mandatory cells', () => {
    const invalid = editCell({}, publisherRow, column('vastRetry'), '9');
    expect(cellState('publisher', publisherRow, 'vastRetry', invalid)).toBe('invalid');
    expect(submitProblem(data, invalid)).toBe(gridCellInvalid(1, 5));
    expect(cellState('placement', placementRow, 'midrollTime', {})).toBe('overridden');
    const emptied = editCell({}, placementRow, column('description'), '  ');
    expect(cellState('placement', placementRow, 'description', emptied)).toBe('missing');
    expect(submitProblem(data, emptied)).toBe(messages.mandatoryFieldsMissing);
    // Description is optional on the publisher tab.
    const publisherEmptied = editCell({}, publisherRow, column('description'), '');
    expect(submitProblem(data, publisherEmptied)).toBeNull();
  });

  it('sends only edited rows and cells', () => {
    const edits = editCell(
      editCell({}, placementRow, column('errorLimit'), '12'),
      placementRow,
      column('skip'),
      true,
    );
    expect(submitData(data, edits)).toEqual({
      publisher: [],
      placement: [
        { key: 'placement:7', changes: { errorLimit: 12, skip: true }, version: placementRow.version },
      ],
      display: [],
      displayPlacement: [],
    });
  });

  it('marks an edited cell of an A/B-tested placement with the config page refusal, and a typo Ad Manager', () => {
    const tested: GridRow = { ...placementRow, abTest: true };
    const edits = editCell({}, tested, column('errorLimit'), '12');
    expect(cellState('placement', tested, 'errorLimit', edits)).toBe('invalid');
    expect(cellMessage('errorLimit', shownValues(tested, edits), { row: tested, edits })).toBe(
      messages.abTestBlocked,
    );
    const typo = editCell({}, publisherRow, column('adManager'), 'aniveiw-typo');
    expect(cellState('publisher', publisherRow, 'adManager', typo)).toBe('invalid');
    expect(submitProblem(data, typo)).toBe(gridValueNotAllowed(['aniview']));
  });
});
