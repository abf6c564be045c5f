// The package draft as a shared Yjs document (the co-editing contract in TEAM-CONTRACTS.md).
// The reducer in editorState.ts stays the one place the editing rules live: a local action is reduced as
// before and the difference is written to the document in one transaction with the editor's own origin,
// so a per-user Y.UndoManager (trackedOrigins = that origin) undoes only this user's edits. Every change
// of the document, local or remote, is read back into the editor's state. Pure functions, tested by
// syncing two documents in memory (packageDoc.test.ts).
//
// Shape (doc name package:{embed_id}):
//   fields     Y.Map    name: string, alias: string
//   highlights Y.Array  of Y.Map {id, title, originalTitle, thumbnail, video_url, duration, category};
//                       a reorder deletes the entry and inserts one with the same id (readers keep the first
//                       entry of an id, so two concurrent moves of one row cannot show it twice)
//   invalid    Y.Map    String(highlight id) -> true (the package's tvInvalidHlts)
//   meta       Y.Map    seeded: true once a client wrote the REST draft; unsaved: boolean (shared unsaved
//                       flag); base: the Package as last saved or loaded (its updated_at guards the REST save);
//                       savedAt: ms, savedBy: email of the last save through the editor
import * as Y from 'yjs';
import type { Package } from '@hc/shared/api/packages';
import { editorStateFromPackage } from './editorState.ts';
import type { EditorHighlight, EditorState } from './editorState.ts';

/** What the document shares: the draft and its unsaved flag. */
export interface PackageDraft {
  name: string;
  alias: string;
  highlights: EditorHighlight[];
  tvInvalidHlts: number[];
  unsaved: boolean;
}

const FIELDS = 'fields';
const HIGHLIGHTS = 'highlights';
const INVALID = 'invalid';
const META = 'meta';
/** The origin of seeding transactions (tracked by no undo manager). */
export const SEED_ORIGIN = 'collab-seed';

type HighlightMap = Y.Map<string | number | null>;

const fieldsOf = (doc: Y.Doc) => doc.getMap<string>(FIELDS);
const highlightsOf = (doc: Y.Doc) => doc.getArray<HighlightMap>(HIGHLIGHTS);
const invalidOf = (doc: Y.Doc) => doc.getMap<boolean>(INVALID);
const metaOf = (doc: Y.Doc) => doc.getMap<unknown>(META);

/** The shared types a user's undo covers (meta is not undone: it records saves and the unsaved flag). */
export const undoScope = (doc: Y.Doc) => [fieldsOf(doc), highlightsOf(doc), invalidOf(doc)];

function highlightFromMap(map: HighlightMap): EditorHighlight | null {
  const id = map.get('id');
  if (typeof id !== 'number') return null;
  const str = (key: string) => {
    const v = map.get(key);
    return typeof v === 'string' ? v : '';
  };
  const title = str('title');
  const originalTitle = str('originalTitle');
  const duration = map.get('duration');
  const category = map.get('category');
  return {
    id,
    title,
    originalTitle,
    thumbnail: str('thumbnail'),
    video_url: str('video_url'),
    duration: typeof duration === 'number' ? duration : 0,
    category: typeof category === 'string' ? category : null,
    titleChanged: title !== originalTitle,
  };
}

function mapFromHighlight(h: EditorHighlight): HighlightMap {
  const map: HighlightMap = new Y.Map();
  map.set('id', h.id);
  map.set('title', h.title);
  map.set('originalTitle', h.originalTitle);
  map.set('thumbnail', h.thumbnail);
  map.set('video_url', h.video_url);
  map.set('duration', h.duration);
  map.set('category', h.category);
  return map;
}

/** Whether a client already wrote the REST draft into the document. */
export const isSeeded = (doc: Y.Doc): boolean => metaOf(doc).get('seeded') === true;

