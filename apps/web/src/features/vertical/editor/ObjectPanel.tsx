// The side panel of the frame editor: the group at the playhead and its objects (select, delete, Add
// Frame while the group has room), the selected object's keyframe at the playhead, and the shortcuts.
import { memo, useState } from 'react';
import { Button } from 'primereact/button';
import { ConfirmPopup } from 'primereact/confirmpopup';
import { objectRectAt, type KeyframeGroup } from '@hc/shared/vertical/keyframe-file';
import { keyframeAt } from '@hc/shared/vertical/frame-editor';
import { CROP_BOX_COLOURS } from '../player/cropBoxes.ts';
import { useStableHandler } from './useStableHandler.ts';

/**
 * The panel renders at every frame of playback (it shows the boxes at the playhead); its buttons render
 * only when their own props change (PrimeReact Buttons remount their icon on every render: bench B12).
 */
const PanelButton = memo(Button);
const TOOLTIP_LEFT = { position: 'left' } as const;
const TOOLTIP_TOP = { position: 'top' } as const;

export interface ObjectPanelProps {
  /** The most objects one group may hold (the player's setting). */
  maxObjects: number;
  group: KeyframeGroup | undefined;
  frame: number;
  frameSize: { width: number; height: number };
  selectedObjectId: number | null;
  /** Frame editing is off (time being chosen, or the vertical was sent). */
  locked: boolean;
  canAddObject: boolean;
  onSelect(objectId: number): void;
  onAddObject(): void;
  onDeleteObject(objectId: number): void;
  onCreateKeyframe(): void;
  onDeleteKeyframe(objectId: number): void;
  onSplit(): void;
}

const SHORTCUTS: [string, string][] = [
  ['Space', 'Play / pause'],
  ['← →', 'Previous / next frame'],
  ['Shift+← →', 'One second back / on'],
  ['S', 'Split group at playhead'],
  ['A', 'Add Frame (object)'],
  ['K', 'Keyframe at playhead'],
  ['Del', 'Delete keyframe at playhead'],
  ['Shift+Del', 'Delete selected object'],
  ['Alt+arrows', 'Nudge object (Shift: 10 px)'],
  ['Ctrl+Z', 'Undo'],
];

