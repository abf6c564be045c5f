// Column builders for the list tables: the few column kinds every list repeats (figures, dates),
// written once so their alignment, first sort order and cell style match on every screen.
import type { ReactNode } from 'react';
import { formatCount, formatDate, formatPercent } from '@hc/shared/formatters';
import type { DataColumn } from '../../components/ServerDataTable.tsx';

interface BaseColumn<Sort extends string> {
  key: string;
  header: ReactNode;
  sortField?: Sort;
  className?: string;
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
    body: (row) => <span className="hc-nowrap">{formatDate(spec.value(row))}</span>,
  };
}
