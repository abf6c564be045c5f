// CSV exports of the lists: the list's own filters and sort over every page, only the caller's
// publisher's rows, cells neutralised so a spreadsheet never runs them, and the row cap.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@hc/db/schema';
import { EXPORT_ROW_CAP } from '@hc/shared/constants';
import { messages } from '@hc/shared/messages';
import { authOf, login, startTestApp, type TestApp } from '../support/app.ts';
import {
  buildHighlights,
  buildPackage,
  buildProgram,
  buildPublisher,
  buildUser,
} from '../support/factories.ts';

let t: TestApp;
let editor: Record<string, string>;
let syndicator: Record<string, string>;

const get = (url: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: `/api/v1/editor/${url}`, headers });

const session = async (options: Parameters<typeof buildUser>[1]) => {
  const user = await buildUser(t.ctx.db, options);
  return authOf(await login(t.app, user.email, user.password));
};

/** The file's rows as cells (a minimal reader: the test data holds no newline inside a cell). */
function parseCsv(body: string): string[][] {
  expect(body.startsWith('\ufeff')).toBe(true);
  return body
    .slice(1)
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => {
      const cells: string[] = [];
      let cell = '';
      let quoted = false;
      for (let i = 0; i < line.length; i += 1) {
        const c = line[i]!;
        if (quoted) {
          if (c === '"' && line[i + 1] === '"') {
            cell += '"';
            i += 1;
          } else if (c === '"') quoted = false;
          else cell += c;
        } else if (c === '"') quoted = true;
        else if (c === ',') {
          cells.push(cell);
          cell = '';
        } else cell += c;
      }
      cells.push(cell);
      return cells;
    });
}

const column = (rows: string[][], header: string) => {
  const index = rows[0]!.indexOf(header);
  expect(index).toBeGreaterThanOrEqual(0);
  return rows.slice(1).map((r) => r[index]);
};

beforeAll(async () => {
  t = await startTestApp();
  const [group] = await t.ctx.db.insert(schema.publisherGroups).values({ name: 'Export Group' }).returning();
  const own = await buildPublisher(t.ctx.db, { groupId: group!.id });
  const other = await buildPublisher(t.ctx.db, { groupId: group!.id });
  const pkg = async (publisherId: number, name: string, clicks: number, packageType: 'auto' | 'user') => {
    const ids = (await buildHighlights(t.ctx.db, publisherId, 3, { durationSeconds: 5 })).map((h) => h.id);
    await buildPackage(t.ctx.db, publisherId, {
      highlightIds: ids,
      name,
      status: 'Active',
      packageClicks: clicks,
      packageType,
    });
  };
  await pkg(own.id, 'Alpha reel', 10, 'user');
  await pkg(own.id, 'Beta reel', 30, 'user');
  await pkg(own.id, 'Gamma reel', 20, 'auto');
  await pkg(own.id, '=HYPERLINK("http://evil.example","click")', 5, 'user');
  await pkg(own.id, '+1+2', 1, 'user');
  await pkg(own.id, '-3 reel, "quoted"', 2, 'user');
  await pkg(own.id, '@SUM(A1)', 3, 'user');
  await pkg(own.id, '\tTabbed', 4, 'user');
  await pkg(other.id, 'Other publisher reel', 99, 'user');

  editor = await session({ publisherId: own.id, roles: ['editorial_manager'] });
  syndicator = await session({ publisherId: own.id, roles: ['syndication_publisher'] });
});
afterAll(() => t.close());

