// The story editor's pages column: the pages in order with their titles (renamed inline,
// confirmed before saving), edit and delete, and the 'New page' control: a menu 'Image or GIF' / 'Video'
// for role create_new_video_page, a plain button for everyone else.
import { useRef } from 'react';
import { Button } from 'primereact/button';
import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import { Tag } from 'primereact/tag';
import { InlineEditableTitle } from '../../../components/InlineEditableTitle.tsx';
import { PeerMarks, peerRingStyle } from '../../../components/PeerMarks.tsx';
import { selectorsOf } from '../../../lib/collab/presence.ts';
import type { Peer } from '../../../lib/collab/presence.ts';
import type { StoryPage } from '../api/types.ts';
import type { PageKind } from './storyEditorState.ts';

interface PagesColumnProps {
  pages: StoryPage[];
  /** The other editors (co-editing): the page each has open is marked in their colour. */
  peers: Peer[];
  offer: { menu: false } | { menu: true; videoDisabled: boolean };
  /** The page open in the form, highlighted. */
  activeId?: number;
  /** Buttons are off while a call runs. */
  busy: boolean;
  /** Video pages can be changed only with role create_new_video_page (the server refuses others). */
  canChangeVideo: boolean;
  onNew: (kind: PageKind) => void;
  onEdit: (page: StoryPage) => void;
  onDelete: (page: StoryPage) => void;
  onRename: (page: StoryPage, title: string) => void;
  onPublish: () => void;
}

const KIND_LABEL = { image: 'Image', video: 'Video', cover: 'Cover' } as const;

function NewPageControl({ offer, busy, onNew }: Pick<PagesColumnProps, 'offer' | 'busy' | 'onNew'>) {
  const menu = useRef<Menu>(null);
  if (!offer.menu) {
    return (
      <Button
        type="button"
        label="New page"
        icon="pi pi-plus"
        size="small"
        disabled={busy}
        onClick={() => onNew('image')}
        data-testid="se-new-page"
      />
    );
  }
  const item = (label: string, icon: string, kind: PageKind, disabled: boolean): MenuItem => ({
    label,
    icon,
    disabled,
    data: kind,
    command: () => onNew(kind),
  });
  return (
    <>
      <Menu
        ref={menu}
        popup
        popupAlignment="right"
        model={[
          item('Image or GIF', 'pi pi-image', 'image', false),
          item('Video', 'pi pi-video', 'video', offer.videoDisabled),
        ]}
        data-testid="se-new-page-menu"
        // Each entry's link carries se-new-page-{kind} for the browser tests.
        pt={
          {
            action: ({ context }: { context: { item: MenuItem } }) => ({
              'data-testid': `se-new-page-${String(context.item.data)}`,
            }),
          } as object
        }
      />
      <Button
        type="button"
        label="New page"
        icon="pi pi-plus"
        iconPos="left"
        size="small"
        disabled={busy}
        onClick={(e) => menu.current?.toggle(e)}
        aria-haspopup="menu"
        data-testid="se-new-page"
      />
    </>
  );
}

export function PagesColumn(props: PagesColumnProps) {
  const { pages, activeId, busy } = props;
  return (
    <section className="hc-se-col hc-se-col--pages" aria-label="Pages" data-testid="se-pages">
      <header className="hc-se-col__header">
        <div className="flex align-items-center gap-2">
          <h2 className="hc-se-col__title">Pages</h2>
          <span className="hc-se-count" data-testid="se-pages-count">
            {pages.length}
          </span>
        </div>
        <NewPageControl offer={props.offer} busy={busy} onNew={props.onNew} />
      </header>
      <p className="hc-se-col__hint">Pages play in index order. Click a title to rename it.</p>
      <div className="hc-se-scroll">
        {pages.length === 0 ? (
          <div className="hc-se-empty" data-testid="se-pages-empty">
            <i className="pi pi-images" aria-hidden="true" />
            <span>This story has no pages yet.</span>
            <span className="hc-se-muted">Add one with New page.</span>
          </div>
        ) : (
          <ol className="hc-se-list">
            {pages.map((page, i) => {
              const thumb = page.image ?? page.poster ?? page.thumbnail;
              const editable =
                page.object_type === 'image' || (page.object_type === 'video' && props.canChangeVideo);
              const selectedBy = selectorsOf(props.peers, page.id);
              return (
                <li
                  key={page.id}
                  className={[
                    'hc-se-card',
                    page.id === activeId ? 'is-active' : '',
                    selectedBy.length > 0 ? 'hc-peer-selected' : '',
                  ].join(' ')}
                  style={peerRingStyle(selectedBy)}
                  data-testid="se-page"
                  data-page-id={page.id}
                >
                  <PeerMarks peers={selectedBy} testId={`se-page-peers-${page.id}`} />
                  <span className="hc-se-pos" title={`Index ${page.index}`}>
                    {i + 1}
                  </span>
                  <div className="hc-se-thumb">
                    {thumb ? (
                      <img src={thumb} alt="" loading="lazy" />
                    ) : (
                      <i
                        className={page.object_type === 'video' ? 'pi pi-video' : 'pi pi-image'}
                        aria-hidden="true"
                      />
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
                        onSubmit={(title) => props.onRename(page, title)}
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
                        aria-label={`Edit page ${i + 1}`}
                        tooltip="Edit"
                        tooltipOptions={{ position: 'top' }}
                        onClick={() => props.onEdit(page)}
                        data-testid={`se-page-edit-${page.id}`}
                      />
                      <Button
                        type="button"
                        icon="pi pi-trash"
                        rounded
                        text
                        severity="danger"
                        disabled={busy}
                        aria-label={`Delete page ${i + 1}`}
                        tooltip="Delete"
                        tooltipOptions={{ position: 'top' }}
                        onClick={() => props.onDelete(page)}
                        data-testid={`se-page-delete-${page.id}`}
                      />
                    </div>
                  )}
                </li>
              );
            })}
          </ol>
        )}
      </div>
      <footer className="hc-se-col__footer">
        <Button
          type="button"
          label="Publish story"
          icon="pi pi-send"
          size="small"
          outlined
          disabled={busy || pages.length === 0}
          onClick={props.onPublish}
          data-testid="se-publish-story"
        />
      </footer>
    </section>
  );
}
