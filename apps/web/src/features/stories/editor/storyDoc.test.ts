import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import type { Story } from '../api/types.ts';
import { initialEditorState, storyEditorReducer } from './storyEditorState.ts';
import type { StoryEditorAction, StoryEditorState } from './storyEditorState.ts';
import {
  clearPageDraft,
  createStoryUndoManager,
  formsEqual,
  hasPageDraft,
  markStoryChanged,
  readStoryMark,
  withSharedForm,
  writePageDraft,
} from './storyDoc.ts';
import { page } from './storyFixtures.ts';

const story: Story = {
  id: 5,
  title: 'Match day',
  name: null,
  state: 'draft',
  link: null,
  thumbnail: null,
  created_at: 1,
  updated_at: 2,
  pages: [page(), page({ id: 2, index: 1, title: 'Second' })],
  has_unpublished_changes: false,
  form_fields: [],
};

/** One story editor: its document, origin, undo, and its state with the shared form read back. */
class Editor {
  readonly doc = new Y.Doc();
  readonly origin = { editor: this };
  readonly undo = createStoryUndoManager(this.doc, this.origin);
  state: StoryEditorState = initialEditorState(story);
  constructor() {
    this.doc.on('update', () => {
      this.state = withSharedForm(this.state, this.doc);
    });
  }
  act(action: StoryEditorAction) {
    const next = storyEditorReducer(this.state, action);
    // Opening a page shows its shared draft, if someone has one going.
    this.state = action.type === 'editPage' ? withSharedForm(next, this.doc) : next;
    if ((action.type === 'change' || action.type === 'setField') && this.state.form) {
      if (this.state.formBase) writePageDraft(this.doc, this.state.form, this.state.formBase, this.origin);
    }
    this.undo.stopCapturing();
  }
}

function pair() {
  const a = new Editor();
  const b = new Editor();
  for (const [from, to] of [
    [a.doc, b.doc],
    [b.doc, a.doc],
  ] as const) {
    from.on('update', (update: Uint8Array, origin: unknown) => {
      if (origin !== 'remote') Y.applyUpdate(to, update, 'remote');
    });
  }
  return { a, b };
}

describe('story document', () => {
  it("a page edit by one editor shows in the other's open form, with the unsaved flag", () => {
    const { a, b } = pair();
    a.act({ type: 'editPage', page: page() });
    b.act({ type: 'editPage', page: page() });
    a.act({ type: 'change', patch: { title: 'Goal!' } });
    expect(b.state.form?.title).toBe('Goal!');
    expect(b.state.unsaved).toBe(true);
    b.act({ type: 'change', patch: { duration: 12 } });
    expect(a.state.form).toMatchObject({ title: 'Goal!', duration: 12 });
    expect(formsEqual(a.state.form, b.state.form)).toBe(true);
  });

  it('an editor opening a page someone is editing sees their draft', () => {
    const { a, b } = pair();
    a.act({ type: 'editPage', page: page() });
    a.act({ type: 'change', patch: { subtitle: 'Shared' } });
    b.act({ type: 'editPage', page: page() });
    expect(b.state.form?.subtitle).toBe('Shared');
    expect(b.state.unsaved).toBe(true);
    // Another page's form is not touched.
    expect(hasPageDraft(b.doc, 2)).toBe(false);
    expect(hasPageDraft(b.doc, 1)).toBe(true);
  });

  it("undo reverts the user's own field and keeps the other's", () => {
    const { a, b } = pair();
    a.act({ type: 'editPage', page: page() });
    b.act({ type: 'editPage', page: page() });
    a.act({ type: 'change', patch: { title: 'By A' } });
    b.act({ type: 'change', patch: { subtitle: 'By B' } });
    a.undo.undo();
    expect(b.state.form).toMatchObject({ title: 'First', subtitle: 'By B' });
    expect(a.state.form).toMatchObject({ title: 'First', subtitle: 'By B' });
    b.undo.undo();
    // Both changes undone: the page is as saved again, for both.
    expect(a.state.unsaved).toBe(false);
    expect(hasPageDraft(a.doc, 1)).toBe(false);
  });

  it('a publish clears the draft and marks the story changed for everyone', () => {
    const { a, b } = pair();
    a.act({ type: 'editPage', page: page() });
    a.act({ type: 'change', patch: { title: 'Published title' } });
    clearPageDraft(a.doc, 1, a.origin);
    markStoryChanged(a.doc, 99, 'stories@demo.example', 1000, a.origin);
    expect(hasPageDraft(b.doc, 1)).toBe(false);
    expect(readStoryMark(b.doc)).toEqual({
      updatedAt: 99,
      changedBy: 'stories@demo.example',
      changedAt: 1000,
    });
  });

  it('compares forms by value, not key order', () => {
    const { a } = pair();
    a.act({ type: 'editPage', page: page() });
    const form = a.state.form;
    expect(form).not.toBeNull();
    if (!form) return;
    expect(formsEqual(form, { ...form, fields: {} })).toBe(true);
    expect(formsEqual(form, { ...form, file: null })).toBe(false);
    expect(formsEqual(form, { ...form, index: 3 })).toBe(false);
  });
});
