import { describe, expect, it } from 'vitest';
import { messages } from '@hc/shared/messages';
import {
  editorReducer,
  editorStateFromPackage,
  firstSaveError,
  inferCategory,
  newEditorState,
  toPackageWrite,
  totalDuration,
  validateEditor,
} from './editorState.ts';
import type { EditorAction, EditorState } from './editorState.ts';
import { hl, pkg } from './editorFixtures.ts';

const run = (state: EditorState, ...actions: EditorAction[]) => actions.reduce(editorReducer, state);
const ids = (state: EditorState) => state.highlights.map((h) => h.id);
const withHighlights = (...list: number[]) =>
  run(newEditorState(), ...list.map((id) => ({ type: 'add', highlight: hl(id) }) as const));

describe('new package', () => {
  it('starts with max_ads 100, type user, an empty sequence and no highlights', () => {
    const s = newEditorState();
    expect(s).toMatchObject({
      maxAds: 100,
      packageType: 'user',
      sequence: '',
      highlights: [],
      unsaved: false,
    });
  });
});

describe('operations set the unsaved flag', () => {
  const loaded = editorStateFromPackage(pkg());
  it.each<[string, EditorAction, number[]]>([
    ['add at the end', { type: 'add', highlight: hl(9) }, [1, 2, 3, 9]],
    ['add at an index', { type: 'add', highlight: hl(9), index: 1 }, [1, 9, 2, 3]],
    ['add past the end clamps', { type: 'add', highlight: hl(9), index: 99 }, [1, 2, 3, 9]],
    ['remove', { type: 'remove', id: 2 }, [1, 3]],
    ['move down', { type: 'move', from: 0, to: 2 }, [2, 3, 1]],
    ['move up', { type: 'move', from: 2, to: 0 }, [3, 1, 2]],
    ['rename', { type: 'rename', id: 1, title: 'New' }, [1, 2, 3]],
  ])('%s', (_name, action, expected) => {
    const next = editorReducer(loaded, action);
    expect(ids(next)).toEqual(expected);
    expect(next.unsaved).toBe(true);
  });

  it.each<[string, EditorAction]>([
    ['a duplicate add', { type: 'add', highlight: hl(2) }],
    ['removing an unknown id', { type: 'remove', id: 42 }],
    ['a move to the same place', { type: 'move', from: 1, to: 1 }],
    ['a move out of range', { type: 'move', from: 0, to: 3 }],
    ['a blank rename', { type: 'rename', id: 1, title: '   ' }],
    ['an unchanged rename', { type: 'rename', id: 1, title: ' Title 1 ' }],
    ['an alias change on an existing package', { type: 'setAlias', alias: 'other' }],
  ])('leaves the state alone on %s', (_name, action) => {
    expect(editorReducer(loaded, action)).toBe(loaded);
  });
});

describe('size limit', () => {
  it('refuses a sixth highlight', () => {
    const five = withHighlights(1, 2, 3, 4, 5);
    expect(editorReducer(five, { type: 'add', highlight: hl(6) })).toBe(five);
  });
});

describe('rename', () => {
  it('trims the title and marks it changed; renaming back clears the mark', () => {
    const s = run(withHighlights(1), { type: 'rename', id: 1, title: '  Fresh  ' });
    expect(s.highlights[0]).toMatchObject({ title: 'Fresh', titleChanged: true, originalTitle: 'Title 1' });
    const back = editorReducer(s, { type: 'rename', id: 1, title: 'Title 1' });
    expect(back.highlights[0]?.titleChanged).toBe(false);
  });
});

describe('auto packages', () => {
  const auto = editorStateFromPackage(pkg({ package_type: 'auto', alias: null }));

  it('removing marks the id and waits for the dialog', () => {
    const s = editorReducer(auto, { type: 'remove', id: 2 });
    expect(ids(s)).toEqual([1, 3]);
    expect(s.tvInvalidHlts).toEqual([2]);
    expect(s.pendingRemoval?.highlight.id).toBe(2);
  });

  it('Yes keeps it removed with the id in tvInvalidHlts', () => {
    const s = run(auto, { type: 'remove', id: 2 }, { type: 'confirmRemoval' });
    expect(ids(s)).toEqual([1, 3]);
    expect(s.tvInvalidHlts).toEqual([2]);
    expect(s.pendingRemoval).toBeNull();
    expect(s.unsaved).toBe(true);
  });

  it('No puts it back in place, unmarks it and restores the unsaved flag', () => {
    const s = run(auto, { type: 'remove', id: 2 }, { type: 'undoRemoval' });
    expect(ids(s)).toEqual([1, 2, 3]);
    expect(s.tvInvalidHlts).toEqual([]);
    expect(s.pendingRemoval).toBeNull();
    expect(s.unsaved).toBe(false);
  });

  it('other edits wait while the dialog is open', () => {
    const s = editorReducer(auto, { type: 'remove', id: 2 });
    expect(editorReducer(s, { type: 'remove', id: 1 })).toBe(s);
    expect(editorReducer(s, { type: 'add', highlight: hl(9) })).toBe(s);
  });

  it('adding a marked highlight back unmarks it', () => {
    const s = run(
      auto,
      { type: 'remove', id: 2 },
      { type: 'confirmRemoval' },
      { type: 'add', highlight: hl(2) },
    );
    expect(s.tvInvalidHlts).toEqual([]);
  });

  it('a user package removes without a dialog', () => {
    const s = editorReducer(editorStateFromPackage(pkg()), { type: 'remove', id: 2 });
    expect(s.pendingRemoval).toBeNull();
    expect(s.tvInvalidHlts).toEqual([]);
  });
});

