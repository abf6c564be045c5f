// The 'locked by {email}' tag of a list row held by someone else, with an admin's 'Break lock' beside it.
import { Tag } from 'primereact/tag';
import { Button } from 'primereact/button';
import './locks.css';

interface LockTagProps {
  holder: string;
  /** Set for admins: asks to break the lock (the page confirms first). */
  onBreak?: () => void;
  testId: string;
}

export function LockTag({ holder, onBreak, testId }: LockTagProps) {
  return (
    <span className="hc-lock" data-testid={testId}>
      <Tag
        icon="pi pi-lock"
        value={`locked by ${holder}`}
        severity="warning"
        className="hc-lock__tag"
        title={`Being reviewed by ${holder}`}
        data-testid={`${testId}-tag`}
      />
      {onBreak && (
        <Button
          type="button"
          label="Break lock"
          icon="pi pi-lock-open"
          size="small"
          text
          severity="danger"
          className="hc-lock__break"
          onClick={(e) => {
            // The row's own click would try to open the task.
            e.stopPropagation();
            onBreak();
          }}
          data-testid={`${testId}-break`}
        />
      )}
    </span>
  );
}
