// B7: 50 reviewers race for one vertical task's lock, round after round, through the real server: every
// round exactly one acquisition may succeed (the others get 409), then the winner releases.
import http from 'node:http';
import { request, summarize } from './load.ts';
import type { BenchServer } from './processes.ts';
import { ms, type BenchRow } from './results.ts';

export interface LockBenchContext {
  app: BenchServer;
  racers: Record<string, string>[];
  /** A vertical task of the racers' publisher. */
  videoId: number;
  rounds: number;
  log: (line: string) => void;
}

export async function benchLocks(c: LockBenchContext): Promise<BenchRow> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: c.racers.length });
  const path = `/api/v1/editor/vertical_tasks/${c.videoId}/lock`;
  const all: number[] = [];
  const winners: number[] = [];
  const badRounds: string[] = [];
  const started = performance.now();
  try {
    for (let round = 0; round < c.rounds; round++) {
      const answers = await Promise.all(
        c.racers.map(async (headers) => {
          const t0 = performance.now();
          const res = await request(agent, { port: c.app.port, method: 'POST', headers }, path);
          const elapsed = performance.now() - t0;
          all.push(elapsed);
          return { headers, status: res.status, body: res.body, elapsed };
        }),
      );
      const won = answers.filter((a) => a.status === 200);
      const others = answers.filter((a) => a.status !== 200 && a.status !== 409);
      if (won.length !== 1 || others.length) {
        badRounds.push(
          `round ${round}: ${won.length} holders, other statuses ${others.map((o) => o.status).join(',')}`,
        );
      }
      for (const winner of won) {
        winners.push(winner.elapsed);
        const { fence } = (JSON.parse(winner.body.toString()) as { data: { fence: number } }).data;
        const freed = await request(
          agent,
          { port: c.app.port, method: 'DELETE', headers: winner.headers, body: JSON.stringify({ fence }) },
          path,
        );
        if (freed.status !== 200) badRounds.push(`round ${round}: release answered ${freed.status}`);
      }
      if ((round + 1) % 250 === 0) c.log(`B7 round ${round + 1}/${c.rounds}`);
    }
  } finally {
    agent.destroy();
  }
  const seconds = (performance.now() - started) / 1000;
  const acquire = summarize(all, seconds);
  const winner = summarize(winners, seconds);
  return {
    id: 'B7',
    figure: `task lock: ${c.racers.length} clients race for one task, ${c.rounds} rounds; acquire p99 (every call)`,
    value: `${badRounds.length === 0 ? 'one holder every round' : `${badRounds.length} bad rounds`}; ${ms(acquire.p99)}`,
    budget: 'one holder; ≤ 20 ms',
    reference: `winner's acquire p99 ${ms(winner.p99)}, p50 of all ${ms(acquire.p50)}`,
    ratio: null,
    pass: badRounds.length === 0 && acquire.p99 <= 20,
    details: { acquire, winner, badRounds: badRounds.slice(0, 20) },
  };
}
