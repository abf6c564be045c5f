// The publishers filter: a case-insensitive match on the name, or the start of the id.
import type { PublisherAdminRow } from '@hc/shared/api/publishers-admin';

export function matchesFilter(row: Pick<PublisherAdminRow, 'id' | 'name'>, filter: string): boolean {
  const text = filter.trim().toLowerCase();
  if (!text) return true;
  return row.name.toLowerCase().includes(text) || String(row.id).startsWith(text);
}
