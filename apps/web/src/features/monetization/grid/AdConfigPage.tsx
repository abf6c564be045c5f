// Ad configuration grid (/admin/ad-config): up to 20 publishers'
// configurations in four tabs, edited cell by cell with the legend, reset, and submitted as one
// monetization-submit job (all or nothing) whose progress is shown until it finishes.
import { useCallback, useEffect, useState } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Paginator } from 'primereact/paginator';
import { ProgressBar } from 'primereact/progressbar';
import { TabPanel, TabView } from 'primereact/tabview';
import type { GridData } from '@hc/shared/api/ad-grid';
import {
  PUBLISHER_MULTISELECT_MAX,
  TABLE_PAGE_SIZE_OPTIONS,
  TOAST_LIFE_ADMIN_MS,
} from '@hc/shared/constants';
import { gridDiscardEdits, messages } from '@hc/shared/messages';
import { GRID_TAB_LABELS, GRID_TABS, type GridTab } from '@hc/shared/monetization/grid-rules';
import { StatePanel } from '../../../components/StatePanel.tsx';
import { useToast } from '../../../lib/toast.tsx';
import { usePersistentPageSize } from '../../../components/usePersistentPageSize.ts';
import { ApiError } from '../../../lib/api.ts';
import { useLeavePrompt } from '../../../lib/useLeavePrompt.ts';
import { PublishersField } from '../components/PublishersField.tsx';
import { newSessionId } from '../api/session-id.ts';
import { useFillGrid } from './api/fill-grid.ts';
import { useSubmitJob } from './api/get-submit-job.ts';
import { useSubmitGrid } from './api/submit-grid.ts';
import { GridTable } from './GridTable.tsx';
import { CELL_LEGEND, editedCount, submitData, submitProblem, type GridEdits } from './gridEdits.ts';
import { ListHeader } from '../../../lib/list-page/ListHeader.tsx';
import '../../../components/data-page.css';
import '../monetization.css';
import './grid.css';

const errorOf = (error: unknown) => (error instanceof ApiError ? error.message : messages.somethingWentWrong);

