// Server processes of the bench (server.ts): the real app or the bare reference, each in its own process
// so the load generator in this process does not share an event loop with the server it measures.
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverScript = path.join(here, 'server.ts');
/** B8's reference: a stock y-websocket server. */
const collabStockScript = path.join(here, 'collab-stock.ts');

export interface BenchServer {
  port: number;
  child: ChildProcess;
  /** Sends a message and resolves with the first answer of the same type (and id, when given). */
  ask<T>(message: { type: string; id?: number } & Record<string, unknown>): Promise<T>;
  stop(): Promise<void>;
}

export async function startBenchServer(
  mode: 'app' | 'bare' | 'framework' | 'collab-stock',
  env: Record<string, string> = {},
): Promise<BenchServer> {
  const child = fork(mode === 'collab-stock' ? collabStockScript : serverScript, [], {
    execArgv: [
      '--import',
      'tsx',
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
    ],
    env: { ...process.env, ...env, BENCH_MODE: mode, NODE_ENV: 'production' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) =>
      reject(new Error(`bench ${mode} server exited (${code}) before it listened`)),
    );
    child.on('message', (m: { type: string; port?: number }) => {
      if (m.type === 'ready') resolve(m.port!);
    });
  });
  child.removeAllListeners('exit');
  return {
    port,
    child,
    ask<T>(message: { type: string; id?: number } & Record<string, unknown>) {
      return new Promise<T>((resolve) => {
        const onMessage = (answer: { type: string; id?: number }) => {
          if (answer.type !== message.type || answer.id !== message.id) return;
          child.off('message', onMessage);
          resolve(answer as T);
        };
        child.on('message', onMessage);
        child.send(message);
      });
    },
    stop() {
      return new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
      });
    },
  };
}

/**
 * Pins every thread of a process (V8's collector threads and libuv's pool included) to `cpus`, a taskset
 * list such as "1" or "0-1". B2 gives the server one core and the load generator the other, as two
 * machines would: unpinned, the scheduler put both on one core at moments, and a round measured that.
 * False when the machine cannot (one core, or no taskset): the caller measures unpinned and says so.
 */
export const unpinThreads = (pid: number) => pinThreads(pid, `0-${os.cpus().length - 1}`);

export function pinThreads(pid: number, cpus: string): boolean {
  if (os.cpus().length < 2) return false;
  try {
    for (const thread of readdirSync(`/proc/${pid}/task`))
      execFileSync('taskset', ['-pc', cpus, thread], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
