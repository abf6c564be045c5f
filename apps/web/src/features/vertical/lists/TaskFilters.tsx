// The filters above a review list: publisher or publisher group (only those the user may
// see), program (highlight tasks), free text, group by, and REFRESH.
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { Button } from 'primereact/button';
import { groupByOptions } from './taskListQuery.ts';
import type { GroupBy } from './taskListQuery.ts';

/** Longest free text the server accepts. */
const SEARCH_MAX_LENGTH = 200;
/** 'All programs' (PrimeReact treats null as "nothing selected"). */
export const ALL_PROGRAMS = 0;

export interface ScopeOptionGroup {
  label: string;
  items: { label: string; value: string }[];
}

interface TaskFiltersProps {
  scope: string;
  scopeOptions: ScopeOptionGroup[];
  onScopeChange: (value: string) => void;
  /** Left out for full videos, which belong to no program. */
  program?: {
    value: number;
    options: { label: string; value: number }[];
    loading: boolean;
    /** The programs are the session publisher's: another publisher's scope cannot use them. */
    disabled: boolean;
    onChange: (id: number) => void;
  };
  text: string;
  onTextChange: (text: string) => void;
  groupBy: GroupBy;
  onGroupByChange: (groupBy: GroupBy) => void;
  refreshing: boolean;
  onRefresh: () => void;
}

export function TaskFilters(props: TaskFiltersProps) {
  const { program } = props;
  return (
    <div className="hc-card hc-toolbar" role="search" data-testid="vertical-filters">
      <div className="hc-toolbar__field hc-vertical-scope-field">
        <label htmlFor="vertical-scope">Publisher or group</label>
        <Dropdown
          inputId="vertical-scope"
          value={props.scope}
          options={props.scopeOptions}
          optionGroupLabel="label"
          optionGroupChildren="items"
          onChange={(e) => props.onScopeChange(e.value as string)}
          data-testid="vertical-filter-scope"
        />
      </div>
      {program && (
        <div className="hc-toolbar__field hc-vertical-program-field">
          <label htmlFor="vertical-program">Program</label>
          <Dropdown
            inputId="vertical-program"
            value={program.value}
            options={[{ label: 'All programs', value: ALL_PROGRAMS }, ...program.options]}
            filter
            loading={program.loading}
            disabled={program.disabled}
            tooltip={program.disabled ? 'Programs of your current publisher only' : undefined}
            tooltipOptions={{ showOnDisabled: true, position: 'top' }}
            onChange={(e) => program.onChange(Number(e.value) || ALL_PROGRAMS)}
            data-testid="vertical-filter-program"
          />
        </div>
      )}
      <div className="hc-toolbar__field hc-toolbar__field--grow">
        <label htmlFor="vertical-search">Search</label>
        <IconField iconPosition="left">
          <InputIcon className="pi pi-search" />
          <InputText
            id="vertical-search"
            type="search"
            value={props.text}
            maxLength={SEARCH_MAX_LENGTH}
            placeholder={program ? 'Title, program, segment or video ID' : 'Title or video ID'}
            onChange={(e) => props.onTextChange(e.target.value)}
            data-testid="vertical-filter-text"
            className="w-full"
          />
        </IconField>
      </div>
      <div className="hc-toolbar__field hc-vertical-group-field">
        <label htmlFor="vertical-group-by">Group by</label>
        <Dropdown
          inputId="vertical-group-by"
          value={props.groupBy}
          options={groupByOptions(program !== undefined)}
          onChange={(e) => props.onGroupByChange(e.value as GroupBy)}
          data-testid="vertical-filter-group-by"
        />
      </div>
      <div className="hc-toolbar__actions">
        <Button
          type="button"
          label="REFRESH"
          icon={`pi pi-refresh${props.refreshing ? ' pi-spin' : ''}`}
          outlined
          onClick={props.onRefresh}
          data-testid="vertical-refresh"
        />
      </div>
    </div>
  );
}
