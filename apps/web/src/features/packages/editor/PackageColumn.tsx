// Middle column: the package's highlights in order. Drag a row by its handle to reorder,
// drop a highlight from the left list between rows to add it there, drag a row onto the left list to
// remove it; titles rename inline. Buttons do the same for keyboard users: move up, move down, remove.
import { useRef, useState } from 'react';
import type { DragEvent, ReactNode } from 'react';
import { Button } from 'primereact/button';
import type { PackageType } from '@hc/shared/api/packages';
import { PACKAGE_MAX_HIGHLIGHTS } from '@hc/shared/constants';
import { HoverVideo } from '../../../components/HoverVideo.tsx';
import { InlineEditableTitle } from '../../../components/InlineEditableTitle.tsx';
import { PeerMarks, peerRingStyle } from '../../../components/PeerMarks.tsx';
import { selectorsOf } from '../../../lib/collab/presence.ts';
import type { Peer } from '../../../lib/collab/presence.ts';
import { mp4Url } from './editorState.ts';
import type { EditorHighlight } from './editorState.ts';
import { beginNativeDrag } from './dragTypes.ts';
import type { DragItem } from './dragTypes.ts';
import { insertionIndex, moveTarget } from './dropIndex.ts';

interface PackageColumnProps {
  highlights: EditorHighlight[];
  packageType: PackageType;
  /** View only, or waiting for the first sync: rows cannot be dragged. */
  readOnly: boolean;
  /** The other editors (co-editing): their selection is marked on the row in their colour. */
  peers: Peer[];
  /** This editor selected a row (published to the others). */
  onSelect: (id: number | null) => void;
  drag: DragItem | null;
  onDragChange: (drag: DragItem | null) => void;
  onAdd: (highlight: EditorHighlight, index?: number) => void;
  onMove: (from: number, to: number) => void;
  onRemove: (id: number) => void;
  onRename: (id: number, title: string) => void;
}

const formatSeconds = (s: number) => `${Math.round(s)} s`;

/** The insertion index for the pointer: before the first row whose middle is below it, else the end. */
function dropIndexAt(list: HTMLElement, clientY: number): number {
  const rows = Array.from(list.querySelectorAll<HTMLElement>('[data-pe-row]'));
  for (const [i, row] of rows.entries()) {
    const rect = row.getBoundingClientRect();
    if (insertionIndex(i, clientY, rect.top, rect.height) === i) return i;
  }
  return rows.length;
}

export function PackageColumn(props: PackageColumnProps) {
  const { highlights, drag, onDragChange } = props;
  const listRef = useRef<HTMLOListElement>(null);
  const [dropAt, setDropAt] = useState<number | null>(null);
  const full = highlights.length >= PACKAGE_MAX_HIGHLIGHTS;
  const incoming = drag?.source === 'available';
  const refused = incoming && full;

  const onDragOver = (e: DragEvent) => {
    if (!drag) return;
    // Accept the drop even when full: the drop answers with the catalogue message.
    e.preventDefault();
    e.dataTransfer.dropEffect = 'move';
    const next = listRef.current ? dropIndexAt(listRef.current, e.clientY) : highlights.length;
    if (next !== dropAt) setDropAt(next);
  };
  const onDrop = (e: DragEvent) => {
    if (!drag) return;
    e.preventDefault();
    const at = dropAt ?? highlights.length;
    setDropAt(null);
    if (drag.source === 'available') props.onAdd(drag.highlight, at);
    else props.onMove(drag.index, moveTarget(drag.index, at));
    onDragChange(null);
  };

  // The insertion line is not shown where a dragged row already is (dropping there changes nothing).
  const showLineAt =
    dropAt === null || refused
      ? null
      : drag?.source === 'package' && (dropAt === drag.index || dropAt === drag.index + 1)
        ? null
        : dropAt;
  const line = (i: number) =>
    showLineAt === i ? (
      <li className="hc-pe-drop-line" aria-hidden="true" data-testid="pe-drop-line" />
    ) : null;

  return (
    <section
      className={[
        'hc-pe-col',
        'hc-pe-col--package',
        drag ? 'is-drop-zone' : '',
        dropAt !== null ? 'is-drop-over' : '',
        refused ? 'is-drop-refused' : '',
      ].join(' ')}
      aria-label="Highlights in the package"
      data-testid="pe-package-column"
      onDragOver={onDragOver}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDropAt(null);
      }}
      onDrop={onDrop}
    >
      <header className="hc-pe-col__header">
        <h2 className="hc-pe-col__title">In this package</h2>
        <span
          className={full ? 'hc-pe-count hc-pe-count--full' : 'hc-pe-count'}
          data-testid="pe-package-count"
        >
          {highlights.length} / {PACKAGE_MAX_HIGHLIGHTS}
        </span>
      </header>
      <p className="hc-pe-col__hint">
        {props.packageType === 'auto'
          ? 'Automatic package: a highlight you remove is not offered to it again.'
          : 'Drag highlights here from the list, or use their + button. Drag a row by its handle to reorder.'}
      </p>

      <div className="hc-pe-scroll">
        {refused && (
          <div className="hc-pe-drop-hint hc-pe-drop-hint--refused" aria-hidden="true">
            <i className="pi pi-ban" /> The package is full
          </div>
        )}
        {highlights.length === 0 ? (
          <div className="hc-pe-dropzone-empty" data-testid="pe-package-empty">
            <i className="pi pi-download" aria-hidden="true" />
            <span>Drop 3 to 5 highlights here</span>
          </div>
        ) : (
          <ol className="hc-pe-list" ref={listRef} data-testid="pe-package-list">
            {highlights.map((h, i) => (
              <PackageRow
                key={h.id}
                highlight={h}
                index={i}
                count={highlights.length}
                before={line(i)}
                dragging={drag?.source === 'package' && drag.id === h.id}
                readOnly={props.readOnly}
                selectedBy={selectorsOf(props.peers, h.id)}
                onSelect={props.onSelect}
                onDragStart={(row, e) => {
                  beginNativeDrag(e, h.id, row);
                  onDragChange({ source: 'package', id: h.id, index: i });
                }}
                onDragEnd={() => {
                  setDropAt(null);
                  onDragChange(null);
                }}
                onMove={props.onMove}
                onRemove={props.onRemove}
                onRename={props.onRename}
              />
            ))}
            {line(highlights.length)}
          </ol>
        )}
      </div>
    </section>
  );
}

