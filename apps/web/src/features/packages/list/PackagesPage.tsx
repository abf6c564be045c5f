// Top Videos packages list (route /packages): the filterable,
// server-paged and server-sorted table of the publisher's packages, the status checkbox with its
// confirmation, the row actions (edit, delete = archive, get embed code) and the detail drawer.
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { DataTableSortEvent } from 'primereact/datatable';
import { Button } from 'primereact/button';
import { Skeleton } from 'primereact/skeleton';
import { PACKAGE_SORT_COLUMNS } from '@hc/shared/api/packages';
import type { Package } from '@hc/shared/api/packages';
import { SEARCH_RESULT_LIMIT } from '@hc/shared/constants';
import { messages, packageStatusConfirm } from '@hc/shared/messages';
import { ApiError } from '../../../lib/api.ts';
import { copyText } from '../../../lib/clipboard.ts';
import { useToast } from '../../../lib/toast.tsx';
import { useAppConfig } from '../../../lib/config/config.tsx';
import { useListPage, useSearchText } from '../../../lib/list-page/useListPage.ts';
import { useListErrorToast } from '../../../lib/list-page/useListErrorToast.ts';
import { sortFromEvent } from '../../../lib/list-page/urlState.ts';
import { usePackages } from '../api/get-packages.ts';
import { useUpdatePackageStatus } from '../api/update-package-status.ts';
import type { PackageStatusInput } from '../api/update-package-status.ts';
import {
  PACKAGES_URL_FIELDS,
  clampPage,
  editPackagePath,
  newPackagePath,
  nextToggleStatus,
  toPackagesParams,
} from './packagesFilters.ts';
import type { PackageSortColumn, PackagesFilters } from './packagesFilters.ts';
import { embedSnippet } from '../embedCode.ts';
import { PackagesToolbar } from './PackagesToolbar.tsx';
import { packageClicksColumn, packageLeadColumns, packageMetricColumns } from './packageColumns.tsx';
import { TitleLink } from '../../../lib/list-page/columns.tsx';
import { PackageDrawer } from './PackageDrawer.tsx';
import { PackageStatusCheckbox } from './PackageStatusCheckbox.tsx';
import { ConfirmActionDialog } from '../../../components/ConfirmActionDialog.tsx';
import type { ConfirmRequest } from '../../../components/ConfirmActionDialog.tsx';
import { skeletonRows } from '../../../components/ServerDataTable.tsx';
import { ListTable } from '../../../lib/list-page/ListTable.tsx';
import type { DataColumn } from '../../../components/ServerDataTable.tsx';
import { countLabel, ListHeader } from '../../../lib/list-page/ListHeader.tsx';
import '../../../components/data-page.css';
import './packages-list.css';
import { useDrawerSelection } from '../../../components/drawerSelection.ts';

const PAGE_SIZE_KEY = 'packages';

type ColumnDef = DataColumn<Package, PackageSortColumn>;

const errorText = (error: unknown): string =>
  error instanceof ApiError ? error.message : messages.somethingWentWrong;

