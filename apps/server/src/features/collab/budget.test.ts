import { describe, expect, it } from 'vitest';
import { InboundBudget, TokenBucket } from './budget.ts';

describe('TokenBucket', () => {
  it('lets a burst through, then only the sustained rate', () => {
    let now = 0;
    const bucket = new TokenBucket(10, 30, () => now);
    let taken = 0;
    while (bucket.take(1)) taken += 1;
    expect(taken).toBe(30);
    now += 500; // half a second refills five
    taken = 0;
    while (bucket.take(1)) taken += 1;
    expect(taken).toBe(5);
  });

  it('never holds more than its burst however long it waits', () => {
    let now = 0;
    const bucket = new TokenBucket(10, 30, () => now);
    now += 60_000;
    expect(bucket.take(30)).toBe(true);
    expect(bucket.take(1)).toBe(false);
  });
});

describe('InboundBudget', () => {
  const limits = {
    messagesPerSecond: 2,
    messagesBurst: 4,
    inboundBytesPerSecond: 100,
    inboundBytesBurst: 1000,
  };

  it('refuses a message once the bytes run out, even with messages to spare', () => {
    let now = 0;
    const budget = new InboundBudget(limits, () => now);
    expect(budget.admit(900)).toBe(true);
    expect(budget.admit(200)).toBe(false);
    now += 1000;
    expect(budget.admit(200)).toBe(true);
  });

  it('refuses once the messages run out, however small', () => {
    const budget = new InboundBudget(limits, () => 0);
    for (let i = 0; i < 4; i += 1) expect(budget.admit(1)).toBe(true);
    expect(budget.admit(1)).toBe(false);
  });
});
