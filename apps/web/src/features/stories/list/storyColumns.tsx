// The stories table's columns: Id, Title (opens the drawer), Created, Updated (the one order, newest
// first) and State.
import { Skeleton } from 'primereact/skeleton';
import type { DataColumn } from '../../../components/ServerDataTable.tsx';
import { TitleLink, dateColumn, idColumn, titleColumn } from '../../../lib/list-page/columns.tsx';
import type { Story } from '../api/types.ts';
import { StoryStateTag } from './StoryDrawer.tsx';

export function storyColumns(openDrawer: (story: Story) => void): DataColumn<Story>[] {
  return [
    idColumn({
      key: 'id',
      header: 'Id',
      skeleton: <Skeleton width="3rem" />,
      value: (s) => s.id,
      testId: (s) => `story-id-${s.id}`,
    }),
    titleColumn({
      key: 'title',
      header: 'Title',
      skeletonWidths: ['70%'],
      title: (s) => (
        <TitleLink onOpen={() => openDrawer(s)} testId={`story-title-${s.id}`}>
          {s.title}
        </TitleLink>
      ),
    }),
    dateColumn({
      key: 'created',
      header: 'Created',
      skeleton: <Skeleton width="6rem" />,
      value: (s) => s.created_at,
    }),
    dateColumn({
      key: 'updated',
      // The list has one order, newest change first: the header says so instead of sorting.
      header: (
        <span className="hc-sorted-header" title="Newest first">
          Updated <i className="pi pi-sort-amount-down" role="img" aria-label="newest first" />
        </span>
      ),
      skeleton: <Skeleton width="6rem" />,
      value: (s) => s.updated_at,
    }),
    {
      key: 'state',
      header: 'State',
      className: 'hc-col-state',
      body: (s) => <StoryStateTag story={s} testId={`story-state-${s.id}`} />,
    },
  ];
}
