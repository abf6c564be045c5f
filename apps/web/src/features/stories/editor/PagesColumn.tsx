// The story editor's pages column: the pages in play order (PageCard: renamed inline, confirmed before
// saving; edit and delete), the 'New page' control and 'Publish story'.
import { Button } from 'primereact/button';
import { selectorsOf } from '../../../lib/collab/presence.ts';
import type { Peer } from '../../../lib/collab/presence.ts';
import type { StoryPage } from '../api/types.ts';
import type { PageKind } from './storyEditorState.ts';
import { NewPageControl } from './NewPageControl.tsx';
import { PageCard } from './PageCard.tsx';

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

export function PagesColumn(props: PagesColumnProps) {
  const { pages, busy } = props;
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
            {pages.map((page, i) => (
              <PageCard
                key={page.id}
                page={page}
                position={i + 1}
                active={page.id === props.activeId}
                editable={
                  page.object_type === 'image' || (page.object_type === 'video' && props.canChangeVideo)
                }
                selectedBy={selectorsOf(props.peers, page.id)}
                busy={busy}
                onEdit={() => props.onEdit(page)}
                onDelete={() => props.onDelete(page)}
                onRename={(title) => props.onRename(page, title)}
              />
            ))}
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
