// The story editor's server calls and what follows each: the page calls (delete, rename), fetching the
// story again (after every call, and before preview and publish to notice a newer version), the draft
// preview and the publish. Each call toasts its outcome (6.5 s, as the stories screens do) and the others
// editing the story are told through the co-editing hook's `announce`.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { messages } from '@hc/shared/messages';
import { ApiError } from '../../../lib/api.ts';
import type { ToastApi } from '../../../lib/toast.tsx';
import { useFetchStory } from '../api/get-story.ts';
import { storiesQueryOptions } from '../api/get-stories.ts';
import { getStoryPreview, previewDraft } from '../api/preview-story.ts';
import { usePublishStory } from '../api/publish-story.ts';
import { useRemovePage } from '../api/remove-page.ts';
import { useSavePage } from '../api/save-page.ts';
import type { Story, StoryPage } from '../api/types.ts';
import { draftPages, orderedPages, pageWriteFromForm, renameWrite } from './storyEditorState.ts';
import type { StoryEditorAction, StoryEditorState } from './storyEditorState.ts';
import type { useStoryPreview } from './useStoryPreview.ts';

/** What the editor is waiting for; every button is off meanwhile. */
export type StoryBusy = 'preview' | 'publish' | 'page' | null;

/** A failed page call: the server's catalogue message for a refused value (422), else the general toast. */
const pageFailure = (error: unknown): string =>
  error instanceof ApiError && error.status === 422 ? error.message : messages.unableToPerformRequest;

interface StoryCallsInput {
  state: StoryEditorState;
  dispatch: (action: StoryEditorAction) => void;
  announce: (fresh: Story) => void;
  clearSharedDraft: (pageId: number) => void;
  runPreview: ReturnType<typeof useStoryPreview>['runPreview'];
  /** The form's changes are saved: leaving no longer asks. */
  settle: () => void;
  toast: ToastApi;
}

export function useStoryCalls({
  state,
  dispatch,
  announce,
  clearSharedDraft,
  runPreview,
  settle,
  toast,
}: StoryCallsInput) {
  const queryClient = useQueryClient();
  const fetchStory = useFetchStory();
  const remove = useRemovePage();
  const save = useSavePage();
  const publishing = usePublishStory();
  const [busy, setBusy] = useState<StoryBusy>(null);
  const { story, form } = state;

  // The stories list shows titles and states of this story: it is stale after any change.
  const listStale = () =>
    void queryClient.invalidateQueries({ queryKey: storiesQueryOptions().queryKey, refetchType: 'none' });

  /** Fetches the story again and takes it. */
  const reload = async (): Promise<Story | null> => {
    listStale();
    try {
      const fresh = await fetchStory(story.id);
      dispatch({ type: 'load', story: fresh });
      announce(fresh);
      return fresh;
    } catch {
      return null;
    }
  };

  /** After a page change from the listing, the saved story plays again. */
  const replaySaved = () => {
    if (state.mode === 'listing') void runPreview((signal) => getStoryPreview(story.id, signal), 'saved');
  };

  /** Runs a page call, then shows the story as the server now has it. */
  const pageCall = (call: Promise<unknown>, done: string, after?: () => void) => {
    setBusy('page');
    call
      .then(async () => {
        toast.success(done);
        after?.();
        await reload();
        replaySaved();
      })
      .catch((e: unknown) => toast.error(pageFailure(e)))
      .finally(() => setBusy(null));
  };

  const deletePage = (page: StoryPage) =>
    pageCall(remove.mutateAsync(page.id), messages.storyPageDeleted, () => {
      clearSharedDraft(page.id);
      if (form?.id === page.id) dispatch({ type: 'close' });
    });

  const renamePage = (page: StoryPage, title: string) =>
    pageCall(
      save.mutateAsync({ body: renameWrite(page, title, story.form_fields, story.id), id: page.id }),
      messages.storyPageUpdated,
    );

  /** The story fetched again before preview or publish (`purpose` shows on its button); null when that failed. */
  const fetchAgain = async (purpose: 'preview' | 'publish'): Promise<Story | null> => {
    setBusy(purpose);
    try {
      return await fetchStory(story.id);
    } catch (e) {
      toast.error(e instanceof ApiError ? e.message : messages.somethingWentWrong);
      return null;
    } finally {
      setBusy(null);
    }
  };

  /** Plays the open page as it would look in `base` (or `base` itself when no page is open). */
  const previewWith = (base: Story) => {
    const pagesOfDraft = draftPages(base, form);
    return runPreview(
      (signal) =>
        previewDraft({ id: base.id, title: base.title, updated_at: base.updated_at }, pagesOfDraft, signal),
      form ? 'draft' : 'saved',
    ).then((ok) => {
      if (!ok) toast.error(messages.somethingWentWrong);
    });
  };

  /** The saved story plays again (after taking a newer version to review it). */
  const previewSaved = (fresh: Story) =>
    void runPreview((signal) => getStoryPreview(fresh.id, signal), 'saved');

  /** Saves the open page (if any); false when the save failed (already toasted). */
  const saveOpenPage = async (): Promise<boolean> => {
    if (!form) return true;
    try {
      await save.mutateAsync({ body: pageWriteFromForm(form, story.id), id: form.id });
      toast.success(form.id === undefined ? messages.storyPageCreated : messages.storyPageUpdated);
      settle();
      return true;
    } catch (e) {
      toast.error(pageFailure(e));
      return false;
    }
  };

  /** Saves the open page (if any), then publishes the story as the server now has it. */
  const publish = async () => {
    setBusy('publish');
    try {
      if (!(await saveOpenPage())) return;
      try {
        // The page save changed the story's updated_at: publish the version just written.
        const latest = await fetchStory(story.id);
        const published = await publishing.mutateAsync({
          story: { id: latest.id, updated_at: latest.updated_at },
          pages: orderedPages(latest.pages).map((p) => ({ id: p.id })),
        });
        toast.success(messages.storyPublished);
        const fresh = (await fetchStory(story.id).catch(() => null)) ?? published.story;
        if (form?.id !== undefined) clearSharedDraft(form.id);
        dispatch({ type: 'close', story: fresh });
        announce(fresh);
        void runPreview(() => Promise.resolve({ html: published.html }), 'saved');
      } catch {
        toast.error(messages.storyPublishFailed);
        // The page may be saved even though the publish failed: show what the server has.
        if (form) {
          const fresh = await reload();
          if (fresh && form.id === undefined) dispatch({ type: 'close', story: fresh });
        }
      }
    } finally {
      setBusy(null);
      listStale();
    }
  };

  return { busy, deletePage, renamePage, fetchAgain, previewWith, previewSaved, publish };
}
