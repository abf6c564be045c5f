// Single-use tickets that open one /collab connection: issued by an authenticated call, kept in Redis for
// COLLAB_TICKET_TTL_SECONDS, consumed atomically (GETDEL) at the upgrade. The session token itself never
// goes in a URL; a ticket in the query string is worth one connection within 30 seconds.
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { COLLAB_TICKET_TTL_SECONDS } from '@hc/shared/api/collab';

/** What a ticket grants: one connection to `doc`, in this user's name. */
export interface CollabGrant {
  /** The session the ticket was issued in: the socket closes when it ends. */
  sessionId: number;
  userId: number;
  email: string;
  publisherId: number;
  doc: string;
  readOnly: boolean;
}

const key = (ticket: string) => `collab:ticket:${ticket}`;
const ticketPattern = /^[A-Za-z0-9_-]{43}$/;

export class CollabTickets {
  constructor(
    private readonly redis: Redis,
    private readonly ttlSeconds = COLLAB_TICKET_TTL_SECONDS,
  ) {}

  /** Stores a new ticket for the grant; returns it with its expiry (seconds since the epoch). */
  async issue(grant: CollabGrant): Promise<{ ticket: string; expiresAt: number }> {
    const ticket = randomBytes(32).toString('base64url');
    const stored = await this.redis.set(key(ticket), JSON.stringify(grant), 'EX', this.ttlSeconds, 'NX');
    // 256 random bits never collide; a refusal means Redis is misbehaving, not bad luck.
    if (stored !== 'OK') throw new Error('could not store a collab ticket');
    return { ticket, expiresAt: Math.floor(Date.now() / 1000) + this.ttlSeconds };
  }

  /** The grant of a live ticket, deleting it in the same step; null for unknown, used or expired tickets. */
  async consume(ticket: string): Promise<CollabGrant | null> {
    if (!ticketPattern.test(ticket)) return null;
    const stored = await this.redis.getdel(key(ticket));
    return stored === null ? null : (JSON.parse(stored) as CollabGrant);
  }
}