export function AdConfigPage() {
  const toast = useToast();
  // A token plus the page-load time; a new one once a submit has been applied and the grid reloaded.
  const [sessionId, setSessionId] = useState(newSessionId);
  const [chosen, setChosen] = useState<number[]>([]);
  const [loaded, setLoaded] = useState<number[]>([]);
  const [grid, setGrid] = useState<GridData | null>(null);
  const [edits, setEdits] = useState<GridEdits>({});
  const [tab, setTab] = useState(0);
  const [first, setFirst] = useState(0);
  const [per, setPer] = usePersistentPageSize('ad-config-grid');
  const [jobId, setJobId] = useState<string | null>(null);
  const fill = useFillGrid();
  const submit = useSubmitGrid();
  const job = useSubmitJob(jobId);

  const { mutate: fillGrid } = fill;
  const load = useCallback(
    (publisherIds: number[], session: string) => {
      fillGrid(
        { publisherIds, sessionId: session },
        {
          onSuccess: (data) => {
            setGrid(data);
            setEdits({});
            setLoaded(publisherIds);
          },
          onError: (error) => toast.error(errorOf(error), TOAST_LIFE_ADMIN_MS),
        },
      );
    },
    [fillGrid, toast],
  );

  // The submit job's end: success reloads the grid (a new session), failure toasts the first error.
  // Clearing jobId makes this run once per finished job.
  const ended = job.data?.state === 'completed' || job.data?.state === 'failed' ? job.data : null;
  useEffect(() => {
    if (!ended || jobId === null) return;
    setJobId(null);
    if (ended.state === 'completed') {
      toast.success(messages.configurationsSubmitted);
      const next = newSessionId();
      setSessionId(next);
      load(loaded, next);
    } else toast.error(ended.errors[0] ?? messages.somethingWentWrong, TOAST_LIFE_ADMIN_MS);
  }, [ended, jobId, loaded, load, toast]);
  useEffect(() => {
    if (job.isError && jobId !== null) {
      setJobId(null);
      toast.error(errorOf(job.error), TOAST_LIFE_ADMIN_MS);
    }
  }, [job.isError, job.error, jobId, toast]);

  const onSubmit = () => {
    if (!grid) return;
    const problem = submitProblem(grid, edits);
    if (problem) {
      toast.error(problem, TOAST_LIFE_ADMIN_MS);
      return;
    }
    submit.mutate(
      { data: submitData(grid, edits), session_id: sessionId },
      {
        onSuccess: (started) => setJobId(started.job_id),
        onError: (error) => toast.error(errorOf(error), TOAST_LIFE_ADMIN_MS),
      },
    );
  };

  const running = submit.isPending || jobId !== null;
  const changes = editedCount(edits);

  // Unsubmitted edits are never dropped silently: reloading the grid, leaving the page in the app, or
  // reloading the tab asks first.
  const [pendingDiscard, setPendingDiscard] = useState<(() => void) | null>(null);
  const guarded = (action: () => void) => {
    if (changes > 0) setPendingDiscard(() => action);
    else action();
  };
  const { blocker, settle } = useLeavePrompt(changes > 0);
  const asking = pendingDiscard !== null || blocker.state === 'blocked';
  const keepEdits = () => {
    setPendingDiscard(null);
    blocker.reset?.();
  };
  const discardEdits = () => {
    const action = pendingDiscard;
    setPendingDiscard(null);
    if (blocker.state === 'blocked') {
      settle();
      blocker.proceed?.();
    }
    action?.();
  };
  const currentTab: GridTab = GRID_TABS[tab] ?? 'publisher';
  const rows = grid ? grid[currentTab] : [];

  return (
    <div className="hc-data-page hc-mon hc-grid-page" data-testid="ad-config">
      <ListHeader
        title="Ad Configuration"
        subtitle={`Edit the video and display configurations of up to ${PUBLISHER_MULTISELECT_MAX} publishers.`}
        count={
          grid && (changes === 0 ? 'No changes' : `${changes} edited ${changes === 1 ? 'cell' : 'cells'}`)
        }
        countTestId="grid-count"
      />

      <div className="hc-card hc-toolbar">
        <PublishersField id="grid-publishers" value={chosen} onChange={setChosen} />
        <div className="hc-toolbar__actions">
          <Button
            label="Get Configurations"
            icon="pi pi-download"
            disabled={chosen.length === 0 || running}
            loading={fill.isPending}
            onClick={() =>
              guarded(() => {
                setFirst(0);
                load(
                  [...chosen].sort((a, b) => a - b),
                  sessionId,
                );
              })
            }
            data-testid="grid-get"
          />
        </div>
      </div>

      {!grid ? (
        fill.isPending ? (
          <div className="hc-card hc-grid-loading">
            <ProgressBar mode="indeterminate" style={{ height: '4px' }} />
          </div>
        ) : (
          <StatePanel
            kind="empty"
            message="Choose publishers and Get Configurations to edit them."
            testId="grid-empty"
          />
        )
      ) : (
        <div className="hc-card hc-table-card hc-grid-card">
          <div className="hc-grid-bar">
            <ul className="hc-grid-legend" aria-label="Legend" data-testid="grid-legend">
              {Object.entries(CELL_LEGEND).map(([state, label]) => (
                <li key={state} data-testid={`grid-legend-${state}`} data-state={state}>
                  <span className={`hc-grid-swatch hc-grid-cell--${state}`} aria-hidden="true" /> {label}
                </li>
              ))}
            </ul>
            <div className="hc-grid-bar__actions">
              <Button
                label="Reset values"
                icon="pi pi-undo"
                outlined
                disabled={changes === 0 || running}
                onClick={() => setEdits({})}
                data-testid="grid-reset"
              />
              <Button
                label="Submit"
                icon="pi pi-check"
                disabled={changes === 0 || running}
                loading={running}
                onClick={onSubmit}
                data-testid="grid-submit"
              />
            </div>
          </div>
          {running && (
            <div className="hc-grid-progress" data-testid="grid-progress">
              <ProgressBar value={job.data?.progress ?? 0} showValue={false} style={{ height: '6px' }} />
              <span>Submitting… {job.data?.progress ?? 0}%</span>
            </div>
          )}
          <TabView
            activeIndex={tab}
            onTabChange={(e) => {
              setTab(e.index);
              setFirst(0);
            }}
          >
            {GRID_TABS.map((t) => (
              <TabPanel
                key={t}
                header={`${GRID_TAB_LABELS[t]} (${grid[t].length})`}
                pt={{ headerAction: { 'data-testid': `grid-tab-${t}` } as object }}
              />
            ))}
          </TabView>
          {rows.length === 0 ? (
            <div className="hc-empty">{messages.noResults}</div>
          ) : (
            <GridTable
              tab={currentTab}
              rows={rows.slice(first, first + per)}
              edits={edits}
              onEdits={setEdits}
            />
          )}
          <Paginator
            first={first}
            rows={per}
            totalRecords={rows.length}
            rowsPerPageOptions={[...TABLE_PAGE_SIZE_OPTIONS]}
            onPageChange={(e) => {
              if (e.rows !== per) {
                setPer(e.rows);
                setFirst(0);
              } else setFirst(e.first);
            }}
            template="RowsPerPageDropdown CurrentPageReport PrevPageLink PageLinks NextPageLink"
            currentPageReportTemplate="{first}–{last} of {totalRecords}"
          />
        </div>
      )}
      <Dialog
        visible={asking}
        header="Discard edits?"
        onHide={keepEdits}
        modal
        style={{ width: '28rem' }}
        data-testid="grid-discard-dialog"
        footer={
          <div>
            <Button label="Keep editing" text onClick={keepEdits} data-testid="grid-discard-no" autoFocus />
            <Button label="Discard" severity="danger" onClick={discardEdits} data-testid="grid-discard-yes" />
          </div>
        }
      >
        <p>{gridDiscardEdits(changes)}</p>
      </Dialog>
    </div>
  );
}
