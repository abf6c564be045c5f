// A WebSocket for y-websocket's WebsocketProvider that fetches a fresh single-use ticket before each
// connection. y-websocket builds the URL synchronously (provider.url) and opens a new socket on every
// reconnect, and a ticket is good for one connection only, so the ticket cannot sit in provider.params:
// this class takes the provider's URL, asks for a ticket, then opens the real socket with ?ticket=.
import { ApiError } from '../api.ts';
import { COLLAB_CLOSE } from '@hc/shared/api/collab';
import type { CollabTicket } from '@hc/shared/api/collab';

// Close codes this client reports when the ticket call fails (the server's own are COLLAB_CLOSE).
/** Final: the session ended (401); the shell's session dialog takes over. */
export const CLOSE_UNAUTHORIZED = 4498;
/** Final: the document is not the user's to edit (403, 404). */
export const CLOSE_REFUSED = 4499;
/** Not final: the ticket call failed without an answer or with a server error; the provider retries. */
const CLOSE_RETRY = 4000;

/**
 * Whether the provider reconnects after the server closed the socket: a ticket refused by the server
 * (used, expired) is worth a new one; other 44xx codes are final, as y-websocket's default has it.
 */
export function shouldReconnect(event: Pick<CloseEvent, 'code'>): boolean {
  if (event.code === COLLAB_CLOSE.ticket) return true;
  return !(event.code >= 4400 && event.code < 4500);
}

/** The close code for a failed ticket call: 401 and refusals are final, the rest is retried. */
export function closeCodeForTicketFailure(error: unknown): number {
  if (!(error instanceof ApiError)) return CLOSE_RETRY;
  if (error.status === 401) return CLOSE_UNAUTHORIZED;
  if (error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429) {
    return CLOSE_REFUSED;
  }
  return CLOSE_RETRY;
}

type Listener<E> = ((event: E) => void) | null;

/** Makes the WebSocket class to hand to WebsocketProvider as WebSocketPolyfill. */
export function ticketWebSocket(
  fetchTicket: () => Promise<CollabTicket>,
  onTicket: (ticket: CollabTicket) => void,
): typeof WebSocket {
  class TicketWebSocket {
    static readonly CONNECTING = 0;
    static readonly OPEN = 1;
    static readonly CLOSING = 2;
    static readonly CLOSED = 3;
    readonly CONNECTING = 0;
    readonly OPEN = 1;
    readonly CLOSING = 2;
    readonly CLOSED = 3;
    readyState = 0;
    binaryType: BinaryType = 'arraybuffer';
    onopen: Listener<Event> = null;
    onmessage: Listener<MessageEvent> = null;
    onclose: Listener<CloseEvent> = null;
    onerror: Listener<Event> = null;
    private socket: WebSocket | null = null;
    private closed = false;

    constructor(url: string, protocols?: string | string[]) {
      fetchTicket().then(
        (ticket) => {
          if (this.closed) return;
          onTicket(ticket);
          const target = new URL(url);
          target.searchParams.set('ticket', ticket.ticket);
          const socket = new WebSocket(target, protocols);
          socket.binaryType = this.binaryType;
          socket.onopen = (e) => {
            this.readyState = 1;
            this.onopen?.(e);
          };
          socket.onmessage = (e: MessageEvent) => this.onmessage?.(e);
          socket.onerror = (e) => this.onerror?.(e);
          socket.onclose = (e) => {
            this.readyState = 3;
            this.onclose?.(e);
          };
          this.socket = socket;
        },
        (error: unknown) => {
          if (this.closed) return;
          this.readyState = 3;
          const code = closeCodeForTicketFailure(error);
          this.onclose?.(new CloseEvent('close', { code, reason: 'ticket refused' }));
        },
      );
    }

    send(data: string | ArrayBuffer | Blob | ArrayBufferView<ArrayBuffer>) {
      if (this.socket?.readyState === 1) this.socket.send(data);
    }

    close(code?: number, reason?: string) {
      this.closed = true;
      this.readyState = 3;
      this.socket?.close(code, reason);
    }
  }
  return TicketWebSocket as unknown as typeof WebSocket;
}
