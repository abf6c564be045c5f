// AMP Stories list (route /stamp, role stamp_manager): the server-paged table of the
// publisher's stories, newest update first, a search, the create-story dialog and the detail drawer with
// the AMP preview and the copy-link actions.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { Skeleton } from 'primereact/skeleton';
import { SEARCH_RESULT_LIMIT } from '@hc/shared/constants';
import { formatNumber } from '@hc/shared/formatters';
import { messages } from '@hc/shared/messages';
import { ApiError } from '../../../lib/api.ts';
import { copyText } from '../../../lib/clipboard.ts';
import { useToast } from '../../../lib/toast.tsx';
import { useAppConfig } from '../../../lib/config/config.tsx';
import { StatePanel } from '../../../components/StatePanel.tsx';
import { ServerDataTable } from '../../../components/ServerDataTable.tsx';
import type { DataColumn } from '../../../components/ServerDataTable.tsx';
import { useListPage, useSearchText } from '../../../lib/list-page/useListPage.ts';
import { useListErrorToast } from '../../../lib/list-page/useListErrorToast.ts';
import { textField } from '../../../lib/list-page/urlState.ts';
import { TitleLink, dateColumn, idColumn, titleColumn } from '../../../lib/list-page/columns.tsx';
import { ExportButton } from '../../../lib/list-page/ExportButton.tsx';
import { ListToolbar } from '../../../lib/list-page/ListToolbar.tsx';
import { useStories } from '../api/get-stories.ts';
import { useCreateStory } from '../api/create-story.ts';
import type { Story } from '../api/types.ts';
import { canDownloadStoryHighlights, editStoryPath, linkToCopy } from '../storyLinks.ts';
import { StoryDrawer, StoryStateTag } from './StoryDrawer.tsx';
import { CreateStoryDialog } from './CreateStoryDialog.tsx';
import { DownloadHighlights } from './DownloadHighlights.tsx';
import '../../../components/data-page.css';
import '../stories.css';
import { useDrawerSelection } from '../../../components/drawerSelection.ts';

const PAGE_SIZE_KEY = 'stories';
/** The search as the address bar keeps it: ?q= (and the page). */
const STORIES_URL_FIELDS = { q: textField() };

const skeletonRows = (count: number) => Array.from({ length: count }, (_, i) => ({ id: -1 - i }) as Story);

export function StoriesPage() {
  const toast = useToast();
  const { user } = useAppConfig();
  const navigate = useNavigate();

  // The search and page live in the address; the text goes there once the user pauses typing.
  const view = useListPage(STORIES_URL_FIELDS, PAGE_SIZE_KEY);
  const { per, page } = view;
  const [text, setText] = useSearchText(view.values.q, (next) => view.set({ q: next }, { replace: true }));
  const q = view.values.q.trim();

  const query = useStories({ page, per, q });
  const list = query.data;
  const firstLoad = query.isPending;
  const { isError, error } = query;
  // A failed load is told once per failure (a 401 is the shell dialog's business).
  const failure = error instanceof ApiError ? error.message : messages.somethingWentWrong;
  useListErrorToast(query, { message: failure });

  // Opening and closing the drawer re-render the drawer, not this page (components/drawerSelection.ts).
  const drawer = useDrawerSelection<Story>();
  const openDrawer = drawer.open;

  const copyLink = async (link: string | null) => {
    const copy = linkToCopy(link);
    if (!copy.ok) {
      toast.error(copy.message);
      return;
    }
    if (await copyText(copy.text)) toast.success(messages.linkCopied);
    else toast.error(messages.somethingWentWrong);
  };
  const edit = (story: Story) => void navigate(editStoryPath(story.id));

  const [creating, setCreating] = useState(false);
  const [createKey, setCreateKey] = useState(0);
  const create = useCreateStory();
  const onCreate = (title: string) => {
    create.mutate(title, {
      onSuccess: (story) => {
        toast.success(messages.storyCreated);
        setCreating(false);
        setText('');
        view.set({ q: '' });
        openDrawer(story);
      },
      onError: () => toast.error(messages.storyCreateFailed),
    });
  };

  const count = list?.count ?? 0;
  const rows = firstLoad ? skeletonRows(per) : (list?.stories ?? []);
  const tooBroad = q !== '' && count > SEARCH_RESULT_LIMIT;

  const columns: DataColumn<Story>[] = [
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

  return (
    <div className="hc-data-page hc-stories" data-testid="stories-page">
      <header className="hc-page-header">
        <div>
          <h1 className="hc-page-title">AMP Stories</h1>
          <p className="hc-page-subtitle">
            Web stories built from image and video pages, newest change first.
          </p>
        </div>
        {list && (
          <span className="hc-result-count" data-testid="stories-count">
            {count > SEARCH_RESULT_LIMIT ? '1000+' : formatNumber(count)} {count === 1 ? 'story' : 'stories'}
          </span>
        )}
      </header>

      <ListToolbar
        testId="stories"
        search={{ value: text, onChange: setText, placeholder: 'Story title or ID' }}
        actions={
          <>
            <ExportButton
              path="stamp/stories/export.csv"
              query={{ q }}
              fallbackName="stories.csv"
              testId="stories-export"
            />
            <Button
              type="button"
              label="New story"
              icon="pi pi-plus"
              onClick={() => {
                setCreateKey((k) => k + 1);
                setCreating(true);
              }}
              data-testid="stories-new"
            />
          </>
        }
      />

      {tooBroad && (
        <Message
          severity="info"
          text={messages.searchTooBroad}
          className="hc-too-broad"
          data-testid="stories-too-broad"
        />
      )}

      {isError && !list ? (
        <StatePanel
          kind="error"
          message={failure}
          onRetry={() => void query.refetch()}
          testId="stories-error"
        />
      ) : (
        <ServerDataTable
          testId="stories"
          rows={rows}
          dataKey="id"
          columns={columns}
          firstLoad={firstLoad}
          page={page}
          per={per}
          totalRecords={Math.min(count, SEARCH_RESULT_LIMIT)}
          onPage={view.onPage}
          loading={query.isPlaceholderData}
          fetching={query.isFetching}
          onRowClick={openDrawer}
        />
      )}

      <StoryDrawer
        selection={drawer}
        pageRows={list?.stories}
        onCopyLink={(s) => void copyLink(s.link)}
        onCopyThumbnail={(s) => void copyLink(s.thumbnail)}
        onEdit={edit}
        downloadSlot={
          canDownloadStoryHighlights(user.user_identifier)
            ? (story) => (
                // Keyed by story version: another story (or a newer version) starts from the button.
                <DownloadHighlights key={`${story.id}/${story.updated_at}`} storyId={story.id} />
              )
            : undefined
        }
      />

      <CreateStoryDialog
        key={createKey}
        visible={creating}
        busy={create.isPending}
        onCreate={onCreate}
        onHide={() => setCreating(false)}
      />
    </div>
  );
}
