// The audit log as a tool: GET monetization_audit's filters (user, action, object, field, words), the
// CSV export (the same filters, formulas neutralised, capped), and POST monetization_audit/:id/revert,
// which sets one config field back to its value before an entry through the grid's own checks: the rules
// (a value the grid would refuse is refused), the version (a field changed since is a conflict with the
// reason), and the audit (the revert is an entry of its own). Admins only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { schema } from '@hc/db/schema';
import type { GridSubmitData } from '@hc/shared/api/ad-grid';
import type { AuditEntry } from '@hc/shared/api/monetization';
import { auditToolMessages } from '@hc/shared/messages';
import { applyGridChanges } from '@hc/monetization/grid';
import { MonetizationRepository } from '../../apps/server/src/features/monetization/repo.ts';
import { authOf, login, startTestApp, type TestApp } from '../support/app.ts';
import { buildUser } from '../support/factories.ts';
import { buildConfiguredPublisher } from '../support/monetization-factories.ts';

let t: TestApp;
let admin: Record<string, string>;
let editor: Record<string, string>;
let publisherId: number;
let placementId: number;

const api = (method: 'GET' | 'POST', url: string, headers = admin, payload?: object) =>
  t.app.inject({ method, url: `/api/v1/editor/${url}`, headers, payload });
