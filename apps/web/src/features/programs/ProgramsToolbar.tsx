// The program search card of the Programs and Vertical View screens: search type, text, Search and
// Clear. Enter searches; leaving the box searches when the text changed (where onBlur is given); blank
// text never searches. A screen adds its own actions (REFRESH) as children.
import type { ReactNode } from 'react';
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
  onBlur?: () => void;
  canClear: boolean;
  onClear: () => void;
  /** Element ids and test ids start with it ('programs' by default). */
  idPrefix?: string;
  clearLabel?: string;
  children?: ReactNode;
}

export function ProgramsToolbar(props: ProgramsToolbarProps) {
  const ready = canSearch(props.text);
  const id = props.idPrefix ?? 'programs';
  return (
    <form
      className="hc-card hc-toolbar"
      role="search"
      data-testid={`${id}-filters`}
      onSubmit={(e) => {
        e.preventDefault();
        if (ready) props.onSubmit();
      }}
    >
      <div className="hc-toolbar__field">
        <label htmlFor={`${id}-search-type`}>Search by</label>
        <Dropdown
          inputId={`${id}-search-type`}
          value={props.type}
          options={TYPE_OPTIONS}
          onChange={(e) => props.onTypeChange(e.value as ProgramSearchType)}
          data-testid={`${id}-search-type`}
        />
      </div>
      <div className="hc-toolbar__field hc-toolbar__field--grow">
        <label htmlFor={`${id}-search`}>Search</label>
        <IconField iconPosition="left">
          <InputIcon className="pi pi-search" />
          <InputText
            id={`${id}-search`}
            type="search"
            value={props.text}
            maxLength={SEARCH_MAX_LENGTH}
            inputMode={props.type === 'program_id' ? 'numeric' : undefined}
            placeholder={PROGRAM_SEARCH_TYPE_LABELS[props.type]}
            onChange={(e) => props.onTextChange(e.target.value)}
            onBlur={props.onBlur}
            data-testid={`${id}-search-text`}
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
          data-testid={`${id}-search-submit`}
        />
        <Button
          type="button"
          label={props.clearLabel ?? 'Clear Search'}
          icon="pi pi-times"
          text
          disabled={!props.canClear}
          onClick={props.onClear}
          data-testid={`${id}-search-clear`}
        />
        {props.children}
      </div>
    </form>
  );
}
