import { describe, expect, it } from 'vitest';
import { messages } from '@hc/shared/messages';
import type { Story, StoryFormField } from '../api/types.ts';
import {
  canChangeVideoPages,
  draftPages,
  initialEditorState,
  isNewerVersion,
  newPageForm,
  newPageOffer,
  nextPageIndex,
  orderedPages,
  pageFormFromPage,
  pageWriteFromForm,
  posterForForm,
  renameWrite,
  storyEditorReducer,
  validatePageForm,
} from './storyEditorState.ts';
import { page } from './storyFixtures.ts';

const field = (over: Partial<StoryFormField> = {}): StoryFormField => ({
  name: 'apv_batter_full_name',
  label: 'Batter',
  input_type: 'string',
  is_mandatory: true,
  max_chars: 40,
  ...over,
});

const story = (over: Partial<Story> = {}): Story => ({
  id: 5,
  title: 'Story',
  name: null,
  state: 'draft',
  link: null,
  thumbnail: null,
  created_at: 100,
  updated_at: 200,
  pages: [],
  has_unpublished_changes: false,
  form_fields: [],
  ...over,
});

const file = { objectId: 7, url: 'http://h/media/v.mp4', name: 'v.mp4' };

describe('new page forms', () => {
  it('image defaults: layout Full, 15 s, blurb Show, index after the last page', () => {
    const form = newPageForm('image', story({ pages: [page({ index: 0 }), page({ id: 2, index: 3 })] }));
    expect(form).toMatchObject({ kind: 'image', layout: 0, duration: 15, blurb: 1, index: 4, file: null });
  });
  it('video forms hold one empty value per server field', () => {
    const form = newPageForm('video', story({ form_fields: [field()] }));
    expect(form.fields).toEqual({ apv_batter_full_name: '' });
  });
  it('the first page is index 0', () => expect(nextPageIndex([])).toBe(0));
});

describe('editing a saved page', () => {
  it('reads layout, blurb, duration, file and field values', () => {
    const form = pageFormFromPage(
      page({ metadata: { duration: 8, template_options: { layout: 1, blurb: 0 } } }),
      [],
    );
    expect(form).toMatchObject({ id: 1, layout: 1, blurb: 0, duration: 8, title: 'First' });
    expect(form.file).toEqual({ objectId: 10, url: 'http://h/media/a.jpg', name: 'a.jpg' });
  });
  it('reads a video page', () => {
    const form = pageFormFromPage(
      page({
        object_type: 'video',
        image: null,
        video_url: 'http://h/media/v.mp4',
        poster: 'https://x/p.jpg',
        metadata: { apv_batter_full_name: 'Ruth' },
      }),
      [field()],
    );
    expect(form).toMatchObject({
      kind: 'video',
      poster: 'https://x/p.jpg',
      fields: { apv_batter_full_name: 'Ruth' },
    });
  });
});

describe('posterForForm', () => {
  it('makes a root-relative poster absolute on the console origin', () => {
    expect(posterForForm('/media/p.jpg', 'https://console.example')).toBe(
      'https://console.example/media/p.jpg',
    );
  });
  it('keeps absolute, protocol-relative and missing posters', () => {
    expect(posterForForm('https://x/p.jpg', 'https://c')).toBe('https://x/p.jpg');
    expect(posterForForm('//x/p.jpg', 'https://c')).toBe('//x/p.jpg');
    expect(posterForForm(null, 'https://c')).toBe('');
  });
});

describe('validation', () => {
  it('an image page needs an image', () => {
    const form = newPageForm('image', story());
    expect(validatePageForm(form, [])).toBe(messages.imageFileRequired);
    expect(validatePageForm({ ...form, file }, [])).toBeNull();
  });
  it('a video page: mandatory fields, then the file, then the poster URL', () => {
    const fields = [field(), field({ name: 'apv_story_inning', label: 'Inning' })];
    const form = newPageForm('video', story({ form_fields: fields }));
    expect(validatePageForm(form, fields)).toBe('Batter, Inning must be filled!');
    const filled = { ...form, fields: { apv_batter_full_name: 'Ruth', apv_story_inning: '3' } };
    expect(validatePageForm(filled, fields)).toBe(messages.videoFileRequired);
    expect(validatePageForm({ ...filled, file, poster: 'nope' }, fields)).toBe(messages.posterUrlInvalid);
    expect(validatePageForm({ ...filled, file, poster: 'https://x/p.bmp' }, fields)).toBe(
      messages.posterUrlFormat,
    );
    expect(validatePageForm({ ...filled, file, poster: 'https://x/p.png' }, fields)).toBeNull();
  });
  it('blank (spaces only) mandatory values count as missing', () => {
    const fields = [field()];
    const form = { ...newPageForm('video', story({ form_fields: fields })), file, poster: 'www.x.com/a.gif' };
    expect(validatePageForm({ ...form, fields: { apv_batter_full_name: '  ' } }, fields)).toBe(
      'Batter must be filled!',
    );
  });
});

