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

const BACKOFF_FIRST_MS = 250;
const BACKOFF_MAX_MS = 10_000;
/** A connection open this long counts as working: the next failure starts the backoff again. */
const STABLE_MS = 10_000;

/**
 * Connections that fail one after another wait longer each time: 250 ms doubling to 10 s. y-websocket
 * resets its own backoff as soon as a connection syncs, so a server that accepts each connection and
 * then closes it (a process that cannot load documents, 1011) would otherwise get a ticket call and a
 * socket from every editor every 100–200 ms until it recovers.
 */
export class ReconnectBackoff {
  private failures = 0;
  private openedAt: number | null = null;

  constructor(private readonly now: () => number = () => Date.now()) {}

  /** How long the next connection waits before asking for its ticket. */
  delay(): number {
    return this.failures === 0 ? 0 : Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** (this.failures - 1));
  }

  opened(): void {
    this.openedAt = this.now();
  }

  /** A connection ended (or its ticket call failed, never opened): a failure unless it had held a while. */
  closed(code: number): void {
    const lasted = this.openedAt === null ? 0 : this.now() - this.openedAt;
    this.openedAt = null;
    if (code === 1000 || lasted >= STABLE_MS) this.failures = 0;
    else this.failures += 1;
  }
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

type Listener<E> = ((event: E) => void) | null;

/** Makes the WebSocket class to hand to WebsocketProvider as WebSocketPolyfill. */
export function ticketWebSocket(
  fetchTicket: () => Promise<CollabTicket>,
  onTicket: (ticket: CollabTicket) => void,
): typeof WebSocket {
  // One per provider (document): it sees every connection the provider makes in turn.
  const backoff = new ReconnectBackoff();
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
      const delay = backoff.delay();
      // A constructor cannot wait; the pause never fails, and connect reports its own failures as events.
      void (delay > 0 ? wait(delay) : Promise.resolve()).then(() => this.connect(url, protocols));
    }

    private connect(url: string, protocols?: string | string[]) {
      if (this.closed) return;
      fetchTicket().then(
        (ticket) => {
          if (this.closed) return;
          onTicket(ticket);
          const target = new URL(url);
          target.searchParams.set('ticket', ticket.ticket);
          const socket = new WebSocket(target, protocols);
          socket.binaryType = this.binaryType;
          socket.onopen = (e) => {
            backoff.opened();
            this.readyState = 1;
            this.onopen?.(e);
          };
          socket.onmessage = (e: MessageEvent) => this.onmessage?.(e);
          socket.onerror = (e) => this.onerror?.(e);
          socket.onclose = (e) => {
            backoff.closed(e.code);
            this.readyState = 3;
            this.onclose?.(e);
          };
          this.socket = socket;
        },
        (error: unknown) => {
          if (this.closed) return;
          this.readyState = 3;
          const code = closeCodeForTicketFailure(error);
          backoff.closed(code);
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
