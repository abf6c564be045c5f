// The create-story dialog of the stories list: one title field; Create sends it. The
// list keys it per opening, so every opening starts empty.
import { useState } from 'react';
import { Dialog } from 'primereact/dialog';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { isSubmittableTitle } from '@hc/shared/validation';

/** Longest title the dialog accepts. */
const TITLE_MAX_LENGTH = 200;

interface CreateStoryDialogProps {
  visible: boolean;
  busy: boolean;
  onCreate: (title: string) => void;
  onHide: () => void;
}

export function CreateStoryDialog({ visible, busy, onCreate, onHide }: CreateStoryDialogProps) {
  const [title, setTitle] = useState('');
  const canCreate = isSubmittableTitle(title) && !busy;
  const submit = () => {
    if (canCreate) onCreate(title.trim());
  };
  return (
    <Dialog
      visible={visible}
      onHide={onHide}
      header="New story"
      modal
      draggable={false}
      resizable={false}
      className="hc-story-dialog"
      data-testid="story-create-dialog"
      footer={
        <div className="hc-story-dialog__footer">
          <Button type="button" label="Cancel" text onClick={onHide} data-testid="story-create-cancel" />
          <Button
            type="button"
            label="Create"
            icon="pi pi-check"
            loading={busy}
            disabled={!canCreate}
            onClick={submit}
            data-testid="story-create-submit"
          />
        </div>
      }
    >
      <form
        className="hc-story-field"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <label htmlFor="story-create-title">Title</label>
        <InputText
          id="story-create-title"
          value={title}
          maxLength={TITLE_MAX_LENGTH}
          autoFocus
          placeholder="What is the story about?"
          onChange={(e) => setTitle(e.target.value)}
          data-testid="story-create-title"
        />
      </form>
    </Dialog>
  );
}
