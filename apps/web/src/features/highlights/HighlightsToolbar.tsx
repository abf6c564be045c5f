// The filter toolbar above the highlights table: search text, date, status and sort.
import { DATE_FILTER_OPTIONS } from '@hc/shared/constants';
import type { HighlightStatusFilter } from './api/get-highlights.ts';
import { ListToolbar, ToolbarSelect } from '../../lib/list-page/ListToolbar.tsx';
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
      <ToolbarSelect
        id="highlights-date"
        label="Date"
        value={props.days ?? ALL_TIME}
        options={DATE_OPTIONS}
        onChange={(days: number | null) => props.onDaysChange(days || null)}
        testId="highlights-filter-date"
      />
      <ToolbarSelect
        id="highlights-status"
        label="Status"
        value={props.status}
        options={STATUS_OPTIONS}
        onChange={(status: HighlightStatusFilter | null) => status && props.onStatusChange(status)}
        testId="highlights-filter-status"
      />
      <ToolbarSelect
        id="highlights-sort"
        label="Sort by"
        value={props.sortChoice}
        options={sortOptions}
        placeholder="Column"
        onChange={(choice: 'date' | 'relevance' | null) => choice && props.onSortChoice(choice)}
        testId="highlights-sort"
      />
    </ListToolbar>
  );
}