const audits = async (query: string) => {
  const res = await api('GET', `monetization_audit?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.audits as AuditEntry[];
};

/** A change of the placement's video config made the way the grid makes it, by `email`. */
async function gridChange(email: string, changes: Record<string, number>) {
  const data: GridSubmitData = {
    publisher: [],
    placement: [{ key: `placement:${placementId}`, changes }],
    display: [],
    displayPlacement: [],
  };
  const result = await t.ctx.db.transaction((tx) =>
    applyGridChanges(tx, data, { userId: null, email }, { atomicity: 'all' }),
  );
  expect(result.errors).toEqual([]);
  const [latest] = await audits(`user=${encodeURIComponent(email)}&placement_id=${placementId}`);
  return latest!;
}

const placementConfig = async () => {
  const [row] = await t.ctx.db
    .select({ config: schema.videoConfigs.config })
    .from(schema.videoConfigs)
    .where(eq(schema.videoConfigs.placementId, placementId));
  return row!.config as Record<string, unknown>;
};

beforeAll(async () => {
  t = await startTestApp();
  const configured = await buildConfiguredPublisher(t.ctx.db, 'Tool Times');
  publisherId = configured.publisher.id;
  placementId = configured.placement.id;
  const adminUser = await buildUser(t.ctx.db, { publisherId, isAdmin: true });
  const editorUser = await buildUser(t.ctx.db, { publisherId, roles: ['editorial_manager'] });
  admin = authOf(await login(t.app, adminUser.email, adminUser.password));
  editor = authOf(await login(t.app, editorUser.email, editorUser.password));
});
afterAll(() => t?.close());

describe('audit log filters and export', () => {
  it('filters by user, action, object, field and words, every input bounded', async () => {
    await gridChange('alice@tool.example', { midrollTime: 11 });
    await gridChange('bob@tool.example', { errorLimit: 4 });
    await t.ctx.db.insert(schema.monetizationAudits).values({
      publisherId,
      placementId: null,
      email: 'carol@tool.example',
      action: 'create',
      auditableType: 'DisplayConfig',
      associatedType: 'Publisher',
      fieldName: null,
      auditedChanges: { 'desktop.adUnitPath': [null, '=1+1'], 'desktop.pubmaticUrl': [null, '-2,"x"'] },
    });

    expect((await audits('user=ALICE')).map((a) => a.email)).toEqual(['alice@tool.example']);
    expect((await audits('action=create')).map((a) => a.email)).toEqual(['carol@tool.example']);
    expect((await audits('auditable_type=DisplayConfig')).map((a) => a.email)).toEqual([
      'carol@tool.example',
    ]);
    expect((await audits('field=errorLimit')).map((a) => a.email)).toEqual(['bob@tool.example']);
    // A field named only inside an entry of several fields is found too.
    expect((await audits('field=desktop.pubmaticUrl')).map((a) => a.email)).toEqual(['carol@tool.example']);
    expect((await audits('q=Tool%20Times%20Home')).map((a) => a.email).sort()).toEqual([
      'alice@tool.example',
      'bob@tool.example',
    ]);
    expect((await audits('q=bob')).map((a) => a.email)).toEqual(['bob@tool.example']);
    // LIKE's own characters are taken literally.
    expect(await audits('q=%25')).toEqual([]);
    expect(await audits('q=_')).toEqual([]);

    for (const query of ['action=drop', `q=${'x'.repeat(201)}`, `field=${'f'.repeat(101)}`, 'placement_id=0'])
      expect((await api('GET', `monetization_audit?${query}`)).statusCode, query).toBe(400);
    expect((await api('GET', 'monetization_audit?user=alice', editor)).statusCode).toBe(403);
  });

  it('exports the filtered entries as CSV, one line per field, formulas neutralised', async () => {
    const res = await api('GET', 'monetization_audit/export?auditable_type=DisplayConfig');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('attachment');
    const lines = res.body.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('Date,Publisher,Placement,User,Action,Object,Field,Before,After');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(
      /,Tool Times,,carol@tool\.example,create,DisplayConfig,desktop\.adUnitPath,,'=1\+1$/,
    );
    expect(lines[2]).toMatch(/,desktop\.pubmaticUrl,,"'-2,""x"""$/);
    // Everything: one line per field of every entry.
    const all = (await api('GET', 'monetization_audit/export')).body.split('\r\n').filter(Boolean);
    expect(all.length).toBe(1 + 1 + 1 + 2);
    expect((await api('GET', 'monetization_audit/export', editor)).statusCode).toBe(403);
    expect((await api('GET', 'monetization_audit/export?action=x')).statusCode).toBe(400);

    // The cap: the newest entries only, read in keyset batches without a row twice.
    const repo = new MonetizationRepository(t.ctx.db);
    const read: number[] = [];
    for await (const batch of repo.auditBatches({ page: 1, per: 10 }, 3, 2))
      read.push(...batch.map((r) => r.audit.id));
    const newest = (await audits('per=3')).map((a) => a.id);
    expect(read).toEqual(newest);
  });
});

describe('revert to this value', () => {
  it('sets the field back through the grid checks, audited; a second revert or a later change is a conflict', async () => {
    const before = (await placementConfig()).midrollTime;
    const entry = await gridChange('dave@tool.example', { midrollTime: 21 });
    expect(entry.audited_changes).toEqual({ midrollTime: [before, 21] });

    expect(
      (await api('POST', `monetization_audit/${entry.id}/revert`, editor, { field: 'midrollTime' }))
        .statusCode,
    ).toBe(403);
    const res = await api('POST', `monetization_audit/${entry.id}/revert`, admin, { field: 'midrollTime' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await placementConfig()).midrollTime).toBe(before);
    // The revert is an entry of its own, under the admin, with its before and after.
    const [revert] = await audits(`placement_id=${placementId}&field=midrollTime`);
    expect(revert).toMatchObject({ action: 'update', audited_changes: { midrollTime: [21, before] } });
    expect(revert!.email).not.toBe('dave@tool.example');

    const twice = await api('POST', `monetization_audit/${entry.id}/revert`, admin, { field: 'midrollTime' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().errors).toEqual([auditToolMessages.alreadyBack]);

    // Someone changes it again: reverting the older entry would undo their change unseen.
    const later = await gridChange('erin@tool.example', { midrollTime: 33 });
    const stale = await api('POST', `monetization_audit/${revert!.id}/revert`, admin, {
      field: 'midrollTime',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errors).toEqual([auditToolMessages.changedSince('Midroll Time', '33')]);
    expect((await placementConfig()).midrollTime).toBe(33);
    expect(later.id).toBeGreaterThan(revert!.id);
  });

  it('refuses a value the grid would refuse, and what cannot be reverted, with the reason', async () => {
    // An entry whose before value breaks the grid's rule (a midroll time of at least 1).
    const [current] = await t.ctx.db
      .select({ config: schema.videoConfigs.config })
      .from(schema.videoConfigs)
      .where(and(eq(schema.videoConfigs.publisherId, publisherId), isNull(schema.videoConfigs.placementId)));
    const now = (current!.config as { midrollTime: number }).midrollTime;
    const [bad] = await t.ctx.db
      .insert(schema.monetizationAudits)
      .values({
        publisherId,
        placementId: null,
        email: 'old@tool.example',
        action: 'update',
        auditableType: 'VideoConfig',
        associatedType: 'Publisher',
        fieldName: 'midrollTime',
        auditedChanges: { midrollTime: [0, now] },
      })
      .returning();
    const refused = await api('POST', `monetization_audit/${bad!.id}/revert`, admin, {
      field: 'midrollTime',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.join(' ')).toContain('at least 1');

    const [placementEntry] = await t.ctx.db
      .insert(schema.monetizationAudits)
      .values({
        publisherId,
        placementId,
        email: 'old@tool.example',
        action: 'update',
        auditableType: 'Placement',
        fieldName: 'enable',
        auditedChanges: { enable: [false, true] },
      })
      .returning();
    const notConfig = await api('POST', `monetization_audit/${placementEntry!.id}/revert`, admin, {
      field: 'enable',
    });
    expect(notConfig.statusCode).toBe(422);
    expect(notConfig.json().errors).toEqual([auditToolMessages.notRevertible]);
    const noField = await api('POST', `monetization_audit/${bad!.id}/revert`, admin, { field: 'vastRetry' });
    expect(noField.statusCode).toBe(422);
    expect(noField.json().errors).toEqual([auditToolMessages.fieldNotInEntry]);
    expect((await api('POST', 'monetization_audit/999999999/revert', admin, { field: 'x' })).statusCode).toBe(
      404,
    );
    expect((await api('POST', `monetization_audit/${bad!.id}/revert`, admin, { field: '' })).statusCode).toBe(
      400,
    );
    expect((await api('POST', `monetization_audit/${bad!.id}/revert`, admin, {})).statusCode).toBe(400);
  });
});
