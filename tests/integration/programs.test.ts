// Dashboard v2 programs/index and program/{id}: role, publisher scope, search by name (word prefixes) or
// id (exact id or external id), server-side sort and paging, the capped count, bad input.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Program, ProgramDetail } from '@hc/shared/api/programs';
import { SEARCH_RESULT_LIMIT } from '@hc/shared/constants';
import { messages } from '@hc/shared/messages';
import { authOf, login, startTestApp, type TestApp } from '../support/app.ts';
import { buildProgram, buildProgramHighlight, buildPublisher, buildUser } from '../support/factories.ts';

type Headers = Record<string, string>;
let t: TestApp;
let live: Headers;
let viewer: Headers;
let admin: Headers;
let crowded: Headers;
let publisherId: number;
let final: { id: number; externalProgramId: string | null };
let foreignProgram: { id: number; externalProgramId: string | null };
const HOUR = 3_600_000;
const base = Date.UTC(2026, 10, 1);

const get = (url: string, headers: Headers) =>
  t.app.inject({ method: 'GET', url: `/api/v2/dashboard/${url}`, headers });
const list = async (query: string, headers = live) => {
  const response = await get(`programs/index?${query}`, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { programs: Program[]; count: number };
};
const names = (data: { programs: Program[] }) => data.programs.map((p) => p.program_name);

beforeAll(async () => {
  t = await startTestApp();
  const db = t.ctx.db;
  publisherId = (await buildPublisher(db)).id;
  const other = (await buildPublisher(db)).id;
  const crowdedPublisher = (await buildPublisher(db)).id;
  final = await buildProgram(db, publisherId, {
    programName: 'Champions League Final',
    externalProgramId: 'CL-2026-F',
    startTime: new Date(base + 5 * HOUR),
  });
  await buildProgram(db, publisherId, { programName: 'Champions Cup', startTime: new Date(base + 4 * HOUR) });
  await buildProgram(db, publisherId, { programName: 'Evening News', startTime: new Date(base + 3 * HOUR) });
  await buildProgram(db, publisherId, {
    programName: 'Weather Report',
    startTime: new Date(base + 2 * HOUR),
  });
  await buildProgram(db, publisherId, { programName: 'Ätna Live', startTime: new Date(base + 1 * HOUR) });
  foreignProgram = await buildProgram(db, other, {
    programName: 'Champions Secret',
    externalProgramId: 'SECRET-1',
  });
  // More than the count cap, in one statement.
  await db.execute(
    sql`insert into programs (publisher_id, program_name, channel, start_time)
        select ${crowdedPublisher}, 'Rerun ' || g, 'C', now() - make_interval(mins => g)
        from generate_series(1, ${SEARCH_RESULT_LIMIT + 5}) g`,
  );
  const session = async (options: Parameters<typeof buildUser>[1]) => {
    const user = await buildUser(db, options);
    return authOf(await login(t.app, user.email, user.password));
  };
  live = await session({ publisherId, roles: ['live_stream_publisher'] });
  viewer = await session({ publisherId, roles: ['editorial_manager', 'apv_article_admin'] });
  admin = await session({ publisherId, isAdmin: true });
  crowded = await session({ publisherId: crowdedPublisher, roles: ['live_stream_publisher'] });
});
afterAll(() => t.close());

describe('programs/index', () => {
  it('lists the publisher programs newest start first with the spec fields (start time in seconds)', async () => {
    const data = await list('');
    expect(data.count).toBe(5);
    expect(names(data)).toEqual([
      'Champions League Final',
      'Champions Cup',
      'Evening News',
      'Weather Report',
      'Ätna Live',
    ]);
    expect(data.programs[0]).toEqual({
      id: final.id,
      program_id: final.id,
      program_name: 'Champions League Final',
      title: 'Champions League Final',
      channel: 'Channel 1',
      external_program_id: 'CL-2026-F',
      start_time: (base + 5 * HOUR) / 1000,
    });
  });

  it('refuses callers without live_stream_publisher (403) and without a session (401); admin passes', async () => {
    const refused = await get('programs/index?sort_by=nonsense', viewer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ success: false, errors: [messages.forbidden] });
    expect((await get('programs/index', {})).statusCode).toBe(401);
    expect((await get(`program/${final.id}`, viewer)).statusCode).toBe(403);
    expect((await list('', admin)).count).toBe(5);
  });

  it('searches program names by word prefixes, case-insensitively, never another publisher', async () => {
    expect(names(await list('search_type=program_title&search_text=champ%20lea'))).toEqual([
      'Champions League Final',
    ]);
    const champ = await list('search_type=program_title&search_text=CHAMP');
    expect(names(champ)).toEqual(['Champions League Final', 'Champions Cup']);
    expect(champ.count).toBe(2);
    expect(names(await list('search_text=%C3%A4tna'))).toEqual(['Ätna Live']);
    expect((await list('search_text=secret')).count).toBe(0);
  });

  it('treats search text as plain words: tsquery syntax and punctuation cannot break the query', async () => {
    expect((await list(`search_text=${encodeURIComponent("news & | ! ( ' :*")}`)).count).toBe(1);
    expect((await list(`search_text=${encodeURIComponent('!!! ???')}`)).count).toBe(0);
    expect((await list('search_text=%20%20')).count).toBe(5); // blank: no filter
  });

  it('searches by program id: the exact id or the external id, within the publisher only', async () => {
    const byId = await list(`search_type=program_id&search_text=${final.id}`);
    expect(byId.programs.map((p) => p.id)).toEqual([final.id]);
    expect((await list('search_type=program_id&search_text=CL-2026-F')).programs.map((p) => p.id)).toEqual([
      final.id,
    ]);
    expect((await list('search_type=program_id&search_text=CL-2026')).count).toBe(0);
    expect((await list(`search_type=program_id&search_text=${foreignProgram.id}`)).count).toBe(0);
    expect((await list('search_type=program_id&search_text=SECRET-1')).count).toBe(0);
    expect((await list('search_type=program_id&search_text=99999999999999999999')).count).toBe(0);
    expect((await list('search_type=program_id&search_text=Champions')).count).toBe(0);
  });

  it('sorts on the server by name, id or start time in both directions', async () => {
    expect(names(await list('sort_by=program_name&order_by=asc'))).toEqual([
      'Champions Cup',
      'Champions League Final',
      'Evening News',
      'Weather Report',
      'Ätna Live',
    ]);
    const byIdDesc = (await list('sort_by=program_id&order_by=desc')).programs.map((p) => p.id);
    expect(byIdDesc).toEqual([...byIdDesc].sort((a, b) => b - a));
    expect(names(await list('sort_by=start_time&order_by=asc'))[0]).toBe('Ätna Live');
  });

  it('pages on the server (one-based) and keeps the count of the whole result', async () => {
    const first = await list('per=2&page=1&sort_by=program_name&order_by=asc');
    const second = await list('per=2&page=2&sort_by=program_name&order_by=asc');
    const third = await list('per=2&page=3&sort_by=program_name&order_by=asc');
    expect(names(first)).toEqual(['Champions Cup', 'Champions League Final']);
    expect(names(second)).toEqual(['Evening News', 'Weather Report']);
    expect(names(third)).toEqual(['Ätna Live']);
    expect([first.count, second.count, third.count]).toEqual([5, 5, 5]);
    expect((await list('per=2&page=9')).programs).toEqual([]);
  });

  it('caps the count just above the search limit instead of counting everything', async () => {
    const data = await list('per=3&search_text=rerun', crowded);
    expect(data.count).toBe(SEARCH_RESULT_LIMIT + 1);
    expect(data.programs).toHaveLength(3);
  });

  it.each([
    ['sort_by=nonsense'],
    ['order_by=up'],
    ['search_type=program_name'],
    ['page=0'],
    ['page=-1'],
    ['per=0'],
    ['per=5000'],
    ['per=abc'],
    [`search_text=${'x'.repeat(500)}`],
  ])('refuses bad input %s with 400', async (query) => {
    const response = await get(`programs/index?${query}`, live);
    expect(response.statusCode).toBe(400);
    expect(response.json().success).toBe(false);
  });
});