/** The draft the document holds (the first entry of an id wins, so every replica reads the same list). */
export function readPackageDraft(doc: Y.Doc): PackageDraft {
  const fields = fieldsOf(doc);
  const seen = new Set<number>();
  const highlights: EditorHighlight[] = [];
  for (const map of highlightsOf(doc).toArray()) {
    const h = highlightFromMap(map);
    if (!h || seen.has(h.id)) continue;
    seen.add(h.id);
    highlights.push(h);
  }
  const tvInvalidHlts = [...invalidOf(doc).keys()].map(Number).sort((a, b) => a - b);
  return {
    name: fields.get('name') ?? '',
    alias: fields.get('alias') ?? '',
    highlights,
    tvInvalidHlts,
    unsaved: metaOf(doc).get('unsaved') === true,
  };
}

/** The package the document was last saved or loaded as, or null before seeding. */
export function readBase(doc: Y.Doc): Package | null {
  const base = metaOf(doc).get('base');
  return base && typeof base === 'object' ? (base as Package) : null;
}

/** Who saved last through the editor, and when (ms); null when nobody did yet. */
export function readSavedMark(doc: Y.Doc): { savedAt: number; savedBy: string } | null {
  const meta = metaOf(doc);
  const savedAt = meta.get('savedAt');
  const savedBy = meta.get('savedBy');
  return typeof savedAt === 'number' && typeof savedBy === 'string' ? { savedAt, savedBy } : null;
}

/** The indexes of one longest strictly increasing subsequence of `values` (-1 entries never take part). */
export function longestIncreasing(values: readonly number[]): Set<number> {
  const tails: number[] = []; // index into values of the smallest tail of each length
  const prev = new Array<number>(values.length).fill(-1);
  values.forEach((v, i) => {
    if (v < 0) return;
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((values[tails[mid] as number] as number) < v) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) prev[i] = tails[lo - 1] as number;
    tails[lo] = i;
  });
  const keep = new Set<number>();
  for (let i = tails.at(-1) ?? -1; i >= 0; i = prev[i] as number) keep.add(i);
  return keep;
}

/**
 * Writes the highlights list so the array reads as `next` with the fewest changes: removals; the rows
 * that keep their relative order stay, the others move (deleted and inserted with the same id and data);
 * renames set the title of the entry in place.
 */
function writeHighlights(arr: Y.Array<HighlightMap>, next: readonly EditorHighlight[]) {
  const wanted = new Set(next.map((h) => h.id));
  // Drop what is not wanted and the later copies of an id (left by concurrent moves or adds).
  const seen = new Set<number>();
  for (let i = 0; i < arr.length;) {
    const id = arr.get(i).get('id');
    if (typeof id !== 'number' || !wanted.has(id) || seen.has(id)) arr.delete(i, 1);
    else {
      seen.add(id);
      i++;
    }
  }
  const current = arr.toArray().map((m) => m.get('id') as number);
  const kept = longestIncreasing(next.map((h) => current.indexOf(h.id)));
  const data = new Map(arr.toArray().map((m) => [m.get('id') as number, highlightFromMap(m)]));
  for (let i = arr.length - 1; i >= 0; i--) {
    const id = current[i] as number;
    if (!kept.has(next.findIndex((h) => h.id === id))) arr.delete(i, 1);
  }
  next.forEach((h, i) => {
    if (kept.has(i)) {
      const at = arr.get(i);
      if (at.get('title') !== h.title) at.set('title', h.title);
      return;
    }
    const moving = data.get(h.id);
    arr.insert(i, [mapFromHighlight(moving ? { ...moving, title: h.title } : h)]);
  });
}

/**
 * Writes the draft of `next` into the document in one transaction with `origin`; only what differs from
 * the document is written, so an action that changes nothing writes nothing.
 */
