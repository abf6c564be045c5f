// The filter toolbar above the highlights table: search text, date, status and sort (spec 000 §2).
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { Button } from 'primereact/button';
import { DATE_FILTER_OPTIONS } from '@hc/shared/constants';
import type { HighlightStatusFilter } from './api/get-highlights.ts';

/** What the sort select shows: Date, Relevance, or nothing while a column header decides the sort. */
export type SortChoice = 'date' | 'relevance' | null;

/** 'All time' is 0 in the dropdown (PrimeReact treats null as "nothing selected"). */
const ALL_TIME = 0;
const DATE_OPTIONS = [
  { label: 'All time', value: ALL_TIME },
  ...DATE_FILTER_OPTIONS.map((o) => ({ label: o.label, value: o.days as number })),
];

const STATUS_OPTIONS: { label: string; value: HighlightStatusFilter }[] = [
  { label: 'All', value: 'all' },
  { label: 'Active', value: 'active' },
  { label: 'Deactivated', value: 'deactivated' },
];

/** Longest search the server accepts. */
const SEARCH_MAX_LENGTH = 200;

interface HighlightsToolbarProps {
  text: string;
  onTextChange: (text: string) => void;
  days: number | null;
  onDaysChange: (days: number | null) => void;
  status: HighlightStatusFilter;
  onStatusChange: (status: HighlightStatusFilter) => void;
  sortChoice: SortChoice;
  onSortChoice: (choice: 'date' | 'relevance') => void;
  /** Relevance is offered only when there is search text. */
  relevanceAvailable: boolean;
  canReset: boolean;
  onReset: () => void;
}

/** Filters in one card; every control carries a test id for the browser tests. */
export function HighlightsToolbar(props: HighlightsToolbarProps) {
  const sortOptions = [
    { label: 'Date', value: 'date' },
    ...(props.relevanceAvailable ? [{ label: 'Relevance', value: 'relevance' }] : []),
  ];
  return (
    <div className="hc-card hc-toolbar" role="search" data-testid="highlights-filters">
      <div className="hc-toolbar__field hc-toolbar__field--grow">
        <label htmlFor="highlights-search">Search</label>
        <IconField iconPosition="left">
          <InputIcon className="pi pi-search" />
          <InputText
            id="highlights-search"
            type="search"
            value={props.text}
            maxLength={SEARCH_MAX_LENGTH}
            placeholder="Title, keywords or highlight ID"
            onChange={(e) => props.onTextChange(e.target.value)}
            data-testid="highlights-filter-text"
            className="w-full"
          />
        </IconField>
      </div>
      <div className="hc-toolbar__field">
        <label htmlFor="highlights-date">Date</label>
        <Dropdown
          inputId="highlights-date"
          value={props.days ?? ALL_TIME}
          options={DATE_OPTIONS}
          onChange={(e) => props.onDaysChange((e.value as number) || null)}
          data-testid="highlights-filter-date"
        />
      </div>
      <div className="hc-toolbar__field">
        <label htmlFor="highlights-status">Status</label>
        <Dropdown
          inputId="highlights-status"
          value={props.status}
          options={STATUS_OPTIONS}
          onChange={(e) => props.onStatusChange(e.value as HighlightStatusFilter)}
          data-testid="highlights-filter-status"
        />
      </div>
      <div className="hc-toolbar__field">
        <label htmlFor="highlights-sort">Sort by</label>
        <Dropdown
          inputId="highlights-sort"
          value={props.sortChoice}
          options={sortOptions}
          placeholder="Column"
          onChange={(e) => props.onSortChoice(e.value as 'date' | 'relevance')}
          data-testid="highlights-sort"
        />
      </div>
      <div className="hc-toolbar__actions">
        <Button
          type="button"
          label="Reset"
          icon="pi pi-filter-slash"
          text
          disabled={!props.canReset}
          onClick={props.onReset}
          data-testid="highlights-filter-reset"
        />
      </div>
    </div>
  );
}
