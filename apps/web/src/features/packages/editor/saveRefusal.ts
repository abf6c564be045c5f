// Which field a refused save points at: the server answers a name or embed name already in use with a
// 409 whose message names the value it refused. The editor shows that message under the field, for as long
// as the field still holds the refused value, and keeps what the user typed.
import { embedNameInUse, packageNameInUse } from '@hc/shared/messages';

export interface FieldRefusal {
  field: 'name' | 'alias';
  message: string;
  /** The trimmed value the server refused: editing the field away from it clears the message. */
  value: string;
}

/** The field a save's refusal is about, or null when it is not about one field (stale, size, ...). */
export function fieldRefusal(
  status: number,
  message: string,
  sent: { name: string; alias?: string | null | undefined },
): FieldRefusal | null {
  if (status !== 409) return null;
  if (message === packageNameInUse(sent.name)) return { field: 'name', message, value: sent.name };
  if (sent.alias && message === embedNameInUse(sent.alias))
    return { field: 'alias', message, value: sent.alias };
  return null;
}

/** The refusal to show under `field` while it holds `current`. */
export const refusalShown = (
  refusal: FieldRefusal | null,
  field: FieldRefusal['field'],
  current: string,
): string | null =>
  refusal && refusal.field === field && refusal.value === current.trim() ? refusal.message : null;