export function writePackageDraft(doc: Y.Doc, next: EditorState, origin: unknown): void {
  doc.transact(() => {
    const current = readPackageDraft(doc);
    const fields = fieldsOf(doc);
    if (current.name !== next.name) fields.set('name', next.name);
    if (current.alias !== next.alias) fields.set('alias', next.alias);
    const invalid = invalidOf(doc);
    const wantInvalid = new Set(next.tvInvalidHlts.map(String));
    for (const key of [...invalid.keys()]) if (!wantInvalid.has(key)) invalid.delete(key);
    for (const key of wantInvalid) if (!invalid.has(key)) invalid.set(key, true);
    const sameList =
      current.highlights.length === next.highlights.length &&
      current.highlights.every(
        (h, i) => h.id === next.highlights[i]?.id && h.title === next.highlights[i].title,
      );
    if (!sameList || highlightsOf(doc).length !== current.highlights.length) {
      writeHighlights(highlightsOf(doc), next.highlights);
    }
    if (current.unsaved !== next.unsaved) metaOf(doc).set('unsaved', next.unsaved);
  }, origin);
}

/**
 * Writes the REST package into an empty document (the first client to sync does it). A document
 * seeded already is left alone, unless it holds no unsaved work and the REST package is newer than the
 * one it was seeded or saved with (a save made outside the editor): then it takes the REST version.
 * Returns whether it wrote. Its origin is no user's, so nobody's undo takes the seed back.
 */
export function seedPackageDoc(doc: Y.Doc, pkg: Package): boolean {
  let wrote = false;
  doc.transact(() => {
    const meta = metaOf(doc);
    const base = readBase(doc);
    if (isSeeded(doc)) {
      if (base && base.updated_at >= pkg.updated_at) return;
      if (meta.get('unsaved') === true) {
        // Keep the shared unsaved work; its next save is checked against the newer version.
        meta.set('base', pkg);
        wrote = true;
        return;
      }
    }
    writePackageDraft(doc, editorStateFromPackage(pkg), SEED_ORIGIN);
    meta.set('base', pkg);
    meta.set('unsaved', false);
    meta.set('seeded', true);
    wrote = true;
  }, SEED_ORIGIN);
  return wrote;
}

const sameDraft = (a: PackageDraft, b: PackageDraft) =>
  a.name.trim() === b.name.trim() &&
  a.highlights.length === b.highlights.length &&
  a.highlights.every((h, i) => h.id === b.highlights[i]?.id && h.title === b.highlights[i].title) &&
  a.tvInvalidHlts.join() === b.tvInvalidHlts.join();

/**
 * After a REST save: records the saved package as the base, who saved and when, and clears the shared
 * unsaved flag, unless someone changed the draft while the save was on its way (then it stays set).
 */
export function markPackageSaved(doc: Y.Doc, pkg: Package, savedBy: string, now: number, origin: unknown) {
  doc.transact(() => {
    const meta = metaOf(doc);
    const saved = editorStateFromPackage(pkg);
    meta.set('base', pkg);
    meta.set('savedAt', now);
    meta.set('savedBy', savedBy);
    meta.set('unsaved', !sameDraft(readPackageDraft(doc), { ...saved, unsaved: false }));
  }, origin);
}

/** The editor's state with the document's draft (and its newer base) in it; local-only parts kept. */
export function withDraft(state: EditorState, doc: Y.Doc): EditorState {
  const draft = readPackageDraft(doc);
  const base = readBase(doc);
  const newerBase = base && (!state.base || base.updated_at > state.base.updated_at) ? base : state.base;
  const pending = state.pendingRemoval;
  return {
    ...state,
    base: newerBase,
    packageType: newerBase?.package_type ?? state.packageType,
    maxAds: newerBase?.max_ads ?? state.maxAds,
    sequence: newerBase?.sequence ?? state.sequence,
    ...draft,
    // The 'Highlight removed' question ends if someone else put the highlight back meanwhile.
    pendingRemoval: pending && draft.highlights.some((h) => h.id === pending.highlight.id) ? null : pending,
  };
}

/** A per-user undo over the draft: only transactions with `origin` are tracked. */
export function createPackageUndoManager(doc: Y.Doc, origin: unknown): Y.UndoManager {
  // Every action is its own undo step: the editor's actions are discrete (add, remove, move, rename), and
  // merging those made within a short time let one Undo revert several of them (a remove, a move and a
  // rename done in quick succession came back together).
  return new Y.UndoManager(undoScope(doc), { trackedOrigins: new Set([origin]), captureTimeout: 0 });
}
