// One page in the pages column: its position, thumbnail, title (renamed inline where the user may change
// the page), kind and duration, edit and delete, and the other editors who have it open.
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import { InlineEditableTitle } from '../../../components/InlineEditableTitle.tsx';
import { PeerMarks, peerRingStyle } from '../../../components/PeerMarks.tsx';
import type { Peer } from '../../../lib/collab/presence.ts';
import type { StoryPage } from '../api/types.ts';

const KIND_LABEL = { image: 'Image', video: 'Video', cover: 'Cover' } as const;

interface PageCardProps {
  page: StoryPage;
  /** 1-based place in the play order. */
  position: number;
  active: boolean;
  /** The user may change this page: it is an image page, or a video page and the user has the role. */
  editable: boolean;
  /** The other editors who have this page open. */
  selectedBy: Peer[];
  busy: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onRename: (title: string) => void;
}

export function PageCard({ page, position, active, editable, selectedBy, busy, ...on }: PageCardProps) {
  const thumb = page.image ?? page.poster ?? page.thumbnail;
  return (
    <li
      className={[
        'hc-se-card',
        active ? 'is-active' : '',
        selectedBy.length > 0 ? 'hc-peer-selected' : '',
      ].join(' ')}
      style={peerRingStyle(selectedBy)}
      data-testid="se-page"
      data-page-id={page.id}
    >
      <PeerMarks peers={selectedBy} testId={`se-page-peers-${page.id}`} />
      <span className="hc-se-pos" title={`Index ${page.index}`}>
        {position}
      </span>
      <div className="hc-se-thumb">
        {thumb ? (
          <img src={thumb} alt="" loading="lazy" />
        ) : (
          <i className={page.object_type === 'video' ? 'pi pi-video' : 'pi pi-image'} aria-hidden="true" />
        )}
      </div>
      <div className="hc-se-card__body">
        {!editable ? (
          <span className="hc-se-card__title">
            {page.title || (page.object_type === 'cover' ? 'Cover' : 'Untitled page')}
          </span>
        ) : (
          <InlineEditableTitle
            value={page.title || 'Untitled page'}
            onSubmit={on.onRename}
            testId={`se-page-title-${page.id}`}
          />
        )}
        <span className="hc-se-card__meta">
          <Tag
            value={KIND_LABEL[page.object_type]}
            severity={page.object_type === 'video' ? 'info' : 'secondary'}
            className="hc-se-kind"
          />
          <span>{page.duration} s</span>
          {page.subtitle && <span className="hc-se-ellipsis">{page.subtitle}</span>}
        </span>
      </div>
      {editable && (
        <div className="hc-se-card__actions">
          <Button
            type="button"
            icon="pi pi-pencil"
            rounded
            text
            disabled={busy}
            aria-label={`Edit page ${position}`}
            tooltip="Edit"
            tooltipOptions={{ position: 'top' }}
            onClick={on.onEdit}
            data-testid={`se-page-edit-${page.id}`}
          />
          <Button
            type="button"
            icon="pi pi-trash"
            rounded
            text
            severity="danger"
            disabled={busy}
            aria-label={`Delete page ${position}`}
            tooltip="Delete"
            tooltipOptions={{ position: 'top' }}
            onClick={on.onDelete}
            data-testid={`se-page-delete-${page.id}`}
          />
        </div>
      )}
    </li>
  );
}
