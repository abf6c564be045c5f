// The status checkbox of a package, shared by the table and the drawer: checked when Active, and a
// click asks for confirmation before anything changes (the page owns the dialog).
import { Checkbox } from 'primereact/checkbox';
import type { Package } from '@hc/shared/api/packages';

interface PackageStatusCheckboxProps {
  pkg: Package;
  onToggle: (pkg: Package) => void;
  /** Where the checkbox sits, so the table's and the drawer's ids differ. */
  scope: 'row' | 'drawer';
}

export function PackageStatusCheckbox({ pkg, onToggle, scope }: PackageStatusCheckboxProps) {
  const checked = pkg.status === 'Active';
  return (
    <Checkbox
      inputId={`${scope}-package-status-${pkg.embed_id}`}
      checked={checked}
      aria-label={`Active: ${pkg.name}`}
      data-testid={scope === 'row' ? `package-status-${pkg.embed_id}` : 'package-drawer-status-toggle'}
      data-checked={checked}
      onChange={() => onToggle(pkg)}
    />
  );
}
