// The filter card above a list table: the search box first (it grows), the screen's own filters, then
// Reset and the actions (Export, New...). Test ids follow `${testId}-filters|filter-text|filter-reset`.
import type { ReactNode } from 'react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';

/** Longest search the server accepts. */
const SEARCH_MAX_LENGTH = 200;

interface ListToolbarProps {
  testId: string;
  search: {
    value: string;
    onChange: (text: string) => void;
    placeholder: string;
    /** The box's label when it filters what is listed rather than asking the server ("Filter"). */
    label?: string;
    /** The box's test id, when a screen's tests know it by another name. */
    testId?: string;
  };
  /** The screen's own filter fields, each a `hc-toolbar__field`. */
  children?: ReactNode;
  /** Lists whose only filter is the search box have no Reset. */
  canReset?: boolean;
  onReset?: () => void;
  /** Buttons after Reset. */
  actions?: ReactNode;
}

export function ListToolbar({ testId, search, children, canReset, onReset, actions }: ListToolbarProps) {
  return (
    <div className="hc-card hc-toolbar" role="search" data-testid={`${testId}-filters`}>
      <div className="hc-toolbar__field hc-toolbar__field--grow">
        <label htmlFor={`${testId}-search`}>{search.label ?? 'Search'}</label>
        <IconField iconPosition="left">
          <InputIcon className="pi pi-search" />
          <InputText
            id={`${testId}-search`}
            type="search"
            value={search.value}
            maxLength={SEARCH_MAX_LENGTH}
            placeholder={search.placeholder}
            onChange={(e) => search.onChange(e.target.value)}
            data-testid={search.testId ?? `${testId}-filter-text`}
            className="w-full"
          />
        </IconField>
      </div>
      {children}
      <div className="hc-toolbar__actions">
        {onReset && (
          <Button
            type="button"
            label="Reset"
            icon="pi pi-filter-slash"
            text
            disabled={!canReset}
            onClick={onReset}
            data-testid={`${testId}-filter-reset`}
          />
        )}
        {actions}
      </div>
    </div>
  );
}
