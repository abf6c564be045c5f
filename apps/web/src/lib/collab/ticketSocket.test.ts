import { describe, expect, it } from 'vitest';
import { ApiError } from '../api.ts';
import { COLLAB_CLOSE } from '@hc/shared/api/collab';
import {
  CLOSE_REFUSED,
  CLOSE_UNAUTHORIZED,
  closeCodeForTicketFailure,
  ReconnectBackoff,
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
    expect(shouldReconnect({ code: COLLAB_CLOSE.serverRestart })).toBe(true);
    expect(shouldReconnect({ code: COLLAB_CLOSE.origin })).toBe(false);
    expect(shouldReconnect({ code: 1006 })).toBe(true);
  });
});

describe('reconnect backoff', () => {
  it('waits longer after each connection the server closes at once, up to 10 s', () => {
    let now = 0;
    const backoff = new ReconnectBackoff(() => now);
    const delays: number[] = [];
    for (let i = 0; i < 8; i++) {
      delays.push(backoff.delay());
      backoff.opened();
      now += 300;
      backoff.closed(COLLAB_CLOSE.serverRestart);
    }
    expect(delays).toEqual([0, 250, 500, 1000, 2000, 4000, 8000, 10_000]);
    expect(backoff.delay()).toBe(10_000);
  });

  it('counts failed ticket calls too, and starts again once a connection held for 10 s', () => {
    let now = 0;
    const backoff = new ReconnectBackoff(() => now);
    backoff.closed(4000);
    backoff.closed(4000);
    expect(backoff.delay()).toBe(500);
    backoff.opened();
    now += 10_000;
    backoff.closed(1006);
    expect(backoff.delay()).toBe(0);
    // A server restart (1012) after a short connection is one failure: the next try waits 250 ms.
    backoff.opened();
    now += 1_000;
    backoff.closed(COLLAB_CLOSE.serverRestart);
    expect(backoff.delay()).toBe(250);
  });
});
