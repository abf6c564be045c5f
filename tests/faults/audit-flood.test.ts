// One reviewer floods POST audit_log/create through two real server processes, from several concurrent
// loops, with entries as large as allowed, while an editor of another publisher uses the REST API.
// Measured from outside: what the flood got written (rows in the append-only audit log), the answers it
// got, and the other publisher's REST latency. Before the bound, anyone could write 100 rows of 20 KB in
// 0.7 s, forever; now the rows stay within the per-user rate whatever the flood does, and the rate is
// one count for the user across processes (Redis). Bounds are loose on purpose (a loaded CI machine).
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@hc/db/schema';
import { jsonBytes } from '@hc/shared/api/audit';
import { CLIENT_AUDIT_PAYLOAD_MAX_BYTES, CLIENT_AUDIT_RATE } from '@hc/shared/constants';
import { auditEntriesWithin } from '../../apps/server/src/features/audit/rate-limit.ts';
import { editLogEntryBody } from '../support/audit-entries.ts';
import { collabServerEnv, loginAt, type Session } from '../support/collab-processes.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { buildHighlights, buildPackage, buildPublisher, buildUser } from '../support/factories.ts';
import { startServerProcess, stopProcesses, type ServerProcess } from '../support/processes.ts';
import { buildVerticalTask } from '../support/vertical-factories.ts';

const FLOOD_MS = 8_000;
const FLOODING_LOOPS = 8;

let database: TestDatabase;
let servers: ServerProcess[];
let flooder: Session;
let flooderId: number;
let victim: Session;
let videoId: number;
let victimPackageId: string;

/** An entry padded to just under the payload bound: the most a caller may write in one row. */
function largestEntry(frame: number) {
  const body = editLogEntryBody(videoId, { frame, note: '' });
  const room = CLIENT_AUDIT_PAYLOAD_MAX_BYTES - jsonBytes(body.payload) - 16;
  return editLogEntryBody(videoId, { frame, note: 'x'.repeat(room) });
}

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.handle.db;
  const flooderPublisher = await buildPublisher(db);
  const victimPublisher = await buildPublisher(db);
  const flooderUser = await buildUser(db, { publisherId: flooderPublisher.id, roles: ['switch_publisher'] });
  flooderId = flooderUser.id;
  const victimUser = await buildUser(db, { publisherId: victimPublisher.id, roles: ['editorial_manager'] });
  ({ videoId } = await buildVerticalTask(db, { publisherId: flooderPublisher.id }));
  const theirs = await buildHighlights(db, victimPublisher.id, 3);
  victimPackageId = (await buildPackage(db, victimPublisher.id, { highlightIds: theirs.map((h) => h.id) }))
    .embedId;
  const started = await Promise.allSettled(
    ['audit flood A', 'audit flood B'].map(async (name) =>
      startServerProcess(name, await collabServerEnv(database.url)),
    ),
  );
  servers = started.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const failure = started.find((r) => r.status === 'rejected');
  if (failure) throw (failure as PromiseRejectedResult).reason;
  flooder = await loginAt(servers[0]!.url, flooderUser.email);
  victim = await loginAt(servers[1]!.url, victimUser.email);
}, 150_000);

afterAll(async () => {
  if (servers) await stopProcesses(servers);
  await database?.drop();
});

describe('an audit-log flood on real servers', () => {
  it('writes no more rows than the per-user rate allows, across processes, and the other publisher is served', async () => {
    const statuses = new Map<number, number>();
    const rest: number[] = [];
    const startedAt = performance.now();
    let flooding = true;
    let sent = 0;

    const floods = Array.from({ length: FLOODING_LOOPS }, async (_, loop) => {
      for (let i = 0; flooding; i += 1) {
        const server = servers[(loop + i) % servers.length]!;
        const response = await fetch(`${server.url}/api/v1/editor/audit_log/create`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...flooder },
          body: JSON.stringify(largestEntry(sent++)),
        });
        await response.arrayBuffer();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      }
    });
    const victimWork = (async () => {
      for (let i = 0; flooding; i += 1) {
        const server = servers[i % servers.length]!;
        const started = performance.now();
        const response = await fetch(`${server.url}/api/v1/editor/packages/${victimPackageId}`, {
          headers: victim,
        });
        await response.arrayBuffer();
        rest.push(performance.now() - started);
        expect(response.status).toBe(200);
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, FLOOD_MS));
    flooding = false;
    await Promise.all([...floods, victimWork]);
    const elapsedMs = performance.now() - startedAt;

    const [rows] = await database.handle.db
      .select({ n: count() })
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.userId, flooderId), eq(schema.auditLog.source, 'client')));
    const written = rows!.n;
    const accepted = statuses.get(201) ?? 0;
    const limited = statuses.get(429) ?? 0;
    const bound = auditEntriesWithin(elapsedMs / 60_000);
    const sorted = [...rest].sort((a, b) => a - b);
    const p50 = Math.round(sorted[Math.floor(sorted.length / 2)]!);
    const max = Math.round(sorted.at(-1)!);
    console.log(
      `audit flood: ${sent} requests in ${Math.round(elapsedMs)} ms through ${servers.length} processes ` +
        `(${Math.round((sent * 1000) / elapsedMs)}/s); answers ${JSON.stringify(Object.fromEntries(statuses))}; ` +
        `rows written ${written} (bound ${bound}: ${CLIENT_AUDIT_RATE.perMinute}/min + ` +
        `${CLIENT_AUDIT_RATE.burstExtra} per ${CLIENT_AUDIT_RATE.burstWindowSeconds} s), ` +
        `~${Math.round((written * CLIENT_AUDIT_PAYLOAD_MAX_BYTES) / 1024)} KiB at most; other publisher REST ` +
        `p50 ${p50} ms, max ${max} ms over ${rest.length} calls`,
    );

    // Nothing but accepted entries and refusals for the rate; every accepted one is a row, no more.
    expect([...statuses.keys()].sort()).toEqual([201, 429]);
    expect(written).toBe(accepted);
    // The burst was all used (the flood is far past it), and no more than the rate allows was written,
    // although the flood went through two processes.
    expect(written).toBeGreaterThanOrEqual(CLIENT_AUDIT_RATE.perMinute + CLIENT_AUDIT_RATE.burstExtra);
    expect(written).toBeLessThanOrEqual(bound);
    expect(limited).toBeGreaterThan(written);
    // The other publisher was served throughout.
    expect(rest.length).toBeGreaterThan(5);
    expect(max).toBeLessThan(2_000);
  });
});
