// The live channel's contract (socket.io at /socket.io): rooms and the events the server pushes.
// Browsers never send events; everything they change goes through the REST calls.
import type { PendingCounts } from '../api/pending.ts';

/**
 * The Redis channel key of the socket.io adapter and of every emitter (server and worker): the deployment's
 * Redis key prefix keeps deployments, and test suites, apart.
 */
export const liveChannelKey = (redisKeyPrefix = '') => `${redisKeyPrefix}socket.io`;

/** Room names. A socket joins its publisher's, its user's and its session's room at handshake. */
export const liveRooms = {
  publisher: (publisherId: number) => `publisher:${publisherId}`,
  user: (userId: number) => `user:${userId}`,
  session: (sessionId: number) => `session:${sessionId}`,
};

/** What a task lock guards: a vertical task (by video_id) or a review-queue article (by id). */
export type LockKind = 'vertical_task' | 'article';

/** A lease was taken, renewed by a new holder, released, broken or found expired. */
export interface LockChangedEvent {
  kind: LockKind;
  id: number;
  /** The holder's e-mail, or null when the task is free. */
  holder_email: string | null;
  /** ISO time the lease lapses unless renewed; null when free. */
  expires_at: string | null;
}

export type JobProgressState = 'started' | 'progress' | 'done' | 'failed';

/** A BullMQ job started from the console, reported to the room of the user who started it. */
export interface JobProgressEvent {
  queue: string;
  job_id: string;
  state: JobProgressState;
  /** 0..100 */
  progress: number;
  /** Where the result is (done), else null. */
  link: string | null;
  /** The first error (failed), else null. */
  error: string | null;
}

export type SessionEndedReason = 'logout' | 'expired' | 'revoked';

export interface ServerToClientEvents {
  /** The caller's counts, exactly what GET pending_counts answers for its session. */
  pending_counts: (counts: PendingCounts) => void;
  lock_changed: (event: LockChangedEvent) => void;
  job_progress: (event: JobProgressEvent) => void;
  /** Sent just before the server disconnects a socket whose session ended. */
  session_ended: (event: { reason: SessionEndedReason }) => void;
  /**
   * Sent just before a server process stops (a deploy, a restart): the server then closes the transport,
   * so the client reconnects on its own, to another replica or to this one once it is back.
   */
  server_restarting: () => void;
}

/** Events between server processes (through the Redis adapter or emitter). */
export interface ServerSideEvents {
  /** Pending counts of these publishers may have moved: each process recomputes for its sockets. */
  counts_changed: (publisherIds: number[]) => void;
  /** Asks every running server process of the deployment for its id (the live socket counts use it). */
  live_process: (answer: (processId: string) => void) => void;
}

/** The socket.io handshake's auth payload: the session, never in the URL. */
export interface LiveHandshakeAuth {
  email: string;
  token: string;
}
