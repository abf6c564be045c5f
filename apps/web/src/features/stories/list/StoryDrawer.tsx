// The story detail drawer: the actions first (the tall frame would push them out of
// sight), ID, Created, Updated, then the AMP preview in its 414x736 frame. The actions: Edit story, copy
// story link, copy thumbnail link and (for 406xx users) Download story highlights.
import type { ReactNode } from 'react';
import { Tag } from 'primereact/tag';
import { formatDate } from '@hc/shared/formatters';
import { messages } from '@hc/shared/messages';
import {
  DetailDrawer,
  DetailList,
  DrawerActionBar,
  DrawerSubtitle,
} from '../../../components/DetailDrawer.tsx';
import { PageSpinner } from '../../../lib/config/config.tsx';
import { useStoryPreview } from '../api/preview-story.ts';
import { storyStateLabel } from '../storyLinks.ts';
import { StoryFrame } from '../StoryFrame.tsx';
import type { Story } from '../api/types.ts';
import { useDrawerRow, type DrawerSelection } from '../../../components/drawerSelection.ts';

interface StoryDrawerProps {
  /** The story shown (kept while the drawer slides closed), opened by the page. */
  selection: DrawerSelection<Story>;
  /** The current page's rows, whose copy of the story wins. */
  pageRows: readonly Story[] | undefined;
  onCopyLink: (story: Story) => void;
  onCopyThumbnail: (story: Story) => void;
  onEdit: (story: Story) => void;
  /** Present only for users who may download the story's highlights. */
  downloadSlot?: (story: Story) => ReactNode;
}

const sameStory = (a: Story, b: Story) => a.id === b.id;

/** The story's state; a published story with edits not yet published is marked as such. */
export function StoryStateTag({
  story,
  testId,
}: {
  story: Pick<Story, 'state' | 'has_unpublished_changes'>;
  testId?: string;
}) {
  const pending = story.state === 'published' && story.has_unpublished_changes;
  return (
    <Tag
      value={storyStateLabel(story)}
      severity={pending ? 'warning' : story.state === 'published' ? 'success' : 'secondary'}
      icon={pending ? 'pi pi-exclamation-circle' : undefined}
      title={pending ? messages.storyPublishedWithChangesHint : undefined}
      rounded
      className="hc-story-state"
      data-testid={testId}
      data-state={pending ? 'published-changed' : story.state}
    />
  );
}

/** The saved story's html in the frame, with loading and failure states of the same size. */
function DrawerPreview({ story }: { story: Story }) {
  const preview = useStoryPreview(story.id);
  return (
    <div className="hc-story-drawer-preview" data-testid="story-drawer-preview">
      {preview.data ? (
        <StoryFrame
          html={preview.data.html}
          title={`Preview of ${story.title}`}
          testId="story-drawer-frame"
        />
      ) : (
        <div className="hc-story-frame hc-story-frame--placeholder" data-testid="story-drawer-frame-state">
          {preview.isError ? (
            <span className="hc-story-frame__note">
              <i className="pi pi-exclamation-triangle" aria-hidden="true" /> {messages.somethingWentWrong}
            </span>
          ) : (
            <PageSpinner label="Loading preview" />
          )}
        </div>
      )}
      <p className="hc-story-frame__caption">
        Static preview: the AMP player does not run inside the console, so pages show one under another.
      </p>
    </div>
  );
}

export function StoryDrawer({
  selection,
  pageRows,
  onCopyLink,
  onCopyThumbnail,
  onEdit,
  downloadSlot,
}: StoryDrawerProps) {
  const { row: story, visible } = useDrawerRow(selection, pageRows, sameStory);
  if (!story) return null;
  return (
    <DetailDrawer
      visible={visible}
      onHide={selection.hide}
      title={story.title}
      testId="story-drawer"
      subtitle={
        <DrawerSubtitle
          tag={<StoryStateTag story={story} testId="story-drawer-state" />}
          parts={[`Story ${story.id}`]}
        />
      }
    >
      <DrawerActionBar
        actions={[
          {
            label: 'Edit story',
            icon: 'pi pi-pencil',
            onClick: () => onEdit(story),
            testId: 'story-drawer-edit',
            look: 'primary',
          },
          {
            label: 'Copy story link',
            icon: 'pi pi-link',
            onClick: () => onCopyLink(story),
            testId: 'story-drawer-copy-link',
          },
          {
            label: 'Copy thumbnail link',
            icon: 'pi pi-image',
            onClick: () => onCopyThumbnail(story),
            testId: 'story-drawer-copy-thumbnail',
          },
        ]}
        extra={downloadSlot?.(story)}
      />

      <DetailList
        title="Details"
        items={[
          { label: 'ID', value: story.id, testId: 'story-drawer-id' },
          { label: 'Created', value: formatDate(story.created_at), testId: 'story-drawer-created' },
          { label: 'Updated', value: formatDate(story.updated_at), testId: 'story-drawer-updated' },
          { label: 'Pages', value: story.pages?.length ?? '--', testId: 'story-drawer-pages' },
        ]}
      />

      <DrawerPreview key={`${story.id}/${story.updated_at}`} story={story} />
    </DetailDrawer>
  );
}
