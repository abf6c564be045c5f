// Package names (per publisher, among the listed packages) and embed names (per publisher) are unique the
// way users read them: trimmed and in any case. Unique indexes decide, so saves racing for one name get
// exactly one winner and a 409 with the message for the other, never a 500. The migration that adds the
// indexes first renames the duplicates an existing database may hold.
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, migrationsFolder, queryRows } from '@hc/db/client';
import { schema } from '@hc/db/schema';
import type { Package, PackageStatus } from '@hc/shared/api/packages';
import { embedNameInUse, packageNameInUse } from '@hc/shared/messages';
import { authOf, login, startTestApp, type TestApp } from '../support/app.ts';
import { buildHighlights, buildPackage, buildPublisher, buildUser } from '../support/factories.ts';
import { committedJournal, createEmptyDatabase } from '../support/schema-catalogue.ts';

let t: TestApp;
let publisherId: number;
let editor: Record<string, string>;
let otherEditor: Record<string, string>;
let own: number[];
let foreign: number[];

type Headers = Record<string, string>;
const call = (method: 'POST' | 'PUT', url: string, h: Headers, payload: object) =>
  t.app.inject({ method, url: `/api/v1/editor/${url}`, headers: h, payload });

const write = (name: string, extra: Record<string, unknown> = {}, ids = own) => ({
  name,
  highlights: ids.map((id) => ({ id, title: `Clip ${id}` })),
  ...extra,
});
const create = async (name: string, extra: Record<string, unknown> = {}) => {
  const response = await call('POST', 'packages', editor, write(name, extra));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as Package;
};
const errorsOf = (response: { json(): unknown }) => (response.json() as { errors: string[] }).errors;
const countNamed = async (name: string) =>
  (
    await t.ctx.db
      .select()
      .from(schema.packages)
      .where(and(eq(schema.packages.publisherId, publisherId), sql`lower(name) = lower(${name})`))
  ).length;

beforeAll(async () => {
  t = await startTestApp();
  publisherId = (await buildPublisher(t.ctx.db)).id;
  const otherPublisherId = (await buildPublisher(t.ctx.db)).id;
  const session = async (options: Parameters<typeof buildUser>[1]) => {
    const user = await buildUser(t.ctx.db, options);
    return authOf(await login(t.app, user.email, user.password));
  };
  editor = await session({ publisherId, roles: ['editorial_manager'] });
  otherEditor = await session({ publisherId: otherPublisherId, roles: ['editorial_manager'] });
  own = (await buildHighlights(t.ctx.db, publisherId, 3)).map((h) => h.id);
  foreign = (await buildHighlights(t.ctx.db, otherPublisherId, 3)).map((h) => h.id);
});
afterAll(() => t.close());

