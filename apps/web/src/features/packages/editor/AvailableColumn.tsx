// Left column: the highlights that can go into the package. Filters (text, date range,
// sort, category/tags) feed an infinite list loaded 25 a page as the user scrolls; highlights already in
// the package are marked and cannot be added again. Dropping a package highlight here removes it.
import { useEffect, useRef, useState } from 'react';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { Button } from 'primereact/button';
import { Skeleton } from 'primereact/skeleton';
import type { Highlight } from '@hc/shared/api/highlights';
import { CATEGORY_FILTER_DEFAULT_LABEL, SEARCH_RESULT_LIMIT } from '@hc/shared/constants';
import { formatDate, formatNumber } from '@hc/shared/formatters';
import { messages } from '@hc/shared/messages';
import { HoverVideo } from '../../../components/HoverVideo.tsx';
import { mergePages } from '../../../components/mergePages.ts';
import { useDebouncedValue } from '../../../components/useDebouncedValue.ts';
import { useCategories } from '../api/get-categories.ts';
import { useAvailableHighlights } from './api/get-available-highlights.ts';
import {
  DEFAULT_AVAILABLE_FILTERS,
  EDITOR_DATE_OPTIONS,
  EDITOR_SORT_OPTIONS,
  effectiveSort,
  toAvailableParams,
  withText,
} from './availableFilters.ts';
import type { AvailableFilters, EditorSort } from './availableFilters.ts';
import { beginNativeDrag } from './dragTypes.ts';
import type { DragItem } from './dragTypes.ts';
import { editorHighlightFrom, mp4Url } from './editorState.ts';

const SEARCH_DEBOUNCE_MS = 300;
const SEARCH_MAX_LENGTH = 200;
/** The 'Tags' entry: no category filter (sent as null, i.e. not sent). PrimeReact shows '' as empty. */
const NO_CATEGORY = '\u0000tags';

interface AvailableColumnProps {
  isInPackage: (id: number) => boolean;
  /** The package holds 5: adding is refused (the button still answers with the message). */
  full: boolean;
  drag: DragItem | null;
  onDragChange: (drag: DragItem | null) => void;
  onAdd: (highlight: Highlight) => void;
  onDropFromPackage: (id: number) => void;
}

const formatSeconds = (s: number) => `${Math.round(s)} s`;

