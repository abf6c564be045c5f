// The story editor's state and operations as a pure reducer. The
// components only dispatch and read the helpers below, so the rules are tested without rendering.
import { IMAGE_PAGE_DURATION, VIDEO_PAGE_DEFAULT_DURATION } from '@hc/shared/constants';
import { validateImagePage, validateMandatoryFields, validatePosterUrl } from '@hc/shared/validation';
import { messages } from '@hc/shared/messages';
import type { Story, StoryDraftPage, StoryFormField, StoryPage, StoryPageWrite } from '../api/types.ts';

export type PageKind = 'image' | 'video';
export type Layout = 0 | 1;
export type Blurb = 0 | 1;

/** An uploaded file as the form holds it. */
export interface FormFile {
  objectId: number;
  url: string;
  name: string;
}

/** The new-or-edit page form's values. */
export interface PageForm {
  /** The page being edited; undefined for a new page. */
  id?: number;
  kind: PageKind;
  index: number;
  layout: Layout;
  duration: number;
  title: string;
  blurb: Blurb;
  subtitle: string;
  file: FormFile | null;
  poster: string;
  /** The video page's server-defined fields by name. */
  fields: Record<string, string>;
}

export interface StoryEditorState {
  /** The story as the server last returned it. */
  story: Story;
  /** 'listing' or the new/edit page form. */
  mode: 'listing' | 'form';
  form: PageForm | null;
  /** The form as it opened, to tell whether anything was edited. */
  formBase: PageForm | null;
  /** The spec's unsaved flag: the form differs from how it opened. */
  unsaved: boolean;
  /** Validation messages show once the user tried to preview or publish. */
  submitted: boolean;
}

export type StoryEditorAction =
  | { type: 'load'; story: Story }
  | { type: 'newPage'; kind: PageKind }
  | { type: 'editPage'; page: StoryPage }
  | { type: 'change'; patch: Partial<PageForm> }
  | { type: 'setField'; name: string; value: string }
  | { type: 'submit' }
  /** Back to the listing (after Discard, or after a publish with a fresh story). */
  | { type: 'close'; story?: Story };

const sameForm = (a: PageForm | null, b: PageForm | null) => JSON.stringify(a) === JSON.stringify(b);

/** Pages in the order the story shows them: index, then creation order. */
export function orderedPages(pages: readonly StoryPage[]): StoryPage[] {
  return [...pages].sort((a, b) => a.index - b.index || a.ordinal - b.ordinal || a.id - b.id);
}

/** The index a new page gets: after the last page. */
export const nextPageIndex = (pages: readonly StoryPage[]): number =>
  pages.reduce((max, p) => Math.max(max, p.index + 1), 0);

/** A new page form with the spec's defaults: layout Full, 15 s, blurb Show. */
export function newPageForm(kind: PageKind, story: Story): PageForm {
  return {
    kind,
    index: nextPageIndex(story.pages),
    layout: 0,
    duration: kind === 'image' ? IMAGE_PAGE_DURATION.default : VIDEO_PAGE_DEFAULT_DURATION,
    title: '',
    blurb: 1,
    subtitle: '',
    file: null,
    poster: '',
    fields: Object.fromEntries(story.form_fields.map((f) => [f.name, ''])),
  };
}

/**
 * A stored poster as the form shows it: a root-relative URL on this console (seeded pages carry such)
 * becomes absolute, so it passes the poster rule like the URL the user would paste.
 */
export function posterForForm(poster: string | null, origin: string): string {
  const value = poster ?? '';
  return value.startsWith('/') && !value.startsWith('//') && origin ? origin + value : value;
}

const currentOrigin = (): string => globalThis.location?.origin ?? '';

const asLayout = (v: unknown): Layout => (v === 1 ? 1 : 0);
const asBlurb = (v: unknown): Blurb => (v === 0 ? 0 : 1);

/** The form of a saved page. */
export function pageFormFromPage(page: StoryPage, formFields: readonly StoryFormField[]): PageForm {
  const kind: PageKind = page.object_type === 'video' ? 'video' : 'image';
  const url = kind === 'video' ? (page.video_url ?? page.metadata.video_url ?? null) : page.image;
  const fields: Record<string, string> = {};
  for (const f of formFields) {
    const v = page.metadata[f.name];
    fields[f.name] = typeof v === 'string' || typeof v === 'number' ? String(v) : '';
  }
  return {
    id: page.id,
    kind,
    index: page.index,
    layout: asLayout(page.metadata.template_options?.layout ?? page.layout),
    duration: page.duration || page.metadata.duration || IMAGE_PAGE_DURATION.default,
    title: page.title ?? '',
    blurb: asBlurb(page.metadata.template_options?.blurb ?? page.blurb),
    subtitle: page.subtitle ?? '',
    file:
      page.object_id !== null && url
        ? { objectId: page.object_id, url, name: url.split('/').pop() ?? url }
        : null,
    poster: posterForForm(page.poster, currentOrigin()),
    fields,
  };
}

/** The first problem of the form, else null. */
export function validatePageForm(form: PageForm, formFields: readonly StoryFormField[]): string | null {
  if (form.kind === 'image') return validateImagePage(form.file);
  return (
    validateMandatoryFields(formFields, form.fields) ??
    (form.file ? null : messages.videoFileRequired) ??
    validatePosterUrl(form.poster)
  );
}

/** A page write of the editor's forms (covers are renamed only, see renameWrite). */
type FormPageWrite = StoryPageWrite & { object_type: PageKind };