describe('package names', () => {
  it('refuses a second package with the same name: 409 naming it', async () => {
    await create('Derby day');
    const again = await call('POST', 'packages', editor, write('Derby day'));
    expect(again.statusCode).toBe(409);
    expect(errorsOf(again)).toEqual([packageNameInUse('Derby day')]);
    expect(await countNamed('Derby day')).toBe(1);
  });

  it('compares names trimmed and in any case', async () => {
    await create('Cup final');
    for (const name of ['CUP FINAL', '  cup final  ', 'Cup Final ']) {
      const response = await call('POST', 'packages', editor, write(name));
      expect(response.statusCode, name).toBe(409);
      expect(errorsOf(response), name).toEqual([packageNameInUse(name.trim())]);
    }
  });

  it('lets another publisher use the same name', async () => {
    await create('Shared title');
    const elsewhere = await call('POST', 'packages', otherEditor, write('Shared title', {}, foreign));
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);
  });

  it('refuses a rename onto a name in use, and lets a package change the case of its own name', async () => {
    await create('Taken name');
    const pkg = await create('Free name');
    const onto = await call('PUT', `packages/${pkg.embed_id}`, editor, write(' taken NAME '));
    expect(onto.statusCode).toBe(409);
    expect(errorsOf(onto)).toEqual([packageNameInUse('taken NAME')]);
    const recased = await call('PUT', `packages/${pkg.embed_id}`, editor, write('FREE NAME'));
    expect(recased.statusCode, recased.body).toBe(200);
    expect(recased.json().data.name).toBe('FREE NAME');
  });

  it('frees the name of an archived package', async () => {
    const pkg = await create('Old reel');
    expect((await call('PUT', `packages/${pkg.embed_id}`, editor, { status: 'Archive' })).statusCode).toBe(
      200,
    );
    expect((await create('old reel')).name).toBe('old reel');
  });

  it('lets exactly one of two racing creates of one name through; the other gets the 409', async () => {
    for (let round = 0; round < 3; round++) {
      const name = `Racing name ${round}`;
      const answers = await Promise.all([
        call('POST', 'packages', editor, write(name)),
        call('POST', 'packages', editor, write(name.toUpperCase())),
      ]);
      expect(answers.map((a) => a.statusCode).sort(), answers.map((a) => a.body).join('\n')).toEqual([
        201, 409,
      ]);
      const refused = answers.find((a) => a.statusCode === 409)!;
      expect([[packageNameInUse(name)], [packageNameInUse(name.toUpperCase())]]).toContainEqual(
        errorsOf(refused),
      );
      expect(await countNamed(name)).toBe(1);
    }
  });

  it('lets exactly one of two racing renames onto one name through', async () => {
    const [a, b] = [await create('Rename source A'), await create('Rename source B')];
    const answers = await Promise.all([
      call('PUT', `packages/${a.embed_id}`, editor, write('Renamed together')),
      call('PUT', `packages/${b.embed_id}`, editor, write('renamed together')),
    ]);
    expect(answers.map((r) => r.statusCode).sort(), answers.map((r) => r.body).join('\n')).toEqual([
      200, 409,
    ]);
    expect(await countNamed('Renamed together')).toBe(1);
  });
});

describe('embed names', () => {
  it('refuses an embed name in another case with the catalogue message', async () => {
    await create('Alias owner', { alias: 'audit-x' });
    const response = await call('POST', 'packages', editor, write('Alias thief', { alias: 'AUDIT-X' }));
    expect(response.statusCode).toBe(409);
    expect(errorsOf(response)).toEqual(['The Embed name "AUDIT-X" is already in use']);
    const spaced = await call('POST', 'packages', editor, write('Alias thief', { alias: ' Audit-X ' }));
    expect(spaced.statusCode).toBe(409);
    expect(errorsOf(spaced)).toEqual([embedNameInUse('Audit-X')]);
  });

  it('lets exactly one of two racing creates of one embed name through', async () => {
    const answers = await Promise.all([
      call('POST', 'packages', editor, write('Race alias one', { alias: 'race-alias' })),
      call('POST', 'packages', editor, write('Race alias two', { alias: 'RACE-ALIAS' })),
    ]);
    expect(answers.map((a) => a.statusCode).sort(), answers.map((a) => a.body).join('\n')).toEqual([
      201, 409,
    ]);
    const refused = answers.find((a) => a.statusCode === 409)!;
    expect([[embedNameInUse('race-alias')], [embedNameInUse('RACE-ALIAS')]]).toContainEqual(
      errorsOf(refused),
    );
  });

  it('lets another publisher use the same embed name', async () => {
    await create('Alias home', { alias: 'shared-alias' });
    const elsewhere = await call(
      'POST',
      'packages',
      otherEditor,
      write('Alias home', { alias: 'Shared-Alias' }, foreign),
    );
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);
  });
});

