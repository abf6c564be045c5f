// GET monetization_audit with calendar dates: the Audit Logs screen's start date is a day on the user's
// wall clock, sent as YYYY-MM-DD with the user's time zone, not as days back from now.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@hc/db/schema';
import {
  calendarDateIn,
  formatCalendarDate,
  parseCalendarDate,
  startOfDayIn,
  type CalendarDate,
} from '@hc/shared/calendar-dates';
import { messages } from '@hc/shared/messages';
import { authOf, login, startTestApp, type TestApp } from '../support/app.ts';
import { buildPublisher, buildUser } from '../support/factories.ts';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('GET monetization_audit with calendar dates', () => {
  let admin: Record<string, string>;
  let auditPublisher: number;
  const HOUR = 60 * 60 * 1000;

  const plant = async (field: string, at: Date) => {
    await t.ctx.db.insert(schema.monetizationAudits).values({
      publisherId: auditPublisher,
      email: 'someone@test.example',
      action: 'update',
      auditableType: 'VideoConfig',
      associatedType: 'Publisher',
      fieldName: field,
      auditedChanges: { [field]: [1, 2] },
      createdAt: at,
    });
  };
  const list = async (query: Record<string, string>) => {
    const search = new URLSearchParams({ ...query, publisher_id: String(auditPublisher), per: '100' });
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/editor/monetization_audit?${search}`,
      headers: admin,
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().data.audits as { field_name: string }[]).map((a) => a.field_name).sort();
  };
  const refusal = async (query: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/editor/monetization_audit?${query}`,
      headers: admin,
    });
    expect(response.statusCode, query).toBe(400);
    expect(response.json().success).toBe(false);
    return (response.json() as { errors: string[] }).errors;
  };
  const day = (text: string) => parseCalendarDate(text)!;
  const previous = (d: CalendarDate): CalendarDate => {
    const back = new Date(Date.UTC(d.year, d.month - 1, d.day - 1));
    return { year: back.getUTCFullYear(), month: back.getUTCMonth() + 1, day: back.getUTCDate() };
  };

  beforeAll(async () => {
    auditPublisher = (await buildPublisher(t.ctx.db)).id;
    const adminUser = await buildUser(t.ctx.db, { publisherId: auditPublisher, isAdmin: true });
    admin = authOf(await login(t.app, adminUser.email, adminUser.password));
    const newYork = (text: string, hours: number) =>
      new Date(startOfDayIn('America/New_York', day(text)).getTime() + hours * HOUR);
    // 04:53 on the wall clock of New York on 2026-11-20 (09:53 UTC).
    await plant('earlyOnStartDay', newYork('2026-11-20', 4 + 53 / 60));
    await plant('lateDayBefore', newYork('2026-11-19', 23.5));
    await plant('lastSecondOfEndDay', new Date(newYork('2026-11-22', 24).getTime() - 1000));
    await plant('firstSecondAfterEndDay', newYork('2026-11-23', 0));
    // 02:00 UTC on 2026-11-10: Nov 10 in UTC and Tokyo, still Nov 9 in New York.
    await plant('nearUtcMidnight', new Date('2026-11-10T02:00:00Z'));
  });

  it('includes an entry at 04:53 on the start day, and the whole end day', async () => {
    const range = { start_date: '2026-11-20', end_date: '2026-11-22', time_zone: 'America/New_York' };
    expect(await list(range)).toEqual(['earlyOnStartDay', 'lastSecondOfEndDay']);
    expect(await list({ ...range, start_date: '2026-11-19' })).toEqual([
      'earlyOnStartDay',
      'lastSecondOfEndDay',
      'lateDayBefore',
    ]);
    expect(await list({ ...range, end_date: '2026-11-23' })).toContain('firstSecondAfterEndDay');
  });

  it('lists a different set for today and yesterday', async () => {
    const zone = 'Europe/Berlin';
    const today = calendarDateIn(zone, new Date());
    const yesterday = previous(today);
    await plant('yesterdayNoon', new Date(startOfDayIn(zone, yesterday).getTime() + 12 * HOUR));
    await plant('todayFirstSecond', new Date(startOfDayIn(zone, today).getTime() + 1000));
    const from = (d: CalendarDate) => list({ start_date: formatCalendarDate(d), time_zone: zone });
    expect(await from(today)).toEqual(['todayFirstSecond']);
    expect(await from(yesterday)).toEqual(['todayFirstSecond', 'yesterdayNoon']);
  });

  it('puts the day boundary where the given time zone has midnight (UTC when none is sent)', async () => {
    const on = (d: string, zone?: string) =>
      list({ start_date: d, end_date: d, ...(zone ? { time_zone: zone } : {}) });
    expect(await on('2026-11-10')).toEqual(['nearUtcMidnight']);
    expect(await on('2026-11-10', 'UTC')).toEqual(['nearUtcMidnight']);
    expect(await on('2026-11-10', 'Asia/Tokyo')).toEqual(['nearUtcMidnight']);
    expect(await on('2026-11-10', 'America/New_York')).toEqual([]);
    expect(await on('2026-11-09', 'America/New_York')).toEqual(['nearUtcMidnight']);
  });

  it('still takes the days back of the spec call', async () => {
    await plant('tenDaysAgo', new Date(Date.now() - 10 * 24 * HOUR));
    expect(await list({ from: '11' })).toContain('tenDaysAgo');
    expect(await list({ from: '9' })).not.toContain('tenDaysAgo');
  });

  it('refuses bad dates, zones and combinations with a 400 naming the field', async () => {
    const cases: [string, string][] = [
      ['start_date=2026-02-30', `start_date: ${messages.calendarDateInvalid}`],
      ['start_date=20261120', `start_date: ${messages.calendarDateInvalid}`],
      ['start_date=1999-12-31', `start_date: ${messages.calendarDateInvalid}`],
      [`start_date=${'9'.repeat(5000)}`, `start_date: ${messages.calendarDateInvalid}`],
      ['start_date=2026-11-20&end_date=2026-13-01', `end_date: ${messages.calendarDateInvalid}`],
      ['start_date=2026-11-20&time_zone=Mars/Olympus', `time_zone: ${messages.timeZoneInvalid}`],
      [`start_date=2026-11-20&time_zone=${'A'.repeat(500)}`, `time_zone: ${messages.timeZoneInvalid}`],
      ['start_date=2026-11-20&end_date=2026-11-19', `end_date: ${messages.endDateBeforeStart}`],
      ['start_date=2026-11-20&from=3', `start_date: ${messages.startDateWithFrom}`],
      ['time_zone=UTC', `time_zone: ${messages.calendarNeedsStartDate}`],
      ['end_date=2026-11-20', `end_date: ${messages.calendarNeedsStartDate}`],
    ];
    for (const [query, message] of cases) expect(await refusal(query), query).toContain(message);
  });
});
