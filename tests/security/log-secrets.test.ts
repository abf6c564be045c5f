// item 2 (second half): no log line holds a session token, a collab ticket or a
// password. A real server process logs at debug level while a session is used in headers, sent (wrongly)
// in a URL, and a ticket travels in the socket URL; then every line it wrote is searched.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { buildPublisher, buildUser } from '../support/factories.ts';
import { startServerProcess, stopProcesses, type ServerProcess } from '../support/processes.ts';
import { redisUrl } from '../support/services.ts';
import { buildStory } from '../support/story-factories.ts';

let database: TestDatabase;
let server: ServerProcess;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startServerProcess('server', {
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'hc-sec-logs-')),
    LOG_LEVEL: 'debug',
    RUN_WORKER: 'false',
    SEED_DEMO: 'false',
    SERVE_WEB: 'false',
  });
}, 120_000);

afterAll(async () => {
  if (server) await stopProcesses([server]);
  await database?.drop();
});

describe('server logs', () => {
  it('hold no token, ticket or password, whichever way they were sent', async () => {
    const publisher = await buildPublisher(database.handle.db);
    const user = await buildUser(database.handle.db, { publisherId: publisher.id, roles: ['stamp_manager'] });
    const story = await buildStory(database.handle.db, publisher.id);
    const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${server.url}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });

    const wrong = await post('/api/v1/auth/editor/login', {
      email: user.email,
      password: 'a wrong password',
    });
    expect(wrong.status).toBe(401);
    const login = await post('/api/v1/auth/editor/login', { email: user.email, password: user.password });
    expect(login.status).toBe(200);
    const { token } = ((await login.json()) as { data: { token: string } }).data;
    const headers = { 'x-user-email': user.email, 'x-user-token': token };

    expect((await fetch(`${server.url}/api/v1/editor/user_info/show`, { headers })).status).toBe(200);
    const inUrl = await fetch(`${server.url}/api/v1/editor/user_info/show?token=${token}`);
    expect(inUrl.status).toBe(401);
    const ticketResponse = await post('/api/v1/editor/collab/tickets', { doc: `story:${story.id}` }, headers);
    expect(ticketResponse.status).toBe(200);
    const { ticket } = ((await ticketResponse.json()) as { data: { ticket: string } }).data;
    await fetch(`${server.url}/collab/story:${story.id}?ticket=${ticket}`).catch(() => undefined);

    // The request log lines are written as the answers leave: give the last one a moment.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const log = server.lines.join('\n');
    expect(log).toContain('/api/v1/editor/user_info/show'); // the calls were logged at all
    for (const secret of [token, ticket, user.password, 'a wrong password'])
      expect(log).not.toContain(secret);
  });
});