export function AvailableColumn(props: AvailableColumnProps) {
  const { drag, onDragChange } = props;
  // The text box shows what is typed; the filters (and the call) follow once the user pauses.
  const [text, setText] = useState('');
  const debounced = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const [filters, setFilters] = useState<AvailableFilters>(DEFAULT_AVAILABLE_FILTERS);
  const current = filters.text === debounced ? filters : withText(filters, debounced);
  if (current !== filters) setFilters(current);

  const categories = useCategories();
  const params = toAvailableParams(current);
  const query = useAvailableHighlights(params);
  const merged = mergePages(query.data?.pages.map((p) => p.highlights) ?? [], params.per);
  const count = query.data?.pages[0]?.count ?? 0;

  // Infinite scroll: a sentinel under the last item asks for the next page as it comes into view.
  const scroller = useRef<HTMLDivElement>(null);
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasNextPage) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { root: scroller.current, rootMargin: '200px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, merged.items.length]);

  // A package highlight dragged over this column can be dropped to remove it.
  const removing = drag?.source === 'package';
  const [over, setOver] = useState(false);

  const categoryOptions = [
    { label: CATEGORY_FILTER_DEFAULT_LABEL, value: NO_CATEGORY },
    ...(categories.data ?? []).map((c) => ({ label: c.name, value: c.name })),
  ];
  const sortOptions = EDITOR_SORT_OPTIONS.map((o) => ({
    ...o,
    disabled: o.value === 'desc' && current.text.trim() === '',
  }));

  return (
    <section
      className={[
        'hc-pe-col',
        'hc-pe-col--available',
        removing ? 'is-drop-zone' : '',
        removing && over ? 'is-drop-over' : '',
      ].join(' ')}
      aria-label="Available highlights"
      data-testid="pe-available-column"
      onDragOver={(e) => {
        if (!removing) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'move';
        setOver(true);
      }}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={(e) => {
        setOver(false);
        if (drag?.source !== 'package') return;
        e.preventDefault();
        props.onDropFromPackage(drag.id);
        onDragChange(null);
      }}
    >
      <header className="hc-pe-col__header">
        <h2 className="hc-pe-col__title">Available highlights</h2>
        {query.data && (
          <span className="hc-pe-count" data-testid="pe-available-count">
            {count > SEARCH_RESULT_LIMIT ? '1000+' : formatNumber(count)}
          </span>
        )}
      </header>

      <div className="hc-pe-filters" role="search" data-testid="pe-filters">
        <IconField iconPosition="left" className="hc-pe-filters__search">
          <InputIcon className="pi pi-search" />
          <InputText
            type="search"
            value={text}
            maxLength={SEARCH_MAX_LENGTH}
            placeholder="Search title or highlight ID"
            aria-label="Search highlights"
            onChange={(e) => setText(e.target.value)}
            data-testid="pe-filter-text"
            className="w-full"
          />
        </IconField>
        <div className="hc-pe-filters__row">
          <Dropdown
            value={current.days}
            options={EDITOR_DATE_OPTIONS}
            onChange={(e) => setFilters({ ...current, days: e.value as number })}
            aria-label="Date range"
            data-testid="pe-filter-date"
          />
          <Dropdown
            value={effectiveSort(current)}
            options={sortOptions}
            optionDisabled="disabled"
            onChange={(e) => setFilters({ ...current, sort: e.value as EditorSort })}
            aria-label="Sort"
            data-testid="pe-filter-sort"
          />
          <Dropdown
            value={current.category ?? NO_CATEGORY}
            options={categoryOptions}
            onChange={(e) =>
              setFilters({ ...current, category: e.value === NO_CATEGORY ? null : (e.value as string) })
            }
            aria-label="Category"
            data-testid="pe-filter-category"
          />
        </div>
      </div>

      {current.text.trim() !== '' && count > SEARCH_RESULT_LIMIT && (
        <p className="hc-pe-note" data-testid="pe-too-broad">
          {messages.searchTooBroad}
        </p>
      )}

      <div
        className="hc-pe-scroll"
        ref={scroller}
        data-testid="pe-available-list"
        aria-busy={query.isFetching}
      >
        {removing && (
          <div className="hc-pe-drop-hint" aria-hidden="true">
            <i className="pi pi-arrow-left" /> Drop here to remove from the package
          </div>
        )}
        {query.isPending ? (
          <ul className="hc-pe-list">
            {Array.from({ length: 6 }, (_, i) => (
              <li key={i} className="hc-pe-card hc-pe-card--skeleton">
                <Skeleton width="96px" height="54px" borderRadius="6px" />
                <div className="flex-1 flex flex-column gap-2">
                  <Skeleton width="85%" />
                  <Skeleton width="45%" height="0.75rem" />
                </div>
              </li>
            ))}
          </ul>
        ) : query.isError && merged.items.length === 0 ? (
          <div className="hc-pe-empty" role="alert" data-testid="pe-available-error">
            <p>{messages.networkError}</p>
            <Button
              type="button"
              label="Try again"
              icon="pi pi-refresh"
              text
              onClick={() => void query.refetch()}
            />
          </div>
        ) : merged.items.length === 0 ? (
          <div className="hc-pe-empty" data-testid="pe-available-empty">
            {messages.noResults}
          </div>
        ) : (
          <ul className="hc-pe-list">
            {merged.items.map((h) => {
              const added = props.isInPackage(h.highlight_id);
              return (
                <li
                  key={h.highlight_id}
                  className={['hc-pe-card', added ? 'is-added' : '', 'is-draggable'].join(' ')}
                  draggable={!added}
                  onDragStart={(e) => {
                    beginNativeDrag(e, h.highlight_id, e.currentTarget);
                    onDragChange({ source: 'available', highlight: editorHighlightFrom(h) });
                  }}
                  onDragEnd={() => onDragChange(null)}
                  data-testid={`pe-available-${h.highlight_id}`}
                  data-in-package={added}
                  aria-disabled={added}
                >
                  <span
                    className="hc-pe-handle pi pi-bars"
                    aria-hidden="true"
                    data-testid={`pe-available-handle-${h.highlight_id}`}
                  />
                  <HoverVideo
                    src={mp4Url(h.video_url)}
                    poster={h.thumbnail}
                    alt={h.title}
                    width={88}
                    height={50}
                  />
                  <div className="hc-pe-card__body">
                    <span className="hc-pe-card__title" title={h.title}>
                      {h.title}
                    </span>
                    <span className="hc-pe-card__meta">
                      #{h.highlight_id}
                      {h.category && <span className="hc-dot-sep">{h.category}</span>}
                      <span className="hc-dot-sep">{formatDate(h.published_at)}</span>
                      <span className="hc-dot-sep">{formatSeconds(h.duration)}</span>
                    </span>
                  </div>
                  {added ? (
                    <span className="hc-pe-added" data-testid={`pe-available-added-${h.highlight_id}`}>
                      <i className="pi pi-check" /> In package
                    </span>
                  ) : (
                    <Button
                      type="button"
                      icon="pi pi-plus"
                      rounded
                      text
                      aria-label={`Add "${h.title}" to the package`}
                      tooltip={props.full ? messages.packageTooManyVideos : 'Add to package'}
                      tooltipOptions={{ position: 'left', showDelay: 400 }}
                      className={props.full ? 'hc-pe-add is-full' : 'hc-pe-add'}
                      onClick={() => props.onAdd(h)}
                      data-testid={`pe-available-add-${h.highlight_id}`}
                    />
                  )}
                </li>
              );
            })}
          </ul>
        )}
        <div ref={sentinel} className="hc-pe-sentinel" aria-hidden="true" />
        {isFetchingNextPage && (
          <div className="hc-pe-more" data-testid="pe-available-loading-more">
            <i className="pi pi-spin pi-spinner" /> Loading more
          </div>
        )}
        {merged.ended && merged.items.length > 0 && (
          <div className="hc-pe-more hc-pe-more--end" data-testid="pe-available-end">
            End of the list
          </div>
        )}
      </div>
    </section>
  );
}
