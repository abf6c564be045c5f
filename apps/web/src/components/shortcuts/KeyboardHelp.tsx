// `?` anywhere in the console (outside a text field) opens the list of keys: the console's own and those
// the current screen registered (registry.ts). A screen that shows its own key list on `?` (an editor)
// calls preventDefault on the event, and this one then stays closed.
import { useEffect, useState } from 'react';
import { Dialog } from 'primereact/dialog';
import { typingIn, useShortcutGroups, type ShortcutEntry } from './registry.ts';
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

export function KeyboardHelp() {
  const [open, setOpen] = useState(false);
  const groups = useShortcutGroups();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '?' || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.defaultPrevented || typingIn(event.target)) return;
      event.preventDefault();
      setOpen(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <Dialog
      visible={open}
      onHide={() => setOpen(false)}
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
