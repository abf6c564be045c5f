// Column builders for the list tables: the few column kinds every list repeats (figures, dates, the
// title cell, ids, the APV thumbnail), written once so their alignment, first sort order and cell style match on every screen.
import type { ReactNode } from 'react';
import { Skeleton } from 'primereact/skeleton';
import { formatCount, formatDate, formatPercent } from '@hc/shared/formatters';
import type { DataColumn } from '../../components/ServerDataTable.tsx';
import { HoverVideo } from '../../components/HoverVideo.tsx';

interface BaseColumn<Sort extends string> {
  key: string;
  header: ReactNode;
  sortField?: Sort;
  className?: string;
  /** What the cell shows while the first page loads, when the column's own default does not fit. */
  skeleton?: ReactNode;
}

/** A figure: right-aligned, biggest first on the first click. */
export function countColumn<Row, Sort extends string = string>(
  spec: BaseColumn<Sort> & { value: (row: Row) => number | string | null | undefined },
): DataColumn<Row, Sort> {
  return figure(spec, (row) => formatCount(spec.value(row)));
}

/** A ratio shown as a percentage: right-aligned, biggest first on the first click. */
export function percentColumn<Row, Sort extends string = string>(
  spec: BaseColumn<Sort> & { value: (row: Row) => unknown },
): DataColumn<Row, Sort> {
  return figure(spec, (row) => formatPercent(spec.value(row)));
}

function figure<Row, Sort extends string>(
  spec: BaseColumn<Sort>,
  text: (row: Row) => string,
): DataColumn<Row, Sort> {
  return {
    key: spec.key,
    header: spec.header,
    sortField: spec.sortField,
    firstOrder: 'desc',
    align: 'right',
    className: spec.className ?? 'hc-col-num',
    skeleton: spec.skeleton,
    body: (row) => <span className="hc-num">{text(row)}</span>,
  };
}

/** A date: newest first on the first click, never wrapped. */
export function dateColumn<Row, Sort extends string = string>(
  /** The value is the server's timestamp in seconds. */
  spec: BaseColumn<Sort> & { value: (row: Row) => number | null | undefined },
): DataColumn<Row, Sort> {
  return {
    key: spec.key,
    header: spec.header,
    sortField: spec.sortField,
    firstOrder: 'desc',
    className: spec.className ?? 'hc-col-date',
    skeleton: spec.skeleton,
    body: (row) => <span className="hc-nowrap">{formatDate(spec.value(row))}</span>,
  };
}

/**
 * The title column: the row's name (a link that opens the row's drawer, a link out, or plain text) over a
 * muted line of facts. Its skeleton is the same two lines, so the first load does not jump.
 */
export function titleColumn<Row, Sort extends string = string>(
  spec: BaseColumn<Sort> & {
    title: (row: Row) => ReactNode;
    /** The line of facts under the title; none when it gives nothing (null, undefined, false or ''). */
    meta?: (row: Row) => ReactNode;
    /**
     * The skeleton's lines' widths, as wide as a typical title and facts line in this list; one width
     * for a list whose rows rarely carry facts.
     */
    skeletonWidths?: [string, string] | [string];
  },
): DataColumn<Row, Sort> {
  const [titleWidth, metaWidth] = spec.skeletonWidths ?? ['90%', '40%'];
  return {
    key: spec.key,
    header: spec.header,
    sortField: spec.sortField,
    className: spec.className ?? 'hc-col-title',
    skeleton:
      spec.skeleton ??
      (metaWidth === undefined ? (
        <Skeleton width={titleWidth} />
      ) : (
        <div className="flex flex-column gap-2">
          <Skeleton width={titleWidth} />
          <Skeleton width={metaWidth} height="0.75rem" />
        </div>
      )),
    body: (row) => {
      const meta = spec.meta?.(row);
      return (
        <div className="hc-title-cell">
          {spec.title(row)}
          {meta !== null && meta !== undefined && meta !== false && meta !== '' && (
            <span className="hc-title-meta">{meta}</span>
          )}
        </div>
      );
    },
  };
}

/** A title that opens the row's drawer; the click is the link's alone, not also the row's. */
export function TitleLink({
  children,
  onOpen,
  testId,
}: {
  children: ReactNode;
  onOpen: () => void;
  testId: string;
}) {
  return (
    <button
      type="button"
      className="hc-title-link"
      data-testid={testId}
      onClick={(e) => {
        e.stopPropagation();
        onOpen();
      }}
    >
      {children}
    </button>
  );
}

/** An identifier in monospace, so ids line up and read digit by digit. */
export function idColumn<Row, Sort extends string = string>(
  spec: BaseColumn<Sort> & { value: (row: Row) => ReactNode; testId?: (row: Row) => string },
): DataColumn<Row, Sort> {
  return {
    key: spec.key,
    header: spec.header,
    sortField: spec.sortField,
    className: spec.className ?? 'hc-col-id',
    skeleton: spec.skeleton,
    body: (row) => (
      <span className="hc-mono" data-testid={spec.testId?.(row)}>
        {spec.value(row)}
      </span>
    ),
  };
}

/** The APV's thumbnail that plays the clip on hover (the highlight lists, Post on Google). */
export function videoThumbColumn<Row, Sort extends string = string>(
  spec: BaseColumn<Sort> & {
    video: (row: Row) => { src: string; poster: string; alt: string; testId: string };
  },
): DataColumn<Row, Sort> {
  return {
    key: spec.key,
    header: spec.header,
    className: spec.className ?? 'hc-col-thumb',
    skeleton: <Skeleton width="96px" height="54px" borderRadius="6px" />,
    body: (row) => {
      const v = spec.video(row);
      return <HoverVideo src={v.src} poster={v.poster} alt={v.alt} testId={v.testId} />;
    },
  };
}
