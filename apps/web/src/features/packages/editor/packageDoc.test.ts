import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import type { Package } from '@hc/shared/api/packages';
import { editorReducer, editorStateFromPackage } from './editorState.ts';
import type { EditorAction, EditorState } from './editorState.ts';
import { hl, pkg } from './editorFixtures.ts';
import {
  createPackageUndoManager,
  isSeeded,
  markPackageSaved,
  readPackageDraft,
  readSavedMark,
  seedPackageDoc,
  withDraft,
  writePackageDraft,
} from './packageDoc.ts';

/** One editor: its document, its origin, its undo, and its state read back from the document. */
class Editor {
  readonly doc = new Y.Doc();
  readonly origin = { editor: this };
  readonly undo = createPackageUndoManager(this.doc, this.origin);
  state: EditorState;
  constructor(initial: Package) {
    this.state = editorStateFromPackage(initial);
    this.doc.on('update', () => {
      this.state = withDraft(this.state, this.doc);
    });
  }
  /** A local action as the editor runs it: reduce, then write the difference with the local origin. */
  act(...actions: EditorAction[]) {
    for (const action of actions) {
      const next = editorReducer(this.state, action);
      this.state = next;
      writePackageDraft(this.doc, next, this.origin);
      this.undo.stopCapturing();
    }
  }
  ids() {
    return this.state.highlights.map((h) => h.id);
  }
}

/** Two documents wired to each other, as the server relays them. */
function pair(initial = pkg()) {
  const a = new Editor(initial);
  const b = new Editor(initial);
  let connected = true;
  const queued: { to: Y.Doc; update: Uint8Array }[] = [];
  const relay = (from: Y.Doc, to: Y.Doc) =>
    from.on('update', (update: Uint8Array, origin: unknown) => {
      if (origin === 'remote') return;
      if (connected) Y.applyUpdate(to, update, 'remote');
      else queued.push({ to, update });
    });
  relay(a.doc, b.doc);
  relay(b.doc, a.doc);
  seedPackageDoc(a.doc, initial);
  return {
    a,
    b,
    /** Stops relaying: edits made now are concurrent. */
    offline: () => {
      connected = false;
    },
    online: () => {
      connected = true;
      for (const { to, update } of queued.splice(0)) Y.applyUpdate(to, update, 'remote');
    },
  };
}

describe('package document: two editors converge', () => {
  it('the first client seeds the REST draft; the second sees it and does not seed again', () => {
    const { a, b } = pair();
    expect(isSeeded(b.doc)).toBe(true);
    expect(seedPackageDoc(b.doc, pkg())).toBe(false);
    expect(b.ids()).toEqual([1, 2, 3]);
    expect(b.state.name).toBe('Morning news');
    expect(a.state.unsaved).toBe(false);
  });

  it('adds, removals, reorders and renames of one editor show in the other, with the unsaved flag', () => {
    const { a, b } = pair();
    a.act({ type: 'add', highlight: hl(4), index: 1 });
    expect(b.ids()).toEqual([1, 4, 2, 3]);
    expect(b.state.unsaved).toBe(true);
    a.act({ type: 'remove', id: 2 });
    expect(b.ids()).toEqual([1, 4, 3]);
    b.act({ type: 'move', from: 0, to: 2 });
    expect(a.ids()).toEqual([4, 3, 1]);
    a.act({ type: 'rename', id: 3, title: 'Goal of the day' });
    expect(b.state.highlights.find((h) => h.id === 3)).toMatchObject({
      title: 'Goal of the day',
      originalTitle: 'Title 3',
      titleChanged: true,
    });
    b.act({ type: 'setName', name: 'Evening news' });
    expect(a.state.name).toBe('Evening news');
    expect(readPackageDraft(a.doc)).toEqual(readPackageDraft(b.doc));
  });

  it('a moved row keeps its rename and data (the move is the same id deleted and inserted)', () => {
    const { a, b } = pair();
    a.act({ type: 'rename', id: 1, title: 'First' }, { type: 'move', from: 0, to: 2 });
    expect(b.state.highlights.map((h) => [h.id, h.title])).toEqual([
      [2, 'Title 2'],
      [3, 'Title 3'],
      [1, 'First'],
    ]);
    expect(b.state.highlights[2]).toMatchObject({ thumbnail: '/media/1.jpg', duration: 10 });
  });

  it('concurrent edits converge: both move the same row, one adds while the other removes', () => {
    const { a, b, offline, online } = pair();
    offline();
    a.act({ type: 'move', from: 0, to: 2 }, { type: 'add', highlight: hl(5) });
    b.act({ type: 'move', from: 0, to: 1 }, { type: 'remove', id: 3 }, { type: 'setName', name: 'B name' });
    online();
    // Row 1 was moved by both: it shows once, in the same place for both editors.
    expect(a.ids()).toEqual(b.ids());
    expect(a.ids().filter((id) => id === 1)).toHaveLength(1);
    expect(a.ids()).toContain(5);
    expect(a.ids()).not.toContain(3);
    expect(a.state.name).toBe('B name');
    // The next local write cleans the duplicate entry out of the document too.
    a.act({ type: 'rename', id: 2, title: 'Two' });
    expect(b.doc.getArray('highlights').length).toBe(a.ids().length);
  });

  it('an auto package removal marks tvInvalidHlts for both; the dialog No puts it back for both', () => {
    const { a, b } = pair(pkg({ package_type: 'auto' }));
    a.act({ type: 'remove', id: 2 });
    expect(b.state.tvInvalidHlts).toEqual([2]);
    expect(b.ids()).toEqual([1, 3]);
    a.act({ type: 'undoRemoval' });
    expect(b.state.tvInvalidHlts).toEqual([]);
    expect(b.ids()).toEqual([1, 2, 3]);
    expect(b.state.unsaved).toBe(false);
  });
});

