// The search card above the programs table (spec 001 §2.7): search type, text, Search and Clear Search.
// Enter searches; leaving the box searches when the text changed; blank text never searches.
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { Button } from 'primereact/button';
import { messages } from '@hc/shared/messages';
import { PROGRAM_SEARCH_TYPES } from '@hc/shared/api/programs';
import type { ProgramSearchType } from '@hc/shared/api/programs';
import { PROGRAM_SEARCH_TYPE_LABELS, canSearch } from './programsSearch.ts';

const TYPE_OPTIONS = PROGRAM_SEARCH_TYPES.map((value) => ({
  value,
  label: PROGRAM_SEARCH_TYPE_LABELS[value],
}));
const SEARCH_MAX_LENGTH = 200;

interface ProgramsToolbarProps {
  text: string;
  onTextChange: (text: string) => void;
  type: ProgramSearchType;
  onTypeChange: (type: ProgramSearchType) => void;
  onSubmit: () => void;
  onBlur: () => void;
  canClear: boolean;
  onClear: () => void;
}

export function ProgramsToolbar(props: ProgramsToolbarProps) {
  const ready = canSearch(props.text);
  return (
    <form
      className="hc-card hc-toolbar"
      role="search"
      data-testid="programs-filters"
      onSubmit={(e) => {
        e.preventDefault();
        if (ready) props.onSubmit();
      }}
    >
      <div className="hc-toolbar__field">
        <label htmlFor="programs-search-type">Search by</label>
        <Dropdown
          inputId="programs-search-type"
          value={props.type}
          options={TYPE_OPTIONS}
          onChange={(e) => props.onTypeChange(e.value as ProgramSearchType)}
          data-testid="programs-search-type"
        />
      </div>
      <div className="hc-toolbar__field hc-toolbar__field--grow">
        <label htmlFor="programs-search">Search</label>
        <IconField iconPosition="left">
          <InputIcon className="pi pi-search" />
          <InputText
            id="programs-search"
            type="search"
            value={props.text}
            maxLength={SEARCH_MAX_LENGTH}
            inputMode={props.type === 'program_id' ? 'numeric' : undefined}
            placeholder={props.type === 'program_id' ? 'Program ID' : 'Program name'}
            onChange={(e) => props.onTextChange(e.target.value)}
            onBlur={props.onBlur}
            data-testid="programs-search-text"
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
          data-testid="programs-search-submit"
        />
        <Button
          type="button"
          label="Clear Search"
          icon="pi pi-times"
          text
          disabled={!props.canClear}
          onClick={props.onClear}
          data-testid="programs-search-clear"
        />
      </div>
    </form>
  );
}
