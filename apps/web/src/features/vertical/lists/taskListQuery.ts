// The task lists' query rules: the table's multi-column sort as sort_by[] /
// order_dir[], the publisher-or-group scope, the group-by key (which the server must sort first so a group
// never splits across the page), and the look-back.
import { VERTICAL_TASK_SORTS } from '@hc/shared/api/vertical';
import type { VerticalTaskSort } from '@hc/shared/api/vertical';
import type { DataTableSortMeta } from 'primereact/datatable';
export type SortDir = 'asc' | 'desc';

export interface SortParams {
  sort_by?: VerticalTaskSort[];
  order_dir?: SortDir[];
}

const isSortKey = (field: string): field is VerticalTaskSort =>
  (VERTICAL_TASK_SORTS as readonly string[]).includes(field);

/**
 * Group-by choices (decision in docs/decisions.md): publisher and channel on both lists, program on the
 * highlight list (full videos belong to no program). The server sorts by the key first, so a group never
 * splits across pages except at a page boundary.
 */
export const GROUP_BY_OPTIONS = [
  { value: 'none', label: 'No grouping' },
  { value: 'publisher_name', label: 'Publisher' },
  { value: 'channel', label: 'Channel' },
  { value: 'program_name', label: 'Program' },
] as const;
export type GroupBy = (typeof GROUP_BY_OPTIONS)[number]['value'];

/** The group-by choices of a list: program only where tasks have one. */
export const groupByOptions = (withProgram: boolean) =>
  GROUP_BY_OPTIONS.filter((o) => withProgram || o.value !== 'program_name');

/**
 * The server sort of the table's sort state. The group-by key goes first (keeping the direction the user
 * gave it, ascending otherwise); no sort at all leaves the server's default, updated_at newest first.
 */
export function toSortParams(meta: readonly DataTableSortMeta[], groupBy: GroupBy = 'none'): SortParams {
  const keys: { key: VerticalTaskSort; dir: SortDir }[] = [];
  for (const m of meta) {
    if (!isSortKey(m.field) || !m.order || keys.some((k) => k.key === m.field)) continue;
    keys.push({ key: m.field, dir: m.order === 1 ? 'asc' : 'desc' });
  }
  if (groupBy !== 'none') {
    const at = keys.findIndex((k) => k.key === groupBy);
    const [group] = at >= 0 ? keys.splice(at, 1) : [{ key: groupBy, dir: 'asc' as const }];
    keys.unshift(group!);
  }
  if (keys.length === 0) return {};
  return { sort_by: keys.map((k) => k.key), order_dir: keys.map((k) => k.dir) };
}

/** Whose tasks a list shows: one publisher the user may act for, or one of their publisher groups. */
export type TaskScope = { kind: 'publisher'; id: number } | { kind: 'group'; id: number };

/** A scope as a dropdown value ('publisher:12', 'group:3'), and back (null when unreadable). */
export const scopeValue = (scope: TaskScope): string => `${scope.kind}:${scope.id}`;
export function parseScope(value: string): TaskScope | null {
  const match = /^(publisher|group):(\d+)$/.exec(value);
  return match ? { kind: match[1] as TaskScope['kind'], id: Number(match[2]) } : null;
}

/** The scope fields of vertical_tasks: publisher_ids[] or group_ids[]. */
export const scopeParams = (scope: TaskScope): { publisher_ids?: number[]; group_ids?: number[] } =>
  scope.kind === 'publisher' ? { publisher_ids: [scope.id] } : { group_ids: [scope.id] };

/** The free-text filter as sent: trimmed, and left out when blank. */
export const freeQueryParam = (text: string): { free_query?: string } =>
  text.trim() === '' ? {} : { free_query: text.trim() };
