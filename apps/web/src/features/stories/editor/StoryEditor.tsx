// The story editor: pages, the new-or-edit page form and the preview around one
// reducer (storyEditorState.ts) and the preview's state machine (previewState.ts). This component owns
// the calls and their toasts (6.5 s), the dialogs and the leave-page prompt; the columns only render.
import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { messages } from '@hc/shared/messages';
import { ApiError } from '../../../lib/api.ts';
import { copyText } from '../../../lib/clipboard.ts';
import { PresenceBar } from '../../../components/PresenceBar.tsx';
import { UndoRedoButtons } from '../../../components/UndoRedoButtons.tsx';
import { useAppConfig } from '../../../lib/config/config.tsx';
import { getStory } from '../api/get-story.ts';
import { storiesQueryOptions } from '../api/get-stories.ts';
import { getStoryPreview, previewDraft } from '../api/preview-story.ts';
import { publishStory } from '../api/publish-story.ts';
import { removePage } from '../api/remove-page.ts';
import { savePage } from '../api/save-page.ts';
import type { Story, StoryPage } from '../api/types.ts';
import { linkToCopy } from '../storyLinks.ts';
import { useStoryToast } from '../useStoryToast.tsx';
import { useStoryCoEditing } from './useStoryCoEditing.ts';
import { useStoryPreview } from './useStoryPreview.ts';
import { useLeavePrompt } from './useLeavePrompt.ts';
import {
  canChangeVideoPages,
  draftPages,
  initialEditorState,
  isNewerVersion,
  newPageOffer,
  orderedPages,
  pageWriteFromForm,
  renameWrite,
  validatePageForm,
} from './storyEditorState.ts';
import type { StoryEditorState } from './storyEditorState.ts';
import { PagesColumn } from './PagesColumn.tsx';
import { PageFormColumn } from './PageFormColumn.tsx';
import { PreviewColumn } from './PreviewColumn.tsx';
import { StoryDialog } from './StoryDialog.tsx';
import type { StoryDialogRequest } from './StoryDialog.tsx';

const LEAVE = {
  header: 'Leave without saving?',
  message: 'This page has unsaved changes. If you leave now, they will be lost.',
};

/** A failed page call: the server's catalogue message for a refused value (422), else the spec's toast. */
const pageFailure = (error: unknown): string =>
  error instanceof ApiError && error.status === 422 ? error.message : messages.unableToPerformRequest;

