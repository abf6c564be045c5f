// Vertical View's program search (spec 001 §2.13, §5): search by 'program_title' or 'program_id' in a text
// box, submit (only with non-empty trimmed text), Clear, and REFRESH.
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { Button } from 'primereact/button';
import { messages } from '@hc/shared/messages';
import { PROGRAM_SEARCH_TYPES } from '@hc/shared/api/programs';
import type { ProgramSearchType } from '@hc/shared/api/programs';
import { PROGRAM_SEARCH_TYPE_LABELS, canSearch } from '../../programs/programsSearch.ts';

const TYPE_OPTIONS = PROGRAM_SEARCH_TYPES.map((value) => ({
  value,
  label: PROGRAM_SEARCH_TYPE_LABELS[value],
}));
const SEARCH_MAX_LENGTH = 200;

interface ProgramSearchBarProps {
  text: string;
  onTextChange: (text: string) => void;
  type: ProgramSearchType;
  onTypeChange: (type: ProgramSearchType) => void;
  onSubmit: () => void;
  canClear: boolean;
  onClear: () => void;
  refreshing: boolean;
  onRefresh: () => void;
}

export function ProgramSearchBar(props: ProgramSearchBarProps) {
  const ready = canSearch(props.text);
  return (
    <form
      className="hc-card hc-toolbar"
      role="search"
      data-testid="vertical-programs-filters"
      onSubmit={(e) => {
        e.preventDefault();
        if (ready) props.onSubmit();
      }}
    >
      <div className="hc-toolbar__field">
        <label htmlFor="vertical-programs-search-type">Search by</label>
        <Dropdown
          inputId="vertical-programs-search-type"
          value={props.type}
          options={TYPE_OPTIONS}
          onChange={(e) => props.onTypeChange(e.value as ProgramSearchType)}
          data-testid="vertical-programs-search-type"
        />
      </div>
      <div className="hc-toolbar__field hc-toolbar__field--grow">
        <label htmlFor="vertical-programs-search">Search</label>
        <IconField iconPosition="left">
          <InputIcon className="pi pi-search" />
          <InputText
            id="vertical-programs-search"
            type="search"
            value={props.text}
            maxLength={SEARCH_MAX_LENGTH}
            placeholder={PROGRAM_SEARCH_TYPE_LABELS[props.type]}
            onChange={(e) => props.onTextChange(e.target.value)}
            data-testid="vertical-programs-search-text"
            className="w-full"
          />
        </IconField>
      </div>
      <div className="hc-toolbar__actions flex gap-2">
        <Button
          type="submit"
          label="Search"
          icon="pi pi-search"
          disabled={!ready}
          tooltip={ready ? undefined : messages.programSearchEmpty}
          tooltipOptions={{ showOnDisabled: true, position: 'top' }}
          data-testid="vertical-programs-search-submit"
        />
        <Button
          type="button"
          label="Clear"
          icon="pi pi-times"
          text
          disabled={!props.canClear}
          onClick={props.onClear}
          data-testid="vertical-programs-search-clear"
        />
        <Button
          type="button"
          label="REFRESH"
          icon={`pi pi-refresh${props.refreshing ? ' pi-spin' : ''}`}
          outlined
          onClick={props.onRefresh}
          data-testid="vertical-refresh"
        />
      </div>
    </form>
  );
}
