// The quick search's dialog: kept out of the first screens' code, it loads when the palette first opens.
import { useId, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { canAccess } from '@hc/shared/access';
import type { SearchResults } from '@hc/shared/api/search';
import { ROUTES, type RouteEntry } from '@hc/shared/routes';
import { useAppConfig } from '../../lib/config/config.tsx';
import { editorApi } from '../../lib/api.ts';
import { useDebouncedValue } from '../useDebouncedValue.ts';
import { screenScore } from './rank.ts';
import './command-palette.css';

interface Item {
  key: string;
  kind: string;
  title: string;
  detail: string;
  path: string;
  score: number;
}

const KIND_LABELS: Record<string, string> = {
  screen: 'Screen',
  package: 'Package',
  story: 'Story',
  program: 'Program',
  vertical_task: 'Vertical task',
};
const MAX_SCREENS = 6;

/** The palette itself, loaded the first time Ctrl+K is pressed (CommandPalette.tsx listens for it). */
export function CommandPaletteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { user } = useAppConfig();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  const typed = useDebouncedValue(text.trim(), 150);

  const screens = useMemo(
    () =>
      (ROUTES as readonly RouteEntry[]).filter(
        (r) =>
          r.id !== 'login' && r.page !== false && !r.path.includes(':') && canAccess(r.access, user.roles),
      ),
    [user.roles],
  );
  const found = useQuery({
    queryKey: ['command-palette', typed],
    queryFn: ({ signal }) =>
      editorApi<SearchResults>('search', { query: { q: typed.slice(0, 100), limit: 5 }, signal }),
    enabled: open && typed.length > 0,
    staleTime: 10_000,
  });

  const items: Item[] = useMemo(() => {
    const query = text.trim();
    const screenItems = screens
      .map((r) => ({ route: r, score: screenScore(r.label, query) }))
      .filter((s) => query === '' || s.score > 0)
      .sort((a, b) => b.score - a.score)
      .slice(0, MAX_SCREENS)
      .map(({ route, score }) => ({
        key: `screen:${route.id}`,
        kind: 'screen',
        title: route.label,
        detail: route.path,
        path: route.path,
        // A screen matching the text well ranks with an exact id; a loose match after the words.
        score: score >= 2 ? 10 + score : score / 10,
      }));
    const serverItems =
      query && typed === query
        ? (found.data?.results ?? []).map((r) => ({
            key: `${r.kind}:${r.id}`,
            kind: r.kind,
            title: r.title,
            detail: `#${r.id}`,
            path: r.path,
            score: r.score,
          }))
        : [];
    return [...screenItems, ...serverItems].sort((a, b) => b.score - a.score);
  }, [screens, text, typed, found.data]);

  const close = () => {
    onClose();
    setText('');
    setActive(0);
  };
  const go = (item: Item | undefined) => {
    if (!item) return;
    close();
    void navigate(item.path);
  };
  const current = Math.min(active, Math.max(0, items.length - 1));

  return (
    <Dialog
      visible={open}
      onHide={close}
      // The dialog would focus its close button; the search box takes the keys at once instead.
      focusOnShow={false}
      onShow={() => input.current?.focus()}
      header="Go to"
      modal
      dismissableMask
      draggable={false}
      position="top"
      className="hc-palette"
      data-testid="command-palette"
    >
      <InputText
        ref={input}
        autoFocus
        value={text}
        maxLength={100}
        placeholder="Screen, package, story, program or task — name or id"
        role="combobox"
        aria-expanded={items.length > 0}
        aria-controls={listId}
        aria-activedescendant={items[current] ? `${listId}-${current}` : undefined}
        aria-label="Search the console"
        className="hc-palette__input"
        onChange={(e) => {
          setText(e.target.value);
          setActive(0);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setActive((i) => Math.min(i + 1, items.length - 1));
          } else if (e.key === 'ArrowUp') {
            e.preventDefault();
            setActive((i) => Math.max(i - 1, 0));
          } else if (e.key === 'Enter') {
            e.preventDefault();
            go(items[current]);
          }
        }}
        data-testid="palette-input"
      />
      <ul id={listId} role="listbox" className="hc-palette__list" aria-label="Results">
        {items.map((item, index) => (
          <li
            key={item.key}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === current}
            className={`hc-palette__item${index === current ? ' hc-palette__item--active' : ''}`}
            onMouseDown={(e) => {
              e.preventDefault();
              go(item);
            }}
            data-testid="palette-item"
            data-kind={item.kind}
            data-key={item.key}
          >
            <span className="hc-palette__kind">{KIND_LABELS[item.kind] ?? item.kind}</span>
            <span className="hc-palette__title">{item.title}</span>
            <span className="hc-palette__detail">{item.detail}</span>
          </li>
        ))}
      </ul>
      {text.trim() && found.isFetching && <p className="hc-palette__note">Searching…</p>}
      {text.trim() && !found.isFetching && items.length === 0 && (
        <p className="hc-palette__note" data-testid="palette-empty">
          Nothing found.
        </p>
      )}
      {found.isError && <p className="hc-palette__note">{found.error.message}</p>}
    </Dialog>
  );
}