describe('page bodies', () => {
  it('an image page carries layout and blurb in template_options and its duration', () => {
    const body = pageWriteFromForm({ ...newPageForm('image', story()), file, title: ' T ', duration: 9 }, 5);
    expect(body).toMatchObject({
      story_id: 5,
      object_type: 'image',
      object_id: 7,
      title: 'T',
      duration: 9,
      metadata: { duration: 9, template_options: { layout: 0, blurb: 1 } },
    });
  });
  it('a video page carries the poster and the field values in metadata', () => {
    const fields = [field()];
    const form = {
      ...newPageForm('video', story({ form_fields: fields })),
      file,
      poster: ' https://x/p.png ',
      fields: { apv_batter_full_name: ' Ruth ' },
    };
    expect(pageWriteFromForm(form, 5)).toMatchObject({
      object_type: 'video',
      poster: 'https://x/p.png',
      metadata: { apv_batter_full_name: 'Ruth', duration: 6, video_url: file.url },
    });
  });
});

describe('draft preview pages', () => {
  const s = story({
    pages: [
      page({ id: 1, index: 1 }),
      page({ id: 2, index: 0 }),
      page({ id: 3, index: 2, object_type: 'cover' }),
    ],
  });
  it('adds an unsaved page, in index order, without covers', () => {
    const form = { ...newPageForm('image', s), index: 1, file };
    const drafts = draftPages(s, form);
    expect(drafts.map((p) => p.id ?? 'new')).toEqual([2, 1, 'new']);
    expect(drafts.some((p) => 'story_id' in p)).toBe(false);
  });
  it('replaces an edited page by its draft', () => {
    const form = { ...pageFormFromPage(page({ id: 1, index: 1 }), []), title: 'Changed' };
    const drafts = draftPages(s, form);
    expect(drafts.filter((p) => p.id === 1)).toHaveLength(1);
    expect(drafts.find((p) => p.id === 1)?.title).toBe('Changed');
  });
  it('orders saved pages by index then creation', () => {
    expect(
      orderedPages([page({ id: 2, index: 0, ordinal: 1 }), page({ id: 1, index: 0, ordinal: 0 })]).map(
        (p) => p.id,
      ),
    ).toEqual([1, 2]);
  });
});

describe('video page changes', () => {
  it('need create_new_video_page or admin', () => {
    expect(canChangeVideoPages(['stamp_manager', 'create_new_video_page'])).toBe(true);
    expect(canChangeVideoPages(['admin'])).toBe(true);
    expect(canChangeVideoPages(['stamp_manager'])).toBe(false);
  });
});

describe('new page offer', () => {
  it('a plain button without the video role', () => {
    expect(newPageOffer(['stamp_manager'], [field()])).toEqual({ menu: false });
  });
  it('a menu for the video role, Video disabled without form fields', () => {
    expect(newPageOffer(['create_new_video_page'], [field()])).toEqual({ menu: true, videoDisabled: false });
    expect(newPageOffer(['create_new_video_page'], [])).toEqual({ menu: true, videoDisabled: true });
  });
});

describe('reducer', () => {
  it('tracks the unsaved flag against the form as it opened', () => {
    let s = storyEditorReducer(initialEditorState(story()), { type: 'newPage', kind: 'image' });
    expect(s).toMatchObject({ mode: 'form', unsaved: false });
    s = storyEditorReducer(s, { type: 'change', patch: { title: 'x' } });
    expect(s.unsaved).toBe(true);
    s = storyEditorReducer(s, { type: 'change', patch: { title: '' } });
    expect(s.unsaved).toBe(false);
  });
  it('close returns to the listing with a fresh story', () => {
    let s = storyEditorReducer(initialEditorState(story()), { type: 'editPage', page: page() });
    s = storyEditorReducer(s, { type: 'setField', name: 'x', value: 'y' });
    s = storyEditorReducer(s, { type: 'close', story: story({ updated_at: 300 }) });
    expect(s).toMatchObject({ mode: 'listing', form: null, unsaved: false });
    expect(s.story.updated_at).toBe(300);
  });
  it('a newer version is a different updated_at', () => {
    expect(isNewerVersion(story(), story({ updated_at: 201 }))).toBe(true);
    expect(isNewerVersion(story(), story())).toBe(false);
  });
});

describe('renameWrite', () => {
  const titleField = field({ name: 'title', label: 'Title', is_mandatory: true, max_chars: 80 });
  it('renames a video page through metadata.title and the top-level title alike', () => {
    const video = page({
      object_type: 'video',
      video_url: 'http://h/media/v.mp4',
      poster: 'https://img.example/p.png',
      metadata: { title: 'Old', apv_batter_full_name: 'Sam' },
    });
    const body = renameWrite(video, ' New ', [titleField, field()], 5);
    expect(body).toMatchObject({
      object_type: 'video',
      title: 'New',
      metadata: { title: 'New', apv_batter_full_name: 'Sam' },
    });
  });
  it('renames an image page and keeps its file', () => {
    expect(renameWrite(page(), 'Renamed', [], 5)).toMatchObject({
      object_type: 'image',
      title: 'Renamed',
      object_id: 10,
    });
  });
  it('sends a cover as a cover', () => {
    expect(renameWrite(page({ object_type: 'cover' }), 'Cover', [], 5)).toMatchObject({
      object_type: 'cover',
      title: 'Cover',
    });
  });
});