describe('the migration adding the unique indexes', () => {
  it('renames existing duplicates (oldest keeps its name) so it applies, and records each rename', async () => {
    const database = await createEmptyDatabase();
    const folder = await mkdtemp(path.join(tmpdir(), 'hc-migrations-'));
    try {
      // The release before: every migration up to the one that adds the indexes.
      const at = committedJournal.entries.findIndex((e) => e.tag.endsWith('_package_names_unique'));
      expect(at).toBeGreaterThan(0);
      await cp(migrationsFolder, folder, { recursive: true });
      await writeFile(
        path.join(folder, 'meta', '_journal.json'),
        JSON.stringify({ ...committedJournal, entries: committedJournal.entries.slice(0, at) }),
      );
      const { handle } = database;
      const { db } = handle;
      await migrate(handle, folder);

      const publisher = await buildPublisher(db);
      const other = await buildPublisher(db);
      const day = (n: number) => new Date(Date.UTC(2026, 0, n));
      const plant = (
        embedId: string,
        name: string,
        alias: string | null,
        n: number,
        status: PackageStatus = 'Active',
      ) =>
        buildPackage(db, publisher.id, {
          highlightIds: [],
          embedId,
          name,
          alias,
          status,
          createdAt: day(n),
          updatedAt: day(n),
        });
      await plant('keep1', 'Derby', 'derby', 1);
      await plant('dup1a', 'DERBY ', 'Derby', 2);
      await plant('dup1b', ' derby', ' DERBY ', 3);
      // Already holding the first free suffix: the next duplicate skips it.
      await plant('held2', 'derby (2)', 'derby-2', 4);
      // Archived packages do not hold their name, but keep their embed name.
      await plant('arch1', 'derby', 'archived-x', 5, 'Archive');
      await plant('arch2', 'Other', 'Archived-X', 6);
      // A long embed name stays within 30 characters.
      await plant('long1', 'Long one', 'a'.repeat(30), 7);
      await plant('long2', 'Long two', 'A'.repeat(30), 8);
      await buildPackage(db, other.id, { highlightIds: [], embedId: 'else1', name: 'Derby', alias: 'derby' });

      await migrate(handle);

      const rows = await queryRows<{
        embed_id: string;
        name: string;
        alias: string | null;
        changed: boolean;
      }>(
        db,
        sql`select embed_id, name, alias, updated_at > created_at + interval '1 day' as changed
            from packages order by embed_id`,
      );
      const byId = Object.fromEntries(rows.map((r) => [r.embed_id, r]));
      expect(byId.keep1).toMatchObject({ name: 'Derby', alias: 'derby', changed: false });
      expect(byId.dup1a).toMatchObject({ name: 'DERBY (3)', alias: 'Derby-3', changed: true });
      expect(byId.dup1b).toMatchObject({ name: 'derby (4)', alias: 'DERBY-4', changed: true });
      expect(byId.held2).toMatchObject({ name: 'derby (2)', alias: 'derby-2', changed: false });
      expect(byId.arch1).toMatchObject({ name: 'derby', alias: 'archived-x', changed: false });
      expect(byId.arch2).toMatchObject({ name: 'Other', alias: 'Archived-X-2' });
      expect(byId.long1).toMatchObject({ alias: 'a'.repeat(30) });
      expect(byId.long2).toMatchObject({ alias: `${'A'.repeat(28)}-2` });
      expect(byId.else1).toMatchObject({ name: 'Derby', alias: 'derby' });

      const audits = await queryRows<{ object_id: string; payload: unknown }>(
        db,
        sql`select object_id, payload from audit_log where action_name = 'rename_duplicate'
            order by object_id, id`,
      );
      expect(audits).toContainEqual({
        object_id: 'dup1a',
        payload: { before: { name: 'DERBY ' }, after: { name: 'DERBY (3)' } },
      });
      expect(audits).toContainEqual({
        object_id: 'long2',
        payload: { before: { alias: 'A'.repeat(30) }, after: { alias: `${'A'.repeat(28)}-2` } },
      });

      // The indexes are in place: a case variant of a kept name is refused by the database itself.
      await expect(
        plant('late1', 'dERBY', null, 9).then(
          () => 'inserted',
          (error: { cause?: { code?: string } }) => error.cause?.code,
        ),
      ).resolves.toBe('23505');
    } finally {
      await database.drop();
      await rm(folder, { recursive: true, force: true });
    }
  });
});
