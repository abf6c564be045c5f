// A title that turns into a text box on click: Enter or blur submits only a non-empty
// trimmed value, Esc cancels.
import { useRef, useState } from 'react';
import { InputText } from 'primereact/inputtext';
import { Button } from 'primereact/button';
import './components.css';

/** The value an edit submits: the trimmed text, or null when there is nothing to submit. */
export function resolveTitleEdit(raw: string): string | null {
  const trimmed = raw.trim();
  return trimmed === '' ? null : trimmed;
}

export interface InlineEditableTitleProps {
  value: string;
  onSubmit: (value: string) => void;
  testId?: string;
}

/** Shows `value`; editing submits through onSubmit under the spec's rules. */
export function InlineEditableTitle({ value, onSubmit, testId = 'inline-title' }: InlineEditableTitleProps) {
  const [draft, setDraft] = useState<string | null>(null);
  // Enter and Esc end the edit; the blur that may follow must not act a second time.
  const done = useRef(false);

  const begin = () => {
    done.current = false;
    setDraft(value);
  };
  const finish = (submit: boolean) => {
    if (done.current || draft === null) return;
    done.current = true;
    const next = submit ? resolveTitleEdit(draft) : null;
    setDraft(null);
    if (next !== null && next !== value) onSubmit(next);
  };

  if (draft === null) {
    return (
      <div className="hc-inline-title">
        <h2 className="hc-inline-title__text" data-testid={testId}>
          {value}
        </h2>
        <Button
          type="button"
          icon="pi pi-pencil"
          rounded
          text
          size="small"
          aria-label="Edit title"
          data-testid={`${testId}-edit`}
          onClick={begin}
        />
      </div>
    );
  }
  return (
    <InputText
      autoFocus
      className="hc-inline-title__input"
      value={draft}
      aria-label="Title"
      data-testid={`${testId}-input`}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={() => finish(true)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          finish(true);
        } else if (e.key === 'Escape') {
          e.preventDefault();
          e.stopPropagation();
          finish(false);
        }
      }}
    />
  );
}
