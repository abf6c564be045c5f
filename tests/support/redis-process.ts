// A private redis-server for the fault suites: on a free loopback port, with AOF on (as the deployment's
// compose runs Redis), so a suite may stop it (SIGSTOP), kill it and start it again on the same port and
// folder without touching the Redis the other suites share.
import { spawn, type ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { freePort } from './processes.ts';
import { eventually } from './retry.ts';

export const REDIS_SERVER = '/usr/bin/redis-server';

export interface RedisProcess {
  port: number;
  url: string;
  child: ChildProcess;
  /** Every line redis-server wrote, for a failure message. */
  output(): string;
  /** SIGKILL: gone at once (what was appended with appendfsync always is on disk). */
  kill(): Promise<void>;
}

/** Every redis-server still running: killed when the test process exits, even if a cleanup never ran. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** Starts redis-server on `port` (a free one when not given) with its AOF in `dir`; resolves once it answers PING. */
export async function startRedisProcess(dir: string, port?: number): Promise<RedisProcess> {
  const chosen = port ?? (await freePort());
  const child = spawn(
    REDIS_SERVER,
    [
      '--port',
      String(chosen),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'yes',
      '--appendfsync',
      'always',
      '--dir',
      dir,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  running.add(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      running.delete(child);
      resolve();
    }),
  );
  const url = `redis://127.0.0.1:${chosen}`;
  await eventually(
    async () => {
      if (child.exitCode !== null) throw new Error(`redis-server exited during start:\n${output}`);
      const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
      probe.on('error', () => undefined); // not listening yet: connect() rejects, which is retried
      try {
        await probe.connect();
        await probe.ping();
      } finally {
        probe.disconnect();
      }
    },
    10_000,
    50,
  );
  return {
    port: chosen,
    url,
    child,
    output: () => output,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
