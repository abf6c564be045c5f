// `?` anywhere in the console (outside a text field) opens the list of keys: the console's own and those
// the current screen registered (registry.ts). A screen that shows its own key list on `?` (an editor)
// calls preventDefault on the event, and this one then stays closed.
import { Suspense, useEffect, useState } from 'react';
import { typingIn } from './registry.ts';
import { lazyPart } from '../../lib/lazyPart.ts';

// The dialog loads the first time `?` is pressed: no first screen shows it.
const KeyboardHelpDialog = lazyPart(() =>
  import('./KeyboardHelpDialog.tsx').then((m) => ({ default: m.KeyboardHelpDialog })),
);

/** Listens for `?` and shows the list of keys; its dialog loads on first use. */
export function KeyboardHelp() {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '?' || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.defaultPrevented || typingIn(event.target)) return;
      event.preventDefault();
      setUsed(true);
      setOpen(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  if (!used) return null;
  return (
    // Nothing shows while the dialog's code arrives (a keyboard-opened dialog a moment later).
    <Suspense fallback={null}>
      <KeyboardHelpDialog open={open} onClose={() => setOpen(false)} />
    </Suspense>
  );
}
