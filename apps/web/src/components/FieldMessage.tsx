// The line under a form field: its validation message, or its hint, in a slot that always takes its room.
// A message that appears when a field loses focus must not move the controls below it: the blur happens on
// the mouse press of a click elsewhere, and a button pushed down between press and release never gets the
// click. So the slot keeps the height of its longest message even while it is empty.
import type { ReactNode } from 'react';
import './components.css';

interface FieldMessageProps {
  /** The id the input's aria-describedby points at while a message shows. */
  id: string;
  error?: ReactNode;
  hint?: ReactNode;
  /** Lines the longest message of this field takes, so its room is kept before it shows. */
  lines?: number;
  /** Announce the message when it appears (for messages that come back from the server). */
  alert?: boolean;
  testId?: string;
}

export function FieldMessage({ id, error, hint, lines = 1, alert, testId }: FieldMessageProps) {
  return (
    <div className="hc-field-message" style={{ minHeight: `${lines * 1.35}em` }}>
      {error ? (
        <small
          className="hc-field-message__error"
          id={id}
          role={alert ? 'alert' : undefined}
          data-testid={testId}
        >
          {error}
        </small>
      ) : hint ? (
        <small className="hc-field-message__hint">{hint}</small>
      ) : null}
    </div>
  );
}