describe('GET packages/export.csv', () => {
  it('downloads the list with its filters and sort, as a CSV attachment', async () => {
    const response = await get('packages/export.csv?type=user&q=reel&order_by=package_clicks_desc', editor);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="packages.csv"');
    const rows = parseCsv(response.body);
    expect(rows[0]!.slice(0, 3)).toEqual(['Type', 'Id', 'Title']);
    // Gamma is auto (filtered out); the other publisher's reel is never there.
    expect(column(rows, 'Title')).toEqual(['Beta reel', 'Alpha reel', '\'-3 reel, "quoted"']);
    expect(column(rows, 'Clicks')).toEqual(['30', '10', '2']);

    const byName = parseCsv((await get('packages/export.csv?order_by=name_asc&type=auto', editor)).body);
    expect(column(byName, 'Title')).toEqual(['Gamma reel']);
  });

  it('never holds another publisher’s rows', async () => {
    const rows = parseCsv((await get('packages/export.csv', editor)).body);
    expect(rows).toHaveLength(1 + 8);
    expect(rows.flat().join(' ')).not.toContain('Other publisher');
  });

  it('neutralises every cell a spreadsheet would run as a formula', async () => {
    const titles = column(
      parseCsv((await get('packages/export.csv?order_by=name_asc', editor)).body),
      'Title',
    );
    expect(titles).toEqual(
      expect.arrayContaining([
        '\'=HYPERLINK("http://evil.example","click")',
        "'+1+2",
        "'@SUM(A1)",
        "'\tTabbed",
      ]),
    );
    for (const title of titles) expect(title).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('validates the query like the list and needs the list’s role', async () => {
    const bad = await get('packages/export.csv?order_by=bogus_asc', editor);
    expect(bad.statusCode).toBe(400);
    expect((await get('packages/export.csv', syndicator)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/editor/packages/export.csv' })).statusCode,
    ).toBe(401);
  });
});

describe('GET syndication/export.csv', () => {
  it('holds the group peers’ Active packages only, never the caller’s own', async () => {
    const response = await get('syndication/export.csv?order_by=package_clicks_desc', syndicator);
    expect(response.statusCode, response.body).toBe(200);
    expect(column(parseCsv(response.body), 'Title')).toEqual(['Other publisher reel']);
  });
});

describe('GET highlights/export.csv', () => {
  it('honours the status filter and the sort, holds the caller’s highlights only, neutralised', async () => {
    const publisher = await buildPublisher(t.ctx.db);
    const other = await buildPublisher(t.ctx.db);
    const reader = await session({ publisherId: publisher.id, roles: ['editorial_manager'] });
    await buildHighlights(t.ctx.db, publisher.id, 1, { title: 'Quiet one', nonUniqRegularClicks: 1 });
    await buildHighlights(t.ctx.db, publisher.id, 1, { title: '=cmd|calc', nonUniqRegularClicks: 9 });
    await buildHighlights(t.ctx.db, publisher.id, 1, {
      title: 'Switched off',
      nonUniqRegularClicks: 5,
      articleActive: false,
    });
    await buildHighlights(t.ctx.db, other.id, 1, { title: 'Not yours', nonUniqRegularClicks: 7 });

    const response = await get(
      'highlights/export.csv?status=active&order_by=non_uniq_regular_clicks_desc',
      reader,
    );
    expect(response.statusCode, response.body).toBe(200);
    const rows = parseCsv(response.body);
    expect(column(rows, 'Title')).toEqual(["'=cmd|calc", 'Quiet one']);
    expect(column(rows, 'Front Page Clicks')).toEqual(['9', '1']);
    expect((await get('highlights/export.csv?order_by=nope', reader)).statusCode).toBe(400);
  });
});

describe('GET programs/export.csv', () => {
  it('honours the search and sort and holds the caller’s programs only', async () => {
    const publisher = await buildPublisher(t.ctx.db);
    const other = await buildPublisher(t.ctx.db);
    const streamer = await session({ publisherId: publisher.id, roles: ['live_stream_publisher'] });
    await buildProgram(t.ctx.db, publisher.id, { programName: 'Evening news', channel: '@channel' });
    await buildProgram(t.ctx.db, publisher.id, { programName: 'Morning news' });
    await buildProgram(t.ctx.db, publisher.id, { programName: 'Weather' });
    await buildProgram(t.ctx.db, other.id, { programName: 'Foreign news' });

    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v2/dashboard/programs/export.csv?search_text=news&sort_by=program_name&order_by=asc',
      headers: streamer,
    });
    expect(response.statusCode, response.body).toBe(200);
    const rows = parseCsv(response.body);
    expect(column(rows, 'Program')).toEqual(['Evening news', 'Morning news']);
    expect(column(rows, 'Channel')[0]).toBe("'@channel");
  });
});

describe('the export cap', () => {
  it(`refuses a list past ${EXPORT_ROW_CAP} rows with a clear message, and exports one at the cap`, async () => {
    const capPublisher = await buildPublisher(t.ctx.db);
    const capEditor = await session({ publisherId: capPublisher.id, roles: ['editorial_manager'] });
    const values = Array.from({ length: EXPORT_ROW_CAP + 1 }, (_, i) => ({
      embedId: `cap${capPublisher.id.toString(36)}-${i.toString(36)}`,
      publisherId: capPublisher.id,
      name: `Cap ${i}`,
      status: 'Active' as const,
    }));
    for (let i = 0; i < values.length; i += 2000) {
      await t.ctx.db.insert(schema.packages).values(values.slice(i, i + 2000));
    }

    const refused = await get('packages/export.csv', capEditor);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ success: false, errors: [messages.exportTooLarge] });

    await t.ctx.db
      .update(schema.packages)
      .set({ status: 'Archive' })
      .where(eq(schema.packages.embedId, values[0]!.embedId));
    const full = await get('packages/export.csv', capEditor);
    expect(full.statusCode).toBe(200);
    const rows = parseCsv(full.body);
    expect(rows).toHaveLength(1 + EXPORT_ROW_CAP);
    expect(new Set(column(rows, 'Id')).size).toBe(EXPORT_ROW_CAP);
  });
});
