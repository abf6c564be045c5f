// Where each kind of job is started from, without zod: the shell reads it on every screen to decide
// whether a finished job is told by toast, and would otherwise load zod with the job center's schemas.
import { QUEUES } from '../queues.ts';
import type { JobKind } from './job-center.ts';

/** The screens each kind is started from: a job's end is told by toast only away from them. */
export const JOB_KIND_SCREENS: Record<JobKind, readonly string[]> = {
  [QUEUES.monetizationSubmit]: ['/admin/ad-config'],
  [QUEUES.reportFill]: ['/admin/reports'],
  [QUEUES.reportUpdate]: ['/admin/reports'],
  [QUEUES.storyHighlightsZip]: ['/stamp'],
  [QUEUES.verticalRender]: ['/vertical', '/highlights/live/vertical'],
};

/** Whether `pathname` is one of the screens that start jobs of this kind (where their progress shows). */
export const onStartingScreen = (kind: string, pathname: string): boolean =>
  (JOB_KIND_SCREENS[kind as JobKind] ?? []).some(
    (prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`),
  );
