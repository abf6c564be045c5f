// Post highlights (route /post-on-google, optionally narrowed by the hlts query parameter):
// the highlights still holding post-on-google resources, each resource publishable on its own or all of a
// highlight's at once. Publishing removes the published resources and drops a highlight when none remain;
// the ?hlts=id1,id2 view shows just those highlights and goes to /post-on-google once it is empty.
// What a resource looks like here is described in postOnGoogle.ts.
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { DataTable } from 'primereact/datatable';
import { Column } from 'primereact/column';
import { Button } from 'primereact/button';
import { Skeleton } from 'primereact/skeleton';
import { Tag } from 'primereact/tag';
import type { Highlight } from '@hc/shared/api/highlights';
import { MP4_SUFFIX, TABLE_PAGE_SIZE_OPTIONS } from '@hc/shared/constants';
import { formatDate, formatNumber } from '@hc/shared/formatters';
import { messages } from '@hc/shared/messages';
import { pathFor } from '@hc/shared/routes';
import { ApiError } from '../../lib/api.ts';
import { useToast } from '../../lib/toast.tsx';
import { StatePanel } from '../../components/StatePanel.tsx';
import { LinkButton } from '../../components/LinkButton.tsx';
import { titleColumn, videoThumbColumn } from '../../lib/list-page/columns.tsx';
import type { DataColumn } from '../../components/ServerDataTable.tsx';
import { useListPage } from '../../lib/list-page/useListPage.ts';
import { useListErrorToast } from '../../lib/list-page/useListErrorToast.ts';
import { ExportButton } from '../../lib/list-page/ExportButton.tsx';
import { useExternalResources } from './api/get-external-resources.ts';
import { usePublishResources } from './api/publish-resources.ts';
import type { PublishInput } from './api/publish-resources.ts';
import {
  POG_TYPE,
  hltsViewEmptied,
  parseHlts,
  resourcesOfType,
  shortUrl,
  visibleHighlights,
} from './postOnGoogle.ts';
import type { Resource } from './postOnGoogle.ts';
import { ListHeader } from '../../lib/list-page/ListHeader.tsx';
import '../../components/data-page.css';
import './post-on-google.css';

const PAGE_SIZE_KEY = 'post-on-google';
const POST_ON_GOOGLE_PATH = pathFor('postOnGoogle');

type ColumnDef = DataColumn<Highlight>;
/** The list has no filter of its own in the address besides hlts, which it reads as it is. */
const NO_FIELDS = {};

const errorText = (error: unknown): string =>
  error instanceof ApiError ? error.message : messages.somethingWentWrong;

const skeletonRows = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ highlight_id: -1 - i, resources: [] }) as unknown as Highlight);

const plural = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;

