// `npm start` without REDIS_URL and with no Redis at the default address: when redis-server is installed,
// a private one is started for this run. It listens on a free loopback port with a random password (no
// other local program shares it by accident), keeps an append-only file under DATA_DIR/redis (jobs queued
// before a restart are still there after it; no snapshots), and is stopped when the server exits.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { accessSync, constants, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { Redis } from 'ioredis';

export interface PrivateRedis {
  url: string;
  /** The folder of its append-only file. */
  dir: string;
  pid: number | undefined;
  /** Stops it (SIGTERM, then SIGKILL after 3 s); resolves once it has exited. */
  stop(): Promise<void>;
  /** Asks it to stop without waiting (this process is exiting): it still writes its file and exits. */
  stopNow(): void;
}

/** redis-server's path on `searchPath` (PATH), or null. */
export function findRedisServer(searchPath: string | undefined): string | null {
  for (const folder of (searchPath ?? '').split(path.delimiter)) {
    if (!folder) continue;
    const candidate = path.join(folder, 'redis-server');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

/** Whether a Redis answers PING at `url` within `ms`. */
export async function redisAnswers(url: string, ms = 1_500): Promise<boolean> {
  const probe = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    connectTimeout: ms,
  });
  probe.on('error', () => undefined);
  try {
    await Promise.race([
      probe.connect().then(() => probe.ping()),
      new Promise((_, reject) => setTimeout(() => reject(new Error('timed out')), ms)),
    ]);
    return true;
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Starts redis-server (`binary`) for this run under `dataDir`/redis; resolves once it answers. */
export async function startPrivateRedis(binary: string, dataDir: string): Promise<PrivateRedis> {
  const dir = path.join(dataDir, 'redis');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const password = randomBytes(18).toString('hex');
  const port = await freeLoopbackPort();
  const child: ChildProcess = spawn(
    binary,
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--requirepass',
      password,
      '--dir',
      dir,
      '--save',
      '',
      '--appendonly',
      'yes',
      '--appendfsync',
      'everysec',
      '--maxmemory-policy',
      'noeviction',
      '--daemonize',
      'no',
    ],
    // Its own process group: a Ctrl-C in the terminal reaches the server, which still needs Redis while
    // it drains its jobs, and stops this one last.
    { stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4_000)));
  child.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4_000)));
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  const url = `redis://:${password}@127.0.0.1:${port}`;
  const started = Date.now();
  while (!(await redisAnswers(url, 500))) {
    if (child.exitCode !== null || Date.now() - started > 10_000) {
      child.kill('SIGKILL');
      throw new Error(`The private redis-server did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const running = () => child.exitCode === null && child.signalCode === null;
  return {
    url,
    dir,
    pid: child.pid,
    stopNow() {
      if (running()) child.kill('SIGTERM');
    },
    async stop() {
      if (!running()) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => running() && child.kill('SIGKILL'), 3_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
