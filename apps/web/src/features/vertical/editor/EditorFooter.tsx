// The frame editor's footer: Undo, Reset (and Clear groups), Remove frames, Cancel/Close, Create New and
// Generate. A memo component with stable handlers: it renders again when its state changes, not at every
// frame of playback (the keyframe-editor bench).
import { memo, useMemo } from 'react';
import { Button } from 'primereact/button';
import { SplitButton } from 'primereact/splitbutton';
import type { KeyframeGroup } from '@hc/shared/vertical/keyframe-file';
import { RemoveFramesButton } from './RemoveFramesButton.tsx';

export interface EditorFooterProps {
  /** Frame editing is off (time being chosen, or the vertical was sent). */
  locked: boolean;
  canUndo: boolean;
  /** Create New and Generate may be pressed (not locked, leased, a valid range). */
  canWrite: boolean;
  group: KeyframeGroup | undefined;
  selectedObjectId: number | null;
  submitted: boolean;
  hasVertical: boolean;
  /** Create New's write is in flight (not Generate's). */
  creatingNew: boolean;
  pending: boolean;
  /** Stable handlers (useStableHandler). */
  onUndo(): void;
  onReset(): void;
  onClearGroups(): void;
  onRemoveFrames(from: number, to: number): void;
  onClose(): void;
  onSubmit(kind: 'generate' | 'createNew'): void;
}

const TOOLTIP_ON_TOP = { position: 'top' } as const;

export const EditorFooter = memo(function EditorFooter(props: EditorFooterProps) {
  const { locked, onClearGroups } = props;
  const resetItems = useMemo(
    () => [{ label: 'Clear groups', icon: 'pi pi-times-circle', command: () => onClearGroups() }],
    [onClearGroups],
  );
  return (
    <footer className="hc-fe__footer">
      <div className="hc-fe__footer-group">
        <Button
          type="button"
          label="Undo"
          icon="pi pi-undo"
          outlined
          severity="secondary"
          disabled={locked || !props.canUndo}
          onClick={() => props.onUndo()}
          tooltip="Ctrl+Z"
          tooltipOptions={TOOLTIP_ON_TOP}
          data-testid="fe-undo"
        />
        <SplitButton
          label="Reset"
          icon="pi pi-refresh"
          outlined
          severity="secondary"
          disabled={locked}
          onClick={() => props.onReset()}
          model={resetItems}
          buttonProps={{ 'data-testid': 'fe-reset' } as object}
          menuButtonProps={{ 'aria-label': 'More reset options', 'data-testid': 'fe-reset-menu' } as object}
        />
        <RemoveFramesButton
          group={props.group}
          objectId={props.selectedObjectId}
          disabled={locked}
          onRemove={props.onRemoveFrames}
        />
      </div>
      <div className="hc-fe__footer-group">
        <Button
          type="button"
          label={props.submitted ? 'Close' : 'Cancel'}
          text
          onClick={() => props.onClose()}
          data-testid="fe-cancel"
        />
        {!props.submitted && (
          <>
            <Button
              type="button"
              label="Create New"
              icon="pi pi-clone"
              outlined
              disabled={!props.canWrite}
              loading={props.creatingNew}
              onClick={() => props.onSubmit('createNew')}
              tooltip="Save as a new manual suggestion, keeping this one"
              tooltipOptions={TOOLTIP_ON_TOP}
              data-testid="fe-create-new"
            />
            <Button
              type="button"
              label={props.hasVertical ? 'Recreate' : 'Generate'}
              icon="pi pi-video"
              disabled={!props.canWrite}
              loading={props.pending}
              onClick={() => props.onSubmit('generate')}
              data-testid="fe-generate"
            />
          </>
        )}
      </div>
    </footer>
  );
});
