// The columns of every vertical task table, and which list shows which. A column
// is sortable when the server can sort on it (VERTICAL_TASK_SORTS).
import { createContext, useContext } from 'react';
import { Skeleton } from 'primereact/skeleton';
import { EMPTY_VALUE, formatDate } from '@hc/shared/formatters';
import type { DataColumn } from '../../../components/ServerDataTable.tsx';
import { formatSeconds, formatTimeOfDay } from './taskFormat.ts';
import { heldByOther } from '../../../lib/locks/lockRows.ts';
import { LockTag } from '../../../lib/locks/LockTag.tsx';
import { RenderTag } from './RenderTag.tsx';
import type { VerticalTask, VerticalTaskSort } from '@hc/shared/api/vertical';

export type TaskColumn = DataColumn<VerticalTask, VerticalTaskSort>;

const mono = (value: string | number | null) => (
  <span className="hc-mono">{value === null || value === '' ? EMPTY_VALUE : value}</span>
);

/** A timestamp column: the date, and its time of day under it (tasks arrive minutes apart). */
const timestamp = (seconds: number | null) => (
  <div className="hc-timestamp">
    <span className="hc-nowrap">{formatDate(seconds)}</span>
    {seconds !== null && <span className="hc-title-meta hc-nowrap">{formatTimeOfDay(seconds)}</span>}
  </div>
);

/** What a click on a task's name does: the table's row action (PrimeReact ignores row clicks on buttons). */
export const OpenTaskContext = createContext<(task: VerticalTask) => void>(() => undefined);

/** The review lists' leases: whose view they are drawn for, when, and an admin's break. */
export interface TaskLocksView {
  me: string;
  /** The time the leases are judged at (useLockClock). */
  now: number;
  /** Set for admins. */
  onBreak?: (task: VerticalTask, holder: string) => void;
}
/** Set by the review lists only: the other lists show no leases. */
export const TaskLocksContext = createContext<TaskLocksView | null>(null);

/**
 * The row's name as a button, so keyboard users reach the row's action too; under it, who holds it, and
 * a render that ended without an MP4 with its Retry.
 */
function TaskTitleLink({ task, label }: { task: VerticalTask; label: string }) {
  const open = useContext(OpenTaskContext);
  const locks = useContext(TaskLocksContext);
  const holder = locks ? heldByOther(task, locks.me, locks.now) : null;
  const onBreak = locks?.onBreak;
  const link = (
    <button
      type="button"
      className="hc-title-link"
      title={task.title}
      data-testid={`vertical-task-${task.video_id}`}
      onClick={(e) => {
        e.stopPropagation();
        open(task);
      }}
    >
      {label}
    </button>
  );
  return (
    <>
      {link}
      {holder && (
        <div>
          <LockTag
            holder={holder}
            onBreak={onBreak ? () => onBreak(task, holder) : undefined}
            testId={`vertical-lock-${task.video_id}`}
          />
        </div>
      )}
      {task.render_state === 'failed' && (
        <div>
          <RenderTag task={task} />
        </div>
      )}
    </>
  );
}
const titleLink = (task: VerticalTask, label: string) => <TaskTitleLink task={task} label={label} />;

const publisher: TaskColumn = {
  key: 'publisher',
  header: 'Publisher',
  sortField: 'publisher_name',
  className: 'hc-col-publisher',
  body: (t) => t.publisher_name,
};
const channel: TaskColumn = {
  key: 'channel',
  header: 'Channel',
  sortField: 'channel',
  className: 'hc-col-channel',
  body: (t) => t.channel ?? EMPTY_VALUE,
};
/** A highlight task's program; the task title says which segment. */
const program: TaskColumn = {
  key: 'program',
  header: 'Program',
  sortField: 'program_name',
  className: 'hc-col-title',
  skeleton: <Skeleton width="80%" />,
  body: (t) => titleLink(t, t.program_name ?? t.title),
};
/** A full video's name (its title). */
const name: TaskColumn = {
  key: 'name',
  header: 'Name',
  sortField: 'title',
  className: 'hc-col-title',
  skeleton: <Skeleton width="80%" />,
  body: (t) => titleLink(t, t.title),
};
const programId: TaskColumn = {
  key: 'program-id',
  header: 'Program ID',
  sortField: 'external_program_id',
  className: 'hc-col-ext-id',
  body: (t) => mono(t.external_program_id),
};
const contentSourceId: TaskColumn = { ...programId, key: 'content-source-id', header: 'Content source ID' };
const segmentId: TaskColumn = {
  key: 'segment-id',
  header: 'Segment ID',
  sortField: 'segment_id',
  className: 'hc-col-ext-id',
  body: (t) => mono(t.segment_id),
};
const videoId: TaskColumn = {
  key: 'video-id',
  header: 'Video ID',
  sortField: 'video_id',
  className: 'hc-col-video-id',
  body: (t) => mono(t.video_id),
};
const id: TaskColumn = { ...videoId, key: 'id', header: 'ID' };
const highlightId: TaskColumn = {
  key: 'highlight-id',
  header: 'Highlight ID',
  sortField: 'highlight_id',
  className: 'hc-col-video-id',
  body: (t) => mono(t.highlight_id),
};
const derivativeId: TaskColumn = {
  key: 'derivative-id',
  header: 'Derivative ID',
  sortField: 'derivative_id',
  className: 'hc-col-ext-id',
  body: (t) => mono(t.derivative_id),
};
const duration: TaskColumn = {
  key: 'duration',
  header: 'Duration',
  sortField: 'duration',
  className: 'hc-col-duration',
  body: (t) => <span className="hc-num">{formatSeconds(t.duration)}</span>,
};
const discovery = (header: string): TaskColumn => ({
  key: 'discovery',
  header,
  sortField: 'created_at',
  className: 'hc-col-date',
  body: (t) => timestamp(t.created_at),
});
const generation = (header: string): TaskColumn => ({
  key: 'generation',
  header,
  sortField: 'generated_at',
  className: 'hc-col-date',
  body: (t) => timestamp(t.generated_at),
});

/** Highlight tasks in review (/highlights/live/vertical/review). */
export const highlightReviewColumns: TaskColumn[] = [
  publisher,
  channel,
  program,
  programId,
  segmentId,
  videoId,
  duration,
  discovery('Discovery timestamp'),
  generation('Algo suggestion timestamp'),
];

/** Full-video tasks in review (/vertical/review). */
export const fullVideoReviewColumns: TaskColumn[] = [
  publisher,
  name,
  id,
  duration,
  discovery('Discovery'),
  generation('Generation'),
];

/** A program's segments in Vertical View: ready ones carry the vertical highlight id, rejected ones none. */
export const programSegmentColumns = (status: 'ready' | 'rejected'): TaskColumn[] => [
  channel,
  program,
  segmentId,
  videoId,
  ...(status === 'ready' ? [highlightId] : []),
  discovery('Discovery timestamp'),
  generation('Generation timestamp'),
];

/** Full videos in Vertical View (/vertical/view); a rejected video has no derivative. */
export const fullVideoViewColumns = (status: 'ready' | 'rejected'): TaskColumn[] => [
  name,
  contentSourceId,
  duration,
  discovery('Discovery'),
  generation('Generation'),
  ...(status === 'ready' ? [derivativeId] : []),
];
