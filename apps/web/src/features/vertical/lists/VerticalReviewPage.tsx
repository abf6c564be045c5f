// The vertical review lists: highlight tasks (/highlights/live/vertical/review) and
// full-video tasks (/vertical/review) in review over the look-back, filtered by publisher or group,
// program and text, grouped, sorted on the server by several columns; a row opens the review modal.
import { Suspense, useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { PROGRAMS_FETCH_PAGE_SIZE, LOOK_BACK_DAYS } from '@hc/shared/constants';
import type { VerticalTask } from '@hc/shared/api/vertical';
import { useAppConfig } from '../../../lib/config/config.tsx';
import { useToast } from '../../../lib/toast.tsx';
import { lockMessages } from '@hc/shared/live/locks';
import { heldByOther } from '../../../lib/locks/lockRows.ts';
import { pageWithLockChange, useLockChanges, useLockClock } from '../../../lib/locks/useLockChanges.ts';
import { useBreakLockAction } from '../../../lib/locks/useBreakLockAction.tsx';
import { useDebouncedValue } from '../../../components/useDebouncedValue.ts';
import { pendingCountsQueryOptions } from '../../../lib/pending/api/get-pending-counts.ts';
import { usePublisherGroups } from '../api/get-publisher-groups.ts';
import { useVerticalPrograms } from '../api/get-vertical-programs.ts';
import { VERTICAL_TASKS_KEY } from '../api/get-vertical-tasks.ts';
import type { VerticalContentType, VerticalTaskList } from '../api/get-vertical-tasks.ts';
import { fullVideoReviewColumns, highlightReviewColumns } from './taskColumns.tsx';
import { ALL_PROGRAMS, TaskFilters } from './TaskFilters.tsx';
import type { ScopeOptionGroup } from './TaskFilters.tsx';
import { freeQueryParam, parseScope, scopeParams, scopeValue } from './taskListQuery.ts';
import type { GroupBy } from './taskListQuery.ts';
import { TaskTable } from './TaskTable.tsx';
import { useTaskList } from './useTaskList.ts';
import { useRetryRender } from '../api/retry-render.ts';
import { ErrorDialog } from '../review/ErrorDialog.tsx';
import { ApiError } from '../../../lib/api.ts';
import { jobMessages, messages } from '@hc/shared/messages';
import { countLabel, ListHeader } from '../../../lib/list-page/ListHeader.tsx';
import '../../../components/data-page.css';
import './vertical-lists.css';
import { lazyPart } from '../../../lib/lazyPart.ts';

const SEARCH_DEBOUNCE_MS = 300;
const NO_TASKS: VerticalTask[] = [];
const videoId = (t: VerticalTask) => t.video_id;

// The modal carries the player and the Konva crop boxes: loaded on the first row click only.
const ReviewModal = lazyPart(() =>
  import('../review/ReviewModal.tsx').then((m) => ({ default: m.ReviewModal })),
);

const COPY: Record<VerticalContentType, { title: string; subtitle: string; noun: string }> = {
  highlight: {
    title: 'Review & Edit',
    subtitle: 'Highlight tasks waiting for a vertical review.',
    noun: 'highlight task',
  },
  full_video: {
    title: 'Full Video Review & Edit',
    subtitle: 'Full videos waiting for a vertical review.',
    noun: 'full-video task',
  },
};

export function VerticalReviewPage({ contentType }: { contentType: VerticalContentType }) {
  const { user } = useAppConfig();
  const client = useQueryClient();
  const groups = usePublisherGroups();

  // Scope: the session's publisher by default, as the server's own default.
  const [scope, setScope] = useState(scopeValue({ kind: 'publisher', id: user.publisher.id }));
  const [program, setProgram] = useState(ALL_PROGRAMS);
  const [text, setText] = useState('');
  const freeText = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const [groupBy, setGroupBy] = useState<GroupBy>('none');

  const scopeOptions: ScopeOptionGroup[] = [
    {
      label: 'Publishers',
      items: user.publishers.map((p) => ({
        label: p.name,
        value: scopeValue({ kind: 'publisher', id: p.id }),
      })),
    },
    ...(groups.data && groups.data.length > 0
      ? [
          {
            label: 'Publisher groups',
            items: groups.data.map((g) => ({
              label: g.name,
              value: scopeValue({ kind: 'group', id: g.id }),
            })),
          },
        ]
      : []),
  ];

  const isHighlight = contentType === 'highlight';
  const programs = useVerticalPrograms(
    {
      status: 'review',
      sort_by: 'start_date',
      order_by: 'desc',
      page: 1,
      per: PROGRAMS_FETCH_PAGE_SIZE,
      from: LOOK_BACK_DAYS,
    },
    isHighlight,
  );

  const parsedScope = parseScope(scope) ?? { kind: 'publisher' as const, id: user.publisher.id };
  // The programs call lists the session publisher's programs only: another publisher's
  // tasks cannot be filtered by them, so the filter rests while such a scope is chosen.
  const programsApply = parsedScope.kind === 'group' || parsedScope.id === user.publisher.id;
  const programFilter = isHighlight && programsApply ? program : ALL_PROGRAMS;
  const list = useTaskList(
    `vertical-review-${contentType}`,
    {
      status: 'review',
      content_type: contentType,
      ...scopeParams(parsedScope),
      ...(programFilter !== ALL_PROGRAMS ? { program: programFilter } : {}),
      ...freeQueryParam(freeText),
    },
    groupBy,
  );

  // Who holds which task: from the list, then live from lock_changed.
  const toast = useToast();
  const applyLockChange = useLockChanges<VerticalTaskList>(
    'vertical_task',
    VERTICAL_TASKS_KEY,
    (page, event) => pageWithLockChange(page, 'tasks', videoId, event),
  );
  const breakLock = useBreakLockAction('vertical_task', applyLockChange);
  const now = useLockClock(list.query.data?.tasks ?? NO_TASKS, user.email, () => {
    void client.invalidateQueries({ queryKey: VERTICAL_TASKS_KEY });
  });
  const isAdmin = user.roles.includes('admin');

  const [selected, setSelected] = useState<VerticalTask | null>(null);
  // A click reads the leases as the list draws them (a lease past its known expiry is still drawn while
  // the list is asked whether it was renewed), so a task shown locked is never opened.
  const open = (task: VerticalTask) => {
    const holder = heldByOther(task, user.email, now);
    if (holder) toast.info(lockMessages.heldBy(holder));
    else setSelected(task);
  };
  const close = useCallback(() => setSelected(null), []);
  const changed = useCallback(() => {
    void client.invalidateQueries({ queryKey: VERTICAL_TASKS_KEY });
    void client.invalidateQueries({ queryKey: pendingCountsQueryOptions().queryKey });
  }, [client]);
  // Retry of a render that ended without an MP4: the task leaves the list while it renders again; a
  // refusal (the task changed meanwhile) opens the 'Error' dialog with the server's reason.
  const retry = useRetryRender();
  const [retryError, setRetryError] = useState<string | null>(null);
  const retryRender = (task: VerticalTask) => {
    if (retry.isPending || !task.render_job_id) return;
    retry.mutate(
      { video_id: task.video_id, render_job_id: task.render_job_id },
      {
        onSuccess: () => toast.success(jobMessages.retryRenderQueued(task.video_id)),
        onError: (error) =>
          setRetryError(error instanceof ApiError ? error.message : messages.somethingWentWrong),
      },
    );
  };
  const copy = COPY[contentType];
  const count = list.query.data?.count;

  return (
    <div className="hc-data-page hc-vertical" data-testid={`vertical-review-${contentType}`}>
      <ListHeader
        title={copy.title}
        subtitle={`${copy.subtitle} Ctrl-click (⌘-click) a column header to sort by one more column.`}
        count={count !== undefined && `${countLabel(count, copy.noun, `${copy.noun}s`)} in review`}
        countTestId="vertical-count"
      />

      <TaskFilters
        scope={scope}
        scopeOptions={scopeOptions}
        onScopeChange={setScope}
        program={
          isHighlight
            ? {
                value: programFilter,
                disabled: !programsApply,
                options: (programs.data?.programs ?? []).map((p) => ({
                  label: p.channel ? `${p.title} · ${p.channel}` : p.title,
                  value: p.id,
                })),
                loading: programs.isFetching,
                onChange: setProgram,
              }
            : undefined
        }
        text={text}
        onTextChange={setText}
        groupBy={groupBy}
        onGroupByChange={setGroupBy}
        refreshing={list.query.isFetching && !list.query.isPending}
        onRefresh={() => void list.query.refetch()}
      />

      <TaskTable
        list={list}
        columns={isHighlight ? highlightReviewColumns : fullVideoReviewColumns}
        onOpen={open}
        selectedId={selected?.video_id}
        groupBy={groupBy}
        testId="vertical-tasks"
        locks={{
          me: user.email,
          now,
          onBreak: isAdmin ? (task, holder) => breakLock.ask(task.video_id, holder) : undefined,
        }}
        renderRetry={{
          onRetry: retryRender,
          retrying: retry.isPending ? (retry.variables?.video_id ?? null) : null,
        }}
      />
      {breakLock.dialog}
      <ErrorDialog message={retryError} onClose={() => setRetryError(null)} />

      {selected && (
        <Suspense fallback={null}>
          <ReviewModal task={selected} onClose={close} onChanged={changed} />
        </Suspense>
      )}
    </div>
  );
}
