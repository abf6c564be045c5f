// The story editor's confirmations, one component each: delete a page, change a page's title, discard the
// form, a newer version on the server, and leaving with unsaved changes. Each renders a StoryDialog; the
// editor decides which one is open (EditorDialog) and what each answer does; every answer closes it first.
import type { Blocker } from 'react-router';
import { messages } from '@hc/shared/messages';
import type { Story, StoryPage } from '../api/types.ts';
import { StoryDialog } from './StoryDialog.tsx';

/** The confirmation open in the editor, with what it is about. */
export type EditorDialog =
  | { kind: 'delete'; page: StoryPage }
  | { kind: 'rename'; page: StoryPage; title: string }
  | { kind: 'discard' }
  /** The story changed on the server since it was loaded; `then` is what the user was about to do. */
  | { kind: 'newer'; fresh: Story; then: 'preview' | 'publish' };

function DeletePageDialog(props: { page: StoryPage; onCancel: () => void; onDelete: () => void }) {
  return (
    <StoryDialog
      request={{
        header: 'Delete page',
        message: `Delete the page "${props.page.title || 'Untitled page'}"? This cannot be undone.`,
        testId: 'se-delete-dialog',
        buttons: [
          { label: 'Cancel', onClick: props.onCancel, testId: 'se-delete-no' },
          { label: 'Delete', danger: true, primary: true, testId: 'se-delete-yes', onClick: props.onDelete },
        ],
      }}
    />
  );
}

function RenamePageDialog(props: { title: string; onCancel: () => void; onRename: () => void }) {
  return (
    <StoryDialog
      request={{
        header: 'Change title',
        message: `Change the title of this page to "${props.title}" and save the story?`,
        testId: 'se-rename-dialog',
        buttons: [
          { label: 'Cancel', onClick: props.onCancel, testId: 'se-rename-no' },
          { label: 'Change title', primary: true, testId: 'se-rename-yes', onClick: props.onRename },
        ],
      }}
    />
  );
}

function DiscardDialog(props: { onCancel: () => void; onDiscard: () => void }) {
  return (
    <StoryDialog
      request={{
        header: 'Discard changes?',
        message: 'The changes to this page have not been published and will be lost.',
        testId: 'se-discard-dialog',
        buttons: [
          { label: 'Cancel', onClick: props.onCancel, testId: 'se-discard-no' },
          {
            label: messages.discardYes,
            danger: true,
            primary: true,
            testId: 'se-discard-yes',
            onClick: props.onDiscard,
          },
        ],
      }}
    />
  );
}

/**
 * Before a preview the newer version is simply taken (the page in the form stays); before a publish the
 * user chooses between reviewing it first and publishing anyway.
 */
function NewerVersionDialog(
  props:
    { then: 'preview'; onOk: () => void } | { then: 'publish'; onReview: () => void; onPublish: () => void },
) {
  const header = 'A newer version exists';
  if (props.then === 'preview') {
    return (
      <StoryDialog
        request={{
          header,
          message:
            'Someone changed this story since you opened it. The editor now shows the newer version; your page stays as you left it.',
          testId: 'se-newer-dialog',
          buttons: [{ label: 'Ok', primary: true, testId: 'se-newer-ok', onClick: props.onOk }],
        }}
      />
    );
  }
  return (
    <StoryDialog
      request={{
        header,
        message:
          'Someone changed this story since you opened it. Publish anyway, or review the newer version first?',
        testId: 'se-newer-dialog',
        buttons: [
          { label: messages.newerVersionReviewButton, testId: 'se-newer-review', onClick: props.onReview },
          {
            label: messages.newerVersionPublishButton,
            primary: true,
            testId: 'se-newer-publish',
            onClick: props.onPublish,
          },
        ],
      }}
    />
  );
}

/** Asks before in-app navigation leaves a form with unsaved changes (useLeavePrompt's blocker). */
function LeaveDialog({ blocker }: { blocker: Blocker }) {
  return (
    <StoryDialog
      request={
        blocker.state === 'blocked'
          ? {
              header: 'Leave without saving?',
              message: 'This page has unsaved changes. If you leave now, they will be lost.',
              testId: 'se-leave-dialog',
              buttons: [
                { label: 'Stay', onClick: () => blocker.reset(), testId: 'se-leave-no' },
                {
                  label: 'Leave',
                  danger: true,
                  primary: true,
                  onClick: () => blocker.proceed(),
                  testId: 'se-leave-yes',
                },
              ],
            }
          : null
      }
    />
  );
}

interface EditorDialogsProps {
  dialog: EditorDialog | null;
  blocker: Blocker;
  onClose: () => void;
  onDelete: (page: StoryPage) => void;
  onRename: (page: StoryPage, title: string) => void;
  onDiscard: () => void;
  /** Take the newer version; then preview the draft on it, or play it as saved to review it. */
  onTakeNewer: (fresh: Story, then: 'preview' | 'review') => void;
  onPublishAnyway: () => void;
}

/** The open confirmation (at most one) and the leave prompt. */
export function EditorDialogs({ dialog, blocker, onClose, ...on }: EditorDialogsProps) {
  const answer = (action: () => void) => () => {
    onClose();
    action();
  };
  return (
    <>
      {dialog?.kind === 'delete' && (
        <DeletePageDialog
          page={dialog.page}
          onCancel={onClose}
          onDelete={answer(() => on.onDelete(dialog.page))}
        />
      )}
      {dialog?.kind === 'rename' && (
        <RenamePageDialog
          title={dialog.title}
          onCancel={onClose}
          onRename={answer(() => on.onRename(dialog.page, dialog.title))}
        />
      )}
      {dialog?.kind === 'discard' && <DiscardDialog onCancel={onClose} onDiscard={answer(on.onDiscard)} />}
      {dialog?.kind === 'newer' &&
        (dialog.then === 'preview' ? (
          <NewerVersionDialog then="preview" onOk={answer(() => on.onTakeNewer(dialog.fresh, 'preview'))} />
        ) : (
          <NewerVersionDialog
            then="publish"
            onReview={answer(() => on.onTakeNewer(dialog.fresh, 'review'))}
            onPublish={answer(on.onPublishAnyway)}
          />
        ))}
      <LeaveDialog blocker={blocker} />
    </>
  );
}
