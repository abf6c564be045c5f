// The story editor's shared document (the co-editing contract in TEAM-CONTRACTS.md). A
// story's pages are saved one by one through the REST page calls, so the document does not copy them:
// it shares what is not saved yet, the open form of each existing page being edited, and a mark that a
// page call or a publish changed the story, on which every other editor fetches the story again (so
// page adds, removals, renames and reorders show live). New pages stay local until published.
//
// Shape (doc name story:{id}):
//   drafts  Y.Map  flat keys, one per changed value of a page's form, over the page as saved:
//                  '{page id}.{kind|index|layout|duration|title|blurb|subtitle|poster}' -> the value,
//                  '{page id}.file' -> {objectId, url, name} | null, '{page id}.fields.{name}' -> string.
//                  Flat keys let two editors change different values of one page without either
//                  overwriting the other, and an undo puts back only the value its user changed.
//   meta    Y.Map  updatedAt: the story's updated_at after the last change through the editor;
//                  changedBy: email; changedAt: ms
import * as Y from 'yjs';
import type { FormFile, PageForm, StoryEditorState } from './storyEditorState.ts';

const DRAFTS = 'drafts';
const META = 'meta';
const draftsOf = (doc: Y.Doc) => doc.getMap<unknown>(DRAFTS);
const metaOf = (doc: Y.Doc) => doc.getMap<unknown>(META);

/** The shared types a user's undo covers. */
export const storyUndoScope = (doc: Y.Doc) => [draftsOf(doc)];

const SCALARS = ['kind', 'index', 'layout', 'duration', 'title', 'blurb', 'subtitle', 'poster'] as const;

const sameFile = (a: FormFile | null, b: FormFile | null) =>
  a === b || (a !== null && b !== null && a.objectId === b.objectId && a.url === b.url && a.name === b.name);

/** Whether two forms hold the same values (key order does not matter). */
export function formsEqual(a: PageForm | null, b: PageForm | null): boolean {
  if (a === null || b === null) return a === b;
  if (a.id !== b.id || !SCALARS.every((k) => a[k] === b[k]) || !sameFile(a.file, b.file)) return false;
  const keys = new Set([...Object.keys(a.fields), ...Object.keys(b.fields)]);
  return [...keys].every((k) => (a.fields[k] ?? '') === (b.fields[k] ?? ''));
}

const prefixOf = (pageId: number) => `${pageId}.`;
const FIELD = 'fields.';

/** Whether anyone changed page `pageId` since it was last saved. */
export function hasPageDraft(doc: Y.Doc, pageId: number): boolean {
  const prefix = prefixOf(pageId);
  for (const key of draftsOf(doc).keys()) if (key.startsWith(prefix)) return true;
  return false;
}

/** The form of page `base.id` with the shared changes over `base` (the page as saved). */
export function readPageDraft(doc: Y.Doc, base: PageForm): PageForm {
  if (base.id === undefined) return base;
  const prefix = prefixOf(base.id);
  const form: PageForm = { ...base, fields: { ...base.fields } };
  for (const [key, value] of draftsOf(doc).entries()) {
    if (!key.startsWith(prefix)) continue;
    const name = key.slice(prefix.length);
    if (name.startsWith(FIELD)) form.fields[name.slice(FIELD.length)] = String(value);
    else if (name === 'file') form.file = value && typeof value === 'object' ? (value as FormFile) : null;
    else if ((SCALARS as readonly string[]).includes(name))
      (form as unknown as Record<string, unknown>)[name] = value;
  }
  return form;
}

/**
 * Writes the values of `form` that differ from what the document shows over `base`, in one transaction
 * with `origin` (new pages, without an id, stay local).
 */
export function writePageDraft(doc: Y.Doc, form: PageForm, base: PageForm, origin: unknown): void {
  if (form.id === undefined || form.id !== base.id) return;
  const prefix = prefixOf(form.id);
  const current = readPageDraft(doc, base);
  doc.transact(() => {
    const drafts = draftsOf(doc);
    for (const k of SCALARS) if (current[k] !== form[k]) drafts.set(prefix + k, form[k]);
    if (!sameFile(current.file, form.file)) drafts.set(prefix + 'file', form.file ? { ...form.file } : null);
    for (const [k, v] of Object.entries(form.fields)) {
      if ((current.fields[k] ?? '') !== v) drafts.set(prefix + FIELD + k, v);
    }
  }, origin);
}

/** Drops the shared changes of a page (it was published, discarded or deleted). */
export function clearPageDraft(doc: Y.Doc, pageId: number, origin: unknown): void {
  const drafts = draftsOf(doc);
  const keys = [...drafts.keys()].filter((k) => k.startsWith(prefixOf(pageId)));
  if (keys.length > 0) doc.transact(() => keys.forEach((k) => drafts.delete(k)), origin);
}

/** Records that the story changed through the editor (a page call or a publish): others fetch it again. */
export function markStoryChanged(doc: Y.Doc, updatedAt: number, by: string, now: number, origin: unknown) {
  doc.transact(() => {
    const meta = metaOf(doc);
    meta.set('updatedAt', updatedAt);
    meta.set('changedBy', by);
    meta.set('changedAt', now);
  }, origin);
}

/** The last change mark, or null. */
export function readStoryMark(
  doc: Y.Doc,
): { updatedAt: number; changedBy: string; changedAt: number } | null {
  const meta = metaOf(doc);
  const updatedAt = meta.get('updatedAt');
  const changedAt = meta.get('changedAt');
  if (typeof updatedAt !== 'number' || typeof changedAt !== 'number') return null;
  return { updatedAt, changedBy: String(meta.get('changedBy') ?? ''), changedAt };
}

/**
 * The editor's state with the shared form of the page it has open: the page as saved with everyone's
 * changes over it; unsaved is whether that differs from the page as saved (formBase).
 */
export function withSharedForm(state: StoryEditorState, doc: Y.Doc): StoryEditorState {
  const base = state.formBase;
  if (state.form?.id === undefined || !base || base.id !== state.form.id) return state;
  const form = readPageDraft(doc, base);
  if (formsEqual(form, state.form)) return state;
  return { ...state, form, unsaved: !formsEqual(form, base) };
}

/** A per-user undo over the shared forms: only transactions with `origin` are tracked. */
export function createStoryUndoManager(doc: Y.Doc, origin: unknown): Y.UndoManager {
  return new Y.UndoManager(storyUndoScope(doc), { trackedOrigins: new Set([origin]), captureTimeout: 400 });
}