/** The Top Videos packages screen. */
export function PackagesPage() {
  const toast = useToast();
  const { consoleConfig, user } = useAppConfig();
  const navigate = useNavigate();

  // Filters, sort and page live in the address; the text goes there once the user pauses typing.
  const view = useListPage(PACKAGES_URL_FIELDS, PAGE_SIZE_KEY);
  const { per, page } = view;
  const [text, setText] = useSearchText(view.values.q, (q) => view.set({ q }, { replace: true }));
  const type = view.values.type;
  const sort = view.values.sort;
  const filters: PackagesFilters = { text: view.values.q, type, sort };
  const params = toPackagesParams(filters, page, per);

  const query = usePackages(params);
  const list = query.data;
  const firstLoad = query.isPending;

  // A failed load is told once per failure; without rows to show, the page shows the error with Retry
  // too.
  useListErrorToast(query, { message: messages.failedToLoadPackages });
  const { isError } = query;

  // An archive that empties the last page steps back to the new last page.
  const lastPage = list && !query.isPlaceholderData ? clampPage(page, list.count, per) : page;
  const { setPage } = view;
  useEffect(() => {
    if (lastPage !== page) setPage(lastPage, { replace: true });
  }, [lastPage, page, setPage]);

  // Opening and closing the drawer re-render the drawer, not this page (components/drawerSelection.ts).
  const drawer = useDrawerSelection<Package>();
  const openDrawer = drawer.open;

  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const statusMutation = useUpdatePackageStatus();
  const changeStatus = (input: PackageStatusInput, onDone?: () => void) => {
    statusMutation.mutate(input, {
      onSuccess: (pkg) => {
        drawer.update((s) => (s.embed_id === pkg.embed_id ? pkg : s));
        onDone?.();
      },
      onError: (failure) => toast.error(errorText(failure)),
    });
  };

  const askToggleStatus = (pkg: Package) => {
    const { status, activate } = nextToggleStatus(pkg);
    setConfirm({
      header: activate ? 'Activate package' : 'Deactivate package',
      message: packageStatusConfirm(activate),
      acceptLabel: activate ? 'Activate' : 'Deactivate',
      onAccept: () => {
        drawer.update((s) => (s.embed_id === pkg.embed_id ? { ...s, status } : s));
        changeStatus({ embed_id: pkg.embed_id, status, updated_at: pkg.updated_at });
      },
    });
  };

  // Delete archives: the row leaves the list at once and the selection and drawer clear.
  const askArchive = (pkg: Package) => {
    setConfirm({
      header: 'Delete package',
      message: `Are you sure that you want to delete the package "${pkg.name}"? It leaves this list and its embed code stops playing.`,
      acceptLabel: 'Delete',
      danger: true,
      onAccept: () => {
        drawer.update((s) => (s.embed_id === pkg.embed_id ? null : s));
        changeStatus({ embed_id: pkg.embed_id, status: 'Archive', updated_at: pkg.updated_at });
      },
    });
  };

  const edit = (pkg: Package) => void navigate(editPackagePath(pkg.embed_id));
  const copyEmbedCode = async (pkg: Package) => {
    const snippet = embedSnippet(window.location.origin, user.publisher.publisher_id, pkg.embed_id);
    if (await copyText(snippet)) toast.success(messages.embedCodeCopied);
    else toast.error(messages.somethingWentWrong);
  };

  // Controls inside a row must not also open the drawer.
  const stop = (e: { stopPropagation: () => void }) => e.stopPropagation();

  const columns: ColumnDef[] = [
    ...packageLeadColumns('package', (p) => (
      <TitleLink onOpen={() => openDrawer(p)} testId={`package-title-${p.embed_id}`}>
        {p.name}
      </TitleLink>
    )),
    {
      key: 'status',
      header: 'Status',
      align: 'center',
      className: 'hc-col-check',
      skeleton: <Skeleton size="1.25rem" className="mx-auto" />,
      body: (p) => (
        <div className="hc-check-cell" onClick={stop}>
          <PackageStatusCheckbox pkg={p} onToggle={askToggleStatus} scope="row" />
        </div>
      ),
    },
    packageClicksColumn,
    ...packageMetricColumns(consoleConfig),
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      className: 'hc-col-actions',
      skeleton: <Skeleton width="6rem" className="ml-auto" />,
      body: (p) => (
        <div className="hc-row-actions" onClick={stop}>
          <Button
            type="button"
            icon="pi pi-pencil"
            rounded
            text
            aria-label={`Edit ${p.name}`}
            tooltip="Edit"
            tooltipOptions={{ position: 'top' }}
            onClick={() => edit(p)}
            data-testid={`package-edit-${p.embed_id}`}
          />
          <Button
            type="button"
            icon="pi pi-code"
            rounded
            text
            aria-label={`Get embed code of ${p.name}`}
            tooltip="Get embed code"
            tooltipOptions={{ position: 'top' }}
            onClick={() => void copyEmbedCode(p)}
            data-testid={`package-embed-${p.embed_id}`}
          />
          <Button
            type="button"
            icon="pi pi-trash"
            rounded
            text
            severity="danger"
            aria-label={`Delete ${p.name}`}
            tooltip="Delete"
            tooltipOptions={{ position: 'top' }}
            onClick={() => askArchive(p)}
            data-testid={`package-delete-${p.embed_id}`}
          />
        </div>
      ),
    },
  ];

  const onSort = (e: DataTableSortEvent) => {
    const next = sortFromEvent(PACKAGE_SORT_COLUMNS, e);
    if (next) view.set({ sort: next });
  };

  const count = list?.count ?? 0;
  const rows = firstLoad ? skeletonRows<Package>(per, 'embed_id') : (list?.packages ?? []);
  const showInlineError = isError && !list;

  return (
    <div className="hc-data-page hc-packages" data-testid="packages-page">
      <ListHeader
        title="Top Videos"
        subtitle="Embeddable packages of 3 to 5 highlights, with their performance."
        count={list && countLabel(count, 'package', 'packages', count > SEARCH_RESULT_LIMIT)}
        countTestId="packages-count"
      />

      <PackagesToolbar
        text={text}
        onTextChange={setText}
        type={type}
        onTypeChange={(next) => view.set({ type: next })}
        canReset={text !== '' || !view.isDefault}
        onReset={() => {
          setText('');
          view.reset();
        }}
        exportQuery={{ q: params.q, type: params.type, order_by: params.order_by }}
        onNew={() => void navigate(newPackagePath())}
      />

      <ListTable
        error={showInlineError && { message: messages.failedToLoadPackages, testId: 'packages-error' }}
        view={view}
        query={query}
        testId="packages"
        rows={rows}
        dataKey="embed_id"
        columns={columns}
        firstLoad={firstLoad}
        totalRecords={Math.min(count, SEARCH_RESULT_LIMIT)}
        sort={sort}
        onSort={onSort}
        onRowClick={openDrawer}
      />

      <PackageDrawer
        selection={drawer}
        pageRows={list?.packages}
        onToggleStatus={askToggleStatus}
        onEdit={edit}
        onEmbedCode={(p) => void copyEmbedCode(p)}
        onDelete={askArchive}
      />

      <ConfirmActionDialog request={confirm} onClose={() => setConfirm(null)} testId="package-confirm" />
    </div>
  );
}
