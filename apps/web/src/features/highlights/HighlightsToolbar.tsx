// The filter toolbar above the highlights table: search text, date, status and sort.
import { Dropdown } from 'primereact/dropdown';
import { DATE_FILTER_OPTIONS } from '@hc/shared/constants';
import type { HighlightStatusFilter } from './api/get-highlights.ts';
import { ListToolbar } from '../../lib/list-page/ListToolbar.tsx';
import { ExportButton } from '../../lib/list-page/ExportButton.tsx';

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
  /** The list call's filters and sort, for the export of the same view. */
  exportQuery: Record<string, string | undefined>;
}

/** Filters in one card; every control carries a test id for the browser tests. */
export function HighlightsToolbar(props: HighlightsToolbarProps) {
  const sortOptions = [
    { label: 'Date', value: 'date' },
    ...(props.relevanceAvailable ? [{ label: 'Relevance', value: 'relevance' }] : []),
  ];
  return (
    <ListToolbar
      testId="highlights"
      search={{
        value: props.text,
        onChange: props.onTextChange,
        placeholder: 'Title, keywords or highlight ID',
      }}
      canReset={props.canReset}
      onReset={props.onReset}
      actions={
        <ExportButton
          path="highlights/export.csv"
          query={props.exportQuery}
          fallbackName="highlights.csv"
          testId="highlights-export"
        />
      }
    >
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
    </ListToolbar>
  );
}
