// The list of keys' dialog: kept out of the first screens' code, it loads when the list first opens.
import { Dialog } from 'primereact/dialog';
import { useShortcutGroups, type ShortcutEntry } from './registry.ts';
import './shortcuts.css';

const CONSOLE_KEYS: readonly ShortcutEntry[] = [
  { keys: 'Ctrl+K / ⌘K', description: 'Search screens, packages, stories, programs and vertical tasks' },
  { keys: '?', description: 'Show this list of keys' },
  { keys: 'Esc', description: 'Close a dialog' },
];

function KeyList({ title, entries }: { title: string; entries: readonly ShortcutEntry[] }) {
  return (
    <section className="hc-keys__group" data-testid="keys-group">
      <h3 className="hc-keys__title">{title}</h3>
      <dl className="hc-keys__list">
        {entries.map((entry) => (
          <div key={entry.keys} className="hc-keys__row">
            <dt>
              <kbd>{entry.keys}</kbd>
            </dt>
            <dd>{entry.description}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The list of keys in a dialog, loaded the first time `?` is pressed (KeyboardHelp.tsx listens for it). */
export function KeyboardHelpDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const groups = useShortcutGroups();
  return (
    <Dialog
      visible={open}
      onHide={onClose}
      header="Keyboard shortcuts"
      modal
      dismissableMask
      draggable={false}
      className="hc-keys"
      data-testid="keyboard-help"
    >
      {groups.map((group) => (
        <KeyList key={group.id} title={group.title} entries={group.entries} />
      ))}
      <KeyList title="Everywhere" entries={CONSOLE_KEYS} />
    </Dialog>
  );
}
