// Publishers admin (route /admin/publishers): a filter, the table Id, Name, APV and Editor
// (each switch confirmed first), a drawer with the account key, the Create dialog, and per publisher the
// placements and splash-image dialog. The job dashboard (bull-board) is opened from here too. The filter,
// sort and page live in the address, so a reload or a shared link shows the same publishers.
import { useMemo, useState } from 'react';
import { DataTable, type DataTableSortEvent } from 'primereact/datatable';
import { Column } from 'primereact/column';
import { Checkbox } from 'primereact/checkbox';
import { Button } from 'primereact/button';
import { TABLE_PAGE_SIZE_OPTIONS } from '@hc/shared/constants';
import { messages, productSwitchConfirm } from '@hc/shared/messages';
import type { PublisherAdminRow, PublisherProductKey } from '@hc/shared/api/publishers-admin';
import { ApiError } from '../../lib/api.ts';
import { useToast } from '../../lib/toast.tsx';
import { StatePanel } from '../../components/StatePanel.tsx';
import { DetailDrawer, DetailList } from '../../components/DetailDrawer.tsx';
import { ListToolbar } from '../../lib/list-page/ListToolbar.tsx';
import { useListPage, useSearchText } from '../../lib/list-page/useListPage.ts';
import { optionalField, sortField, sortFromEvent, textField } from '../../lib/list-page/urlState.ts';
import { ConfirmActionDialog, type ConfirmRequest } from '../../components/ConfirmActionDialog.tsx';
import { usePublishersAdmin } from './api/get-publishers.ts';
import { useSwitchProduct } from './api/switch-product.ts';
import { CreatePublisherDialog } from './CreatePublisherDialog.tsx';
import { PublisherSetupDialog } from './PublisherSetupDialog.tsx';
import { openJobDashboard } from './openJobDashboard.ts';
import { matchesFilter } from './publisherFilter.ts';
import { countLabel, ListHeader } from '../../lib/list-page/ListHeader.tsx';
import '../../components/data-page.css';
import './publishers-admin.css';

const SORT_COLUMNS = ['id', 'name'] as const;
const URL_FIELDS = {
  filter: textField(),
  // Unsorted by default: the publishers in the order the server lists them.
  sort: optionalField(sortField(SORT_COLUMNS, { column: 'id', order: 'asc' })),
};

const PRODUCT_LABEL: Record<PublisherProductKey, 'APVs' | 'Editors'> = { apv: 'APVs', editor: 'Editors' };

