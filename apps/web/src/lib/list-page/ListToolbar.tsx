// The filter card above a list table: the search box first (it grows), the screen's own filters, then
// Reset and the actions (Export, New...). Test ids follow `${testId}-filters|filter-text|filter-reset`.
import type { ReactNode } from 'react';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
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

interface ToolbarSelectProps<T> {
  /** Element id of the select; its label points at it. */
  id: string;
  label: string;
  value: T | null;
  options: readonly unknown[];
  /** null when the user cleared a clearable select. */
  onChange: (value: T | null) => void;
  testId: string;
  placeholder?: string;
  /** The select has a clear button (an unchosen filter means "all"). */
  clearable?: boolean;
  optionLabel?: string;
  optionValue?: string;
  /** A search box in the list, for long lists (publishers). */
  filter?: boolean;
  /** The field takes the room left in its row. */
  grow?: boolean;
}

/** A labelled select among a list toolbar's filters. */
export function ToolbarSelect<T>({
  id,
  label,
  value,
  options,
  onChange,
  testId,
  placeholder,
  clearable,
  optionLabel,
  optionValue,
  filter,
  grow,
}: ToolbarSelectProps<T>) {
  return (
    <div className={grow ? 'hc-toolbar__field hc-toolbar__field--grow' : 'hc-toolbar__field'}>
      <label htmlFor={id}>{label}</label>
      <Dropdown
        inputId={id}
        value={value}
        options={[...options]}
        optionLabel={optionLabel}
        optionValue={optionValue}
        filter={filter}
        showClear={clearable}
        placeholder={placeholder}
        onChange={(e) => onChange((e.value as T | undefined) ?? null)}
        data-testid={testId}
      />
    </div>
  );
}
