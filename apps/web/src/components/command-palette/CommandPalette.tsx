// Ctrl+K (⌘K on a Mac) anywhere: a search box that jumps to a screen the user may open, or to a package,
// story, program or vertical task of their publisher (GET search), by name or id. Keyboard only: type,
// ↑/↓ to choose, Enter to go, Esc to close. Screens are ranked in the browser; the server ranks its own
// results (an exact id first) and they follow the screens that match as well.
import { Suspense, useEffect, useState } from 'react';
import { lazyPart } from '../../lib/lazyPart.ts';

// The dialog (PrimeReact's Dialog, the results list) loads the first time the keys are pressed: no first
// screen shows it, and it stays loaded for the next time.
const CommandPaletteDialog = lazyPart(() =>
  import('./CommandPaletteDialog.tsx').then((m) => ({ default: m.CommandPaletteDialog })),
);

/** Listens for Ctrl+K (⌘K) and shows the palette; its dialog loads on first use. */
export function CommandPalette() {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.key.toLowerCase() !== 'k') return;
      event.preventDefault();
      setUsed(true);
      setOpen(true);
    };
    // Captured before the focused control sees it: a dropdown or a table keeps its keys to itself.
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);

  if (!used) return null;
  return (
    // Nothing shows while the dialog's code arrives (a keyboard-opened dialog a moment later).
    <Suspense fallback={null}>
      <CommandPaletteDialog open={open} onClose={() => setOpen(false)} />
    </Suspense>
  );
}
