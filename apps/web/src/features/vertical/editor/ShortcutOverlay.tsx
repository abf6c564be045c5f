// The `?` overlay: every key of the vertical tool, straight from the one shortcut table.
import { Dialog } from 'primereact/dialog';
import { EDITOR_SHORTCUTS, REVIEW_SHORTCUTS, type ShortcutEntry } from '../shortcuts.ts';

function KeyList<A>({ title, entries }: { title: string; entries: ShortcutEntry<A>[] }) {
  return (
    <section className="hc-fe-help__section">
      <h3 className="hc-fe-help__title">{title}</h3>
      <dl className="hc-fe-help__list">
        {entries.map((entry) => (
          <div key={entry.keys} className="hc-fe-keys__row" data-testid="fe-help-key">
            <dt>
              <kbd>{entry.keys}</kbd>
            </dt>
            <dd>{entry.what}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function ShortcutOverlay({ visible, onClose }: { visible: boolean; onClose(): void }) {
  return (
    <Dialog
      visible={visible}
      onHide={onClose}
      header="Keyboard shortcuts"
      modal
      dismissableMask
      draggable={false}
      resizable={false}
      className="hc-fe-help"
      data-testid="fe-help"
    >
      <div className="hc-fe-help__columns">
        <KeyList title="Frame editor" entries={EDITOR_SHORTCUTS} />
        <KeyList title="Review" entries={REVIEW_SHORTCUTS} />
      </div>
    </Dialog>
  );
}
