// The job center (/jobs): the jobs the user started (an admin: everyone's, narrowed to one user by
// clicking their e-mail), newest first, in keyset pages ("Load more"). A running job's progress moves
// with the live channel's pushes; a job that ends is asked again for its link and error. A failed job of a
// kind that can run again has Retry; a waiting one of a kind that can be taken back has Cancel. The kind,
// state and user filters live in the address, so a reload or a shared link shows the same jobs.
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { ProgressBar } from 'primereact/progressbar';
import { Tag } from 'primereact/tag';
import { JOB_KINDS, JOB_STATES, type JobEntry, type JobList } from '@hc/shared/api/job-center';
import { jobCenterMessages, messages } from '@hc/shared/messages';
import { StatePanel } from '../../components/StatePanel.tsx';
import { useAppConfig } from '../../lib/config/config.tsx';
import { useToast } from '../../lib/toast.tsx';
import { useLiveEvent } from '../../lib/live.ts';
import { choiceField, intField, optionalField, useListUrlState } from '../../lib/list-page/urlState.ts';
import { formatEntryTime } from '../monetization/index.ts';
import { jobsQueryRoot, useJobAction, useJobs, type JobFilters } from './api.ts';
import { formatDuration, kindLabel, stateLabel } from './jobFormat.ts';
import { ListHeader } from '../../lib/list-page/ListHeader.tsx';
import { ToolbarSelect } from '../../lib/list-page/ListToolbar.tsx';
import '../../components/data-page.css';
import './job-center.css';

const SEVERITY: Record<string, 'info' | 'warning' | 'success' | 'danger' | 'secondary'> = {
  queued: 'secondary',
  running: 'info',
  done: 'success',
  failed: 'danger',
  cancelled: 'warning',
};

const JOB_FIELDS = {
  kind: optionalField(choiceField(JOB_KINDS, JOB_KINDS[0])),
  state: optionalField(choiceField(JOB_STATES, JOB_STATES[0])),
  user: intField(1, Number.MAX_SAFE_INTEGER),
};

function StateCell({ job }: { job: JobEntry }) {
  return (
    <div className="hc-job-state" data-testid="job-state" data-state={job.state}>
      <Tag value={stateLabel(job.state)} severity={SEVERITY[job.state]} />
      {job.state === 'running' && (
        <ProgressBar
          value={job.progress}
          className="hc-job-progress"
          aria-label={`Progress ${job.progress}%`}
          data-testid="job-progress"
        />
      )}
    </div>
  );
}

function ResultCell({ job }: { job: JobEntry }) {
  if (job.link)
    return (
      <a href={job.link} className="hc-title-link" data-testid="job-result" target="_blank" rel="noreferrer">
        {jobCenterMessages.openResult}
      </a>
    );
  if (job.error)
    return (
      <span className="hc-job-error" data-testid="job-error">
        {job.error}
      </span>
    );
  return <span className="hc-muted">—</span>;
}

