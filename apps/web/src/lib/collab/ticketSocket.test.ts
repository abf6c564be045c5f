import { describe, expect, it } from 'vitest';
import { ApiError } from '../api.ts';
import { COLLAB_CLOSE } from '@hc/shared/api/collab';
import {
  CLOSE_REFUSED,
  CLOSE_UNAUTHORIZED,
  closeCodeForTicketFailure,
  shouldReconnect,
} from './ticketSocket.ts';

describe('ticket failures as close codes', () => {
  it('stops reconnecting after 401 and refusals (403, 404), retries after no answer or a server error', () => {
    expect(closeCodeForTicketFailure(new ApiError(401, ['x']))).toBe(CLOSE_UNAUTHORIZED);
    expect(closeCodeForTicketFailure(new ApiError(403, ['x']))).toBe(CLOSE_REFUSED);
    expect(closeCodeForTicketFailure(new ApiError(404, ['x']))).toBe(CLOSE_REFUSED);
    expect(shouldReconnect({ code: CLOSE_UNAUTHORIZED })).toBe(false);
    expect(shouldReconnect({ code: CLOSE_REFUSED })).toBe(false);
    for (const error of [
      new ApiError(0, ['x']),
      new ApiError(503, ['x']),
      new ApiError(429, ['x']),
      new Error('x'),
    ]) {
      expect(shouldReconnect({ code: closeCodeForTicketFailure(error) })).toBe(true);
    }
  });

  it("reconnects with a new ticket when the server refuses the ticket, not when it refuses the page's Origin", () => {
    expect(shouldReconnect({ code: COLLAB_CLOSE.ticket })).toBe(true);
    expect(shouldReconnect({ code: COLLAB_CLOSE.storeFailed })).toBe(true);
    expect(shouldReconnect({ code: COLLAB_CLOSE.origin })).toBe(false);
    expect(shouldReconnect({ code: 1006 })).toBe(true);
  });
});
