// Publishing to the live channel from anywhere (route handlers, services, other processes): messages go
// through Redis to every server process's socket.io adapter, which delivers them to its own sockets. So a
// change made through one process reaches browsers connected to another.
import { Emitter } from '@socket.io/redis-emitter';
import type { Redis } from 'ioredis';
import {
  liveChannelKey,
  liveRooms,
  type JobProgressEvent,
  type LockChangedEvent,
  type ServerToClientEvents,
  type SessionEndedReason,
} from '@hc/shared/live/events';

export class LivePublisher {
  private readonly emitter: Emitter<ServerToClientEvents>;

  constructor(redis: Redis) {
    // The emitter never awaits its publish: a refused one (Redis down, the app closing) would be an
    // unhandled rejection. A lost push costs a browser a live update, not data: it is dropped here, and
    // the browser's fallback poll or refetch after a reconnect catches up.
    const client = {
      publish: (channel: string, message: string | Buffer) => redis.publish(channel, message).catch(() => 0),
    };
    this.emitter = new Emitter<ServerToClientEvents>(client, {
      key: liveChannelKey(redis.options.keyPrefix),
    });
  }

  /** The pending counts of these publishers may have moved (call after the commit that moved them). */
  countsChanged(publisherIds: number[]): void {
    if (publisherIds.length === 0) return;
    this.emitter.serverSideEmit('counts_changed', [...new Set(publisherIds)]);
  }

  lockChanged(publisherId: number, event: LockChangedEvent): void {
    this.emitter.to(liveRooms.publisher(publisherId)).emit('lock_changed', event);
  }

  jobProgress(userId: number, event: JobProgressEvent): void {
    this.emitter.to(liveRooms.user(userId)).emit('job_progress', event);
  }

  /** Tells the session's sockets why, then disconnects them (logout, publisher switch). */
  endSession(sessionId: number, reason: SessionEndedReason): void {
    const room = this.emitter.to(liveRooms.session(sessionId));
    room.emit('session_ended', { reason });
    room.disconnectSockets();
  }

  /** Every session of the user ended (password change, removal, access withdrawn). */
  endUserSessions(userId: number, reason: SessionEndedReason): void {
    const room = this.emitter.to(liveRooms.user(userId));
    room.emit('session_ended', { reason });
    room.disconnectSockets();
  }
}