describe('saved and discard', () => {
  it('saved loads the server copy and clears the unsaved flag', () => {
    const dirty = editorReducer(editorStateFromPackage(pkg()), { type: 'remove', id: 1 });
    const s = editorReducer(dirty, { type: 'saved', pkg: pkg({ updated_at: 1_800_000_000 }) });
    expect(s.unsaved).toBe(false);
    expect(s.base?.updated_at).toBe(1_800_000_000);
  });

  it('discard goes back to the loaded version, or to an empty new package', () => {
    const loaded = editorStateFromPackage(pkg());
    expect(ids(run(loaded, { type: 'remove', id: 1 }, { type: 'discard' }))).toEqual([1, 2, 3]);
    expect(run(withHighlights(1, 2), { type: 'discard' })).toEqual(newEditorState());
  });
});

describe('inferCategory', () => {
  it.each<[string, (string | null)[], string | null]>([
    ['empty', [], null],
    ['all share one', ['news', 'news', 'news'], 'news'],
    ['mixed', ['news', 'sports'], null],
    ['one without category', ['news', null], null],
    ['none has one', [null, null], null],
  ])('%s', (_name, categories, expected) => {
    expect(inferCategory(categories.map((category) => ({ category })))).toBe(expected);
  });
});

describe('validation', () => {
  it.each<[string, Partial<EditorState>, string | null]>([
    ['too few videos first', { name: '', alias: '' }, messages.packageTooFewVideos],
    [
      'then the name',
      { highlights: [hl(1), hl(2), hl(3)], name: '  ', alias: 'ok' },
      messages.packageNameInvalid,
    ],
    [
      'then the alias',
      { highlights: [hl(1), hl(2), hl(3)], name: 'N', alias: '1bad' },
      messages.invalidEmbedName,
    ],
    ['valid', { highlights: [hl(1), hl(2), hl(3)], name: 'N', alias: 'good-alias' }, null],
    ['an empty embed name is allowed', { highlights: [hl(1), hl(2), hl(3)], name: 'N', alias: '  ' }, null],
  ])('%s', (_name, patch, expected) => {
    expect(firstSaveError({ ...newEditorState(), ...patch })).toBe(expected);
  });

  it('does not check the alias of an existing package', () => {
    expect(validateEditor(editorStateFromPackage(pkg({ alias: null }))).alias).toBeNull();
  });
});

describe('toPackageWrite', () => {
  it('a new package: trimmed name, alias, ids and titles, inferred category, no version', () => {
    const s = run(
      withHighlights(1, 2, 3),
      { type: 'setName', name: '  Evening  ' },
      { type: 'setAlias', alias: 'evening' },
      { type: 'rename', id: 2, title: 'Renamed' },
    );
    expect(toPackageWrite(s)).toEqual({
      name: 'Evening',
      alias: 'evening',
      highlights: [
        { id: 1, title: 'Title 1' },
        { id: 2, title: 'Renamed' },
        { id: 3, title: 'Title 3' },
      ],
      sequence: '',
      tvInvalidHlts: [],
      package_type: 'user',
      category: 'news',
    });
  });

  it('a blank embed name is sent as none', () => {
    expect(toPackageWrite(withHighlights(1, 2, 3)).alias).toBeNull();
  });

  it('an existing package: no alias, the loaded updated_at', () => {
    const body = toPackageWrite(editorStateFromPackage(pkg()));
    expect(body).not.toHaveProperty('alias');
    expect(body.updated_at).toBe(1_700_000_100);
    expect(body).not.toHaveProperty('status');
  });

  it('a suggestion (a draft opened with publisherId) is published by saving it', () => {
    const draft = editorStateFromPackage(pkg({ status: 'Draft' }));
    expect(toPackageWrite(draft, { suggestion: true }).status).toBe('Active');
  });

  it('a deactivated package opened normally keeps its status', () => {
    expect(toPackageWrite(editorStateFromPackage(pkg({ status: 'Draft' })))).not.toHaveProperty('status');
  });
});

it('totalDuration sums seconds', () => {
  expect(totalDuration([hl(1, null, 12), hl(2, null, 8.5)])).toBe(20.5);
});
