// Opens the bull-board job dashboard in a new tab: POST /admin/queues/session turns the console session
// into the dashboard's path-scoped cookie (the dashboard cannot send the X-User-* headers itself).
import { request } from '../../lib/api.ts';

export const JOB_DASHBOARD_BASE = '/admin/queues/';

export async function openJobDashboard(): Promise<void> {
  // Opened before the call so the browser treats it as the click's own window, not a popup.
  const tab = window.open('about:blank', '_blank');
  try {
    const { url } = await request<{ url: string }>(JOB_DASHBOARD_BASE, 'session', { method: 'POST' });
    if (tab) tab.location.href = url;
    else window.location.assign(url);
  } catch (error) {
    tab?.close();
    throw error;
  }
}
