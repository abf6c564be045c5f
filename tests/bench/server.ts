// A server process for the bench, started by run.ts with an IPC channel:
//   BENCH_MODE=app   the real server (buildApp, logger off) on the bench database and its own Redis prefix;
//                    answers {login} messages through the real login call (a distinct client address each,
//                    so the per-address login limit does not refuse the 50 racers of B7). BENCH_SERVE_WEB=1 also
//                    serves the web build (B11-B13); BENCH_DATA_DIR names its data folder (media B12 plays).
//                    B6 asks it for sessions made by the product's own session code ({sessions}), its memory
//                    after a full GC ({memory}) and its event-loop delay while measured ({loop-start}/{loop-stop}).
//   BENCH_MODE=bare  a bare node:http server answering every request with the body and headers it is sent
//                    (B2's reference).
//   BENCH_MODE=framework  a Fastify server with one route answering the body and headers it is sent: B2's
//                    second reference, what Fastify alone costs for the route's answer on this machine.
import http from 'node:http';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import { openDb } from '@hc/db/client';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { createContext, type AppContext } from '../../apps/server/src/context.ts';
import { deploymentOf } from '@hc/db/deployment';

type Message =
  | { type: 'login'; id: number; email: string; password: string; address: string }
  | { type: 'sessions'; id: number; users: { userId: number; publisherId: number }[] }
  | { type: 'memory'; id: number }
  | { type: 'loop-start'; id: number }
  | { type: 'loop-stop'; id: number }
  | { type: 'bare-body'; body: string; contentType: string; headers?: Record<string, string> };

const send = (message: unknown) => process.send?.(message);

// A full collection before reading memory, without starting the process with --expose-gc.
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

let loopDelay: IntervalHistogram | null = null;

/** The bench-only messages that read the server's own costs (B6). */
async function answerProbe(message: Message, ctx: AppContext) {
  if (message.type === 'sessions') {
    const tokens = [];
    for (const user of message.users) {
      tokens.push(await ctx.sessions.create(user.userId, user.publisherId, { ip: '127.0.0.1' }));
    }
    send({ type: 'sessions', id: message.id, tokens });
  } else if (message.type === 'memory') {
    collectGarbage();
    collectGarbage();
    const { rss, heapUsed } = process.memoryUsage();
    send({ type: 'memory', id: message.id, rss, heapUsed });
  } else if (message.type === 'loop-start') {
    loopDelay?.disable();
    // 1 ms resolution: each sample includes that 1 ms; the default 10 ms would hide half the budget.
    loopDelay = monitorEventLoopDelay({ resolution: 1 });
    loopDelay.enable();
    send({ type: 'loop-start', id: message.id });
  } else if (message.type === 'loop-stop' && loopDelay) {
    loopDelay.disable();
    const toMs = (ns: number) => ns / 1e6;
    send({
      type: 'loop-stop',
      id: message.id,
      p50: toMs(loopDelay.percentile(50)),
      p99: toMs(loopDelay.percentile(99)),
      max: toMs(loopDelay.max),
    });
  }
}

async function startApp() {
  const ownDataDir = !process.env.BENCH_DATA_DIR;
  const dataDir = process.env.BENCH_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'hc-bench-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.BENCH_DATABASE_URL!,
    REDIS_URL: process.env.BENCH_REDIS_URL!,
    LOG_LEVEL: 'silent',
    // PostgreSQL runs on the same 2 cores as the server and the load: the setting such a deployment uses.
    DATABASE_POOL_SIZE: process.env.BENCH_POOL_SIZE ?? '4',
  });
  const handle = await openDb({
    databaseUrl: config.databaseUrl,
    poolSize: config.databasePoolSize,
    onIdleError: () => undefined,
  });
  const redis = new Redis(process.env.BENCH_REDIS_URL!, { keyPrefix: `${process.env.BENCH_PREFIX}:` });
  const changes = await handle.openChangeFeed();
  const ctx = createContext(config, handle.db, redis, changes, await deploymentOf(handle));
  const app = await buildApp(ctx, {
    logger: false,
    jobsPrefix: process.env.BENCH_PREFIX,
    serveWeb: process.env.BENCH_SERVE_WEB === '1',
    warmDatabase: true, // as main.ts does
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  // A bench child that cannot answer ends, so the parent sees it gone rather than waiting for the answer.
  const dieOn = (error: unknown) => {
    console.error(error);
    process.exit(1);
  };
  const onMessage = async (message: Message) => {
    if (message.type !== 'login') return answerProbe(message, ctx);
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/editor/login',
      payload: { email: message.email, password: message.password },
      remoteAddress: message.address,
    });
    const data = response.json().data as { email: string; token: string } | undefined;
    send({
      type: 'login',
      id: message.id,
      status: response.statusCode,
      email: data?.email,
      token: data?.token,
    });
  };
  process.on('message', (message: Message) => void onMessage(message).catch(dieOn));
  const stop = async () => {
    await app.close();
    await changes.close();
    redis.disconnect();
    await handle.close();
    if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop().catch(dieOn));
  const address = app.server.address();
  send({ type: 'ready', port: typeof address === 'object' && address ? address.port : 0 });
}

function startBare() {
  let body = Buffer.alloc(0);
  let headers: Record<string, string | number> = {};
  const server = http.createServer((_req, res) => {
    res.writeHead(200, headers);
    res.end(body);
  });
  process.on('message', (message: Message) => {
    if (message.type !== 'bare-body') return;
    body = Buffer.from(message.body, 'base64');
    // The headers it is sent (the route's own, for the same response), else only the content type.
    headers = { ...message.headers, 'content-type': message.contentType, 'content-length': body.length };
    send({ type: 'bare-body' });
  });
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    send({ type: 'ready', port: typeof address === 'object' && address ? address.port : 0 });
  });
}

/** Fastify with nothing of ours: no hooks, no plugins, the route's own headers set in its handler. */
async function startFramework() {
  let body = Buffer.alloc(0);
  let headers: Record<string, string> = {};
  const app = Fastify({ logger: false });
  app.get('/*', (_request, reply) => {
    void reply.headers(headers).send(body);
  });
  process.on('message', (message: Message) => {
    if (message.type !== 'bare-body') return;
    body = Buffer.from(message.body, 'base64');
    headers = { ...message.headers, 'content-type': message.contentType };
    send({ type: 'bare-body' });
  });
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  send({ type: 'ready', port: typeof address === 'object' && address ? address.port : 0 });
}

if (process.env.BENCH_MODE === 'bare') startBare();
else if (process.env.BENCH_MODE === 'framework') await startFramework();
else await startApp();