export function ObjectPanel(props: ObjectPanelProps) {
  const { group, frame, selectedObjectId, locked } = props;
  const selected = group?.objects.find((o) => o.object_id === selectedObjectId);
  const selectedKey = selected ? keyframeAt(selected, frame) : undefined;
  const onBoundary = !group || frame === group.start_frame || frame === group.end_frame;
  const onSplit = useStableHandler(() => props.onSplit());
  const onAddObject = useStableHandler(() => props.onAddObject());
  const onDeleteObject = useStableHandler((objectId: number) => props.onDeleteObject(objectId));
  const onCreateKeyframe = useStableHandler(() => props.onCreateKeyframe());
  const onDeleteKeyframe = useStableHandler(() => selected && props.onDeleteKeyframe(selected.object_id));

  return (
    <aside className="hc-fe-panel" data-testid="fe-panel">
      <section className="hc-fe-panel__section">
        <header className="hc-fe-panel__header">
          <h3 className="hc-fe-panel__title">
            {group ? `Group ${group.group_id}` : 'No group at this frame'}
          </h3>
          {group && (
            <span className="hc-fe-panel__meta hc-num">
              frames {group.start_frame}–{group.end_frame}
            </span>
          )}
        </header>
        <PanelButton
          type="button"
          label="Split at playhead"
          icon="pi pi-arrows-h"
          size="small"
          outlined
          disabled={locked || onBoundary}
          onClick={onSplit}
          tooltip="S"
          tooltipOptions={TOOLTIP_LEFT}
          data-testid="fe-split"
        />
        {group && onBoundary && (
          <p className="hc-fe-panel__status hc-fe-panel__status--after" data-testid="fe-split-hint">
            The playhead is on the group&apos;s first or last frame: a split there is ignored.
          </p>
        )}
      </section>

      <section className="hc-fe-panel__section">
        <header className="hc-fe-panel__header">
          <h3 className="hc-fe-panel__title">Objects</h3>
          <span className="hc-fe-panel__count hc-num" data-testid="fe-object-count">
            {group?.objects.length ?? 0} / {props.maxObjects}
          </span>
        </header>
        {group && group.objects.length === 0 && (
          <p className="hc-fe-panel__empty">
            No object in this group: the render keeps the full-height window in the centre.
          </p>
        )}
        <ul className="hc-fe-objects" data-testid="fe-objects">
          {group?.objects.map((object) => {
            const r = objectRectAt(object, frame, props.frameSize);
            const isSelected = object.object_id === selectedObjectId;
            const key = keyframeAt(object, frame);
            return (
              <li
                key={object.object_id}
                className={`hc-fe-object${isSelected ? ' hc-fe-object--selected' : ''}`}
                data-testid="fe-object"
                data-object-id={object.object_id}
                data-x={Math.round(r.x)}
                data-y={Math.round(r.y)}
                data-width={r.width}
                data-height={r.height}
              >
                <button
                  type="button"
                  className="hc-fe-object__select"
                  onClick={() => props.onSelect(object.object_id)}
                  aria-pressed={isSelected}
                >
                  <span
                    className="hc-fe-object__swatch"
                    style={{ borderColor: isSelected ? CROP_BOX_COLOURS.selected : CROP_BOX_COLOURS.other }}
                    aria-hidden="true"
                  />
                  <span className="hc-fe-object__name">Object #{object.object_id}</span>
                  <span className="hc-fe-object__pos hc-num">
                    {Math.round(r.x)}, {Math.round(r.y)} · {r.width}×{r.height}
                  </span>
                  {key && (
                    <i
                      className={`pi pi-key hc-fe-object__key${key.status === 'manual' ? ' hc-fe-object__key--manual' : ''}`}
                      title={key.status === 'manual' ? 'Manual keyframe here' : 'Keyframe here'}
                    />
                  )}
                </button>
                <DeleteObjectButton objectId={object.object_id} disabled={locked} onDelete={onDeleteObject} />
              </li>
            );
          })}
        </ul>
        {props.canAddObject && (
          <PanelButton
            type="button"
            label="Add Frame"
            icon="pi pi-plus"
            size="small"
            disabled={locked}
            onClick={onAddObject}
            className="hc-fe-panel__add"
            tooltip="Add an object, 100×100 in the centre (A)"
            tooltipOptions={TOOLTIP_LEFT}
            data-testid="fe-add-frame"
          />
        )}
      </section>

      <section className="hc-fe-panel__section">
        <header className="hc-fe-panel__header">
          <h3 className="hc-fe-panel__title">Keyframe</h3>
          <span className="hc-fe-panel__meta hc-num">frame {frame}</span>
        </header>
        <p className="hc-fe-panel__status" data-testid="fe-keyframe-status">
          {!selected
            ? 'Select an object to edit its keyframes.'
            : selectedKey
              ? `Object #${selected.object_id} has a ${selectedKey.status === 'manual' ? 'manual ' : ''}keyframe here.`
              : `Object #${selected.object_id} is interpolated here. Drag its box to set a keyframe.`}
        </p>
        <div className="hc-fe-panel__row">
          <PanelButton
            type="button"
            label="Add keyframe"
            icon="pi pi-plus-circle"
            size="small"
            outlined
            disabled={locked || !selected || !!selectedKey}
            onClick={onCreateKeyframe}
            tooltip="K"
            tooltipOptions={TOOLTIP_TOP}
            data-testid="fe-create-keyframe"
          />
          <PanelButton
            type="button"
            label="Delete keyframe"
            icon="pi pi-minus-circle"
            size="small"
            outlined
            severity="danger"
            disabled={locked || !selected || !selectedKey}
            onClick={onDeleteKeyframe}
            tooltip="Delete"
            tooltipOptions={TOOLTIP_TOP}
            data-testid="fe-delete-keyframe"
          />
        </div>
      </section>

      <details className="hc-fe-panel__section hc-fe-keys">
        <summary>Keyboard shortcuts</summary>
        <dl>
          {SHORTCUTS.map(([keys, what]) => (
            <div key={keys} className="hc-fe-keys__row">
              <dt>
                <kbd>{keys}</kbd>
              </dt>
              <dd>{what}</dd>
            </div>
          ))}
        </dl>
      </details>
    </aside>
  );
}

/**
 * Deleting an object takes its keyframes over the whole group with it, so the trash button asks first
 * (Enter or the button confirms, Escape keeps the object).
 */
const DeleteObjectButton = memo(function DeleteObjectButton(props: {
  objectId: number;
  disabled: boolean;
  onDelete(objectId: number): void;
}) {
  const [asking, setAsking] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        type="button"
        icon="pi pi-trash"
        text
        rounded
        severity="danger"
        size="small"
        disabled={props.disabled}
        aria-label={`Delete object #${props.objectId}`}
        aria-haspopup="dialog"
        onClick={(event) => setAsking(event.currentTarget)}
        data-testid="fe-delete-object"
      />
      <ConfirmPopup
        target={asking ?? undefined}
        visible={asking !== null}
        onHide={() => setAsking(null)}
        message={`Delete object #${props.objectId} and its keyframes in this group?`}
        icon="pi pi-exclamation-triangle"
        acceptLabel="Delete"
        rejectLabel="Keep"
        acceptClassName="p-button-danger p-button-sm"
        rejectClassName="p-button-text p-button-sm"
        defaultFocus="accept"
        accept={() => props.onDelete(props.objectId)}
        pt={{ root: { 'data-testid': 'fe-delete-object-confirm' } as object }}
      />
    </>
  );
});
