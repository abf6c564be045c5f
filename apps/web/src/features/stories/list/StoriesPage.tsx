// AMP Stories list (route /stamp, role stamp_manager): the server-paged table of the
// publisher's stories, newest update first, a search, the create-story dialog and the detail drawer with
// the AMP preview and the copy-link actions. The columns, the toolbar and the New story flow are in
// their own files; this page joins them to the list's state in the address.
import { useNavigate } from 'react-router';
import { Message } from 'primereact/message';
import { SEARCH_RESULT_LIMIT } from '@hc/shared/constants';
import { messages } from '@hc/shared/messages';
import { ApiError } from '../../../lib/api.ts';
import { useToast } from '../../../lib/toast.tsx';
import { useAppConfig } from '../../../lib/config/config.tsx';
import { ListTable } from '../../../lib/list-page/ListTable.tsx';
import { useDrawerSelection } from '../../../components/drawerSelection.ts';
import { useListPage, useSearchText } from '../../../lib/list-page/useListPage.ts';
import { useListErrorToast } from '../../../lib/list-page/useListErrorToast.ts';
import { textField } from '../../../lib/list-page/urlState.ts';
import { countLabel, ListHeader } from '../../../lib/list-page/ListHeader.tsx';
import { useStories } from '../api/get-stories.ts';
import type { Story } from '../api/types.ts';
import { copyStoryLink } from '../copyStoryLink.ts';
import { canDownloadStoryHighlights, editStoryPath } from '../storyLinks.ts';
import { StoryDrawer } from './StoryDrawer.tsx';
import { CreateStoryDialog } from './CreateStoryDialog.tsx';
import { DownloadHighlights } from './DownloadHighlights.tsx';
import { StoriesToolbar } from './StoriesToolbar.tsx';
import { storyColumns } from './storyColumns.tsx';
import { useCreateStoryFlow } from './useCreateStoryFlow.ts';
import '../../../components/data-page.css';
import '../stories.css';

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

  const create = useCreateStoryFlow((story) => {
    setText('');
    view.set({ q: '' });
    openDrawer(story);
  });

  const count = list?.count ?? 0;
  const rows = firstLoad ? skeletonRows(per) : (list?.stories ?? []);
  const tooBroad = q !== '' && count > SEARCH_RESULT_LIMIT;

  return (
    <div className="hc-data-page hc-stories" data-testid="stories-page">
      <ListHeader
        title="AMP Stories"
        subtitle="Web stories built from image and video pages, newest change first."
        count={list && countLabel(count, 'story', 'stories', count > SEARCH_RESULT_LIMIT)}
        countTestId="stories-count"
      />

      <StoriesToolbar text={text} onTextChange={setText} q={q} onNew={create.start} />

      {tooBroad && (
        <Message
          severity="info"
          text={messages.searchTooBroad}
          className="hc-too-broad"
          data-testid="stories-too-broad"
        />
      )}

      <ListTable
        error={isError && !list && { message: failure, testId: 'stories-error' }}
        view={view}
        query={query}
        testId="stories"
        rows={rows}
        dataKey="id"
        columns={storyColumns(openDrawer)}
        firstLoad={firstLoad}
        totalRecords={Math.min(count, SEARCH_RESULT_LIMIT)}
        onRowClick={openDrawer}
      />

      <StoryDrawer
        selection={drawer}
        pageRows={list?.stories}
        onCopyLink={(s) => void copyStoryLink(s.link, toast)}
        onCopyThumbnail={(s) => void copyStoryLink(s.thumbnail, toast)}
        onEdit={(story) => void navigate(editStoryPath(story.id))}
        downloadSlot={
          canDownloadStoryHighlights(user.user_identifier)
            ? (story) => (
                // Keyed by story version: another story (or a newer version) starts from the button.
                <DownloadHighlights key={`${story.id}/${story.updated_at}`} storyId={story.id} />
              )
            : undefined
        }
      />

      <CreateStoryDialog key={create.dialogKey} {...create.dialog} />
    </div>
  );
}
