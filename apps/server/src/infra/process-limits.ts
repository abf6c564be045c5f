// Limits on the media processes (ffprobe) the server starts for uploads. A crafted file can make a
// decoder allocate gigabytes or spin for minutes, so each process runs under an address-space cap
// (prlimit --as: an allocation past it fails inside that process, not in the machine), is killed at
// its time limit, and only a few run at once per server; the rest wait in a short, bounded queue.
// Counters show how many ran, so an operator (and a test) can see that a refused file started none.
import { spawn } from 'node:child_process';
import {
  MEDIA_PROCESS_MEMORY_BYTES,
  MEDIA_PROCESS_QUEUE_MAX,
  MEDIA_PROCESS_QUEUE_WAIT_MS,
  MEDIA_PROCESS_TIMEOUT_MS,
  MEDIA_PROCESSES_PER_SERVER,
} from '@hc/shared/resource-limits';

/** A counting semaphore whose waiters are bounded in number and in how long they wait. */
export class Semaphore {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly size: number,
    readonly maxWaiting: number,
  ) {}

  /** A release function once a slot is free; null when the queue is full or `waitMs` passed first. */
  acquire(waitMs: number): Promise<(() => void) | null> {
    if (this.running < this.size) {
      this.running++;
      return Promise.resolve(this.releaser());
    }
    if (this.waiting.length >= this.maxWaiting) return Promise.resolve(null);
    return new Promise((resolve) => {
      const grant = () => {
        clearTimeout(timer);
        resolve(this.releaser());
      };
      const timer = setTimeout(() => {
        const at = this.waiting.indexOf(grant);
        if (at >= 0) this.waiting.splice(at, 1);
        resolve(null);
      }, waitMs);
      this.waiting.push(grant);
    });
  }

  /** Slots in use now. */
  get inUse(): number {
    return this.running;
  }

  private releaser() {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      // The slot passes straight to the next waiter, so the count never dips below what runs.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    };
  }
}

/** At most `size` holders per key (a user), refused at once past it: no queue to hold requests open. */
export class PerKeyLimit {
  private readonly counts = new Map<string, number>();

  constructor(readonly size: number) {}

  /** Slots the key holds now. */
  held(key: string): number {
    return this.counts.get(key) ?? 0;
  }

  /** A release function, or null when the key already holds every slot. */
  tryAcquire(key: string): (() => void) | null {
    const held = this.counts.get(key) ?? 0;
    if (held >= this.size) return null;
    this.counts.set(key, held + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const now = (this.counts.get(key) ?? 1) - 1;
      if (now <= 0) this.counts.delete(key);
      else this.counts.set(key, now);
    };
  }
}

/** What became of a media process. */
export type ProcessOutcome =
  | { kind: 'ok'; stdout: string }
  /** Exited non-zero or by a signal (an allocation past the memory cap ends here), or wrote too much. */
  | { kind: 'failed' }
  /** Killed at its time limit. */
  | { kind: 'timeout' }
  /** Never started: every slot was busy and the queue full, or the wait ran out. */
  | { kind: 'busy' };

/** Counters since the server started (per process). */
export const mediaProcessStats = { started: 0, timedOut: 0, failed: 0, refusedBusy: 0 };

/** The server's media-process slots: one per core, since ffprobe keeps one busy while it decodes. */
const serverSlots = new Semaphore(MEDIA_PROCESSES_PER_SERVER, MEDIA_PROCESS_QUEUE_MAX);

export interface ProcessLimits {
  timeoutMs: number;
  memoryBytes: number;
  maxOutputBytes: number;
}

const DEFAULT_LIMITS: ProcessLimits = {
  timeoutMs: MEDIA_PROCESS_TIMEOUT_MS,
  memoryBytes: MEDIA_PROCESS_MEMORY_BYTES,
  maxOutputBytes: 4 * 1024 * 1024,
};

/**
 * Runs `command args` (no shell) under the limits, once one of the server's slots is free. prlimit
 * sets the address-space cap and then becomes the command (same process id), so the time limit's
 * SIGKILL reaches the decoder itself.
 */
export async function runMediaProcess(
  command: string,
  args: readonly string[],
  limits: Partial<ProcessLimits> = {},
): Promise<ProcessOutcome> {
  const { timeoutMs, memoryBytes, maxOutputBytes } = { ...DEFAULT_LIMITS, ...limits };
  const release = await serverSlots.acquire(MEDIA_PROCESS_QUEUE_WAIT_MS);
  if (!release) {
    mediaProcessStats.refusedBusy++;
    return { kind: 'busy' };
  }
  try {
    mediaProcessStats.started++;
    return await new Promise<ProcessOutcome>((resolve) => {
      const child = spawn('prlimit', [`--as=${memoryBytes}`, '--', command, ...args], {
        stdio: ['ignore', 'pipe', 'ignore'],
        windowsHide: true,
      });
      const chunks: Buffer[] = [];
      let bytes = 0;
      // The first reason wins: a process killed at its time limit also exits by a signal.
      let reason: ProcessOutcome | null = null;
      let settled = false;
      const settle = (result: ProcessOutcome) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (result.kind === 'timeout') mediaProcessStats.timedOut++;
        if (result.kind === 'failed') mediaProcessStats.failed++;
        resolve(result);
      };
      const timer = setTimeout(() => {
        reason ??= { kind: 'timeout' };
        child.kill('SIGKILL');
      }, timeoutMs);
      child.stdout.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes > maxOutputBytes) {
          reason ??= { kind: 'failed' };
          child.kill('SIGKILL');
          return;
        }
        chunks.push(chunk);
      });
      // A process that could not start never closes: settle here.
      child.on('error', () => settle({ kind: 'failed' }));
      // Settled on close, not on the kill: the slot is given back only once the process is gone.
      child.on('close', (code) => {
        settle(
          reason ??
            (code === 0
              ? { kind: 'ok', stdout: Buffer.concat(chunks).toString('utf8') }
              : { kind: 'failed' }),
        );
      });
    });
  } finally {
    release();
  }
}
