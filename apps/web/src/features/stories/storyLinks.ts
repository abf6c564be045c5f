// Rules of the stories screens that need no rendering: who may download a
// story's highlights, what a copy-link action copies, where Edit story goes.
import { STORY_HIGHLIGHTS_DOWNLOAD_USER_PATTERN } from '@hc/shared/constants';
import { messages } from '@hc/shared/messages';
import type { Story, StoryState } from './api/types.ts';

/** 'Download story highlights' is offered only to user identifiers '406' followed by two digits. */
export const canDownloadStoryHighlights = (userIdentifier: string | null | undefined): boolean =>
  STORY_HIGHLIGHTS_DOWNLOAD_USER_PATTERN.test(userIdentifier ?? '');

export type LinkCopy = { ok: true; text: string } | { ok: false; message: string };

/** A story or thumbnail link to copy, or 'This story is not published!' when it is missing. */
export function linkToCopy(link: string | null | undefined): LinkCopy {
  const text = (link ?? '').trim();
  return text === '' ? { ok: false, message: messages.storyNotPublished } : { ok: true, text };
}

/** The story editor of story `id`. */
export const editStoryPath = (id: number): string => `/stamp/${id}`;

/** The list's path, where a failed story load goes. */
export const STORIES_PATH = '/stamp';

/** How a state reads in the table and the drawer. */
export const STORY_STATE_LABEL: Record<StoryState, string> = { draft: 'Draft', published: 'Published' };

/**
 * How a story's state reads: a published story edited since its publish says so, because its public
 * link still shows the published version.
 */
export const storyStateLabel = (story: Pick<Story, 'state' | 'has_unpublished_changes'>): string =>
  story.state === 'published' && story.has_unpublished_changes
    ? messages.storyPublishedWithChanges
    : (STORY_STATE_LABEL[story.state] ?? story.state);

/** A route's :id as a story id (a positive integer), else null. */
export function storyIdParam(value: string | undefined): number | null {
  if (!value || !/^\d{1,12}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 ? n : null;
}
