// What one co-editing socket may send: a token bucket for its messages and one for its bytes. A bucket
// refills at its sustained rate up to its burst, so an editor's first sync (the whole document at once)
// and a quick paste pass, while a client that keeps sending faster than anyone types is cut off before
// its updates cost the server merges and stores.
import { COLLAB_LIMITS } from '@hc/shared/api/collab';

export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
    private readonly now: () => number = () => Date.now(),
  ) {
    this.tokens = burst;
    this.last = now();
  }

  /** Takes `amount` tokens if the bucket holds them; false (and nothing taken) otherwise. */
  take(amount: number): boolean {
    const now = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.perSecond);
    this.last = now;
    if (amount > this.tokens) return false;
    this.tokens -= amount;
    return true;
  }
}

export interface InboundLimits {
  messagesPerSecond: number;
  messagesBurst: number;
  inboundBytesPerSecond: number;
  inboundBytesBurst: number;
}

/** One socket's inbound budget: every message costs one message token and its size in byte tokens. */
export class InboundBudget {
  private readonly messages: TokenBucket;
  private readonly bytes: TokenBucket;

  constructor(limits: InboundLimits = COLLAB_LIMITS, now?: () => number) {
    this.messages = new TokenBucket(limits.messagesPerSecond, limits.messagesBurst, now);
    this.bytes = new TokenBucket(limits.inboundBytesPerSecond, limits.inboundBytesBurst, now);
  }

  /** Whether a message of `size` bytes is within the budget (and is then counted). */
  admit(size: number): boolean {
    return this.messages.take(1) && this.bytes.take(size);
  }
}