describe('program/{id}', () => {
  it('answers the program with its highlights newest first and extension-less video URLs', async () => {
    const older = await buildProgramHighlight(t.ctx.db, final.id, {
      createdAt: new Date(base + 6 * HOUR),
      segmentId: 'seg-a',
      type: 'goal',
    });
    const newer = await buildProgramHighlight(t.ctx.db, final.id, {
      createdAt: new Date(base + 7 * HOUR),
      segmentId: 'seg-b',
      type: 'save',
      thumbnailPath: null,
    });
    const response = await get(`program/${final.id}`, live);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data as ProgramDetail;
    expect(data).toMatchObject({
      program_id: final.id,
      program_title: 'Champions League Final',
      channel: 'Channel 1',
      start_time: (base + 5 * HOUR) / 1000,
    });
    expect(data.hlt_list.map((h) => h.hld_id)).toEqual([newer.hldId, older.hldId]);
    const [first, second] = data.hlt_list;
    expect(first).toMatchObject({
      segment_id: 'seg-b',
      type: 'save',
      thumbnail: null,
      created_at: (base + 7 * HOUR) / 1000,
    });
    expect(second!.hld_url).toMatch(/\/media\/programs\/\d+\/clip-\d+$/);
    expect(second!.video).toBe(second!.hld_url);
    expect(second!.thumbnail).toMatch(/\.jpg$/);
  });

  it("answers 404 for another publisher's program and for unknown ids, 400 for a malformed id", async () => {
    expect((await get(`program/${foreignProgram.id}`, live)).statusCode).toBe(404);
    expect((await get('program/987654321', live)).statusCode).toBe(404);
    expect((await get('program/abc', live)).statusCode).toBe(400);
    expect((await get('program/-4', live)).statusCode).toBe(400);
    expect((await get(`program/${final.id}`, admin)).statusCode).toBe(200);
  });
});