export function JobCenterPage() {
  const { user } = useAppConfig();
  const isAdmin = user.roles.includes('admin');
  const toast = useToast();
  const queryClient = useQueryClient();
  const { values, set } = useListUrlState(JOB_FIELDS);
  const filters = useMemo<JobFilters>(
    () => ({
      ...(values.kind ? { kind: values.kind } : {}),
      ...(values.state ? { state: values.state } : {}),
      // Only an admin lists other people's jobs; for anyone else a shared link's user means nothing.
      ...(isAdmin && values.user !== null ? { user_id: values.user } : {}),
    }),
    [values, isAdmin],
  );
  const jobs = useJobs(filters);
  const retry = useJobAction('retry');
  const cancel = useJobAction('cancel');
  const rows = jobs.data?.pages.flatMap((page) => page.jobs) ?? [];
  // The address holds the user's id only: the e-mail shown is the one on their listed jobs.
  const userEmail =
    filters.user_id === undefined
      ? null
      : (rows.find((job) => job.user_id === filters.user_id)?.user_email ?? `User ${filters.user_id}`);

  // Pushes about a listed job move its row at once; an end asks the list again for its link and error.
  useLiveEvent('job_progress', (event) => {
    const key = [...jobsQueryRoot, filters];
    queryClient.setQueryData<InfiniteData<JobList>>(key, (data) => {
      if (!data) return data;
      let latest = true;
      const pages = data.pages.map((page) => ({
        ...page,
        jobs: page.jobs.map((job) => {
          if (!latest || job.kind !== event.queue || job.job_id !== event.job_id) return job;
          latest = false; // newest first: only the job's latest start moves
          if (event.state === 'started' || event.state === 'progress')
            return { ...job, state: 'running' as const, progress: event.progress };
          return job;
        }),
      }));
      return { ...data, pages };
    });
    if (event.state === 'done' || event.state === 'failed')
      void queryClient.invalidateQueries({ queryKey: jobsQueryRoot });
  });

  const act = (action: typeof retry, id: number, done: string) =>
    action.mutate(id, {
      onSuccess: () => toast.success(done),
      onError: (error) => toast.error(error.message),
    });

  const kindOptions = JOB_KINDS.map((kind) => ({ value: kind, label: kindLabel(kind) }));
  const stateOptions = JOB_STATES.map((state) => ({ value: state, label: stateLabel(state) }));
  const filtered = Boolean(filters.kind || filters.state || filters.user_id);

  return (
    <div className="hc-data-page" data-testid="job-center">
      <ListHeader
        title={jobCenterMessages.title}
        subtitle={
          isAdmin
            ? 'Every job started from the console, newest first.'
            : 'The jobs you started, newest first.'
        }
      />

      <div className="hc-card hc-toolbar">
        <ToolbarSelect
          id="jobs-kind"
          label="Kind"
          value={values.kind}
          options={kindOptions}
          clearable
          placeholder="All kinds"
          onChange={(kind) => set({ kind })}
          testId="jobs-kind"
        />
        <ToolbarSelect
          id="jobs-state"
          label="State"
          value={values.state}
          options={stateOptions}
          clearable
          placeholder="All states"
          onChange={(state) => set({ state })}
          testId="jobs-state"
        />
        {isAdmin && userEmail && (
          <div className="hc-toolbar__field">
            <span>Started by</span>
            <Button
              type="button"
              label={userEmail}
              icon="pi pi-times"
              iconPos="right"
              size="small"
              outlined
              aria-label={`Show everyone's jobs (now ${userEmail}'s)`}
              onClick={() => set({ user: null })}
              data-testid="jobs-user-clear"
            />
          </div>
        )}
      </div>

      {jobs.isError && !jobs.data ? (
        <StatePanel kind="error" message={messages.networkError} onRetry={() => void jobs.refetch()} />
      ) : !jobs.isPending && rows.length === 0 ? (
        <StatePanel
          kind="empty"
          message={filtered ? jobCenterMessages.emptyFiltered : jobCenterMessages.empty}
          testId="jobs-empty"
        />
      ) : (
        <div className="hc-card hc-table-card" data-testid="jobs-table">
          <DataTable
            value={rows}
            dataKey="id"
            loading={jobs.isPending}
            pt={{ bodyRow: { 'data-testid': 'job-row' } as object }}
            tableClassName="hc-table"
          >
            <Column
              header="Kind"
              body={(job: JobEntry) => <span className="hc-nowrap">{kindLabel(job.kind)}</span>}
            />
            <Column
              header="What"
              body={(job: JobEntry) =>
                job.subject_path ? (
                  <Link to={job.subject_path} className="hc-title-link" data-testid="job-subject">
                    {job.label}
                  </Link>
                ) : (
                  <span data-testid="job-subject">{job.label}</span>
                )
              }
            />
            <Column
              header="Started by"
              body={(job: JobEntry) =>
                isAdmin && job.user_id !== null ? (
                  <button
                    type="button"
                    className="hc-link-button"
                    title="Show only this user's jobs"
                    onClick={() => set({ user: job.user_id })}
                    data-testid="job-user"
                  >
                    {job.user_email}
                  </button>
                ) : (
                  <span data-testid="job-user">{job.user_email}</span>
                )
              }
            />
            <Column
              header="When"
              body={(job: JobEntry) => <span className="hc-nowrap">{formatEntryTime(job.created_at)}</span>}
            />
            <Column
              header="Duration"
              body={(job: JobEntry) => (
                <span className="hc-nowrap">{formatDuration(job.started_at, job.finished_at)}</span>
              )}
            />
            <Column header="State" body={(job: JobEntry) => <StateCell job={job} />} />
            <Column header="Result" body={(job: JobEntry) => <ResultCell job={job} />} />
            <Column
              header=""
              body={(job: JobEntry) => (
                <div className="flex gap-1">
                  {job.can_retry && (
                    <Button
                      type="button"
                      label="Retry"
                      icon="pi pi-refresh"
                      size="small"
                      outlined
                      loading={retry.isPending && retry.variables === job.id}
                      onClick={() => act(retry, job.id, jobCenterMessages.retried)}
                      data-testid="job-retry"
                    />
                  )}
                  {job.can_cancel && (
                    <Button
                      type="button"
                      label="Cancel"
                      icon="pi pi-times"
                      size="small"
                      severity="secondary"
                      outlined
                      loading={cancel.isPending && cancel.variables === job.id}
                      onClick={() => act(cancel, job.id, jobCenterMessages.cancelled)}
                      data-testid="job-cancel"
                    />
                  )}
                </div>
              )}
            />
          </DataTable>
          {jobs.hasNextPage && (
            <div className="hc-job-more">
              <Button
                type="button"
                label="Load more"
                text
                loading={jobs.isFetchingNextPage}
                onClick={() => void jobs.fetchNextPage()}
                data-testid="jobs-more"
              />
            </div>
          )}
        </div>
      )}
    </div>
  );
}
