// The highlights table's columns, from the list-page kit's builders. Which optional figures show is the
// publisher's console configuration:
//   consoleDisplayGenericMetrics === 'true' → Front Page Impressions and Article Page Impressions
//                                           (the generic, non-IAB totals; off by default)
//   consoleDisplayIabMetrics === 'true'     → Front Page CTR Increase and Article Page CTR Increase
//                                           (the IAB-measured figures; on by default)
// Thumbnail, title, created, clicks and the two checkboxes always show; the drawer shows every figure.
import { Skeleton } from 'primereact/skeleton';
import type { Highlight, HighlightSortColumn } from '@hc/shared/api/highlights';
import { MP4_SUFFIX } from '@hc/shared/constants';
import type { DataColumn } from '../../components/ServerDataTable.tsx';
import {
  countColumn,
  dateColumn,
  percentColumn,
  titleColumn,
  TitleLink,
  videoThumbColumn,
} from '../../lib/list-page/columns.tsx';
import type { ApvMode } from './api/set-article-status.ts';
import { EnableCheckbox } from './EnableCheckbox.tsx';

type ColumnDef = DataColumn<Highlight, HighlightSortColumn>;

interface HighlightColumnsInput {
  config: { consoleDisplayGenericMetrics: string; consoleDisplayIabMetrics: string };
  openDrawer: (highlight: Highlight) => void;
  onToggle: (highlight: Highlight, mode: ApvMode, enabled: boolean) => void;
  /** The user may not switch highlights on or off: the checkboxes only show the state. */
  readOnly: boolean;
}

export function highlightColumns({
  config,
  openDrawer,
  onToggle,
  readOnly,
}: HighlightColumnsInput): ColumnDef[] {
  const showGeneric = config.consoleDisplayGenericMetrics === 'true';
  const showIab = config.consoleDisplayIabMetrics === 'true';
  const when = (shown: boolean, column: ColumnDef) => (shown ? [column] : []);
  const checkboxColumn = (key: string, header: string, mode: ApvMode): ColumnDef => ({
    key,
    header,
    align: 'center',
    className: 'hc-col-check',
    skeleton: <Skeleton size="1.25rem" className="mx-auto" />,
    body: (h) => (
      // The checkbox must not also open the drawer.
      <div className="hc-check-cell" onClick={(e) => e.stopPropagation()}>
        <EnableCheckbox highlight={h} mode={mode} onToggle={onToggle} scope="row" readOnly={readOnly} />
      </div>
    ),
  });

  return [
    videoThumbColumn({
      key: 'thumbnail',
      header: 'APV',
      video: (h: Highlight) => ({
        src: h.video_url + MP4_SUFFIX,
        poster: h.thumbnail,
        alt: h.title,
        testId: `highlight-thumb-${h.highlight_id}`,
      }),
    }),
    titleColumn({
      key: 'title',
      header: 'Title',
      title: (h: Highlight) => (
        <TitleLink onOpen={() => openDrawer(h)} testId={`highlight-title-${h.highlight_id}`}>
          {h.title}
        </TitleLink>
      ),
      meta: (h) => (
        <>
          #{h.highlight_id}
          {h.category && <span className="hc-dot-sep">{h.category}</span>}
        </>
      ),
    }),
    dateColumn({
      key: 'created',
      header: 'Created',
      sortField: 'date',
      value: (h: Highlight) => h.published_at,
    }),
    ...when(
      showGeneric,
      countColumn({
        key: 'front-impressions',
        header: 'Front Page Impressions',
        value: (h: Highlight) => h.non_uniq_regular_impressions,
      }),
    ),
    countColumn({
      key: 'front-clicks',
      header: 'Front Page Clicks',
      sortField: 'non_uniq_regular_clicks',
      value: (h: Highlight) => h.non_uniq_regular_clicks,
    }),
    ...when(
      showIab,
      percentColumn({
        key: 'front-ctr',
        header: 'Front Page CTR Increase',
        sortField: 'regular_ctr',
        value: (h: Highlight) => h.regular_ctr,
      }),
    ),
    ...when(
      showGeneric,
      countColumn({
        key: 'article-impressions',
        header: 'Article Page Impressions',
        value: (h: Highlight) => h.non_uniq_ia_impressions,
      }),
    ),
    countColumn({
      key: 'article-clicks',
      header: 'Article Page Clicks',
      sortField: 'non_uniq_ia__clicks',
      value: (h: Highlight) => h.non_uniq_ia_clicks,
    }),
    ...when(
      showIab,
      percentColumn({
        key: 'article-ctr',
        header: 'Article Page CTR Increase',
        sortField: 'ia_ctr',
        value: (h: Highlight) => h.ia_ctr,
      }),
    ),
    checkboxColumn('enable-front-page', 'Enable Front Page', 'regular'),
    checkboxColumn('enable-article', 'Enable Article', 'article'),
  ];
}
