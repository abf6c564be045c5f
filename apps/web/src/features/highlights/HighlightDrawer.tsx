// The highlight detail drawer: the video, every field of the highlight, the download
// panel and the performance figures. The title is not editable here.
import type { ReactNode } from 'react';
import { Tag } from 'primereact/tag';
import type { Highlight } from '@hc/shared/api/highlights';
import { MP4_SUFFIX } from '@hc/shared/constants';
import { formatCount, formatDate, formatNumber, formatPercent } from '@hc/shared/formatters';
import {
  DetailDrawer,
  DetailList,
  DrawerActionBar,
  DrawerSubtitle,
  DrawerToggle,
} from '../../components/DetailDrawer.tsx';
import { useDrawerRow, type DrawerSelection } from '../../components/drawerSelection.ts';
import { DownloadPanel } from '../../components/DownloadPanel.tsx';
import { LazyTrendPanel } from '../../components/trends/LazyTrendPanel.tsx';
import type { DownloadFormat } from '../../components/DownloadPanel.tsx';
import type { ApvMode } from './api/set-article-status.ts';
import { APV_MODE_LABEL, EnableCheckbox } from './EnableCheckbox.tsx';

interface HighlightDrawerProps {
  /** The highlight shown (kept while the drawer slides closed), opened by the page. */
  selection: DrawerSelection<Highlight>;
  /** The current page's rows, whose copy of the highlight wins. */
  pageRows: readonly Highlight[] | undefined;
  createGif: boolean;
  onToggle: (highlight: Highlight, mode: ApvMode, status: boolean) => void;
  /** The user may not switch highlights on live pages. */
  readOnly: boolean;
  onDownload: (highlight: Highlight, format: DownloadFormat) => Promise<void>;
  onDownloadError: (error: unknown) => void;
}

function ExternalLink({ href, testId }: { href: string; testId: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="hc-external-link"
      data-testid={testId}
    >
      <span>{href}</span>
      <i className="pi pi-external-link" aria-hidden="true" />
    </a>
  );
}

function StatusTag({ active }: { active: boolean }) {
  return (
    <Tag
      value={active ? 'Active' : 'Inactive'}
      severity={active ? 'success' : 'secondary'}
      rounded
      data-testid="highlight-drawer-status"
    />
  );
}

function MetricsTable({ highlight }: { highlight: Highlight }) {
  const rows: { label: string; front: ReactNode; article: ReactNode; key: string }[] = [
    {
      key: 'impressions',
      label: 'Impressions',
      front: formatCount(highlight.non_uniq_regular_impressions),
      article: formatCount(highlight.non_uniq_ia_impressions),
    },
    {
      key: 'clicks',
      label: 'Clicks',
      front: formatCount(highlight.non_uniq_regular_clicks),
      article: formatCount(highlight.non_uniq_ia_clicks),
    },
    {
      key: 'ctr',
      label: 'CTR Increase',
      front: formatPercent(highlight.regular_ctr),
      article: formatPercent(highlight.ia_ctr),
    },
  ];
  return (
    <section className="hc-detail-section">
      <h3 className="hc-detail-section__title">Performance</h3>
      <table className="hc-metrics" data-testid="highlight-drawer-metrics">
        <thead>
          <tr>
            <th scope="col" />
            <th scope="col">Front Page</th>
            <th scope="col">Article Page</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.label}</th>
              <td data-testid={`highlight-drawer-front-${row.key}`}>{row.front}</td>
              <td data-testid={`highlight-drawer-article-${row.key}`}>{row.article}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

const sameHighlight = (a: Highlight, b: Highlight) => a.highlight_id === b.highlight_id;

/** The right-hand drawer for one highlight. */
export function HighlightDrawer({
  selection,
  pageRows,
  createGif,
  onToggle,
  readOnly,
  onDownload,
  onDownloadError,
}: HighlightDrawerProps) {
  const { row: highlight, visible } = useDrawerRow(selection, pageRows, sameHighlight);
  if (!highlight) return null;
  const mp4 = highlight.video_url + MP4_SUFFIX;
  // The server may send media paths relative to itself; the APV URL is shown (and copied) absolute.
  const apvUrl = new URL(mp4, window.location.origin).href;
  return (
    <DetailDrawer
      visible={visible}
      onHide={selection.hide}
      title={highlight.title}
      testId="highlight-drawer"
      subtitle={
        <DrawerSubtitle
          tag={<StatusTag active={highlight.article_active} />}
          parts={[`Highlight #${highlight.highlight_id}`, highlight.category]}
        />
      }
    >
      <video
        key={highlight.highlight_id}
        className="hc-drawer-video"
        src={mp4}
        poster={highlight.thumbnail}
        controls
        preload="metadata"
        playsInline
        data-testid="highlight-drawer-video"
      />

      <DrawerActionBar
        toggles={(['regular', 'article'] as const).map((mode) => (
          <DrawerToggle
            key={mode}
            htmlFor={`drawer-${mode === 'regular' ? 'enable-front-page' : 'enable-article'}-${highlight.highlight_id}`}
          >
            <EnableCheckbox
              highlight={highlight}
              mode={mode}
              onToggle={onToggle}
              scope="drawer"
              readOnly={readOnly}
            />
            <span>{APV_MODE_LABEL[mode]}</span>
          </DrawerToggle>
        ))}
      />

      <DetailList
        title="Details"
        items={[
          {
            label: 'Status',
            value: highlight.article_active ? 'Active' : 'Inactive',
            testId: 'highlight-drawer-status-text',
          },
          { label: 'Created', value: formatDate(highlight.published_at), testId: 'highlight-drawer-created' },
          { label: 'Highlight ID', value: highlight.highlight_id, testId: 'highlight-drawer-highlight-id' },
          { label: 'Article ID', value: highlight.article_id, testId: 'highlight-drawer-article-id' },
          {
            label: 'Duration',
            value: `${formatNumber(highlight.duration)} seconds`,
            testId: 'highlight-drawer-duration',
          },
          {
            label: 'Article URL',
            value: <ExternalLink href={highlight.link} testId="highlight-drawer-article-url" />,
            wide: true,
          },
          {
            label: 'APV URL',
            value: <ExternalLink href={apvUrl} testId="highlight-drawer-apv-url" />,
            wide: true,
          },
          {
            label: 'Download',
            value: (
              <DownloadPanel
                showGif={createGif}
                onDownload={(format) => onDownload(highlight, format)}
                onError={onDownloadError}
                testIdPrefix="highlight-download"
              />
            ),
          },
        ]}
      />

      <MetricsTable highlight={highlight} />
      <LazyTrendPanel
        key={highlight.highlight_id}
        subject={{ kind: 'highlight', id: highlight.highlight_id }}
        testId="highlight-trend"
      />
    </DetailDrawer>
  );
}
