// Full videos in Vertical View (/vertical/view): ready full videos on RESULTS (Name,
// Content source ID, Duration, Discovery, Generation, Derivative ID), rejected ones on REJECTED, with the
// item drawer. The tab is kept in the address (?tab=1) so a reload or a shared link keeps it.
import { useSearchParams } from 'react-router';
import { VERTICAL_TABS } from '@hc/shared/constants';
import { fullVideoViewColumns } from '../lists/taskColumns.tsx';
import { useTaskList } from '../lists/useTaskList.ts';
import { statusOfTab, tabOf } from './viewTabs.ts';
import { ViewTabs } from './ViewTabs.tsx';
import { ViewTaskList } from './ViewTaskList.tsx';
import '../../../components/data-page.css';
import '../lists/vertical-lists.css';

export function FullVideoViewPage() {
  const [search, setSearch] = useSearchParams();
  const tab = tabOf(search.get('tab'));
  const status = statusOfTab(tab);
  const list = useTaskList('vertical-full-videos', { status, content_type: 'full_video' });

  return (
    <div className="hc-data-page hc-vertical" data-testid="vertical-full-view-page">
      <header className="hc-page-header">
        <div>
          <h1 className="hc-page-title">Full Video View</h1>
          <p className="hc-page-subtitle">
            {status === 'ready'
              ? 'Full videos with a vertical result.'
              : 'Full videos whose source was rejected.'}
          </p>
        </div>
      </header>

      <ViewTaskList
        key={status}
        status={status}
        columns={fullVideoViewColumns(status)}
        list={list}
        tabs={
          <ViewTabs
            tab={tab}
            onChange={(next) =>
              setSearch(next === VERTICAL_TABS.results ? {} : { tab: String(next) }, { replace: true })
            }
          />
        }
        noun="video"
      />
    </div>
  );
}
