// The side panel of the frame editor: the group at the playhead and its objects (select, show or hide,
// delete, Add Frame while the group has room), the selected object's keyframe at the playhead and the box
// tools, the path (smoothing, the suggestion compared with, the safe-area overlay), and the keys.
import { memo, useState } from 'react';
import { Button } from 'primereact/button';
import { ConfirmPopup } from 'primereact/confirmpopup';
import { Dropdown } from 'primereact/dropdown';
import { Slider } from 'primereact/slider';
import { KEYFRAME_FILE_LIMITS } from '@hc/shared/vertical/keyframe-file';
import { EDITOR_SHORTCUTS } from '../shortcuts.ts';
import { SAFE_AREA_CHOICES, SAFE_AREAS, type SafeAreaChoice } from '../preview/safeAreas.ts';
import type { CompareOption } from './compareOptions.ts';
import { SuggestCropSection } from './SuggestCropSection.tsx';
import type { ConsoleSuggestionState } from './useConsoleSuggestion.ts';
import { objectRectAt, type KeyframeGroup } from '@hc/shared/vertical/keyframe-file';
import { keyframeAt } from '@hc/shared/vertical/frame-editor';
import { CROP_BOX_COLOURS } from '../player/cropBoxes.ts';
import { useStableHandler } from './useStableHandler.ts';

/**
 * The panel renders at every frame of playback (it shows the boxes at the playhead); its buttons render
 * only when their own props change (PrimeReact Buttons remount their icon on every render: the keyframe-editor bench).
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
  hidden: ReadonlySet<number>;
  onToggleHidden(objectId: number): void;
  smoothing: number;
  onSmoothing(seconds: number): void;
  safeArea: SafeAreaChoice;
  onSafeArea(choice: SafeAreaChoice): void;
  compareOptions: CompareOption[];
  compareKey: string;
  onCompare(key: string): void;
  onCopyToNextKeyframe(): void;
  onHoldToShotEnd(): void;
  onApplySuggestion(): void;
  /** The console's own crop suggestion: its state, and asking for the shot (false) or the task (true). */
  consoleSuggestion: ConsoleSuggestionState;
  onSuggestCrop(whole: boolean): void;
  onHelp(): void;
}

