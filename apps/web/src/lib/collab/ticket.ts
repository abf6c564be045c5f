// POST collab/tickets {doc}: a single-use ticket (30 s) that opens one co-editing socket
// (the co-editing contract in TEAM-CONTRACTS.md). The session token stays in the auth headers.
import type { CollabTicket } from '@hc/shared/api/collab';
import { editorApi } from '../api.ts';

/** Asks for a fresh ticket for `doc` (package:{embed_id} or story:{id}). */
export function getCollabTicket(doc: string): Promise<CollabTicket> {
  return editorApi<CollabTicket>('collab/tickets', { method: 'POST', body: { doc } });
}
