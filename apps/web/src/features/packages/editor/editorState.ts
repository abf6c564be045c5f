// The package editor's state and every operation on it as a pure reducer. The React components only dispatch actions and read the derived values below, so the
// rules are tested without rendering.
import type { Highlight } from '@hc/shared/api/highlights';
import type { Package, PackageType, PackageWrite } from '@hc/shared/api/packages';
import { MP4_SUFFIX, PACKAGE_DEFAULT_MAX_ADS, PACKAGE_DEFAULT_TYPE } from '@hc/shared/constants';
import {
  validateAlias,
  validatePackageAdd,
  validatePackageName,
  validatePackageSize,
} from '@hc/shared/validation';

/** One highlight of the package as the middle column shows it. */
export interface EditorHighlight {
  id: number;
  /** The title in this package (may be renamed). */
  title: string;
  /** The highlight's own title, to show under a renamed one. */
  originalTitle: string;
  thumbnail: string;
  /** Without extension, like the highlight lists. */
  video_url: string;
  /** Seconds. */
  duration: number;
  category: string | null;
  /** The spec's client-side extra: set once the title was renamed in this editor. */
  titleChanged: boolean;
}

/** A removal from an auto package waiting for the 'Highlight removed' dialog's answer. */
export interface PendingRemoval {
  highlight: EditorHighlight;
  index: number;
  /** The unsaved flag before the removal: No restores it. */
  wasUnsaved: boolean;
}

export interface EditorState {
  /** The package as the server last returned it; null for a new package. */
  base: Package | null;
  name: string;
  alias: string;
  packageType: PackageType;
  maxAds: number;
  sequence: string;
  highlights: EditorHighlight[];
  tvInvalidHlts: number[];
  pendingRemoval: PendingRemoval | null;
  /** The spec's unsaved flag: set by every add, remove, reorder and rename. */
  unsaved: boolean;
  /** The spec's requestedSave: validation messages show once the user tried to save. */
  requestedSave: boolean;
}

export type EditorAction =
  | { type: 'load'; pkg: Package }
  | { type: 'add'; highlight: EditorHighlight; index?: number }
  | { type: 'remove'; id: number }
  | { type: 'move'; from: number; to: number }
  | { type: 'rename'; id: number; title: string }
  | { type: 'setName'; name: string }
  | { type: 'setAlias'; alias: string }
  /** 'Highlight removed' dialog, Yes: the highlight stays out and its id stays in tvInvalidHlts. */
  | { type: 'confirmRemoval' }
  /** 'Highlight removed' dialog, No: the mark is undone and the highlight goes back where it was. */
  | { type: 'undoRemoval' }
  | { type: 'requestSave' }
  | { type: 'saved'; pkg: Package }
  /** Back to the last loaded version (or an empty new package). */
  | { type: 'discard' };

/** A new package: max_ads 100, type user, empty sequence, no highlights. */
export function newEditorState(): EditorState {
  return {
    base: null,
    name: '',
    alias: '',
    packageType: PACKAGE_DEFAULT_TYPE,
    maxAds: PACKAGE_DEFAULT_MAX_ADS,
    sequence: '',
    highlights: [],
    tvInvalidHlts: [],
    pendingRemoval: null,
    unsaved: false,
    requestedSave: false,
  };
}

/** The editor's copy of a loaded package. */
export function editorStateFromPackage(pkg: Package): EditorState {
  return {
    base: pkg,
    name: pkg.name,
    alias: pkg.alias ?? '',
    packageType: pkg.package_type,
    maxAds: pkg.max_ads,
    sequence: pkg.sequence,
    highlights: pkg.highlights.map((h) => ({
      id: h.id,
      title: h.title,
      originalTitle: h.original_title,
      thumbnail: h.thumbnail,
      video_url: h.video_url,
      duration: h.duration,
      category: h.category,
      titleChanged: h.title !== h.original_title,
    })),
    tvInvalidHlts: [...pkg.tvInvalidHlts],
    pendingRemoval: null,
    unsaved: false,
    requestedSave: false,
  };
}

/** A highlight of the left list as a package entry (its own title, not renamed). */
export function editorHighlightFrom(h: Highlight): EditorHighlight {
  return {
    id: h.highlight_id,
    title: h.title,
    originalTitle: h.title,
    thumbnail: h.thumbnail,
    video_url: h.video_url,
    duration: h.duration,
    category: h.category,
    titleChanged: false,
  };
}

const clamp = (n: number, min: number, max: number) => Math.min(Math.max(n, min), max);