export function StoryEditor({ initial }: { initial: Story }) {
  const { user } = useAppConfig();
  const queryClient = useQueryClient();
  const [toastElement, toast] = useStoryToast();
  const [state, setState] = useState<StoryEditorState>(() => initialEditorState(initial));

  // Co-editing: the shared forms, the reducer's dispatch that writes into them, and per-user undo.
  const { collab, editable, dispatch, announce, undo, clearSharedDraft } = useStoryCoEditing(
    initial.id,
    state,
    setState,
  );
  const { preview, previewDispatch, previewSource, runPreview } = useStoryPreview(initial.id);
  const [busy, setBusy] = useState<'preview' | 'publish' | 'page' | null>(null);
  const [dialog, setDialog] = useState<StoryDialogRequest | null>(null);
  const { story, form } = state;
  const pages = orderedPages(story.pages);
  // The page open in the form is this editor's selection (the others mark it).
  const { select } = collab;
  useEffect(() => select(form?.id ?? null), [select, form?.id]);

  // The leave prompt while the form has unsaved changes (as the package editor).
  const { blocker, settle } = useLeavePrompt(state.unsaved);

  /** Fetches the story again and takes it; the list is stale after any change. */
  const reload = async (): Promise<Story | null> => {
    void queryClient.invalidateQueries({ queryKey: storiesQueryOptions().queryKey, refetchType: 'none' });
    try {
      const fresh = await getStory(story.id);
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

  const copyLink = async (link: string | null) => {
    const copy = linkToCopy(link);
    if (!copy.ok) return toast.error(copy.message);
    if (await copyText(copy.text)) toast.success(messages.linkCopied);
    else toast.error(messages.somethingWentWrong);
  };

  // ---- pages: delete, rename (both confirmed first)
  const askDelete = (page: StoryPage) =>
    setDialog({
      header: 'Delete page',
      message: `Delete the page "${page.title || 'Untitled page'}"? This cannot be undone.`,
      testId: 'se-delete-dialog',
      buttons: [
        { label: 'Cancel', onClick: () => setDialog(null), testId: 'se-delete-no' },
        {
          label: 'Delete',
          danger: true,
          primary: true,
          testId: 'se-delete-yes',
          onClick: () => {
            setDialog(null);
            setBusy('page');
            removePage(page.id)
              .then(async () => {
                toast.success(messages.storyPageDeleted);
                clearSharedDraft(page.id);
                if (form?.id === page.id) dispatch({ type: 'close' });
                await reload();
                replaySaved();
              })
              .catch((e: unknown) => toast.error(pageFailure(e)))
              .finally(() => setBusy(null));
          },
        },
      ],
    });

  const askRename = (page: StoryPage, title: string) =>
    setDialog({
      header: 'Change title',
      message: `Change the title of this page to "${title}" and save the story?`,
      testId: 'se-rename-dialog',
      buttons: [
        { label: 'Cancel', onClick: () => setDialog(null), testId: 'se-rename-no' },
        {
          label: 'Change title',
          primary: true,
          testId: 'se-rename-yes',
          onClick: () => {
            setDialog(null);
            setBusy('page');
            savePage(renameWrite(page, title, story.form_fields, story.id), page.id)
              .then(async () => {
                toast.success(messages.storyPageUpdated);
                await reload();
                replaySaved();
              })
              .catch((e: unknown) => toast.error(pageFailure(e)))
              .finally(() => setBusy(null));
          },
        },
      ],
    });

  // ---- form: Discard, Preview, Publish
  const discard = () => {
    if (!state.unsaved) {
      dispatch({ type: 'close' });
      return;
    }
    setDialog({
      header: 'Discard changes?',
      message: 'The changes to this page have not been published and will be lost.',
      testId: 'se-discard-dialog',
      buttons: [
        { label: 'Cancel', onClick: () => setDialog(null), testId: 'se-discard-no' },
        {
          label: messages.discardYes,
          danger: true,
          primary: true,
          testId: 'se-discard-yes',
          onClick: () => {
            setDialog(null);
            settle();
            // The page's changes are shared: discarding them discards them for every editor.
            if (form?.id !== undefined) clearSharedDraft(form.id);
            dispatch({ type: 'close' });
          },
        },
      ],
    });
  };

  /** The form's first problem, shown and toasted; true when the form may go on. */
  const formReady = (): boolean => {
    if (!form) return true;
    dispatch({ type: 'submit' });
    const problem = validatePageForm(form, story.form_fields);
    if (problem) toast.error(problem);
    return problem === null;
  };

  /** The story fetched again before preview or publish; null when that failed. */
  const fetchAgain = async (): Promise<Story | null> => {
    try {
      return await getStory(story.id);
    } catch (e) {
      toast.error(e instanceof ApiError ? e.message : messages.somethingWentWrong);
      return null;
    }
  };

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

  const onPreview = async () => {
    if (!formReady()) return;
    setBusy('preview');
    const fresh = await fetchAgain();
    setBusy(null);
    if (!fresh) return;
    if (!isNewerVersion(story, fresh)) return previewWith(fresh);
    setDialog({
      header: 'A newer version exists',
      message:
        'Someone changed this story since you opened it. The editor now shows the newer version; your page stays as you left it.',
      testId: 'se-newer-dialog',
      buttons: [
        {
          label: 'Ok',
          primary: true,
          testId: 'se-newer-ok',
          onClick: () => {
            setDialog(null);
            dispatch({ type: 'load', story: fresh });
            void previewWith(fresh);
          },
        },
      ],
    });
  };

  /** Saves the open page (if any), then publishes the story as the server now has it. */
  const publish = async () => {
    setBusy('publish');
    try {
      if (form) {
        try {
          await savePage(pageWriteFromForm(form, story.id), form.id);
          toast.success(form.id === undefined ? messages.storyPageCreated : messages.storyPageUpdated);
          settle();
        } catch (e) {
          toast.error(pageFailure(e));
          return;
        }
      }
      try {
        // The page save changed the story's updated_at: publish the version just written.
        const latest = await getStory(story.id);
        const published = await publishStory({
          story: { id: latest.id, updated_at: latest.updated_at },
          pages: orderedPages(latest.pages).map((p) => ({ id: p.id })),
        });
        toast.success(messages.storyPublished);
        const fresh = (await getStory(story.id).catch(() => null)) ?? published.story;
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
      void queryClient.invalidateQueries({ queryKey: storiesQueryOptions().queryKey, refetchType: 'none' });
    }
  };

  const onPublish = async () => {
    if (!formReady()) return;
    setBusy('publish');
    const fresh = await fetchAgain();
    setBusy(null);
    if (!fresh) return;
    if (!isNewerVersion(story, fresh)) return publish();
    setDialog({
      header: 'A newer version exists',
      message:
        'Someone changed this story since you opened it. Publish anyway, or review the newer version first?',
      testId: 'se-newer-dialog',
      buttons: [
        {
          label: messages.newerVersionReviewButton,
          testId: 'se-newer-review',
          onClick: () => {
            setDialog(null);
            dispatch({ type: 'load', story: fresh });
            void runPreview((signal) => getStoryPreview(fresh.id, signal), 'saved');
          },
        },
        {
          label: messages.newerVersionPublishButton,
          primary: true,
          testId: 'se-newer-publish',
          onClick: () => {
            setDialog(null);
            void publish();
          },
        },
      ],
    });
  };

  const offer = newPageOffer(user.roles, story.form_fields);
  const blocked = blocker.state === 'blocked';

  return (
    <div
      className={collab.status === 'off' ? 'hc-se' : 'hc-se hc-se--collab'}
      data-testid="story-editor"
      data-mode={state.mode}
      data-unsaved={state.unsaved}
      data-collab={collab.status}
    >
      {toastElement}
      {collab.status !== 'off' && (
        <PresenceBar
          status={collab.status}
          peers={collab.peers}
          readOnly={collab.readOnly}
          notice={collab.notice}
          testId="se-collab"
        >
          <UndoRedoButtons undo={undo} testIdPrefix="se" />
        </PresenceBar>
      )}
      {/* Every control is off while the editor may not edit (view only, or before the first sync). */}
      <fieldset className="hc-se__columns hc-se__fieldset" disabled={!editable}>
        <PagesColumn
          pages={pages}
          peers={collab.peers}
          offer={offer}
          activeId={form?.id}
          busy={busy !== null}
          canChangeVideo={canChangeVideoPages(user.roles)}
          onNew={(kind) => dispatch({ type: 'newPage', kind })}
          onEdit={(page) => dispatch({ type: 'editPage', page })}
          onDelete={askDelete}
          onRename={askRename}
          onPublish={() => void onPublish()}
        />
        {form ? (
          <PageFormColumn
            key={`${form.kind}/${form.id ?? 'new'}`}
            form={form}
            formFields={story.form_fields}
            submitted={state.submitted}
            posterEdited={form.poster !== state.formBase?.poster}
            unsaved={state.unsaved}
            busy={busy === 'preview' || busy === 'publish' ? busy : null}
            toast={toast}
            onChange={(patch) => dispatch({ type: 'change', patch })}
            onField={(name, value) => dispatch({ type: 'setField', name, value })}
            onPreview={() => void onPreview()}
            onDiscard={discard}
            onPublish={() => void onPublish()}
          />
        ) : (
          <section className="hc-se-col hc-se-col--idle" aria-label="Page" data-testid="se-listing">
            <div className="hc-se-idle">
              <i className="pi pi-file-edit" aria-hidden="true" />
              <h2>{story.title}</h2>
              <p>
                {pages.length === 0
                  ? 'Add the first page with New page.'
                  : 'Pick a page to edit it, or add a new one with New page.'}
              </p>
            </div>
          </section>
        )}
        <PreviewColumn
          story={story}
          preview={preview}
          source={previewSource}
          onReplay={() => previewDispatch({ type: 'replay' })}
          onCopyLink={() => void copyLink(story.link)}
          onCopyThumbnail={() => void copyLink(story.thumbnail)}
        />
      </fieldset>

      <StoryDialog request={dialog} />
      <StoryDialog
        request={
          blocked
            ? {
                header: LEAVE.header,
                message: LEAVE.message,
                testId: 'se-leave-dialog',
                buttons: [
                  { label: 'Stay', onClick: () => blocker.reset?.(), testId: 'se-leave-no' },
                  {
                    label: 'Leave',
                    danger: true,
                    primary: true,
                    onClick: () => blocker.proceed?.(),
                    testId: 'se-leave-yes',
                  },
                ],
              }
            : null
        }
      />
    </div>
  );
}
