// The filter toolbar above the packages table: search text, type (All, Auto, Manual) and the New button.
import { Button } from 'primereact/button';
import { ExportButton } from '../../../lib/list-page/ExportButton.tsx';
import { ListToolbar, ToolbarSelect } from '../../../lib/list-page/ListToolbar.tsx';
import { PACKAGE_TYPE_OPTIONS } from './packagesFilters.ts';
import type { PackageTypeFilter } from './packagesFilters.ts';

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
    <ListToolbar
      testId="packages"
      search={{
        value: props.text,
        onChange: props.onTextChange,
        placeholder: 'Package name, embed name or ID',
      }}
      canReset={props.canReset}
      onReset={props.onReset}
      actions={
        <>
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
        </>
      }
    >
      <ToolbarSelect
        id="packages-type"
        label="Type"
        value={props.type}
        options={PACKAGE_TYPE_OPTIONS}
        onChange={(type: PackageTypeFilter | null) => type && props.onTypeChange(type)}
        testId="packages-filter-type"
      />
    </ListToolbar>
  );
}
