// Relays co-editing traffic between server processes over Redis pub/sub: one channel per document, named
// under the Redis key prefix (pub/sub channels ignore ioredis' keyPrefix, and test suites must stay
// apart). Each message carries the sending process's tag, so a process skips its own messages.
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';

export const RelayKind = {
  /** A Yjs update this process accepted (shared at once, stored right behind). */
  update: 0,
  /** An awareness update (y-protocols/awareness encoding). */
  awareness: 1,
  /**
   * A process just loaded the document (or read it again), with its state vector: the others answer with
   * `present` and their awareness states, and send what it lacks as an update.
   */
  queryAwareness: 2,
  /** The answer to queryAwareness, with the answering process's state vector: it is sent what it lacks. */
  present: 3,
} as const;
export type RelayKind = (typeof RelayKind)[keyof typeof RelayKind];

export type RelayHandler = (kind: RelayKind, payload: Uint8Array) => void;

/** The channel of one document. */
export const collabChannel = (redis: Redis, doc: string) => `${redis.options.keyPrefix ?? ''}collab:${doc}`;

export class CollabRelay {
  /** This process's tag; messages carrying it are our own echoes. */
  readonly origin = randomBytes(12).toString('base64url');
  private readonly subscriber: Redis;
  private readonly handlers = new Map<string, RelayHandler>();
  private closed = false;
  private connectedBefore = false;
  /**
   * Called after the subscriber reconnected and its subscriptions hold again: messages published while
   * it was away are lost, so the documents must be read again from the database (the hub does).
   */
  onResubscribed: () => void = () => undefined;

  constructor(
    private readonly redis: Redis,
    private readonly onError: (error: unknown) => void,
  ) {
    // A subscribed connection can do nothing else, so it is its own (same options, same prefix); the
    // name shows it in CLIENT LIST.
    this.subscriber = redis.duplicate({ connectionName: `${redis.options.keyPrefix ?? ''}collab-relay` });
    this.subscriber.on('messageBuffer', (channel: Buffer, message: Buffer) => this.receive(channel, message));
    this.subscriber.on('error', (error) => this.onError(error));
    this.subscriber.on('ready', () => {
      if (this.connectedBefore) this.resubscribed().catch((error: unknown) => this.onError(error));
      this.connectedBefore = true;
    });
  }

  private async resubscribed() {
    // ioredis resubscribes on 'ready' without waiting; subscribing again (a no-op for Redis) resolves
    // once every subscription is confirmed, so nothing published after this point is missed.
    const channels = [...this.handlers.keys()];
    if (channels.length > 0) await this.subscriber.subscribe(...channels);
    this.onResubscribed();
  }

  /** Starts receiving the document's messages; resolves once Redis confirmed the subscription. */
  async subscribe(doc: string, handler: RelayHandler): Promise<void> {
    const channel = collabChannel(this.redis, doc);
    this.handlers.set(channel, handler);
    await this.subscriber.subscribe(channel);
  }

  async unsubscribe(doc: string): Promise<void> {
    const channel = collabChannel(this.redis, doc);
    this.handlers.delete(channel);
    if (!this.closed) await this.subscriber.unsubscribe(channel);
  }

  /** Sends to every other process that has the document open. */
  async publish(doc: string, kind: RelayKind, payload: Uint8Array): Promise<void> {
    const encoder = encoding.createEncoder();
    encoding.writeVarString(encoder, this.origin);
    encoding.writeVarUint(encoder, kind);
    encoding.writeVarUint8Array(encoder, payload);
    await this.redis.publish(collabChannel(this.redis, doc), Buffer.from(encoding.toUint8Array(encoder)));
  }

  async close(): Promise<void> {
    this.closed = true;
    this.handlers.clear();
    await this.subscriber.quit().catch(() => this.subscriber.disconnect());
  }

  private receive(channelBytes: Buffer, message: Buffer) {
    const handler = this.handlers.get(channelBytes.toString());
    if (!handler) return;
    try {
      const decoder = decoding.createDecoder(new Uint8Array(message));
      if (decoding.readVarString(decoder) === this.origin) return;
      const kind = decoding.readVarUint(decoder) as RelayKind;
      handler(kind, decoding.readVarUint8Array(decoder));
    } catch (error) {
      this.onError(error);
    }
  }
}