/** The body of page/create or page/update for the form. */
export function pageWriteFromForm(form: PageForm, storyId: number): FormPageWrite {
  const common = {
    story_id: storyId,
    index: form.index,
    object_id: form.file?.objectId ?? null,
    title: form.title.trim(),
    subtitle: form.subtitle.trim(),
  };
  if (form.kind === 'image') {
    return {
      ...common,
      object_type: 'image',
      image: form.file?.url ?? null,
      poster: null,
      layout: form.layout,
      blurb: form.blurb,
      duration: form.duration,
      metadata: { duration: form.duration, template_options: { layout: form.layout, blurb: form.blurb } },
    };
  }
  const fields = Object.fromEntries(Object.entries(form.fields).map(([k, v]) => [k, v.trim()]));
  // A video page's title is its server-defined Title field (metadata.title): the top-level title
  // carries the same text, so the server never sees two different titles for one page.
  const title = 'title' in fields ? (fields.title ?? '') : common.title;
  return {
    ...common,
    title,
    object_type: 'video',
    image: null,
    poster: form.poster.trim(),
    metadata: {
      ...fields,
      title,
      duration: VIDEO_PAGE_DEFAULT_DURATION,
      ...(form.file ? { video_url: form.file.url } : {}),
    },
  };
}

/**
 * The page write that renames a saved page and keeps the rest of it. A video page's title is its
 * metadata.title field, so both carry the new title; a cover (the system's page, without a form) is
 * sent as a cover, of which the server changes only the words.
 */
export function renameWrite(
  page: StoryPage,
  title: string,
  formFields: readonly StoryFormField[],
  storyId: number,
): StoryPageWrite {
  const text = title.trim();
  if (page.object_type === 'cover') {
    return {
      story_id: storyId,
      index: page.index,
      object_type: 'cover',
      object_id: page.object_id,
      title: text,
      subtitle: page.subtitle ?? '',
      metadata: {},
    };
  }
  const form = pageFormFromPage(page, formFields);
  const renamed: PageForm =
    form.kind === 'video'
      ? { ...form, title: text, fields: { ...form.fields, title: text } }
      : { ...form, title: text };
  return pageWriteFromForm(renamed, storyId);
}

/** A saved page as a draft preview carries it. */
export function draftOfPage(page: StoryPage): StoryDraftPage {
  return {
    id: page.id,
    index: page.index,
    object_type: page.object_type === 'video' ? 'video' : 'image',
    object_id: page.object_id,
    title: page.title ?? '',
    subtitle: page.subtitle ?? '',
    image: page.image,
    poster: page.poster,
    video_url: page.video_url,
    layout: asLayout(page.layout),
    blurb: asBlurb(page.blurb),
    duration: page.duration,
    metadata: {
      ...page.metadata,
      template_options: { layout: asLayout(page.layout), blurb: asBlurb(page.blurb) },
    },
  };
}

/**
 * The pages of a draft preview: the story's saved pages with the form's page in its place (an edited
 * page) or added (a new one), in index order; covers are the server's and stay out.
 */
export function draftPages(story: Story, form: PageForm | null): StoryDraftPage[] {
  const saved = orderedPages(story.pages).filter((p) => p.object_type !== 'cover');
  const drafts = saved.filter((p) => p.id !== form?.id).map(draftOfPage);
  if (form) {
    const { story_id: _storyId, apv_story_id: _apvStoryId, ...page } = pageWriteFromForm(form, story.id);
    drafts.push({
      ...page,
      video_url: form.kind === 'video' ? (form.file?.url ?? null) : null,
      ...(form.id !== undefined ? { id: form.id } : {}),
    });
  }
  return drafts.sort((a, b) => a.index - b.index);
}

/** Whether the story fetched again is a newer version than the one loaded. */
export const isNewerVersion = (loaded: Story, fetched: Story): boolean =>
  fetched.updated_at !== loaded.updated_at;

/**
 * What the 'New page' control offers: a menu 'Image or GIF' / 'Video' for role
 * create_new_video_page (Video disabled without server form fields), else a plain button.
 */
export function newPageOffer(
  roles: readonly string[],
  formFields: readonly StoryFormField[],
): { menu: false } | { menu: true; videoDisabled: boolean } {
  if (!roles.includes('create_new_video_page')) return { menu: false };
  return { menu: true, videoDisabled: formFields.length === 0 };
}

/** Video pages are changed only by role create_new_video_page (admin passes everywhere). */
export const canChangeVideoPages = (roles: readonly string[]): boolean =>
  roles.includes('create_new_video_page') || roles.includes('admin');

export function initialEditorState(story: Story): StoryEditorState {
  return { story, mode: 'listing', form: null, formBase: null, unsaved: false, submitted: false };
}

export function storyEditorReducer(state: StoryEditorState, action: StoryEditorAction): StoryEditorState {
  switch (action.type) {
    case 'load':
      return { ...state, story: action.story };
    case 'newPage': {
      const form = newPageForm(action.kind, state.story);
      return { ...state, mode: 'form', form, formBase: form, unsaved: false, submitted: false };
    }
    case 'editPage': {
      const form = pageFormFromPage(action.page, state.story.form_fields);
      return { ...state, mode: 'form', form, formBase: form, unsaved: false, submitted: false };
    }
    case 'change':
    case 'setField': {
      if (!state.form) return state;
      const form =
        action.type === 'change'
          ? { ...state.form, ...action.patch }
          : { ...state.form, fields: { ...state.form.fields, [action.name]: action.value } };
      return { ...state, form, unsaved: !sameForm(form, state.formBase) };
    }
    case 'submit':
      return { ...state, submitted: true };
    case 'close':
      return {
        ...state,
        story: action.story ?? state.story,
        mode: 'listing',
        form: null,
        formBase: null,
        unsaved: false,
        submitted: false,
      };
  }
}
