// Limits on every media process (ffprobe, ffmpeg) the server and the worker start: the one way such a
// process is run. A crafted file can make a decoder allocate gigabytes or spin for minutes, so each
// process runs under an address-space cap (prlimit --as: an allocation past it fails inside that
// process, not in the machine), is killed at its time limit, and only a few run at once per pool; the
// rest wait in a short, bounded queue. Probes of uploads and renders have their own pools, so a long
// render never makes an upload wait. Counters show how many ran, so an operator (and a test) can see
// that a refused file started none.
import { spawn, type ChildProcess } from 'node:child_process';
import {
  MEDIA_PROCESS_MEMORY_BYTES,
  MEDIA_PROCESS_QUEUE_MAX,
  MEDIA_PROCESS_QUEUE_WAIT_MS,
  MEDIA_PROCESS_TIMEOUT_MS,
  MEDIA_PROCESSES_PER_SERVER,
  RENDER_PROCESS_MEMORY_BYTES,
  RENDER_PROCESS_QUEUE_MAX,
  RENDER_PROCESS_QUEUE_WAIT_MS,
  RENDER_PROCESS_TIMEOUT_MS,
  RENDER_PROCESSES_PER_WORKER,
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
  /**
   * Exited non-zero or by a signal (an allocation past the memory cap ends here), or wrote too much;
   * `stderr` is the end of what it wrote there when the caller asked for it.
   */
  | { kind: 'failed'; stderr?: string }
  /** Killed at its time limit. */
  | { kind: 'timeout' }
  /** Never started: every slot was busy and the queue full, or the wait ran out. */
  | { kind: 'busy' };

/** Counters since the process started. */
export const mediaProcessStats = { started: 0, timedOut: 0, failed: 0, refusedBusy: 0 };

/** Slots of one kind of media process, and how long a process may wait for one. */
export interface ProcessPool {
  slots: Semaphore;
  waitMs: number;
  /** What a process of this pool may use unless its caller says otherwise. */
  limits: ProcessLimits;
}

export interface ProcessLimits {
  timeoutMs: number;
  memoryBytes: number;
  maxOutputBytes: number;
}

/** Probes (ffprobe on uploads and sources): one per core, since ffprobe keeps one busy while it decodes. */
export const probePool: ProcessPool = {
  slots: new Semaphore(MEDIA_PROCESSES_PER_SERVER, MEDIA_PROCESS_QUEUE_MAX),
  waitMs: MEDIA_PROCESS_QUEUE_WAIT_MS,
  limits: {
    timeoutMs: MEDIA_PROCESS_TIMEOUT_MS,
    memoryBytes: MEDIA_PROCESS_MEMORY_BYTES,
    maxOutputBytes: 4 * 1024 * 1024,
  },
};

/** Renders (ffmpeg encodes): long and heavy, so few at once and with room for an encoder's buffers. */
export const renderPool: ProcessPool = {
  slots: new Semaphore(RENDER_PROCESSES_PER_WORKER, RENDER_PROCESS_QUEUE_MAX),
  waitMs: RENDER_PROCESS_QUEUE_WAIT_MS,
  limits: {
    timeoutMs: RENDER_PROCESS_TIMEOUT_MS,
    memoryBytes: RENDER_PROCESS_MEMORY_BYTES,
    // Progress lines are handed to the caller as they come, not kept: this bounds nothing kept.
    maxOutputBytes: Number.MAX_SAFE_INTEGER,
  },
};

/** How much of stderr (characters) is kept for a failure's message. */
const STDERR_TAIL = 4_000;

/** Media processes running: a process that exits (shutdown timeout, crash) takes them along. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export interface RunOptions extends Partial<ProcessLimits> {
  /** Whose slots the process takes (probes unless said). */
  pool?: ProcessPool;
  /** Called with stdout as it comes instead of keeping it for the outcome. */
  onStdout?: (chunk: string) => void;
  /** Keep the end of stderr for a failure's message (otherwise stderr is discarded). */
  keepStderr?: boolean;
}

/**
 * Runs `command args` (no shell) under the limits, once one of its pool's slots is free. prlimit
 * sets the address-space cap and then becomes the command (same process id), so the time limit's
 * SIGKILL reaches the decoder itself.
 */
export async function runMediaProcess(
  command: string,
  args: readonly string[],
  options: RunOptions = {},
): Promise<ProcessOutcome> {
  const { pool = probePool, onStdout, keepStderr = false, ...given } = options;
  const { timeoutMs, memoryBytes, maxOutputBytes } = { ...pool.limits, ...definedOnly(given) };
  const release = await pool.slots.acquire(pool.waitMs);
  if (!release) {
    mediaProcessStats.refusedBusy++;
    return { kind: 'busy' };
  }
  try {
    mediaProcessStats.started++;
    return await new Promise<ProcessOutcome>((resolve) => {
      const child = spawn('prlimit', [`--as=${memoryBytes}`, '--', command, ...args], {
        stdio: ['ignore', 'pipe', keepStderr ? 'pipe' : 'ignore'],
        windowsHide: true,
      });
      running.add(child);
      const chunks: Buffer[] = [];
      let bytes = 0;
      let stderr = '';
      // The first reason wins: a process killed at its time limit also exits by a signal.
      let reason: ProcessOutcome | null = null;
      let settled = false;
      const settle = (result: ProcessOutcome) => {
        running.delete(child);
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
      child.stdout?.on('data', (chunk: Buffer) => {
        if (onStdout) return onStdout(chunk.toString('utf8'));
        bytes += chunk.length;
        if (bytes > maxOutputBytes) {
          reason ??= { kind: 'failed' };
          child.kill('SIGKILL');
          return;
        }
        chunks.push(chunk);
      });
      child.stderr?.setEncoding('utf8');
      child.stderr?.on('data', (chunk: string) => {
        stderr = (stderr + chunk).slice(-STDERR_TAIL);
      });
      // A process that could not start never closes: settle here.
      child.on('error', (error) =>
        settle({ kind: 'failed', ...(keepStderr ? { stderr: `could not start: ${error.message}` } : {}) }),
      );
      // Settled on close, not on the kill: the slot is given back only once the process is gone.
      child.on('close', (code, signal) => {
        const failed: ProcessOutcome = keepStderr
          ? { kind: 'failed', stderr: stderr.trim() || `exit ${code ?? signal}` }
          : { kind: 'failed' };
        settle(
          reason ?? (code === 0 ? { kind: 'ok', stdout: Buffer.concat(chunks).toString('utf8') } : failed),
        );
      });
    });
  } finally {
    release();
  }
}

/** The limits a caller named (an `undefined` one keeps the pool's). */
function definedOnly(limits: Partial<ProcessLimits>): Partial<ProcessLimits> {
  return Object.fromEntries(Object.entries(limits).filter(([, value]) => value !== undefined));
}