const SAFE_AREA_OPTIONS = SAFE_AREA_CHOICES.map((value) => ({
  value,
  label: value === 'off' ? 'Off' : SAFE_AREAS[value].name,
}));

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
  const onCopy = useStableHandler(() => props.onCopyToNextKeyframe());
  const onHold = useStableHandler(() => props.onHoldToShotEnd());
  const onApply = useStableHandler(() => props.onApplySuggestion());
  const onSuggestCrop = useStableHandler((whole: boolean) => props.onSuggestCrop(whole));
  const onHelp = useStableHandler(() => props.onHelp());
  const onSmoothing = useStableHandler((seconds: number) => props.onSmoothing(seconds));
  const onSafeArea = useStableHandler((choice: SafeAreaChoice) => props.onSafeArea(choice));
  const onCompare = useStableHandler((key: string) => props.onCompare(key));

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
                  {props.hidden.has(object.object_id) && <span className="hc-fe-object__hidden">hidden</span>}
                  {key && (
                    <i
                      className={`pi pi-key hc-fe-object__key${key.status === 'manual' ? ' hc-fe-object__key--manual' : ''}`}
                      title={key.status === 'manual' ? 'Manual keyframe here' : 'Keyframe here'}
                    />
                  )}
                </button>
                <Button
                  type="button"
                  icon={props.hidden.has(object.object_id) ? 'pi pi-eye-slash' : 'pi pi-eye'}
                  text
                  rounded
                  size="small"
                  severity="secondary"
                  aria-label={`${props.hidden.has(object.object_id) ? 'Show' : 'Hide'} object #${object.object_id}`}
                  aria-pressed={props.hidden.has(object.object_id)}
                  title="Hide / show the box (H); the render still follows it"
                  onClick={() => props.onToggleHidden(object.object_id)}
                  data-testid="fe-toggle-object"
                />
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
            tooltip="Add an object in the centre, the smallest box the render takes (A)"
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
        <div className="hc-fe-panel__row">
          <PanelButton
            type="button"
            label="To next key"
            icon="pi pi-copy"
            size="small"
            text
            disabled={locked || !selected}
            onClick={onCopy}
            tooltip="Copy the box to the next keyframe (C)"
            tooltipOptions={TOOLTIP_TOP}
            data-testid="fe-copy-next"
          />
          <PanelButton
            type="button"
            label="Hold to shot end"
            icon="pi pi-step-forward"
            size="small"
            text
            disabled={locked || !selected}
            onClick={onHold}
            tooltip="Keep the box here until the end of the shot (Shift+C)"
            tooltipOptions={TOOLTIP_TOP}
            data-testid="fe-hold"
          />
        </div>
      </section>

      <SuggestCropSection state={props.consoleSuggestion} locked={locked} onSuggest={onSuggestCrop} />

      <PathSection
        locked={locked}
        smoothing={props.smoothing}
        onSmoothing={onSmoothing}
        safeArea={props.safeArea}
        onSafeArea={onSafeArea}
        compareOptions={props.compareOptions}
        compareKey={props.compareKey}
        onCompare={onCompare}
        onApply={onApply}
      />

      <details className="hc-fe-panel__section hc-fe-keys">
        <summary>Keyboard shortcuts</summary>
        <PanelButton
          type="button"
          label="All keys (?)"
          icon="pi pi-question-circle"
          size="small"
          text
          onClick={onHelp}
          data-testid="fe-help-open"
        />
        <dl>
          {EDITOR_SHORTCUTS.map(({ keys, what }) => (
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

interface PathSectionProps {
  locked: boolean;
  smoothing: number;
  onSmoothing(seconds: number): void;
  safeArea: SafeAreaChoice;
  onSafeArea(choice: SafeAreaChoice): void;
  compareOptions: CompareOption[];
  compareKey: string;
  onCompare(key: string): void;
  onApply(): void;
}

/** The path's settings; a memo so playback (a render per frame) does not redraw its slider and lists. */
const PathSection = memo(function PathSection(props: PathSectionProps) {
  return (
    <section className="hc-fe-panel__section" data-testid="fe-path-panel">
      <header className="hc-fe-panel__header">
        <h3 className="hc-fe-panel__title">Path</h3>
        <span className="hc-fe-panel__meta hc-num" data-testid="fe-smoothing-value">
          {props.smoothing === 0 ? 'no smoothing' : `smoothing ±${props.smoothing.toFixed(1)} s`}
        </span>
      </header>
      <label className="hc-fe-panel__label" htmlFor="fe-smoothing">
        Smoothing (the render follows it)
      </label>
      <Slider
        id="fe-smoothing"
        value={props.smoothing}
        min={0}
        max={KEYFRAME_FILE_LIMITS.maxSmoothingSeconds}
        step={0.1}
        disabled={props.locked}
        onChange={(e) => props.onSmoothing(Math.round((e.value as number) * 10) / 10)}
        className="hc-fe-panel__slider"
        data-testid="fe-smoothing"
        aria-label="Smoothing in seconds"
      />
      <label className="hc-fe-panel__label" htmlFor="fe-compare">
        Compare with
      </label>
      <Dropdown
        inputId="fe-compare"
        value={props.compareKey}
        options={props.compareOptions}
        optionLabel="label"
        optionValue="key"
        onChange={(e) => props.onCompare(e.value as string)}
        className="hc-fe-panel__dropdown"
        data-testid="fe-compare"
      />
      <PanelButton
        type="button"
        label="Apply to this shot"
        icon="pi pi-replay"
        size="small"
        outlined
        disabled={props.locked}
        onClick={props.onApply}
        tooltip="Put the suggestion's path into the shot at the playhead (G)"
        tooltipOptions={TOOLTIP_LEFT}
        data-testid="fe-apply-suggestion"
      />
      <label className="hc-fe-panel__label" htmlFor="fe-safe-area">
        Safe area (O)
      </label>
      <Dropdown
        inputId="fe-safe-area"
        value={props.safeArea}
        options={SAFE_AREA_OPTIONS}
        onChange={(e) => props.onSafeArea(e.value as SafeAreaChoice)}
        className="hc-fe-panel__dropdown"
        data-testid="fe-safe-area"
      />
    </section>
  );
});

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
