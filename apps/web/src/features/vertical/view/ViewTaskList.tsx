// A Vertical View task table (a program's segments, or full videos) with REFRESH and the item drawer.
import { useState } from 'react';
import type { ReactNode } from 'react';
import { Button } from 'primereact/button';
import { formatNumber } from '@hc/shared/formatters';
import type { VerticalTask } from '@hc/shared/api/vertical';
import { TaskTable } from '../lists/TaskTable.tsx';
import type { TaskColumn } from '../lists/taskColumns.tsx';
import type { TaskListState } from '../lists/useTaskList.ts';
import { VerticalTaskDrawer } from './VerticalTaskDrawer.tsx';
import type { ViewStatus } from './viewTabs.ts';

interface ViewTaskListProps {
  status: ViewStatus;
  columns: TaskColumn[];
  list: TaskListState;
  /** What the count counts ('segment', 'video'). */
  noun: string;
  /** The RESULTS / REJECTED strip, shown in one row with the count and REFRESH. */
  tabs: ReactNode;
}

export function ViewTaskList({ status, columns, list, noun, tabs }: ViewTaskListProps) {
  const [selected, setSelected] = useState<VerticalTask | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  // The drawer follows the list's copy of the task, so a reels_valid change shows at once.
  const current =
    selected && (list.query.data?.tasks.find((t) => t.video_id === selected.video_id) ?? selected);
  const count = list.query.data?.count;
  const open = (task: VerticalTask) => {
    setSelected(task);
    setDrawerOpen(true);
  };

  return (
    <>
      <div className="hc-vertical-tabbar">
        {tabs}
        <div className="hc-vertical-tabbar__actions">
          {count !== undefined && (
            <span className="hc-result-count" data-testid="vertical-count">
              {formatNumber(count)} {count === 1 ? noun : `${noun}s`}
            </span>
          )}
          <Button
            type="button"
            label="REFRESH"
            icon={`pi pi-refresh${list.query.isFetching && !list.query.isPending ? ' pi-spin' : ''}`}
            outlined
            onClick={() => void list.query.refetch()}
            data-testid="vertical-refresh"
          />
        </div>
      </div>

      <TaskTable
        list={list}
        columns={columns}
        onOpen={open}
        selectedId={drawerOpen ? selected?.video_id : null}
        testId="vertical-tasks"
      />

      {current && (
        <VerticalTaskDrawer
          task={current}
          status={status}
          visible={drawerOpen}
          onHide={() => setDrawerOpen(false)}
        />
      )}
    </>
  );
}
