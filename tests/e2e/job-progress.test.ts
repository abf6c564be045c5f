// Job progress over the live channel in the browser, as stories@demo.example (user
// identifier 40612): 'Download story highlights' in the drawer of the demo story with a video page ends
// with the archive's link well before the 15 s fallback poll could have found it, and the screen asked
// the status call at most twice (its first answer, and once more after the job's 'done' push); the link
// downloads a ZIP.
import { expect, test } from './support/fixtures.ts';

test.use({ e2e: { signedInAs: 'stories@demo.example' } });
/** The seed's first story holds the video page ('The winning goal'). */
const STORY_ID = 1;

test.describe('job progress pushed to the screen that started the job', () => {
  test('shows the story archive link from the push, not from polling', async ({ page, server }) => {
    const statusCalls: string[] = [];
    page.on('request', (request) => {
      if (/\/stamp\/stories\/highlights_zip\//.test(request.url())) statusCalls.push(request.url());
    });

    // The live channel is up once socket.io upgrades its connection to a WebSocket.
    const live = page.waitForEvent('websocket', { predicate: (ws) => ws.url().includes('/socket.io/') });
    await page.goto(`${server.baseUrl}/stamp`);
    await live;
    await page.getByTestId(`story-title-${STORY_ID}`).click();
    await page.getByTestId('story-drawer').waitFor();
    const clicked = Date.now();
    await page.getByTestId('story-drawer-download-highlights').click();
    const link = page.getByTestId('story-zip-link');
    await link.waitFor({ timeout: 10_000 });
    expect(Date.now() - clicked).toBeLessThan(10_000);
    expect(statusCalls.length).toBeGreaterThanOrEqual(1);
    expect(statusCalls.length).toBeLessThanOrEqual(2);

    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\/media\/archives\/story-highlights\/406\/story-1-\d+-[0-9a-f]{32}\.zip$/);
    const archive = await page.request.get(`${server.baseUrl}${href}`);
    expect(archive.status()).toBe(200);
    expect((await archive.body()).subarray(0, 4).toString('hex')).toBe('504b0304');
  });
});
