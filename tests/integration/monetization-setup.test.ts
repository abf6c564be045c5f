// Monetization setup calls: the select lists, the config loads, the save with its
// shared rules and conversions, the view's config groups; admins only.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@hc/db/schema';
import type { SaveSetupBody } from '@hc/shared/api/monetization';
import { messages } from '@hc/shared/messages';
import {
  defaultSetupForm,
  displayConfigsOf,
  videoConfigOf,
  type SetupForm,
} from '@hc/shared/monetization/setup-form';
import { authOf, login, startTestApp, type TestApp } from '../support/app.ts';
import { buildPublisher, buildUser } from '../support/factories.ts';

let t: TestApp;
let admin: Record<string, string>;
let adminEmail: string;
let editor: Record<string, string>;
let fresh: number; // a publisher without any setup
let configured: number; // a publisher with a setup and placements
let other: number;
let homepage: number; // placement of `configured` without its own setup
let abPlain: number; // placement with a plain A/B test
let abMonetization: number; // placement with a monetization A/B test
let foreignPlacement: number; // placement of `other`

const CHANNEL = 'abcdef0123456789abcdef01';
const api = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => t.app.inject({ method, url: `/api/v1/editor/${url}`, headers, ...(payload ? { payload } : {}) });

function validForm(): SetupForm {
  const form = defaultSetupForm();
  form.video.channel = CHANNEL.toUpperCase();
  form.display.fallbackEnable = true;
  form.display.profileId = '4321';
  form.display.mobile.displayAdDuration = '7';
  return form;
}

const bodyOf = (
  form: SetupForm,
  scope: { publisher_id: number; placement_id?: number | null; mode: 'new' | 'update' },
): SaveSetupBody => ({
  placement_id: null,
  ...scope,
  video: videoConfigOf(form),
  display: displayConfigsOf(form),
});

const auditsOf = (publisherId: number) =>
  t.ctx.db
    .select()
    .from(schema.monetizationAudits)
    .where(eq(schema.monetizationAudits.publisherId, publisherId));

beforeAll(async () => {
  t = await startTestApp();
  fresh = (await buildPublisher(t.ctx.db, { name: 'Fresh Daily' })).id;
  configured = (await buildPublisher(t.ctx.db, { name: 'Configured Times' })).id;
  other = (await buildPublisher(t.ctx.db, { name: 'Other Post' })).id;
  const rows = await t.ctx.db
    .insert(schema.placements)
    .values([
      { publisherId: configured, name: 'Homepage', platform: 'web' },
      { publisherId: configured, name: 'Inline', platform: 'web' },
      { publisherId: configured, name: 'Scores', platform: 'web' },
      { publisherId: other, name: 'Foreign', platform: 'amp' },
    ])
    .returning();
  [homepage, abPlain, abMonetization, foreignPlacement] = rows.map((r) => r.id) as [
    number,
    number,
    number,
    number,
  ];
  await t.ctx.db.insert(schema.abTests).values([
    {
      placementId: abPlain,
      monetization: false,
      variants: [
        { weight: 0.25, name: 'A' },
        { weight: 0.75, name: 'B' },
      ],
    },
    { placementId: abMonetization, monetization: true, variants: [{ weight: 1, name: 'Control' }] },
  ]);
  await t.ctx.db.insert(schema.videoConfigs).values([
    {
      publisherId: configured,
      placementId: null,
      config: { ...videoConfigOf(validForm()), description: 'pub' },
    },
    {
      publisherId: configured,
      placementId: abPlain,
      config: { ...videoConfigOf(validForm()), description: 'ab' },
    },
  ]);
  await t.ctx.db.insert(schema.displayConfigs).values([
    { publisherId: configured, placementId: null, platform: 'mobile', config: { fallbackEnable: false } },
    { publisherId: configured, placementId: null, platform: 'desktop', config: { fallbackEnable: false } },
  ]);
  const adminUser = await buildUser(t.ctx.db, { publisherId: configured, isAdmin: true });
  const editorUser = await buildUser(t.ctx.db, { publisherId: configured, roles: ['editorial_manager'] });
  adminEmail = adminUser.email;
  admin = authOf(await login(t.app, adminUser.email, adminUser.password));
  editor = authOf(await login(t.app, editorUser.email, editorUser.password));
});
afterAll(() => t.close());

