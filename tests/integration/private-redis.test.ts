// `npm start` without REDIS_URL when nothing answers at the default address: with redis-server on the PATH
// the server starts a private one under DATA_DIR (loopback, a password of its own, its append-only file
// in DATA_DIR/redis), its worker process uses it too, and it is stopped whenever the server ends (SIGTERM,
// SIGINT, or a failed start); without redis-server the start fails with the message saying what to start.
// Real server processes as production starts them; the default address is pointed at a free port (the
// one setting that exists for this), since the machine's own Redis answers at the real default.
import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { buildPublisher, buildUser } from '../support/factories.ts';
import { freePort, startServerProcess, stopProcesses, type ServerProcess } from '../support/processes.ts';
import { eventually } from '../support/retry.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const SERVER_ENTRY = path.join(repoRoot, 'apps/server/src/main.ts');

let database: TestDatabase;
let dataDir: string;
let email: string;
let password: string;
const started: ServerProcess[] = [];

/** The environment of a start with REDIS_URL unset and nothing at the default address. */
async function noRedisEnv(extra: Record<string, string> = {}) {
  return {
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    REDIS_URL: '',
    REDIS_DEFAULT_URL: `redis://127.0.0.1:${await freePort()}`,
    LOG_LEVEL: 'info',
    SEED_DEMO: 'false',
    SERVE_WEB: 'false',
    WORKER_METRICS_PORT: '0',
    ...extra,
  };
}

/** The private redis-server the server said it started: its pid and port. */
function privateRedisOf(lines: string[]) {
  const line = lines.find((l) => l.includes('started a private redis-server'));
  const match = line?.match(/\(pid (\d+)\) on 127\.0\.0\.1:(\d+)/);
  if (!match) throw new Error(`no private redis-server line in:\n${lines.join('\n')}`);
  return { pid: Number(match[1]), port: Number(match[2]) };
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** A server start that is expected to end by itself: its output and exit code. */
function runToExit(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise<{ code: number | null; lines: string[] }>((resolve) =>
    child.once('exit', (code) => resolve({ code, lines: output.split('\n') })),
  );
}

/** What a Redis at `port` answers a PING sent without a password (its first line). */
function answerToPing(port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write('PING\r\n'));
    socket.once('data', (chunk) => {
      resolve(chunk.toString().split('\r\n')[0]!);
      socket.destroy();
    });
    socket.once('error', reject);
  });
}

async function login(server: ServerProcess) {
  const response = await fetch(`${server.url}/api/v1/auth/editor/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return response.status;
}

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await mkdtemp(path.join(tmpdir(), 'hc-private-redis-'));
  const publisherId = (await buildPublisher(database.handle.db)).id;
  ({ email, password } = await buildUser(database.handle.db, { publisherId, roles: ['switch_publisher'] }));
}, 60_000);

afterAll(async () => {
  await stopProcesses(started);
  await database?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}, 30_000);

describe('npm start without a Redis', () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`starts a private redis-server under DATA_DIR, used by server and worker, stopped on ${signal}`, async () => {
      const server = await startServerProcess(`server (${signal})`, await noRedisEnv());
      started.push(server);
      const { pid, port } = privateRedisOf(server.lines);
      expect(alive(pid)).toBe(true);
      // Its append-only file lives under DATA_DIR/redis.
      expect(existsSync(path.join(dataDir, 'redis'))).toBe(true);
      // Private: it asks for the password only this run knows.
      expect(await answerToPing(port)).toMatch(/^-NOAUTH/);
      // The server uses it (a login reads its throttle in Redis), and so does the worker it started.
      expect(await login(server)).toBe(200);
      await eventually(() => expect(server.logged('worker started')).toHaveLength(1), 30_000);

      server.child.kill(signal);
      await server.exited;
      expect(server.child.exitCode).toBe(0);
      await eventually(() => expect(alive(pid)).toBe(false), 5_000);
    }, 120_000);
  }

  it('stops it too when the start fails after it began', async () => {
    // A database that does not exist: the start fails once the private Redis is up.
    const url = new URL(database.url);
    url.pathname = '/hc_no_such_database';
    const { code, lines } = await runToExit(await noRedisEnv({ DATABASE_URL: url.toString() }));
    expect(code).toBe(1);
    const { pid } = privateRedisOf(lines);
    await eventually(() => expect(alive(pid)).toBe(false), 5_000);
  }, 60_000);

  it('without redis-server on the PATH, says what to start', async () => {
    const env = await noRedisEnv({ PATH: path.join(dataDir, 'empty-path') });
    const { code, lines } = await runToExit(env);
    expect(code).toBe(1);
    const output = lines.join('\n');
    expect(output).toContain(`Redis does not answer at ${env.REDIS_DEFAULT_URL}`);
    expect(output).toContain('Start a Redis server');
    expect(output).not.toContain('private redis-server');
  }, 60_000);
});
