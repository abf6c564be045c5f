// The Origin check of the live channels (socket.io and /collab): a browser page of another site must not
// open a channel in the user's name. The console's own pages are same-origin (the Origin's host is the
// Host the request came to); CONSOLE_ORIGINS lists others (a dev server, a proxy's public name).
// Requests without an Origin come from non-browser clients (browsers always send one on a WebSocket
// upgrade and on cross-origin requests), and they still need a valid session or ticket.
import type { IncomingMessage } from 'node:http';

export function isAllowedOrigin(request: IncomingMessage, allowedOrigins: readonly string[]): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  if (allowedOrigins.includes(origin)) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}