/** The post-on-google screen. */
export function PostOnGooglePage() {
  const toast = useToast();
  const navigate = useNavigate();
  // The page lives in the address with the hlts choice, so a shared link opens the same view.
  const view = useListPage(NO_FIELDS, PAGE_SIZE_KEY);
  const { per } = view;
  const hlts = parseHlts(view.search.get('hlts'));
  const type = POG_TYPE;

  const query = useExternalResources(type);
  const list = query.data;
  const firstLoad = query.isPending;
  const visible = list ? visibleHighlights(list.highlights, hlts, type) : [];
  const first = (view.page - 1) * per;
  const { isError, error } = query;
  useListErrorToast(query, { message: errorText(error) });

  // The hlts view with nothing (left) to post goes to the full view.
  const emptied = list !== undefined && hltsViewEmptied(hlts, visible.length);
  useEffect(() => {
    if (emptied) void navigate(POST_ON_GOOGLE_PATH, { replace: true });
  }, [emptied, navigate]);

  // Highlights with a publish in flight, so their buttons show it and cannot be pressed twice.
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());
  const publishMutation = usePublishResources(type);
  const publish = (input: PublishInput) => {
    setBusy((s) => new Set(s).add(input.highlight_id));
    publishMutation.mutate(input, {
      onSuccess: () =>
        toast.success(`Published ${plural(input.resource_ids.length, 'resource', 'resources')}.`),
      onError: (failure) => toast.error(errorText(failure)),
      onSettled: () =>
        setBusy((s) => {
          const next = new Set(s);
          next.delete(input.highlight_id);
          return next;
        }),
    });
  };

  // Keep the paginator inside the list as it shrinks.
  const firstShown =
    first >= visible.length ? Math.max(0, Math.floor((visible.length - 1) / per) * per) : first;

  const resourceRow = (h: Highlight, r: Resource) => (
    <li key={r.id} className="hc-resource" data-testid={`pog-resource-${r.id}`}>
      <Tag value={r.type.toUpperCase()} className="hc-resource__type" />
      <div className="hc-resource__main">
        <a
          href={r.url}
          target="_blank"
          rel="noopener noreferrer"
          className="hc-external-link"
          title={r.url}
          data-testid={`pog-resource-url-${r.id}`}
        >
          <span>{shortUrl(r.url)}</span>
          <i className="pi pi-external-link" aria-hidden="true" />
        </a>
        <span className="hc-resource__id">{r.id}</span>
      </div>
      <Button
        type="button"
        label="Publish"
        icon="pi pi-send"
        size="small"
        outlined
        disabled={busy.has(h.highlight_id)}
        onClick={() => publish({ highlight_id: h.highlight_id, resource_ids: [r.id] })}
        data-testid={`pog-publish-${r.id}`}
      />
    </li>
  );

  const columns: ColumnDef[] = [
    videoThumbColumn({
      key: 'thumbnail',
      header: 'APV',
      video: (h) => ({
        src: h.video_url + MP4_SUFFIX,
        poster: h.thumbnail,
        alt: h.title,
        testId: `pog-thumb-${h.highlight_id}`,
      }),
    }),
    titleColumn({
      key: 'title',
      header: 'Highlight',
      title: (h) => (
        <a
          href={h.link}
          target="_blank"
          rel="noopener noreferrer"
          className="hc-title-text"
          data-testid={`pog-title-${h.highlight_id}`}
        >
          {h.title}
        </a>
      ),
      meta: (h) => (
        <>
          #{h.highlight_id}
          {h.category && <span className="hc-dot-sep">{h.category}</span>}
          <span className="hc-dot-sep">{formatDate(h.published_at)}</span>
        </>
      ),
    }),
    {
      key: 'resources',
      header: 'Resources to post',
      className: 'hc-col-resources',
      skeleton: <Skeleton width="100%" height="2.25rem" />,
      body: (h) => <ul className="hc-resources">{resourcesOfType(h, type).map((r) => resourceRow(h, r))}</ul>,
    },
    {
      key: 'actions',
      header: '',
      align: 'right',
      className: 'hc-col-actions',
      skeleton: <Skeleton width="7rem" height="2rem" className="ml-auto" />,
      body: (h) => {
        // A single resource has its own Publish button; the row-level one is for two or more.
        const resources = resourcesOfType(h, type);
        if (resources.length < 2) return null;
        return (
          <Button
            type="button"
            label={`Publish all (${resources.length})`}
            icon="pi pi-google"
            size="small"
            className="hc-nowrap"
            loading={busy.has(h.highlight_id)}
            onClick={() =>
              publish({ highlight_id: h.highlight_id, resource_ids: resources.map((r) => r.id) })
            }
            data-testid={`pog-publish-all-${h.highlight_id}`}
          />
        );
      },
    },
  ];

  let body: ReactNode;
  if (isError && !list) {
    body = (
      <StatePanel
        kind="error"
        message={errorText(error)}
        onRetry={() => void query.refetch()}
        testId="pog-error"
      />
    );
  } else if (list && visible.length === 0) {
    // Under hlts the effect above is already on its way to the full view.
    body = emptied ? null : (
      <StatePanel
        kind="empty"
        title="Nothing to post"
        message="Every highlight's resources have been posted on Google. New ones appear here as they are made."
        testId="pog-empty"
      />
    );
  } else {
    const rows = firstLoad ? skeletonRows(3) : visible;
    body = (
      <div className="hc-card hc-table-card" data-testid="pog-table" aria-busy={query.isFetching}>
        <DataTable
          value={rows}
          dataKey="highlight_id"
          paginator={!firstLoad && visible.length > per}
          first={firstShown}
          rows={per}
          onPage={view.onPage}
          rowsPerPageOptions={[...TABLE_PAGE_SIZE_OPTIONS]}
          paginatorTemplate="RowsPerPageDropdown CurrentPageReport FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink"
          currentPageReportTemplate="{first}–{last} of {totalRecords}"
          pt={{ bodyRow: { 'data-testid': 'pog-row' } as object }}
          tableClassName="hc-table"
        >
          {columns.map((col) => (
            <Column
              key={col.key}
              columnKey={col.key}
              header={col.header}
              align={col.align}
              alignHeader={col.align}
              className={col.className}
              headerClassName={col.className}
              body={firstLoad ? () => col.skeleton ?? <Skeleton width="4.5rem" /> : col.body}
            />
          ))}
        </DataTable>
      </div>
    );
  }

  const resourceCount = visible.reduce((n, h) => n + resourcesOfType(h, type).length, 0);

  return (
    <div className="hc-data-page hc-pog" data-testid="pog-page">
      <ListHeader
        title="Post highlights"
        subtitle="Highlights with resources waiting to be posted on Google."
        count={
          list &&
          visible.length > 0 &&
          `${plural(visible.length, 'highlight', 'highlights')} · ${plural(resourceCount, 'resource', 'resources')}`
        }
        countTestId="pog-count"
        actions={
          <ExportButton
            path="external_resources/export.csv"
            query={{ type, hlts: hlts?.join(',') }}
            fallbackName="post-on-google.csv"
            testId="pog-export"
            disabled={!list || visible.length === 0}
          />
        }
      />

      {hlts !== null && !emptied && (
        <div className="hc-card hc-pog-scope" data-testid="pog-hlts">
          <i className="pi pi-filter" aria-hidden="true" />
          <span>
            Showing {plural(hlts.length, 'selected highlight', 'selected highlights')}
            {list &&
              visible.length < hlts.length &&
              ` (${formatNumber(visible.length)} with resources to post)`}
            .
          </span>
          <LinkButton
            to={POST_ON_GOOGLE_PATH}
            label="Show all"
            text
            size="small"
            data-testid="pog-show-all"
          />
        </div>
      )}

      {body}
    </div>
  );
}
