import { describe, expect, it } from 'vitest';
import { createDrawerSelection } from './drawerSelection.ts';

interface Row {
  id: number;
  status: string;
}
const row: Row = { id: 1, status: 'Active' };

describe('drawer selection', () => {
  it('opens a row, and keeps it while the drawer slides closed', () => {
    const selection = createDrawerSelection<Row>();
    selection.open(row);
    expect(selection.state()).toEqual({ row, visible: true });
    selection.hide();
    expect(selection.state()).toEqual({ row, visible: false });
  });

  it('rewrites the kept row, and a row cleared (deleted) hides the drawer', () => {
    const selection = createDrawerSelection<Row>();
    selection.update((r) => ({ ...r, status: 'Draft' })); // nothing selected: nothing to rewrite
    expect(selection.state().row).toBeNull();
    selection.open(row);
    selection.update((r) => ({ ...r, status: 'Draft' }));
    expect(selection.state()).toEqual({ row: { id: 1, status: 'Draft' }, visible: true });
    selection.update(() => null);
    expect(selection.state()).toEqual({ row: null, visible: false });
  });

  it('tells its subscribers of every change, with a new state each time', () => {
    const selection = createDrawerSelection<Row>();
    const seen: unknown[] = [];
    const unsubscribe = selection.subscribe(() => seen.push(selection.state()));
    const before = selection.state();
    selection.open(row);
    selection.hide();
    unsubscribe();
    selection.open(row);
    expect(seen).toEqual([
      { row, visible: true },
      { row, visible: false },
    ]);
    expect(seen[0]).not.toBe(before);
  });
});