describe('package document: per-user undo', () => {
  it("undo reverts the user's own edit and never the other user's", () => {
    const { a, b } = pair();
    a.act({ type: 'add', highlight: hl(4) });
    b.act({ type: 'rename', id: 1, title: 'Renamed by B' });
    a.act({ type: 'move', from: 0, to: 1 });
    expect(b.ids()).toEqual([2, 1, 3, 4]);

    a.undo.undo(); // the move
    expect(b.ids()).toEqual([1, 2, 3, 4]);
    a.undo.undo(); // the add
    expect(b.ids()).toEqual([1, 2, 3]);
    expect(a.undo.canUndo()).toBe(false);
    // B's rename survived both of A's undos.
    expect(a.state.highlights[0]?.title).toBe('Renamed by B');

    b.undo.undo();
    expect(a.state.highlights[0]?.title).toBe('Title 1');
    a.undo.redo();
    expect(b.ids()).toEqual([1, 2, 3, 4]);
  });

  it("undo of a user's rename keeps a removal the other made meanwhile", () => {
    const { a, b } = pair();
    a.act({ type: 'setName', name: 'By A' });
    b.act({ type: 'remove', id: 3 });
    a.undo.undo();
    expect(b.state.name).toBe('Morning news');
    expect(b.ids()).toEqual([1, 2]);
  });
});

describe('package document: saving', () => {
  it('a save by one editor gives both the saved package and clears both unsaved flags', () => {
    const { a, b } = pair();
    a.act({ type: 'setName', name: 'Saved name' });
    expect(b.state.unsaved).toBe(true);
    const saved = pkg({ name: 'Saved name', updated_at: 1_700_000_500 });
    a.act({ type: 'saved', pkg: saved });
    markPackageSaved(a.doc, saved, 'editor@demo.example', 1234, a.origin);
    expect(a.state.unsaved).toBe(false);
    expect(b.state.unsaved).toBe(false);
    expect(b.state.base?.updated_at).toBe(1_700_000_500);
    expect(readSavedMark(b.doc)).toEqual({ savedAt: 1234, savedBy: 'editor@demo.example' });
  });

  it('an edit made while the save was on its way keeps the unsaved flag set', () => {
    const { a, b } = pair();
    a.act({ type: 'setName', name: 'Saved name' });
    b.act({ type: 'remove', id: 1 });
    // A's save carried name 'Saved name' and highlights 1,2,3; the document has lost 1 since.
    const saved = pkg({ name: 'Saved name', updated_at: 1_700_000_500 });
    markPackageSaved(a.doc, saved, 'editor@demo.example', 1, a.origin);
    expect(b.state.unsaved).toBe(true);
    expect(b.state.base?.updated_at).toBe(1_700_000_500);
  });

  it('a document seeded with an older version takes the newer REST package when it holds no unsaved work', () => {
    const doc = new Y.Doc();
    seedPackageDoc(doc, pkg());
    expect(seedPackageDoc(doc, pkg({ name: 'Changed elsewhere', updated_at: 1_700_000_900 }))).toBe(true);
    expect(readPackageDraft(doc).name).toBe('Changed elsewhere');
    // With unsaved work the draft stays; only the base moves on.
    writePackageDraft(doc, { ...editorStateFromPackage(pkg()), name: 'Mine', unsaved: true }, 'x');
    seedPackageDoc(doc, pkg({ name: 'Again', updated_at: 1_700_001_000 }));
    expect(readPackageDraft(doc)).toMatchObject({ name: 'Mine', unsaved: true });
  });
});
