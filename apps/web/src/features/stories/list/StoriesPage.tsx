// AMP Stories list (spec 001 §2.2; route /stamp, role stamp_manager): the server-paged table of the
// publisher's stories, newest update first, a search, the create-story dialog and the detail drawer with
// the AMP preview and the copy-link actions.
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { isCancelledError } from '@tanstack/react-query';
import { DataTable } from 'primereact/datatable';
import type { DataTablePageEvent } from 'primereact/datatable';
import { Column } from 'primereact/column';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { Message } from 'primereact/message';
import { Skeleton } from 'primereact/skeleton';
import { SEARCH_RESULT_LIMIT, TABLE_PAGE_SIZE_OPTIONS } from '@hc/shared/constants';
import { formatDate, formatNumber } from '@hc/shared/formatters';
import { messages } from '@hc/shared/messages';
import { ApiError } from '../../../lib/api.ts';
import { copyText } from '../../../lib/clipboard.ts';
import { useToast } from '../../../app/toast.tsx';
import { useAppConfig } from '../../../app/config.tsx';
import { StatePanel } from '../../../app/StatePanel.tsx';
import { useDebouncedValue } from '../../../components/useDebouncedValue.ts';
import { usePersistentPageSize } from '../../../components/usePersistentPageSize.ts';
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

const SEARCH_DEBOUNCE_MS = 300;
const SEARCH_MAX_LENGTH = 200;
const PAGE_SIZE_KEY = 'stories';

const skeletonRows = (count: number) => Array.from({ length: count }, (_, i) => ({ id: -1 - i }) as Story);

export function StoriesPage() {
  const toast = useToast();
  const { user } = useAppConfig();
  const navigate = useNavigate();

  const [text, setText] = useState('');
  const q = useDebouncedValue(text, SEARCH_DEBOUNCE_MS).trim();
  const [per, setPer] = usePersistentPageSize(PAGE_SIZE_KEY);
  // A new search or page size starts again at page 1.
  const filterKey = JSON.stringify([q, per]);
  const [paging, setPaging] = useState({ key: filterKey, page: 1 });
  const page = paging.key === filterKey ? paging.page : 1;

  const query = useStories({ page, per, q });
  const list = query.data;
  const firstLoad = query.isPending;

  // A failed load is told once per failure (a 401 is the shell dialog's business).
  const handledErrorAt = useRef(0);
  const { isError, error, errorUpdatedAt } = query;
  useEffect(() => {
    if (!isError || errorUpdatedAt === handledErrorAt.current) return;
    handledErrorAt.current = errorUpdatedAt;
    if (isCancelledError(error) || error.name === 'AbortError') return;
    if (error instanceof ApiError && error.status === 401) return;
    toast.error(error instanceof ApiError ? error.message : messages.somethingWentWrong);
  }, [isError, error, errorUpdatedAt, toast]);

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
        setPaging({ key: JSON.stringify(['', per]), page: 1 });
        openDrawer(story);
      },
      onError: () => toast.error(messages.storyCreateFailed),
    });
  };

  const onPage = (e: DataTablePageEvent) => {
    if (e.rows !== per) {
      setPer(e.rows);
      return;
    }
    setPaging({ key: filterKey, page: (e.page ?? Math.floor(e.first / e.rows)) + 1 });
  };

  const count = list?.count ?? 0;
  const rows = firstLoad ? skeletonRows(per) : (list?.stories ?? []);
  const tooBroad = q !== '' && count > SEARCH_RESULT_LIMIT;
  const skeleton = (width: string) => () => <Skeleton width={width} />;

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

      <div className="hc-card hc-toolbar" role="search" data-testid="stories-filters">
        <div className="hc-toolbar__field hc-toolbar__field--grow">
          <label htmlFor="stories-search">Search</label>
          <IconField iconPosition="left">
            <InputIcon className="pi pi-search" />
            <InputText
              id="stories-search"
              type="search"
              value={text}
              maxLength={SEARCH_MAX_LENGTH}
              placeholder="Story title or ID"
              onChange={(e) => setText(e.target.value)}
              data-testid="stories-filter-text"
              className="w-full"
            />
          </IconField>
        </div>
        <div className="hc-toolbar__actions">
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
        </div>
      </div>

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
          message={error instanceof ApiError ? error.message : messages.somethingWentWrong}
          onRetry={() => void query.refetch()}
          testId="stories-error"
        />
      ) : (
        <div className="hc-card hc-table-card" data-testid="stories-table" aria-busy={query.isFetching}>
          <DataTable
            value={rows}
            dataKey="id"
            lazy
            paginator={firstLoad || count > 0}
            first={(page - 1) * per}
            rows={per}
            totalRecords={Math.min(count, SEARCH_RESULT_LIMIT)}
            rowsPerPageOptions={[...TABLE_PAGE_SIZE_OPTIONS]}
            paginatorTemplate="RowsPerPageDropdown CurrentPageReport FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink"
            currentPageReportTemplate="{first}–{last} of {totalRecords}"
            onPage={onPage}
            loading={query.isPlaceholderData}
            emptyMessage={
              <div className="hc-empty" data-testid="stories-empty">
                {messages.noResults}
              </div>
            }
            onRowClick={(e) => {
              if (!firstLoad) openDrawer(e.data as Story);
            }}
            rowClassName={() => (firstLoad ? 'hc-row' : 'hc-row hc-row--clickable')}
            pt={{ bodyRow: { 'data-testid': 'stories-row' } as object }}
            tableClassName="hc-table"
          >
            <Column
              header="Id"
              className="hc-col-id"
              headerClassName="hc-col-id"
              body={
                firstLoad
                  ? skeleton('3rem')
                  : (s: Story) => (
                      <span className="hc-mono" data-testid={`story-id-${s.id}`}>
                        {s.id}
                      </span>
                    )
              }
            />
            <Column
              header="Title"
              className="hc-col-title"
              headerClassName="hc-col-title"
              body={
                firstLoad
                  ? skeleton('70%')
                  : (s: Story) => (
                      <button
                        type="button"
                        className="hc-title-link"
                        data-testid={`story-title-${s.id}`}
                        onClick={(e) => {
                          e.stopPropagation();
                          openDrawer(s);
                        }}
                      >
                        {s.title}
                      </button>
                    )
              }
            />
            <Column
              header="Created"
              className="hc-col-date"
              headerClassName="hc-col-date"
              body={
                firstLoad
                  ? skeleton('6rem')
                  : (s: Story) => <span className="hc-nowrap">{formatDate(s.created_at)}</span>
              }
            />
            <Column
              header={
                <span className="hc-sorted-header" title="Newest first">
                  Updated <i className="pi pi-sort-amount-down" aria-label="newest first" />
                </span>
              }
              className="hc-col-date"
              headerClassName="hc-col-date"
              body={
                firstLoad
                  ? skeleton('6rem')
                  : (s: Story) => <span className="hc-nowrap">{formatDate(s.updated_at)}</span>
              }
            />
            <Column
              header="State"
              className="hc-col-state"
              headerClassName="hc-col-state"
              body={
                firstLoad
                  ? skeleton('4.5rem')
                  : (s: Story) => <StoryStateTag story={s} testId={`story-state-${s.id}`} />
              }
            />
          </DataTable>
        </div>
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
