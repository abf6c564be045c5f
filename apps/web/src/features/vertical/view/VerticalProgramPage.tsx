// View Vertical Program (/highlights/live/vertical/view/program/{programId}/{status}): the
// program's ready segments (status other than 1) or rejected ones (status 1), with the item drawer.
import { useLocation, useNavigate, useParams } from 'react-router';
import type { VerticalProgram } from '@hc/shared/api/vertical';
import { pathFor } from '@hc/shared/routes';
import { StatePanel } from '../../../components/StatePanel.tsx';
import { LinkButton } from '../../../components/LinkButton.tsx';
import { programSegmentColumns } from '../lists/taskColumns.tsx';
import { useTaskList } from '../lists/useTaskList.ts';
import { statusOfTab, tabOf } from './viewTabs.ts';
import { ViewTabs } from './ViewTabs.tsx';
import { ViewTaskList } from './ViewTaskList.tsx';
import '../../../components/data-page.css';
import '../lists/vertical-lists.css';

/** The header of the page: from the segments, else from the program list row that led here. */
interface ProgramHeader {
  title: string;
  channel: string | null;
  externalId: string | null;
}

export function VerticalProgramPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const fromList = (location.state as { program?: VerticalProgram } | null)?.program;
  const params = useParams();
  const tab = tabOf(params.status);
  const status = statusOfTab(tab);
  const programId = Number(params.programId);
  const valid = Number.isSafeInteger(programId) && programId > 0;
  const list = useTaskList(
    'vertical-program-segments',
    { status, content_type: 'highlight', program: valid ? programId : 0 },
    'none',
    valid,
  );
  // The program's name and ids come with its tasks (there is no program call of its own), or with the
  // row of Vertical View that opened it (a tab without segments has no task to name it).
  const first = list.query.data?.tasks[0];
  const header: ProgramHeader | null = first?.program_name
    ? { title: first.program_name, channel: first.channel, externalId: first.external_program_id }
    : fromList?.id === programId
      ? { title: fromList.title, channel: fromList.channel, externalId: fromList.external_program_id }
      : null;

  if (!valid) {
    return (
      <StatePanel
        kind="empty"
        title="Program not found"
        message={`There is no program ${params.programId ?? ''}.`}
        action={
          <LinkButton to={pathFor('liveVerticalView')} label="All programs" icon="pi pi-arrow-left" text />
        }
        testId="vertical-program-error"
      />
    );
  }

  return (
    <div className="hc-data-page hc-vertical" data-testid="vertical-program-page">
      <header className="hc-page-header">
        <div>
          <h1 className="hc-page-title" data-testid="vertical-program-title">
            {header?.title ?? 'View Vertical Program'}
          </h1>
          <p className="hc-page-subtitle">
            {header && [header.channel, header.externalId].filter(Boolean).join(' · ') + ' · '}
            {status === 'ready'
              ? 'Segments with a vertical result.'
              : 'Segments whose source video was rejected.'}
          </p>
        </div>
      </header>

      <ViewTaskList
        key={status}
        status={status}
        columns={programSegmentColumns(status)}
        list={list}
        tabs={
          <ViewTabs
            tab={tab}
            onChange={(next) =>
              void navigate(pathFor('liveVerticalViewProgram', { programId, status: next }), {
                replace: true,
                state: location.state,
              })
            }
          />
        }
        noun="segment"
      />
    </div>
  );
}
