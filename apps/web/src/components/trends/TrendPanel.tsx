// A trend section for a drawer or a screen: a 7/30/90-day switch, the charts (their library is fetched
// only when a panel first shows) and the same numbers as a table, which screen readers read.
import { Suspense, useState } from 'react';
import { SelectButton } from 'primereact/selectbutton';
import { Skeleton } from 'primereact/skeleton';
import { TREND_WINDOWS, type TrendWindow } from '@hc/shared/api/trends';
import { formatCount, formatPercent } from '@hc/shared/formatters';
import { messages } from '@hc/shared/messages';
import { StatePanel } from '../StatePanel.tsx';
import { hasFigures, seriesOf, useTrend, type TrendSubject, type TrendTable } from './trendData.ts';
import './trends.css';
import { lazyPart } from '../../lib/lazyPart.ts';

const TrendChart = lazyPart(() => import('./TrendChart.tsx'));

const WINDOW_OPTIONS = TREND_WINDOWS.map((days) => ({ label: `${days} days`, value: days }));

function NumbersTable({ table, caption, testId }: { table: TrendTable; caption: string; testId: string }) {
  return (
    // It scrolls sideways on a narrow screen: focusable, so a keyboard can scroll it too.
    <div className="hc-trend-table-wrap" tabIndex={0} role="region" aria-label={caption}>
      <table className="hc-trend-table" data-testid={`${testId}-table`}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            {table.series.map((s) => (
              <th scope="col" key={s.key}>
                {s.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.days.map((day, i) => (
            <tr key={day}>
              <th scope="row">{day}</th>
              {table.series.map((s) => (
                <td key={s.key}>
                  {s.unit === 'ratio' ? formatPercent(s.values[i]) : formatCount(s.values[i])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

interface TrendPanelProps {
  subject: TrendSubject;
  title?: string;
  testId: string;
}

/** Clicks, impressions and CTR of one highlight, one package, or the syndicated packages, per day. */
export function TrendPanel({ subject, title = 'Trend', testId }: TrendPanelProps) {
  const [days, setDays] = useState<TrendWindow>(30);
  const [showTable, setShowTable] = useState(false);
  const query = useTrend(subject, days);
  const table = query.data ? seriesOf(query.data) : null;
  const caption = `${title}: daily figures of the last ${days} days (UTC)`;

  let body;
  if (query.isError && !query.data) {
    body = (
      <StatePanel
        kind="error"
        message={messages.trendsFailedToLoad}
        onRetry={() => void query.refetch()}
        testId={`${testId}-error`}
      />
    );
  } else if (!table) {
    body = <Skeleton height="12rem" data-testid={`${testId}-loading`} />;
  } else if (!hasFigures(table)) {
    body = (
      <p className="hc-muted hc-trend-empty" data-testid={`${testId}-empty`}>
        {messages.trendsEmpty}
      </p>
    );
  } else {
    body = (
      <>
        <Suspense fallback={<Skeleton height="12rem" />}>
          <TrendChart table={table} testId={testId} />
        </Suspense>
        {/* Shown on demand; always in the page for screen readers, whose chart it is. */}
        <div className={showTable ? undefined : 'hc-sr-only'}>
          <NumbersTable table={table} caption={caption} testId={testId} />
        </div>
      </>
    );
  }

  return (
    <section className="hc-detail-section hc-trend" data-testid={testId} aria-busy={query.isFetching}>
      <div className="hc-trend__header">
        <h3 className="hc-detail-section__title">{title}</h3>
        <div className="hc-trend__controls">
          <SelectButton
            value={days}
            options={WINDOW_OPTIONS}
            onChange={(e) => {
              if (e.value) setDays(e.value as TrendWindow);
            }}
            allowEmpty={false}
            aria-label="Period"
            data-testid={`${testId}-window`}
          />
          {table && hasFigures(table) && (
            <button
              type="button"
              className="p-button p-button-text p-button-sm"
              aria-expanded={showTable}
              onClick={() => setShowTable((v) => !v)}
              data-testid={`${testId}-table-toggle`}
            >
              {showTable ? 'Hide numbers' : 'Show numbers'}
            </button>
          )}
        </div>
      </div>
      {body}
    </section>
  );
}