export function PublishersAdminPage() {
  const toast = useToast();
  const query = usePublishersAdmin();
  const switchProduct = useSwitchProduct();
  const list = useListPage(URL_FIELDS, 'publishers-admin');
  const { values, set, per } = list;
  // The table follows the box as typed (the list is all here); the address follows once the user pauses.
  const [filter, setFilter] = useSearchText(values.filter, (text) =>
    set({ filter: text }, { replace: true }),
  );
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const [creating, setCreating] = useState(false);
  const [drawerId, setDrawerId] = useState<number | null>(null);
  const [setupId, setSetupId] = useState<number | null>(null);

  const rows = useMemo(
    () => (query.data ?? []).filter((p) => matchesFilter(p, filter)),
    [query.data, filter],
  );
  // A new filter starts at page 1 while it is typed, before the address catches up; a page past the end
  // (fewer publishers than when the link was made) shows the last one.
  const lastPage = Math.max(1, Math.ceil(rows.length / per));
  const first = filter === values.filter ? (Math.min(list.page, lastPage) - 1) * per : 0;
  const onSort = (e: DataTableSortEvent) => {
    const sort = sortFromEvent(SORT_COLUMNS, e);
    if (sort) set({ sort });
  };
  const byId = (id: number | null) => query.data?.find((p) => p.id === id) ?? null;
  const drawerRow = byId(drawerId);
  const setupRow = byId(setupId);

  const askSwitch = (row: PublisherAdminRow, product: PublisherProductKey, on: boolean) =>
    setConfirm({
      header: 'Confirmation',
      message: productSwitchConfirm(on, PRODUCT_LABEL[product], row.name),
      acceptLabel: 'Yes',
      onAccept: () =>
        switchProduct.mutate(
          { publisher_id: row.id, product, status: on },
          { onError: () => toast.error(messages.requestNotSuccessful) },
        ),
    });

  const productCell = (product: PublisherProductKey) => (row: PublisherAdminRow) => (
    <div className="hc-check-cell" onClick={(e) => e.stopPropagation()}>
      <Checkbox
        inputId={`${product}-${row.id}`}
        checked={row[product]}
        onChange={(e) => askSwitch(row, product, e.checked === true)}
        aria-label={`${PRODUCT_LABEL[product]} for ${row.name}`}
        data-testid={`publisher-${product}-${row.id}`}
      />
    </div>
  );

  const sessionEnded = query.error instanceof ApiError && query.error.status === 401;

  return (
    <div className="hc-data-page hc-publishers-admin" data-testid="publishers-admin-page">
      <ListHeader
        title="Publishers"
        subtitle="Accounts, their APV and Editor products, placements and splash images."
        count={query.data && countLabel(rows.length, 'publisher', 'publishers')}
        countTestId="publishers-count"
      />

      <ListToolbar
        testId="publishers"
        search={{
          value: filter,
          onChange: setFilter,
          placeholder: 'Name or id',
          label: 'Filter',
          testId: 'publishers-filter',
        }}
        actions={
          <>
            <Button
              type="button"
              label="Job dashboard"
              icon="pi pi-server"
              outlined
              onClick={() => void openJobDashboard().catch(() => toast.error(messages.requestNotSuccessful))}
              data-testid="open-job-dashboard"
            />
            <Button
              type="button"
              label="Create"
              icon="pi pi-plus"
              onClick={() => setCreating(true)}
              data-testid="publisher-create"
            />
          </>
        }
      />

      {query.isError && !sessionEnded ? (
        <StatePanel
          kind="error"
          message={messages.userInfoFailed}
          onRetry={() => void query.refetch()}
          testId="publishers-error"
        />
      ) : (
        <div className="hc-card hc-table-card" data-testid="publishers-table">
          <DataTable
            value={rows}
            dataKey="id"
            loading={query.isPending}
            paginator={rows.length > 0}
            first={first}
            rows={per}
            rowsPerPageOptions={[...TABLE_PAGE_SIZE_OPTIONS]}
            onPage={list.onPage}
            sortField={values.sort?.column}
            sortOrder={values.sort ? (values.sort.order === 'asc' ? 1 : -1) : null}
            onSort={onSort}
            paginatorTemplate="RowsPerPageDropdown CurrentPageReport FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink"
            currentPageReportTemplate="{first}–{last} of {totalRecords}"
            emptyMessage={<div className="hc-empty">{messages.noResults}</div>}
            onRowClick={(e) => setDrawerId((e.data as PublisherAdminRow).id)}
            rowClassName={() => 'hc-row hc-row--clickable'}
            pt={{ bodyRow: { 'data-testid': 'publisher-row' } as object }}
            tableClassName="hc-table"
          >
            <Column field="id" header="Id" sortable className="hc-col-id hc-num" />
            <Column field="name" header="Name" sortable className="hc-col-title" />
            <Column header="APV" alignHeader="center" className="hc-col-check" body={productCell('apv')} />
            <Column
              header="Editor"
              alignHeader="center"
              className="hc-col-check"
              body={productCell('editor')}
            />
            <Column
              header=""
              className="hc-col-actions"
              body={(row: PublisherAdminRow) => (
                <Button
                  type="button"
                  icon="pi pi-sliders-h"
                  label="Placements"
                  size="small"
                  text
                  onClick={(e) => {
                    e.stopPropagation();
                    setSetupId(row.id);
                  }}
                  data-testid={`publisher-setup-${row.id}`}
                />
              )}
            />
          </DataTable>
        </div>
      )}

      <DetailDrawer
        visible={drawerRow !== null}
        onHide={() => setDrawerId(null)}
        title={drawerRow?.name ?? ''}
        subtitle={drawerRow ? `Id ${drawerRow.id}` : undefined}
        testId="publisher-drawer"
      >
        {drawerRow && (
          <DetailList
            items={[
              {
                label: 'Account key',
                value: <span className="hc-mono">{drawerRow.key}</span>,
                testId: 'publisher-drawer-key',
                wide: true,
              },
              { label: 'Home URL', value: drawerRow.home_url, wide: true },
              { label: 'Group', value: drawerRow.group_name ?? '—' },
              { label: 'APV', value: drawerRow.apv ? 'On' : 'Off' },
              { label: 'Editor', value: drawerRow.editor ? 'On' : 'Off' },
            ]}
          />
        )}
      </DetailDrawer>

      <CreatePublisherDialog visible={creating} onHide={() => setCreating(false)} />
      {setupRow && <PublisherSetupDialog publisher={setupRow} onHide={() => setSetupId(null)} />}
      <ConfirmActionDialog request={confirm} onClose={() => setConfirm(null)} testId="publisher-confirm" />
    </div>
  );
}