describe('admins only', () => {
  const calls = () =>
    [
      ['GET', 'publishers/publishers_monetized?monetized=false'],
      ['GET', `placements/placements_monetized?publisher_id=${configured}`],
      ['GET', `monetization_setup/placement/ab_test?placement_id=${abPlain}`],
      ['POST', 'monetization_setup/fill', { publisher_ids: [configured] }],
      ['POST', 'monetization_setup/placement', { id: abPlain }],
      ['GET', `monetization_setup/all_configs?publisher_ids=${configured}`],
      ['PUT', 'publisher_info/monetization', bodyOf(validForm(), { publisher_id: fresh, mode: 'new' })],
      ['GET', 'monetization_audit'],
    ] as const;

  it('answers 403 to a logged-in non-admin on every call, and changes nothing', async () => {
    for (const [method, url, payload] of calls()) {
      const res = await api(method, url, editor, payload);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({ success: false, errors: [messages.forbidden] });
    }
    expect(await auditsOf(fresh)).toEqual([]);
  });

  it('answers 403 before checking the input', async () => {
    expect((await api('PUT', 'publisher_info/monetization', editor, { nonsense: true })).statusCode).toBe(
      403,
    );
  });

  it('answers 401 without a session', async () => {
    expect((await api('GET', 'monetization_audit', {})).statusCode).toBe(401);
  });
});

describe('select page lists', () => {
  it('lists publishers without a setup for a new setup, and with one for the others', async () => {
    const without = (await api('GET', 'publishers/publishers_monetized?monetized=false', admin)).json().data;
    expect(without).toContainEqual({ id: fresh, name: 'Fresh Daily' });
    expect(without).not.toContainEqual({ id: configured, name: 'Configured Times' });
    const withSetup = (await api('GET', 'publishers/publishers_monetized?monetized=true', admin)).json().data;
    expect(withSetup).toEqual([{ id: configured, name: 'Configured Times' }]);
    expect((await api('GET', 'publishers/publishers_monetized?monetized=maybe', admin)).statusCode).toBe(400);
  });

  it('lists placements with their A/B test flag, filtered by their own setup', async () => {
    const all = (await api('GET', `placements/placements_monetized?publisher_id=${configured}`, admin)).json()
      .data;
    expect(all).toEqual([
      { id: homepage, name: 'Homepage', enable: true, platform: 'web', abTest: null },
      { id: abPlain, name: 'Inline', enable: true, platform: 'web', abTest: { monetization: false } },
      { id: abMonetization, name: 'Scores', enable: true, platform: 'web', abTest: { monetization: true } },
    ]);
    const unset = await api(
      'GET',
      `placements/placements_monetized?publisher_id=${configured}&monetized=false`,
      admin,
    );
    expect(unset.json().data.map((p: { id: number }) => p.id)).toEqual([homepage, abMonetization]);
    const set = await api(
      'GET',
      `placements/placements_monetized?publisher_id=${configured}&monetized=true`,
      admin,
    );
    expect(set.json().data.map((p: { id: number }) => p.id)).toEqual([abPlain]);
    expect((await api('GET', 'placements/placements_monetized', admin)).statusCode).toBe(400);
  });

  it('gives a placement A/B test with its variants, null without one, 404 for an unknown placement', async () => {
    expect(
      (await api('GET', `monetization_setup/placement/ab_test?placement_id=${abPlain}`, admin)).json().data,
    ).toEqual({
      placement_id: abPlain,
      monetization: false,
      variants: [
        { weight: 0.25, name: 'A' },
        { weight: 0.75, name: 'B' },
      ],
    });
    expect(
      (await api('GET', `monetization_setup/placement/ab_test?placement_id=${homepage}`, admin)).json().data,
    ).toBeNull();
    expect(
      (await api('GET', 'monetization_setup/placement/ab_test?placement_id=999999', admin)).statusCode,
    ).toBe(404);
    expect((await api('GET', 'monetization_setup/placement/ab_test?placement_id=x', admin)).statusCode).toBe(
      400,
    );
  });
});

describe('config loads and the view', () => {
  it('fill gives the config groups of the publishers', async () => {
    const res = await api('POST', 'monetization_setup/fill', admin, {
      publisher_ids: [configured],
      session_id: 'abc-1',
    });
    const data = res.json().data;
    expect(data.publisher).toHaveLength(1);
    expect(data.publisher[0]).toMatchObject({
      publisherId: configured,
      publisherName: 'Configured Times',
      placementId: null,
      placementName: null,
      channel: CHANNEL,
      aniviewAutoplay: true,
      abTest: null,
    });
    expect(data.display.map((d: { displayAdOptions: string }) => d.displayAdOptions).sort()).toEqual([
      'desktop',
      'mobile',
    ]);
    expect(data.placement).toHaveLength(1);
    expect(data.placement[0]).toMatchObject({
      placementId: abPlain,
      placementName: 'Inline',
      abTest: { monetization: false },
    });
    expect(data.displayPlacement).toEqual([]);
  });

  it('placement gives the placement rows with its publisher own rows', async () => {
    const data = (await api('POST', 'monetization_setup/placement', admin, { id: abPlain })).json().data;
    expect(data.publisher.map((r: { placementId: null }) => r.placementId)).toEqual([null]);
    expect(data.placement.map((r: { placementId: number }) => r.placementId)).toEqual([abPlain]);
    expect((await api('POST', 'monetization_setup/placement', admin, { id: 999999 })).statusCode).toBe(404);
  });

  it('all_configs takes a comma list of at most 20 publishers', async () => {
    const res = await api(
      'GET',
      `monetization_setup/all_configs?publisher_ids=${configured},${other}`,
      admin,
    );
    expect(res.json().data.placement[0].abTest.variants).toHaveLength(2);
    const ids = Array.from({ length: 21 }, (_, i) => i + 1).join(',');
    expect((await api('GET', `monetization_setup/all_configs?publisher_ids=${ids}`, admin)).statusCode).toBe(
      400,
    );
    expect((await api('GET', 'monetization_setup/all_configs?publisher_ids=', admin)).statusCode).toBe(400);
    expect((await api('POST', 'monetization_setup/fill', admin, { publisher_ids: [] })).statusCode).toBe(400);
  });
});

