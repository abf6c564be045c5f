// How the job center words a job's kind, state and duration.
import { jobCenterMessages } from '@hc/shared/messages';

export const kindLabel = (kind: string): string => jobCenterMessages.kinds[kind] ?? kind;
export const stateLabel = (state: string): string => jobCenterMessages.states[state] ?? state;

/** '45 s', '3 min 5 s', '2 h 4 min': from start to end, or to now while it runs; '—' before it starts. */
export function formatDuration(
  startedAt: string | null,
  finishedAt: string | null,
  now = Date.now(),
): string {
  if (!startedAt) return '—';
  const end = finishedAt ? new Date(finishedAt).getTime() : now;
  const seconds = Math.max(0, Math.round((end - new Date(startedAt).getTime()) / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${seconds % 60} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
