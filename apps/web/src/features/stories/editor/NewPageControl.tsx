// The pages column's 'New page' control: a menu 'Image or GIF' / 'Video' for role create_new_video_page,
// a plain button (an image page) for everyone else.
import { useRef } from 'react';
import { Button } from 'primereact/button';
import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import type { PageKind } from './storyEditorState.ts';

interface NewPageControlProps {
  offer: { menu: false } | { menu: true; videoDisabled: boolean };
  busy: boolean;
  onNew: (kind: PageKind) => void;
}

export function NewPageControl({ offer, busy, onNew }: NewPageControlProps) {
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
