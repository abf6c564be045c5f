// The package detail drawer of the packages list: the package preview, then status,
// type, ID, embed name, category, created, updated, number of APVs, duration, clicks, impressions and CTR.
import { Tag } from 'primereact/tag';
import type { Package } from '@hc/shared/api/packages';
import { formatCount, formatDate, formatNumber, formatPercent } from '@hc/shared/formatters';
import {
  DetailDrawer,
  DetailList,
  DrawerActionBar,
  DrawerSubtitle,
  DrawerToggle,
} from '../../../components/DetailDrawer.tsx';
import { TrendPanel } from '../../../components/trends/TrendPanel.tsx';
import { PACKAGE_TYPE_LABEL } from './packagesFilters.ts';
import { PackageStatusCheckbox } from './PackageStatusCheckbox.tsx';
import { PackagePreview } from '../preview/PackagePreview.tsx';
import { useDrawerRow, type DrawerSelection } from '../../../components/drawerSelection.ts';

interface PackageDrawerProps {
  /** The package shown (kept while the drawer slides closed), opened by the page. */
  selection: DrawerSelection<Package>;
  /** The current page's rows, whose copy of the package wins. */
  pageRows: readonly Package[] | undefined;
  onToggleStatus: (pkg: Package) => void;
  onEdit: (pkg: Package) => void;
  onEmbedCode: (pkg: Package) => void;
  onDelete: (pkg: Package) => void;
}

/** Active reads as green; a Draft (deactivated) package as grey. */
export function PackageStatusTag({ status, testId }: { status: Package['status']; testId?: string }) {
  return (
    <Tag
      value={status}
      severity={status === 'Active' ? 'success' : 'secondary'}
      rounded
      data-testid={testId}
    />
  );
}

const samePackage = (a: Package, b: Package) => a.embed_id === b.embed_id;

/** The right-hand drawer for one package. */
export function PackageDrawer({
  selection,
  pageRows,
  onToggleStatus,
  onEdit,
  onEmbedCode,
  onDelete,
}: PackageDrawerProps) {
  const { row: pkg, visible } = useDrawerRow(selection, pageRows, samePackage);
  if (!pkg) return null;
  return (
    <DetailDrawer
      visible={visible}
      onHide={selection.hide}
      title={pkg.name}
      testId="package-drawer"
      subtitle={
        <DrawerSubtitle
          tag={<PackageStatusTag status={pkg.status} testId="package-drawer-status" />}
          parts={[
            `Package ${pkg.embed_id}`,
            pkg.category && <span className="hc-category">{pkg.category}</span>,
          ]}
        />
      }
    >
      {/* Keyed by package: another package in the drawer starts from its own PREVIEW button. */}
      <div className="hc-package-drawer-preview" data-testid="package-drawer-preview">
        <PackagePreview key={pkg.embed_id} pkg={pkg} />
      </div>

      <DrawerActionBar
        toggles={
          <DrawerToggle htmlFor={`drawer-package-status-${pkg.embed_id}`}>
            <PackageStatusCheckbox pkg={pkg} onToggle={onToggleStatus} scope="drawer" />
            <span>Active</span>
          </DrawerToggle>
        }
        actions={[
          { label: 'Edit', icon: 'pi pi-pencil', onClick: () => onEdit(pkg), testId: 'package-drawer-edit' },
          {
            label: 'Embed code',
            icon: 'pi pi-code',
            onClick: () => onEmbedCode(pkg),
            testId: 'package-drawer-embed',
          },
          {
            label: 'Delete',
            icon: 'pi pi-trash',
            onClick: () => onDelete(pkg),
            testId: 'package-drawer-delete',
            look: 'danger',
          },
        ]}
      />

      <DetailList
        title="Details"
        items={[
          { label: 'Status', value: pkg.status, testId: 'package-drawer-status-text' },
          { label: 'Type', value: PACKAGE_TYPE_LABEL[pkg.package_type], testId: 'package-drawer-type' },
          { label: 'ID', value: pkg.embed_id, testId: 'package-drawer-id' },
          { label: 'Embed name', value: pkg.alias || '--', testId: 'package-drawer-alias' },
          {
            label: 'Category',
            value: pkg.category ? <span className="hc-category">{pkg.category}</span> : '--',
            testId: 'package-drawer-category',
          },
          { label: 'Created', value: formatDate(pkg.created_at), testId: 'package-drawer-created' },
          { label: 'Updated', value: formatDate(pkg.updated_at), testId: 'package-drawer-updated' },
          {
            label: 'Number of APVs',
            value: formatCount(pkg.num_videos),
            testId: 'package-drawer-num-videos',
          },
          {
            label: 'Duration',
            value: `${formatNumber(pkg.duration)} seconds`,
            testId: 'package-drawer-duration',
          },
        ]}
      />

      <DetailList
        title="Performance"
        items={[
          { label: 'Clicks', value: formatCount(pkg.package_clicks), testId: 'package-drawer-clicks' },
          {
            label: 'Impressions',
            value: formatCount(pkg.package_impressions),
            testId: 'package-drawer-impressions',
          },
          { label: 'CTR', value: formatPercent(pkg.package_ctr), testId: 'package-drawer-ctr' },
          {
            label: 'IAB Impressions',
            value: formatCount(pkg.package_iab_impressions),
            testId: 'package-drawer-iab-impressions',
          },
          { label: 'IAB CTR', value: formatPercent(pkg.package_iab_ctr), testId: 'package-drawer-iab-ctr' },
        ]}
      />
      <TrendPanel key={pkg.embed_id} subject={{ kind: 'package', id: pkg.embed_id }} testId="package-trend" />
    </DetailDrawer>
  );
}
