// Text columns sort as people read them, whatever the case: 'apple' beside 'Apple' and before 'Banana',
// never after 'Zebra' (packages by name, programs by name). An unknown count (-1, shown as N/A) comes
// after every known one going up as well as down.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authOf, login, startTestApp, type TestApp } from '../support/app.ts';
import {
  buildHighlights,
  buildPackage,
  buildProgram,
  buildPublisher,
  buildUser,
} from '../support/factories.ts';

let t: TestApp;
let headers: Record<string, string>;
let publisherId: number;
const NAMES = ['banana split', 'Apple pie', 'cherry tart', 'Damson jam', 'apricot crumble'];
const CLICKS = [5, -1, 0, 12, -1];
const CASELESS = ['Apple pie', 'apricot crumble', 'banana split', 'cherry tart', 'Damson jam'];

beforeAll(async () => {
  t = await startTestApp();
  publisherId = (await buildPublisher(t.ctx.db)).id;
  const user = await buildUser(t.ctx.db, {
    publisherId,
    roles: ['editorial_manager', 'live_stream_publisher'],
  });
  headers = authOf(await login(t.app, user.email, user.password));
  const highlightIds = (await buildHighlights(t.ctx.db, publisherId, 3)).map((h) => h.id);
  for (const [i, name] of NAMES.entries()) {
    await buildPackage(t.ctx.db, publisherId, { highlightIds, name, packageClicks: CLICKS[i] });
    await buildProgram(t.ctx.db, publisherId, { programName: name });
  }
});

afterAll(async () => {
  await t?.close();
});

const get = async (url: string) => {
  const response = await t.app.inject({ method: 'GET', url, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};

describe('text sorting ignores case', () => {
  it('packages by name, both ways', async () => {
    const names = async (order: string) =>
      (
        (await get(`/api/v1/editor/packages?order_by=name_${order}&per=50`)) as {
          packages: { name: string }[];
        }
      ).packages.map((p) => p.name);
    expect(await names('asc')).toEqual(CASELESS);
    expect(await names('desc')).toEqual([...CASELESS].reverse());
  });

  it('programs by name, both ways', async () => {
    const names = async (order: string) =>
      (
        (await get(`/api/v2/dashboard/programs/index?sort_by=program_name&order_by=${order}&per=50`)) as {
          programs: { program_name: string }[];
        }
      ).programs.map((p) => p.program_name);
    expect(await names('asc')).toEqual(CASELESS);
    expect(await names('desc')).toEqual([...CASELESS].reverse());
  });
});

describe('unknown counts last', () => {
  it('packages by clicks, both ways: -1 (N/A) after every known count', async () => {
    const clicks = async (order: string) =>
      (
        (await get(`/api/v1/editor/packages?order_by=package_clicks_${order}&per=50`)) as {
          packages: { package_clicks: number }[];
        }
      ).packages.map((p) => p.package_clicks);
    expect(await clicks('asc')).toEqual([0, 5, 12, -1, -1]);
    expect(await clicks('desc')).toEqual([12, 5, 0, -1, -1]);
  });
});
