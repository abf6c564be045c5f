// 'Remove frames': deletes the selected object's keyframes between two frames of its group (by default the
// whole group), so the object follows its remaining keyframes there. Chosen in a small panel by the button.
import { useRef, useState } from 'react';
import { Button } from 'primereact/button';
import { InputNumber } from 'primereact/inputnumber';
import { OverlayPanel } from 'primereact/overlaypanel';
import type { KeyframeGroup } from '@hc/shared/vertical/keyframe-file';

export interface RemoveFramesButtonProps {
  group: KeyframeGroup | undefined;
  objectId: number | null;
  disabled: boolean;
  onRemove(from: number, to: number): void;
}

export function RemoveFramesButton({ group, objectId, disabled, onRemove }: RemoveFramesButtonProps) {
  const panel = useRef<OverlayPanel>(null);
  const [span, setSpan] = useState({ from: 0, to: 0 });
  const object = group?.objects.find((o) => o.object_id === objectId);
  const inSpan = object?.keyframes.filter((k) => k.frame >= span.from && k.frame <= span.to).length ?? 0;

  return (
    <>
      <Button
        type="button"
        label="Remove frames"
        icon="pi pi-eraser"
        outlined
        severity="secondary"
        disabled={disabled || !object}
        onClick={(event) => {
          if (group) setSpan({ from: group.start_frame, to: group.end_frame });
          panel.current?.toggle(event);
        }}
        data-testid="fe-remove-frames"
      />
      <OverlayPanel ref={panel} className="hc-fe-remove" data-testid="fe-remove-frames-panel">
        {group && object && (
          <form
            className="hc-fe-remove__form"
            onSubmit={(event) => {
              event.preventDefault();
              onRemove(span.from, span.to);
              panel.current?.hide();
            }}
          >
            <p className="hc-fe-remove__hint">
              Keyframes of object #{object.object_id} between these frames of group {group.group_id} are
              removed.
            </p>
            <div className="hc-fe-remove__fields">
              <label>
                <span>From frame</span>
                <InputNumber
                  value={span.from}
                  min={group.start_frame}
                  max={group.end_frame}
                  useGrouping={false}
                  onValueChange={(e) => setSpan({ ...span, from: e.value ?? group.start_frame })}
                  inputClassName="hc-fe-remove__input"
                />
              </label>
              <label>
                <span>To frame</span>
                <InputNumber
                  value={span.to}
                  min={group.start_frame}
                  max={group.end_frame}
                  useGrouping={false}
                  onValueChange={(e) => setSpan({ ...span, to: e.value ?? group.end_frame })}
                  inputClassName="hc-fe-remove__input"
                />
              </label>
            </div>
            <Button
              type="submit"
              label={`Remove ${inSpan} keyframe${inSpan === 1 ? '' : 's'}`}
              severity="danger"
              size="small"
              disabled={inSpan === 0}
              data-testid="fe-remove-frames-confirm"
            />
          </form>
        )}
      </OverlayPanel>
    </>
  );
}
