import { describe, expect, it } from 'vitest';
import { messages } from '@hc/shared/messages';
import {
  canDownloadStoryHighlights,
  editStoryPath,
  linkToCopy,
  storyIdParam,
  storyStateLabel,
} from './storyLinks.ts';

describe('canDownloadStoryHighlights', () => {
  it('accepts 406 followed by exactly two digits', () => {
    expect(canDownloadStoryHighlights('40612')).toBe(true);
    expect(canDownloadStoryHighlights('40600')).toBe(true);
  });
  it('refuses anything else', () => {
    for (const id of ['4061', '406123', '40712', 'x40612', '406ab', '', null, undefined]) {
      expect(canDownloadStoryHighlights(id)).toBe(false);
    }
  });
});

describe('linkToCopy', () => {
  it('copies a present link', () => {
    expect(linkToCopy('https://x.example/stories/1.html')).toEqual({
      ok: true,
      text: 'https://x.example/stories/1.html',
    });
  });
  it('says the story is not published when the link is missing or blank', () => {
    for (const link of [null, undefined, '', '  ']) {
      expect(linkToCopy(link)).toEqual({ ok: false, message: messages.storyNotPublished });
    }
  });
});

describe('paths and params', () => {
  it('edits a story at /stamp/{id}', () => expect(editStoryPath(12)).toBe('/stamp/12'));
  it('reads only positive integer ids', () => {
    expect(storyIdParam('12')).toBe(12);
    for (const v of ['0', '-1', '1.5', 'abc', '', undefined, '1e3']) expect(storyIdParam(v)).toBeNull();
  });
});

describe('storyStateLabel', () => {
  it('says a published story has changes not yet published, and nothing of the kind for a draft', () => {
    expect(storyStateLabel({ state: 'published', has_unpublished_changes: false })).toBe('Published');
    expect(storyStateLabel({ state: 'published', has_unpublished_changes: true })).toBe(
      messages.storyPublishedWithChanges,
    );
    expect(storyStateLabel({ state: 'draft', has_unpublished_changes: false })).toBe('Draft');
  });
});