interface PackageRowProps {
  highlight: EditorHighlight;
  index: number;
  count: number;
  before: ReactNode;
  dragging: boolean;
  readOnly: boolean;
  selectedBy: Peer[];
  onSelect: (id: number | null) => void;
  onDragStart: (row: HTMLElement | null, e: DragEvent) => void;
  onDragEnd: () => void;
  onMove: (from: number, to: number) => void;
  onRemove: (id: number) => void;
  onRename: (id: number, title: string) => void;
}

function PackageRow({ highlight: h, index: i, count, ...props }: PackageRowProps) {
  const rowRef = useRef<HTMLLIElement>(null);
  return (
    <>
      {props.before}
      <li
        ref={rowRef}
        className={[
          'hc-pe-card hc-pe-row',
          props.dragging ? 'is-dragging' : '',
          props.selectedBy.length > 0 ? 'hc-peer-selected' : '',
        ].join(' ')}
        style={peerRingStyle(props.selectedBy)}
        data-pe-row
        data-testid={`pe-item-${h.id}`}
        data-highlight-id={h.id}
        onPointerDown={() => props.onSelect(h.id)}
        onFocus={() => props.onSelect(h.id)}
      >
        <PeerMarks peers={props.selectedBy} testId={`pe-item-peers-${h.id}`} />
        <span className="hc-pe-pos" aria-label={`Position ${i + 1}`}>
          {i + 1}
        </span>
        {/* Only the handle starts a drag, so the inline title's text box keeps normal selection. */}
        <span
          className="hc-pe-handle hc-pe-handle--grab pi pi-bars"
          draggable={!props.readOnly}
          onDragStart={(e) => props.onDragStart(rowRef.current, e)}
          onDragEnd={props.onDragEnd}
          title="Drag to reorder, or onto the list to remove"
          data-testid={`pe-item-handle-${h.id}`}
        />
        <HoverVideo src={mp4Url(h.video_url)} poster={h.thumbnail} alt={h.title} width={88} height={50} />
        <div className="hc-pe-card__body">
          <InlineEditableTitle
            value={h.title}
            onSubmit={(title) => props.onRename(h.id, title)}
            testId={`pe-item-title-${h.id}`}
          />
          <span className="hc-pe-card__meta">
            #{h.id}
            {h.category && <span className="hc-dot-sep">{h.category}</span>}
            <span className="hc-dot-sep">{formatSeconds(h.duration)}</span>
          </span>
          {h.titleChanged && (
            <span className="hc-pe-card__original" title={h.originalTitle}>
              Original: {h.originalTitle}
            </span>
          )}
        </div>
        <div className="hc-pe-row__actions">
          <Button
            type="button"
            icon="pi pi-arrow-up"
            rounded
            text
            size="small"
            aria-label="Move up"
            disabled={i === 0}
            onClick={() => props.onMove(i, i - 1)}
            data-testid={`pe-item-up-${h.id}`}
          />
          <Button
            type="button"
            icon="pi pi-arrow-down"
            rounded
            text
            size="small"
            aria-label="Move down"
            disabled={i === count - 1}
            onClick={() => props.onMove(i, i + 1)}
            data-testid={`pe-item-down-${h.id}`}
          />
          <Button
            type="button"
            icon="pi pi-times"
            rounded
            text
            size="small"
            severity="danger"
            aria-label="Remove from the package"
            onClick={() => props.onRemove(h.id)}
            data-testid={`pe-item-remove-${h.id}`}
          />
        </div>
      </li>
    </>
  );
}