function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/** The reducer. Refused operations (a sixth highlight, a duplicate, a bad index) return the same state. */
export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'load':
    case 'saved':
      return editorStateFromPackage(action.pkg);

    case 'discard':
      return state.base ? editorStateFromPackage(state.base) : newEditorState();

    case 'add': {
      if (state.pendingRemoval) return state;
      if (state.highlights.some((h) => h.id === action.highlight.id)) return state;
      if (validatePackageAdd(state.highlights.length) !== null) return state;
      const index = clamp(action.index ?? state.highlights.length, 0, state.highlights.length);
      const highlights = [...state.highlights];
      highlights.splice(index, 0, action.highlight);
      return {
        ...state,
        highlights,
        // Adding a highlight back to the package means it is valid for it again.
        tvInvalidHlts: state.tvInvalidHlts.filter((id) => id !== action.highlight.id),
        unsaved: true,
      };
    }

    case 'remove': {
      if (state.pendingRemoval) return state;
      const index = state.highlights.findIndex((h) => h.id === action.id);
      if (index < 0) return state;
      const highlight = state.highlights[index] as EditorHighlight;
      const highlights = state.highlights.filter((h) => h.id !== action.id);
      if (state.packageType !== 'auto') return { ...state, highlights, unsaved: true };
      // Auto package: mark the id now; the dialog's answer keeps or undoes the mark.
      return {
        ...state,
        highlights,
        tvInvalidHlts: state.tvInvalidHlts.includes(action.id)
          ? state.tvInvalidHlts
          : [...state.tvInvalidHlts, action.id],
        pendingRemoval: { highlight, index, wasUnsaved: state.unsaved },
        unsaved: true,
      };
    }

    case 'confirmRemoval':
      return state.pendingRemoval ? { ...state, pendingRemoval: null } : state;

    case 'undoRemoval': {
      const pending = state.pendingRemoval;
      if (!pending) return state;
      const highlights = [...state.highlights];
      highlights.splice(clamp(pending.index, 0, highlights.length), 0, pending.highlight);
      return {
        ...state,
        highlights,
        tvInvalidHlts: state.tvInvalidHlts.filter((id) => id !== pending.highlight.id),
        pendingRemoval: null,
        unsaved: pending.wasUnsaved,
      };
    }

    case 'move': {
      const last = state.highlights.length - 1;
      const { from, to } = action;
      if (from < 0 || from > last || to < 0 || to > last || from === to) return state;
      return { ...state, highlights: moved(state.highlights, from, to), unsaved: true };
    }

    case 'rename': {
      const title = action.title.trim();
      const current = state.highlights.find((h) => h.id === action.id);
      if (!current || title === '' || title === current.title) return state;
      return {
        ...state,
        highlights: state.highlights.map((h) =>
          h.id === action.id ? { ...h, title, titleChanged: title !== h.originalTitle } : h,
        ),
        unsaved: true,
      };
    }

    case 'setName':
      return action.name === state.name ? state : { ...state, name: action.name, unsaved: true };

    case 'setAlias':
      // The embed name is set once, when the package is created.
      if (!isNewPackage(state) || action.alias === state.alias) return state;
      return { ...state, alias: action.alias, unsaved: true };

    case 'requestSave':
      return { ...state, requestedSave: true };
  }
}

// ---------------------------------------------------------------- derived values

export const isNewPackage = (state: EditorState): boolean => state.base === null;

/** The package's category: the one all highlights share, else null (also for an empty package). */
export function inferCategory(highlights: readonly Pick<EditorHighlight, 'category'>[]): string | null {
  const first = highlights[0]?.category ?? null;
  if (first === null) return null;
  return highlights.every((h) => h.category === first) ? first : null;
}

/** Total duration in seconds. */
export const totalDuration = (highlights: readonly Pick<EditorHighlight, 'duration'>[]): number =>
  highlights.reduce((sum, h) => sum + h.duration, 0);

export interface EditorValidation {
  name: string | null;
  /** Only new packages have an editable embed name; it may stay empty. */
  alias: string | null;
  size: string | null;
}

/** The catalogue message of each field, or null when it is valid. */
export function validateEditor(state: EditorState): EditorValidation {
  return {
    name: validatePackageName(state.name),
    // The embed name is optional (the server stores a blank one as none); a given one must follow the rule.
    alias: isNewPackage(state) && state.alias.trim() !== '' ? validateAlias(state.alias.trim()) : null,
    size: validatePackageSize(state.highlights.length),
  };
}

/** The first message that stops a save, or null. */
export function firstSaveError(state: EditorState): string | null {
  const v = validateEditor(state);
  return v.size ?? v.name ?? v.alias;
}

/** Whether the highlight is already in the package (the left list marks and disables it). */
export const inPackage = (state: EditorState, id: number): boolean =>
  state.highlights.some((h) => h.id === id);

/** The refusal message for adding one more highlight, or null. */
export const addError = (state: EditorState): string | null => validatePackageAdd(state.highlights.length);

/**
 * The POST/PUT body. The name is trimmed; the alias goes only with a new package; a suggestion (a draft
 * opened with ?publisherId=) is published (status Active) by saving it; updated_at lets the server refuse
 * a save over a newer version. A deactivated package (also Draft, from the list's checkbox) opened
 * normally keeps its status.
 */
export function toPackageWrite(state: EditorState, { suggestion = false } = {}): PackageWrite {
  const base = state.base;
  return {
    name: state.name.trim(),
    ...(base ? {} : { alias: state.alias.trim() || null }),
    highlights: state.highlights.map((h) => ({ id: h.id, title: h.title })),
    sequence: state.sequence,
    tvInvalidHlts: state.tvInvalidHlts,
    package_type: state.packageType,
    category: inferCategory(state.highlights),
    ...(suggestion && base?.status === 'Draft' ? { status: 'Active' as const } : {}),
    ...(base ? { updated_at: base.updated_at } : {}),
  };
}

/** A playable MP4 URL: the lists and the package give video URLs without extension. */
export const mp4Url = (url: string): string =>
  url.toLowerCase().endsWith(MP4_SUFFIX) ? url : url + MP4_SUFFIX;

/** What the preview plays: the package's name and its highlights in order, with MP4 URLs. */
export function toPreviewPackage(state: EditorState) {
  return {
    name: state.name,
    highlights: state.highlights.map((h) => ({
      id: h.id,
      title: h.title,
      video_url: mp4Url(h.video_url),
      thumbnail: h.thumbnail,
    })),
  };
}
