// The story editor's right column: the preview frame with its states (paused,
// loading, playing), Story ID, Date Created, Date Updated, Story Name, copy story link, copy thumbnail
// link and Replay.
import { Button } from 'primereact/button';
import { ProgressSpinner } from 'primereact/progressspinner';
import { Tag } from 'primereact/tag';
import { STORY_PREVIEW_FRAME } from '@hc/shared/constants';
import { formatDate } from '@hc/shared/formatters';
import { messages } from '@hc/shared/messages';
import { DetailList } from '../../../components/DetailDrawer.tsx';
import { StoryFrame } from '../StoryFrame.tsx';
import type { Story } from '../api/types.ts';
import { StoryStateTag } from '../list/StoryDrawer.tsx';
import type { PreviewState } from './previewState.ts';

/** The frame at three quarters of 414x736 fits the column. */
const FRAME_SCALE = 0.75;

const STATUS_LABEL: Record<PreviewState['status'], string> = {
  paused: 'Paused',
  loading: 'Loading',
  playing: 'Playing',
};
const STATUS_SEVERITY = { paused: 'secondary', loading: 'info', playing: 'success' } as const;

interface PreviewColumnProps {
  story: Story;
  preview: PreviewState;
  /** What the frame shows: the saved story or the draft of the open form. */
  source: 'saved' | 'draft';
  onReplay: () => void;
  onCopyLink: () => void;
  onCopyThumbnail: () => void;
}

export function PreviewColumn({
  story,
  preview,
  source,
  onReplay,
  onCopyLink,
  onCopyThumbnail,
}: PreviewColumnProps) {
  const width = STORY_PREVIEW_FRAME.width * FRAME_SCALE;
  const height = STORY_PREVIEW_FRAME.height * FRAME_SCALE;
  return (
    <section className="hc-se-col hc-se-col--preview" aria-label="Story preview" data-testid="se-preview">
      <header className="hc-se-col__header">
        <h2 className="hc-se-col__title">Preview</h2>
        <Tag
          value={STATUS_LABEL[preview.status]}
          severity={STATUS_SEVERITY[preview.status]}
          rounded
          data-testid="se-preview-status"
          data-state={preview.status}
        />
      </header>
      <div className="hc-se-scroll">
        <div className="hc-se-state" data-testid="se-story-state-row">
          <StoryStateTag story={story} testId="se-story-state" />
          {story.state === 'published' && story.has_unpublished_changes && (
            <p className="hc-se-state__hint">{messages.storyPublishedWithChangesHint}</p>
          )}
        </div>
        <div className="hc-se-preview">
          {preview.status === 'playing' && preview.html !== null ? (
            <StoryFrame
              key={preview.run}
              html={preview.html}
              title={`Preview of ${story.title}`}
              scale={FRAME_SCALE}
              testId="se-preview-frame"
            />
          ) : (
            <div
              className="hc-story-frame hc-se-preview__placeholder"
              style={{ width, height }}
              data-testid="se-preview-placeholder"
            >
              {preview.status === 'loading' ? (
                <>
                  <ProgressSpinner
                    style={{ width: '2.5rem', height: '2.5rem' }}
                    strokeWidth="4"
                    aria-label="Preparing the preview"
                  />
                  <span>Preparing the preview…</span>
                </>
              ) : (
                <>
                  <i className="pi pi-pause-circle" aria-hidden="true" />
                  <span>{preview.html ? 'Preview paused' : 'No preview yet'}</span>
                </>
              )}
            </div>
          )}
          <p className="hc-story-frame__caption" data-testid="se-preview-source">
            {source === 'draft' ? 'Draft with the page being edited. ' : 'Saved story. '}
            Static preview: the AMP player does not run inside the console.
          </p>
        </div>

        <div className="hc-se-actions">
          <Button
            type="button"
            label="Replay"
            icon="pi pi-replay"
            size="small"
            outlined
            disabled={preview.html === null || preview.status === 'loading'}
            onClick={onReplay}
            data-testid="se-replay"
          />
          <Button
            type="button"
            label="Copy story link"
            icon="pi pi-link"
            size="small"
            text
            onClick={onCopyLink}
            data-testid="se-copy-link"
          />
          <Button
            type="button"
            label="Copy thumbnail link"
            icon="pi pi-image"
            size="small"
            text
            onClick={onCopyThumbnail}
            data-testid="se-copy-thumbnail"
          />
        </div>

        <DetailList
          title="Story"
          items={[
            { label: 'Story ID', value: story.id, testId: 'se-story-id' },
            { label: 'Date Created', value: formatDate(story.created_at), testId: 'se-story-created' },
            { label: 'Date Updated', value: formatDate(story.updated_at), testId: 'se-story-updated' },
            { label: 'Story Name', value: story.name || story.title, testId: 'se-story-name', wide: true },
          ]}
        />
      </div>
    </section>
  );
}
