// The filter toolbar above the packages table: search text, type (All, Auto, Manual) and the New button
// (spec 000 §2 "Top Videos packages list").
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { Button } from 'primereact/button';
import { ExportButton } from '../../../lib/list-page/ExportButton.tsx';
import { PACKAGE_TYPE_OPTIONS } from './packagesFilters.ts';
import type { PackageTypeFilter } from './packagesFilters.ts';

/** Longest search the server accepts. */
const SEARCH_MAX_LENGTH = 200;

interface PackagesToolbarProps {
  text: string;
  onTextChange: (text: string) => void;
  type: PackageTypeFilter;
  onTypeChange: (type: PackageTypeFilter) => void;
  canReset: boolean;
  onReset: () => void;
  onNew: () => void;
  /** The list call's filters and sort, for the export of the same view. */
  exportQuery: Record<string, string>;
}

/** Filters and the New button in one card; every control carries a test id for the browser tests. */
export function PackagesToolbar(props: PackagesToolbarProps) {
  return (
    <div className="hc-card hc-toolbar" role="search" data-testid="packages-filters">
      <div className="hc-toolbar__field hc-toolbar__field--grow">
        <label htmlFor="packages-search">Search</label>
        <IconField iconPosition="left">
          <InputIcon className="pi pi-search" />
          <InputText
            id="packages-search"
            type="search"
            value={props.text}
            maxLength={SEARCH_MAX_LENGTH}
            placeholder="Package name, embed name or ID"
            onChange={(e) => props.onTextChange(e.target.value)}
            data-testid="packages-filter-text"
            className="w-full"
          />
        </IconField>
      </div>
      <div className="hc-toolbar__field">
        <label htmlFor="packages-type">Type</label>
        <Dropdown
          inputId="packages-type"
          value={props.type}
          options={[...PACKAGE_TYPE_OPTIONS]}
          onChange={(e) => props.onTypeChange(e.value as PackageTypeFilter)}
          data-testid="packages-filter-type"
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
          data-testid="packages-filter-reset"
        />
        <ExportButton
          path="packages/export.csv"
          query={props.exportQuery}
          fallbackName="packages.csv"
          testId="packages-export"
        />
        <Button
          type="button"
          label="New"
          icon="pi pi-plus"
          onClick={props.onNew}
          data-testid="packages-new"
        />
      </div>
    </div>
  );
}
