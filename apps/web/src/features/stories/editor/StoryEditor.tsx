// The story editor: the pages, the new-or-edit page form and the preview around one reducer
// (storyEditorState.ts), shared with the other editors of the story (useStoryCoEditing). The server calls
// live in useStoryCalls and the confirmations in EditorDialogs; this component decides which confirmation
// comes before which call, and lays out the columns.
import { useEffect, useState } from 'react';
import { PresenceBar } from '../../../components/PresenceBar.tsx';
import { UndoRedoButtons } from '../../../components/UndoRedoButtons.tsx';
import { useAppConfig } from '../../../lib/config/config.tsx';
import type { Story } from '../api/types.ts';
import { copyStoryLink } from '../copyStoryLink.ts';
import { useStoryToast } from '../useStoryToast.tsx';
import { useStoryCoEditing } from './useStoryCoEditing.ts';
import { useStoryPreview } from './useStoryPreview.ts';
import { useLeavePrompt } from '../../../lib/useLeavePrompt.ts';
import { useStoryCalls } from './useStoryCalls.ts';
import {
  canChangeVideoPages,
  initialEditorState,
  isNewerVersion,
  newPageOffer,
  orderedPages,
} from './storyEditorState.ts';
import { validatePageForm } from './storyEditorState.ts';
import type { StoryEditorState } from './storyEditorState.ts';
import { PagesColumn } from './PagesColumn.tsx';
import { PageFormColumn } from './PageFormColumn.tsx';
import { IdleColumn } from './IdleColumn.tsx';
import { PreviewColumn } from './PreviewColumn.tsx';
import { EditorDialogs } from './EditorDialogs.tsx';
import type { EditorDialog } from './EditorDialogs.tsx';

export function StoryEditor({ initial }: { initial: Story }) {
  const { user } = useAppConfig();
  const [, toast] = useStoryToast();
  const [state, setState] = useState<StoryEditorState>(() => initialEditorState(initial));
  const { collab, editable, dispatch, announce, undo, clearSharedDraft } = useStoryCoEditing(
    initial.id,
    state,
    setState,
  );
  const { preview, previewDispatch, previewSource, runPreview } = useStoryPreview(initial.id);
  const { blocker, settle } = useLeavePrompt(state.unsaved);
  const calls = useStoryCalls({ state, dispatch, announce, clearSharedDraft, runPreview, settle, toast });
  const [dialog, setDialog] = useState<EditorDialog | null>(null);
  const { story, form, unsaved } = state;
  const pages = orderedPages(story.pages);
  // The page open in the form is this editor's selection (the others mark it).
  const { select } = collab;
  useEffect(() => select(form?.id ?? null), [select, form?.id]);

  const copyLink = (link: string | null) => copyStoryLink(link, toast);

  /** The form's first problem, shown and toasted; true when the form may go on. */
  const formReady = (): boolean => {
    if (!form) return true;
    dispatch({ type: 'submit' });
    const problem = validatePageForm(form, story.form_fields);
    if (problem) toast.error(problem);
    return problem === null;
  };

  /** Preview or publish, after a look at the server: a newer version there asks first. */
  const checkThen = async (then: 'preview' | 'publish') => {
    if (!formReady()) return;
    const fresh = await calls.fetchAgain(then);
    if (!fresh) return;
    if (isNewerVersion(story, fresh)) setDialog({ kind: 'newer', fresh, then });
    else if (then === 'preview') void calls.previewWith(fresh);
    else void calls.publish();
  };

  const discard = () => {
    if (unsaved) setDialog({ kind: 'discard' });
    else dispatch({ type: 'close' });
  };

  return (
    <div
      className={collab.status === 'off' ? 'hc-se' : 'hc-se hc-se--collab'}
      data-testid="story-editor"
      data-mode={state.mode}
      data-unsaved={unsaved}
      data-collab={collab.status}
    >
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
          offer={newPageOffer(user.roles, story.form_fields)}
          activeId={form?.id}
          busy={calls.busy !== null}
          canChangeVideo={canChangeVideoPages(user.roles)}
          onNew={(kind) => dispatch({ type: 'newPage', kind })}
          onEdit={(page) => dispatch({ type: 'editPage', page })}
          onDelete={(page) => setDialog({ kind: 'delete', page })}
          onRename={(page, title) => setDialog({ kind: 'rename', page, title })}
          onPublish={() => void checkThen('publish')}
        />
        {form ? (
          <PageFormColumn
            key={`${form.kind}/${form.id ?? 'new'}`}
            form={form}
            formFields={story.form_fields}
            submitted={state.submitted}
            posterEdited={form.poster !== state.formBase?.poster}
            unsaved={unsaved}
            busy={calls.busy === 'preview' || calls.busy === 'publish' ? calls.busy : null}
            toast={toast}
            onChange={(patch) => dispatch({ type: 'change', patch })}
            onField={(name, value) => dispatch({ type: 'setField', name, value })}
            onPreview={() => void checkThen('preview')}
            onDiscard={discard}
            onPublish={() => void checkThen('publish')}
          />
        ) : (
          <IdleColumn title={story.title} hasPages={pages.length > 0} />
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
      <EditorDialogs
        dialog={dialog}
        blocker={blocker}
        onClose={() => setDialog(null)}
        onDelete={calls.deletePage}
        onRename={calls.renamePage}
        onDiscard={() => {
          settle();
          // The page's changes are shared: discarding them discards them for every editor.
          if (form?.id !== undefined) clearSharedDraft(form.id);
          dispatch({ type: 'close' });
        }}
        onTakeNewer={(fresh, next) => {
          dispatch({ type: 'load', story: fresh });
          if (next === 'preview') void calls.previewWith(fresh);
          else calls.previewSaved(fresh);
        }}
        onPublishAnyway={() => void calls.publish()}
      />
    </div>
  );
}
