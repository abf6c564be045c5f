// Tells a user that a job they started has ended while they were elsewhere in the console: a toast with
// the job's kind and subject, and a button to the job center (where its result link and error are). On the screen that
// started the job (where its own progress shows) and on the job center, nothing more is said.
import { useLocation, useNavigate } from 'react-router';
import { onStartingScreen } from '@hc/shared/api/job-screens';
import { jobCenterMessages } from '@hc/shared/messages';
import { useToast, type ToastAction } from '../../lib/toast.tsx';
import { useLiveEvent } from '../../lib/live.ts';
import { findJob } from './api.ts';
import { kindLabel } from './jobFormat.ts';

export const JOB_CENTER_PATH = '/jobs';

export function JobEndToasts() {
  const location = useLocation();
  const navigate = useNavigate();
  const toast = useToast();
  useLiveEvent('job_progress', (event) => {
    if (event.state !== 'done' && event.state !== 'failed') return;
    const here = location.pathname;
    if (here === JOB_CENTER_PATH || onStartingScreen(event.queue, here)) return;
    void findJob(event.queue, event.job_id)
      .catch(() => undefined)
      .then((job) => {
        const kind = kindLabel(event.queue);
        const label = job?.label ?? event.job_id;
        // One button: the lane is narrow, and the job center holds the result's link and the error.
        const actions: ToastAction[] = [
          { label: jobCenterMessages.openJobs, onClick: () => void navigate(JOB_CENTER_PATH) },
        ];
        if (event.state === 'done')
          toast.withActions('success', jobCenterMessages.endedDone(kind, label), actions);
        else
          toast.withActions(
            'error',
            `${jobCenterMessages.endedFailed(kind, label)} ${event.error ?? ''}`.trim(),
            actions,
          );
      });
  });
  return null;
}
