// One look for empty, error and informational states across the console.
import type { ReactNode } from 'react';
import { Button } from 'primereact/button';

interface StatePanelProps {
  kind: 'error' | 'empty' | 'info';
  title?: string;
  message: ReactNode;
  icon?: string;
  onRetry?: () => void;
  action?: ReactNode;
  testId?: string;
}

const ICONS: Record<StatePanelProps['kind'], string> = {
  error: 'pi pi-exclamation-triangle',
  empty: 'pi pi-inbox',
  info: 'pi pi-info-circle',
};

/** A centred card with an icon, a message and an optional retry button or action. */
export function StatePanel({ kind, title, message, icon, onRetry, action, testId }: StatePanelProps) {
  return (
    <div className="hc-state" data-testid={testId} role={kind === 'error' ? 'alert' : undefined}>
      <div className={`hc-state-card hc-state-${kind}`}>
        <span className={`hc-state-icon ${icon ?? ICONS[kind]}`} aria-hidden="true" />
        {title && <h2 className="hc-state-title">{title}</h2>}
        <p className="hc-state-message">{message}</p>
        {(onRetry || action) && (
          <div className="flex gap-2 justify-content-center flex-wrap">
            {onRetry && <Button type="button" label="Try again" icon="pi pi-refresh" onClick={onRetry} />}
            {action}
          </div>
        )}
      </div>
    </div>
  );
}
