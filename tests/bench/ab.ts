// Diagnosis: two builds of the server measured side by side on one seeded bench database, turn about, on
// the same never-asked URLs (each server has its own answer cache, so both miss). On this shared machine a
// figure moves by half between minutes; a change shows only against its "before" measured in the same
// minutes. The other build is a checkout of the tree to compare with, with node_modules beside it:
//   git archive <commit> | tar -x -C /tmp/base   (and node_modules linked: see docs/performance.md)
//   BENCH_AB_BASE=/tmp/base node --import tsx tests/bench/ab.ts <database> [rounds] [seconds]
// Prints, per window kind, each round's p99/p95, p50, req/s and the server's CPU per answer for both.
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  distinctDraws,
  indexFirstPage,
  indexPages,
  listSizes,
  packagesList,
  reviewQueue,
  searchOf,
  verticalTasks,
  type Draw,
} from '@hc/db/seed/bench-query-mix';
import { redisUrl, databaseUrlFor } from '../support/services.ts';
import { median, runLoad } from './load.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const [database = 'hc_bench', roundsArg = '4', secondsArg = '8'] = process.argv.slice(2);
const base = process.env.BENCH_AB_BASE;
if (!base) throw new Error("BENCH_AB_BASE: the other build's root folder");
const ROUNDS = Number(roundsArg);
const SECONDS = Number(secondsArg);

interface Server {
  name: string;
  port: number;
  child: ChildProcess;
  headers: Record<string, string>;
}

async function start(name: string, root: string, k: number): Promise<Server> {
  const child = fork(path.join(root, 'tests', 'bench', 'server.ts'), [], {
    cwd: root,
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      BENCH_MODE: 'app',
      NODE_ENV: 'production',
      BENCH_DATABASE_URL: databaseUrlFor(database),
      BENCH_REDIS_URL: redisUrl,
      BENCH_PREFIX: `hc-bench-ab-${process.pid}-${name}`,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${name} exited (${code})`)));
    child.on('message', (m: { type: string; port?: number }) => m.type === 'ready' && resolve(m.port!));
  });
  child.removeAllListeners('exit');
  const login = await new Promise<{ status: number; email: string; token: string }>((resolve) => {
    child.on('message', (m: { type: string; status: number; email: string; token: string }) => {
      if (m.type === 'login') resolve(m);
    });
    child.send({
      type: 'login',
      id: 1,
      email: `user${k}@bench.example`,
      password: 'bench-password',
      address: `10.78.0.${k}`,
    });
  });
  if (login.status !== 200) throw new Error(`${name}: login ${login.status}`);
  return { name, port, child, headers: { 'x-user-email': login.email, 'x-user-token': login.token } };
}

const cpuSeconds = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

interface Round {
  p: number;
  p50: number;
  rps: number;
  cpuMs: number;
  errors: number;
}

async function window(server: Server, next: () => string, concurrency: number, p: 'p95' | 'p99') {
  const warm = await runLoad({
    port: server.port,
    headers: server.headers,
    next,
    concurrency,
    durationMs: 1000,
  });
  const cpu0 = cpuSeconds(server.child.pid!);
  const run = await runLoad({
    port: server.port,
    headers: server.headers,
    next,
    concurrency,
    durationMs: SECONDS * 1000,
  });
  const cpuMs = ((cpuSeconds(server.child.pid!) - cpu0) * 1000) / run.requests;
  return { p: run[p], p50: run.p50, rps: run.rps, cpuMs, errors: run.errors + warm.errors } as Round;
}

const fmt = (r: Round) =>
  `${r.p.toFixed(1)} ms (p50 ${r.p50.toFixed(1)}), ${r.rps.toFixed(0)} req/s, CPU ${r.cpuMs.toFixed(2)} ms/answer${r.errors ? `, ${r.errors} errors` : ''}`;

const today = new Date();
const kinds: { label: string; draw: Draw; concurrency: number; p: 'p95' | 'p99' }[] = [
  {
    label: 'B1 index page 1, filters, misses, 32 clients, p99',
    draw: indexFirstPage({ today }),
    concurrency: 32,
    p: 'p99',
  },
  {
    label: 'B1 OFFSET pages 1–200, misses, 8 clients, p99',
    draw: indexPages({ today }),
    concurrency: 8,
    p: 'p99',
  },
  {
    label: 'LIST packages, misses, 8 clients, p99',
    draw: packagesList(listSizes(1_000_000)),
    concurrency: 8,
    p: 'p99',
  },
  {
    label: 'LIST review queue, misses, 8 clients, p99',
    draw: reviewQueue,
    concurrency: 8,
    p: 'p99',
  },
  {
    label: 'LIST vertical tasks, misses, 8 clients, p99',
    draw: verticalTasks(listSizes(1_000_000)),
    concurrency: 8,
    p: 'p99',
  },
  {
    label: 'B4 typed prefixes, misses, 4 clients, p95',
    draw: searchOf('typed', { today }),
    concurrency: 4,
    p: 'p95',
  },
  {
    label: 'B4 a sport, misses, 4 clients, p95',
    draw: searchOf('broad', { today }),
    concurrency: 4,
    p: 'p95',
  },
];

const only = process.env.BENCH_AB_ONLY?.split(',');
const servers = [await start('before', base, 1), await start('after', path.join(here, '..', '..'), 2)];
try {
  for (const [k, kind] of kinds.entries()) {
    if (only && !only.some((o) => kind.label.startsWith(o))) continue;
    // The same URLs for both, in the same order: one stream per server from the same seed.
    const streams = servers.map(() => distinctDraws(9000 + k, kind.draw, new Set()));
    const results: Round[][] = [[], []];
    for (let round = 0; round < ROUNDS; round++) {
      // Turn about, and the first to go alternates.
      const order = round % 2 === 0 ? [0, 1] : [1, 0];
      for (const s of order) {
        results[s]!.push(await window(servers[s]!, streams[s]!, kind.concurrency, kind.p));
        console.log(
          `${kind.label} round ${round + 1} ${servers[s]!.name}: ${fmt(results[s]!.at(-1)!)}; load ${os.loadavg()[0]!.toFixed(1)}`,
        );
      }
    }
    for (const [s, server] of servers.entries()) {
      const rs = results[s]!;
      const ps = rs.map((r) => r.p);
      console.log(
        `SUMMARY ${kind.label} ${server.name}: median ${median(ps).toFixed(1)} ms (rounds ${Math.min(...ps).toFixed(1)}–${Math.max(...ps).toFixed(1)}), p50 median ${median(rs.map((r) => r.p50)).toFixed(1)} ms, ${median(rs.map((r) => r.rps)).toFixed(0)} req/s, CPU ${median(rs.map((r) => r.cpuMs)).toFixed(2)} ms/answer (rounds ${Math.min(...rs.map((r) => r.cpuMs)).toFixed(2)}–${Math.max(...rs.map((r) => r.cpuMs)).toFixed(2)})`,
      );
    }
  }
} finally {
  for (const s of servers) s.child.kill('SIGTERM');
}