describe('saving a setup', () => {
  it('creates a publisher setup with the stated conversions and one audit entry per record', async () => {
    const res = await api(
      'PUT',
      'publisher_info/monetization',
      admin,
      bodyOf(validForm(), { publisher_id: fresh, mode: 'new' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data.publisher[0]).toMatchObject({
      channel: CHANNEL,
      description: 'Fresh Daily default',
    });
    const [video] = await t.ctx.db
      .select()
      .from(schema.videoConfigs)
      .where(and(eq(schema.videoConfigs.publisherId, fresh), isNull(schema.videoConfigs.placementId)));
    expect(video?.config).toMatchObject({
      channel: CHANNEL,
      midrollTime: 3,
      aniviewAutoplay: true,
      adManager: 'aniview',
    });
    expect(video?.config).not.toHaveProperty('adSequence'); // does not apply to Autoplay
    const displays = await t.ctx.db
      .select()
      .from(schema.displayConfigs)
      .where(eq(schema.displayConfigs.publisherId, fresh));
    const mobile = displays.find((d) => d.platform === 'mobile');
    expect(mobile?.config).toMatchObject({ fallbackEnable: true, displayAdDuration: 7000 });
    expect(mobile?.config.pubmaticUrl).toMatch(/4321$/);

    const audits = await auditsOf(fresh);
    expect(audits.map((a) => [a.action, a.auditableType, a.associatedType]).sort()).toEqual([
      ['create', 'DisplayConfig', 'Publisher'],
      ['create', 'DisplayConfig', 'Publisher'],
      ['create', 'VideoConfig', 'Publisher'],
    ]);
    expect(audits.every((a) => a.email === adminEmail)).toBe(true);
    const videoAudit = audits.find((a) => a.auditableType === 'VideoConfig');
    expect(videoAudit?.auditedChanges.midrollTime).toEqual([null, 3]);
  });

  it('refuses a second new setup of the same publisher (409) and writes no audit', async () => {
    const before = (await auditsOf(fresh)).length;
    const res = await api(
      'PUT',
      'publisher_info/monetization',
      admin,
      bodyOf(validForm(), { publisher_id: fresh, mode: 'new' }),
    );
    expect(res.statusCode).toBe(409);
    expect(await auditsOf(fresh)).toHaveLength(before);
  });

  it('updates, auditing only what changed (before and after), and nothing for an unchanged save', async () => {
    const form = validForm();
    form.video.midrollTime = '9';
    const before = (await auditsOf(fresh)).length;
    const res = await api(
      'PUT',
      'publisher_info/monetization',
      admin,
      bodyOf(form, { publisher_id: fresh, mode: 'update' }),
    );
    expect(res.statusCode).toBe(200);
    const audits = await auditsOf(fresh);
    expect(audits).toHaveLength(before + 1);
    const last = audits.find((a) => a.action === 'update');
    expect(last).toMatchObject({
      fieldName: 'midrollTime',
      auditedChanges: { midrollTime: [3, 9] },
      email: adminEmail,
    });

    await api(
      'PUT',
      'publisher_info/monetization',
      admin,
      bodyOf(form, { publisher_id: fresh, mode: 'update' }),
    );
    expect(await auditsOf(fresh)).toHaveLength(before + 1);
  });

  it('refuses invalid fields with the first error (422) and changes nothing', async () => {
    const form = validForm();
    form.video.vastRetry = '6';
    form.display.mobile.displayAdDuration = '11';
    const before = await auditsOf(fresh);
    const res = await api(
      'PUT',
      'publisher_info/monetization',
      admin,
      bodyOf(form, { publisher_id: fresh, mode: 'update' }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([
      'VAST Retry must be between 1 and 5',
      'Display Ad Duration (mobile) must be between 5 and 10 seconds',
    ]);
    expect(await auditsOf(fresh)).toHaveLength(before.length);
  });

  it('checks the server side of the rules: missing values, unknown flows, bad shapes', async () => {
    const body = bodyOf(validForm(), { publisher_id: fresh, mode: 'update' });
    const { midrollTime: _dropped, ...video } = body.video;
    const missing = await api('PUT', 'publisher_info/monetization', admin, { ...body, video });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual(['Midroll Time is required']);
    const flow = await api('PUT', 'publisher_info/monetization', admin, {
      ...body,
      video: { ...body.video, aniviewDelayedAutoplay: false },
    });
    expect(flow.statusCode).toBe(422);
    const shape = await api('PUT', 'publisher_info/monetization', admin, {
      ...body,
      video: { ...body.video, midrollTime: '3' },
    });
    expect(shape.statusCode).toBe(400);
    const update = await api(
      'PUT',
      'publisher_info/monetization',
      admin,
      bodyOf(validForm(), { publisher_id: other, mode: 'update' }),
    );
    expect(update.statusCode).toBe(404);
  });

  it('Delay duration stores the fallback off whatever the page sent, and only the flag', async () => {
    const form = validForm();
    form.video.adFlow = { flow: 'preload', preloadOption: 'delayDuration' };
    form.video.adDelayDuration = '4';
    const body = bodyOf(form, { publisher_id: configured, placement_id: homepage, mode: 'new' });
    body.display.mobile = { ...displayConfigsOf(validForm()).mobile };
    const res = await api('PUT', 'publisher_info/monetization', admin, body);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.placement[0]).toMatchObject({
      aniviewPreloadAdDelay: true,
      adDelayDuration: 4,
      description: 'Homepage',
    });
    expect(data.placement[0]).not.toHaveProperty('maxImpressions');
    expect(data.displayPlacement.map((d: { fallbackEnable: boolean }) => d.fallbackEnable)).toEqual([
      false,
      false,
    ]);
    expect(Object.keys(data.displayPlacement[0]).filter((k) => k === 'pubmaticUrl')).toEqual([]);
  });

  it('refuses a placement of another publisher (404) and a monetization A/B test placement (409)', async () => {
    const foreign = bodyOf(validForm(), {
      publisher_id: configured,
      placement_id: foreignPlacement,
      mode: 'new',
    });
    expect((await api('PUT', 'publisher_info/monetization', admin, foreign)).statusCode).toBe(404);
    const blocked = bodyOf(validForm(), {
      publisher_id: configured,
      placement_id: abMonetization,
      mode: 'new',
    });
    const res = await api('PUT', 'publisher_info/monetization', admin, blocked);
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual([messages.abTestBlocked]);
  });

  it('writes no audit entry when the change fails inside the transaction', async () => {
    // A trigger makes the second write (the display record) fail after the video record was written.
    await t.ctx.db.execute(sql`
      create function refuse_display() returns trigger language plpgsql as $$
      begin raise exception 'display store unavailable'; end $$`);
    await t.ctx.db.execute(
      sql.raw(`create trigger refuse_display before insert on display_configs for each row
        when (new.publisher_id = ${other}) execute function refuse_display()`),
    );
    try {
      const res = await api(
        'PUT',
        'publisher_info/monetization',
        admin,
        bodyOf(validForm(), { publisher_id: other, mode: 'new' }),
      );
      expect(res.statusCode).toBe(500);
      expect(await auditsOf(other)).toEqual([]);
      const videos = await t.ctx.db
        .select()
        .from(schema.videoConfigs)
        .where(eq(schema.videoConfigs.publisherId, other));
      expect(videos).toEqual([]);
    } finally {
      await t.ctx.db.execute(sql`drop trigger refuse_display on display_configs`);
      await t.ctx.db.execute(sql`drop function refuse_display()`);
    }
  });

  it('keeps the change out when its audit entry cannot be written', async () => {
    await t.ctx.db.execute(sql`
      create function refuse_audit() returns trigger language plpgsql as $$
      begin raise exception 'audit store unavailable'; end $$`);
    await t.ctx.db.execute(
      sql.raw(`create trigger refuse_audit before insert on monetization_audits for each row
        when (new.publisher_id = ${other}) execute function refuse_audit()`),
    );
    try {
      const res = await api(
        'PUT',
        'publisher_info/monetization',
        admin,
        bodyOf(validForm(), { publisher_id: other, mode: 'new' }),
      );
      expect(res.statusCode).toBe(500);
      const videos = await t.ctx.db
        .select()
        .from(schema.videoConfigs)
        .where(eq(schema.videoConfigs.publisherId, other));
      expect(videos).toEqual([]);
    } finally {
      await t.ctx.db.execute(sql`drop trigger refuse_audit on monetization_audits`);
      await t.ctx.db.execute(sql`drop function refuse_audit()`);
    }
  });
});
