// Co-editing (docs/TEAM-CONTRACTS.md "Co-editing contract"): document names, the ticket
// call that opens /collab/:doc, and the close codes the server refuses a connection with.
import { z } from 'zod';
import { embedIdSchema } from './packages.ts';

/** Where the y-websocket endpoint lives: `${ws origin}${COLLAB_PATH}/${doc}?ticket=...`. */
export const COLLAB_PATH = '/collab';

/** A ticket opens one connection, once, within this many seconds of being issued. */
export const COLLAB_TICKET_TTL_SECONDS = 30;

/**
 * Close codes of a refused or ended connection. 44xx tells y-websocket 3 not to reconnect on its own:
 * the client fetches a fresh ticket (4401) or gives up (4403).
 */
export const COLLAB_CLOSE = {
  /** The ticket is missing, used, expired or for another document: get a new ticket and reconnect. */
  ticket: 4401,
  /**
   * The session the ticket came from ended (logout, expiry, access withdrawn): the same code, since the
   * next ticket call answers 401 and the client ends there.
   */
  sessionEnded: 4401,
  /** The page's Origin may not open the channel. */
  origin: 4403,
  /** The server process is stopping (WebSocket 1012, service restart): every change is saved; reconnect. */
  serverRestart: 1012,
  /**
   * A change would make the document larger than COLLAB_LIMITS.documentBytes (or a stored document
   * already is): the change was not taken, the document stays as it was; final.
   */
  tooLarge: 4413,
  /** The socket sent more than its budget of messages or bytes: final, the editor reloads to go on. */
  tooFast: 4429,
} as const;

/**
 * What one co-edited document and one socket may cost the server. A package holds at most a handful of
 * highlights and a story at most 100 pages: their documents are kilobytes, so these leave ample room for
 * a long editing history while keeping every merge of a document well inside one event-loop turn.
 */
export const COLLAB_LIMITS = {
  /** The encoded state of one document (all its history included). */
  documentBytes: 512 * 1024,
  /** One WebSocket message either way: a whole document plus the protocol's framing fits. */
  messageBytes: 512 * 1024 + 16 * 1024,
  /** Per socket: bytes received, sustained per second and as a burst (a first sync sends the document). */
  inboundBytesPerSecond: 256 * 1024,
  inboundBytesBurst: 1024 * 1024,
  /** Per socket: messages received, sustained per second and as a burst (typing, cursor moves). */
  messagesPerSecond: 60,
  messagesBurst: 300,
  /** One editor's presence (awareness) state as JSON, and how many presence ids one socket may hold. */
  presenceStateBytes: 2 * 1024,
  presenceIdsPerSocket: 4,
} as const;

/** The reasons sent with the close codes (a WebSocket close reason is at most 123 bytes). */
export const collabCloseReasons = {
  ticket: 'This editing link expired: reconnecting.',
  sessionEnded: 'Your session ended.',
  origin: 'This page may not open the editor channel.',
  serverRestart: 'The server is restarting: reconnecting.',
  tooLarge: 'The document is too large to edit together.',
  tooFast: 'Too many changes in too short a time.',
} as const;

const storyIdPattern = /^[1-9][0-9]{0,15}$/;

/** A co-edited document: a package by embed id or a story by id. */
export type CollabDocRef = { kind: 'package'; id: string } | { kind: 'story'; id: number };

/** Parses `package:{embed id}` or `story:{id}`; anything else is null. */
export function parseCollabDoc(name: string): CollabDocRef | null {
  const colon = name.indexOf(':');
  if (colon < 0) return null;
  const kind = name.slice(0, colon);
  const id = name.slice(colon + 1);
  if (kind === 'package' && embedIdSchema.safeParse(id).success) return { kind, id };
  if (kind === 'story' && storyIdPattern.test(id)) {
    const n = Number(id);
    return Number.isSafeInteger(n) ? { kind, id: n } : null;
  }
  return null;
}

/** The document name of a package or a story, as the ticket call and the socket path take it. */
export const collabDocName = {
  package: (embedId: string) => `package:${embedId}`,
  story: (storyId: number) => `story:${storyId}`,
};

export const collabDocSchema = z
  .string()
  .max(64)
  .refine((v) => parseCollabDoc(v) !== null, 'doc must be package:{id} or story:{id}');

/** POST /api/v1/editor/collab/tickets */
export const collabTicketRequestSchema = z.object({ doc: collabDocSchema });
export type CollabTicketRequest = z.infer<typeof collabTicketRequestSchema>;

export const collabTicketSchema = z.object({
  /** Goes in the socket URL's query string as `ticket`; single use. */
  ticket: z.string(),
  /** Seconds since the epoch after which the ticket no longer opens a connection. */
  expires_at: z.number().int(),
  /** True: the connection receives the document but the server ignores its changes. */
  read_only: z.boolean(),
});
export type CollabTicket = z.infer<typeof collabTicketSchema>;
