// The time-range selector of a highlight's edit modal: the start and end of the
// vertical within the source. 'Change Selected Time' opens the range for editing (typed, or taken from the
// playhead); 'Save start and end time' (or Shift+Enter) keeps it. A range shorter than 5 s or longer than
// 12 s shows its message in red and cannot be saved (nor generated).
import { memo } from 'react';
import { Button } from 'primereact/button';
import { InputNumber } from 'primereact/inputnumber';
import type { TimeRange } from '@hc/shared/vertical/time-range';
import { formatEditorTime } from './editorGeometry.ts';
import { useStableHandler } from './useStableHandler.ts';

/** The bar renders with the playhead; this button only when its props change (PrimeReact remounts a
 * Button's icon on every render: the keyframe-editor bench). */
const MemoButton = memo(Button);

export interface TimeRangeBarProps {
  /** The saved range. */
  range: TimeRange;
  /** The range being edited, or null when not editing. */
  draft: TimeRange | null;
  /** Source duration, seconds. */
  duration: number;
  /** The catalogue message of the range shown (the draft while editing), or null. */
  error: string | null;
  /** Where the video is, seconds (for 'Start at playhead' / 'End at playhead'). */
  playhead: number;
  onEdit(): void;
  onChange(draft: TimeRange): void;
  onSave(): void;
  onRevert(): void;
}

const round2 = (s: number) => Math.round(s * 100) / 100;
// The fields report on every key (onChange) and after blur clamps them (onValueChange), so the message
// and the buttons follow the typing and Shift+Enter saves what is in the field.

/** One end of the range, in seconds with two decimals, 0 to the source's duration. */
function SecondsField(props: {
  edge: 'start' | 'end';
  label: string;
  value: number;
  max: number;
  onChange(seconds: number): void;
}) {
  const id = `fe-range-${props.edge}`;
  return (
    <label className="hc-fe-range__field">
      <span>{props.label}</span>
      <InputNumber
        value={props.value}
        onChange={(e) => props.onChange(round2(e.value ?? 0))}
        onValueChange={(e) => props.onChange(round2(e.value ?? 0))}
        min={0}
        max={props.max}
        minFractionDigits={2}
        maxFractionDigits={2}
        suffix=" s"
        inputClassName="hc-fe-range__input"
        data-testid={id}
        inputId={id}
      />
    </label>
  );
}

export function TimeRangeBar(props: TimeRangeBarProps) {
  const { range, draft, duration, error } = props;
  const onEdit = useStableHandler(() => props.onEdit());
  const shown = draft ?? range;
  const length = shown.end - shown.start;

  return (
    <section
      className={`hc-fe-range${draft ? ' hc-fe-range--editing' : ''}`}
      aria-label="Selected time"
      data-testid="fe-range"
    >
      <div className="hc-fe-range__title">
        <i className="pi pi-clock" aria-hidden="true" />
        <span>Selected time</span>
      </div>

      {draft ? (
        <div className="hc-fe-range__fields">
          <SecondsField
            edge="start"
            label="Start"
            value={draft.start}
            max={duration}
            onChange={(seconds) => props.onChange({ ...draft, start: seconds })}
          />
          <Button
            type="button"
            icon="pi pi-step-backward-alt"
            text
            size="small"
            tooltip="Start at the playhead"
            tooltipOptions={{ position: 'bottom' }}
            aria-label="Start at the playhead"
            onClick={() => props.onChange({ ...draft, start: round2(props.playhead) })}
            data-testid="fe-range-start-at-playhead"
          />
          <SecondsField
            edge="end"
            label="End"
            value={draft.end}
            max={duration}
            onChange={(seconds) => props.onChange({ ...draft, end: seconds })}
          />
          <Button
            type="button"
            icon="pi pi-step-forward-alt"
            text
            size="small"
            tooltip="End at the playhead"
            tooltipOptions={{ position: 'bottom' }}
            aria-label="End at the playhead"
            onClick={() => props.onChange({ ...draft, end: round2(props.playhead) })}
            data-testid="fe-range-end-at-playhead"
          />
        </div>
      ) : (
        <div className="hc-fe-range__value" data-testid="fe-range-value">
          <span className="hc-num">{formatEditorTime(range.start)}</span>
          <i className="pi pi-arrow-right" aria-hidden="true" />
          <span className="hc-num">{formatEditorTime(range.end)}</span>
        </div>
      )}

      <span className="hc-fe-range__length hc-num" data-testid="fe-range-length">
        {length.toFixed(2)} s
      </span>
      {error && (
        <span className="hc-fe-range__error" role="alert" data-testid="fe-range-error">
          {error}
        </span>
      )}

      <div className="hc-fe-range__actions">
        {draft ? (
          <>
            <Button type="button" label="Keep previous time" text size="small" onClick={props.onRevert} />
            <Button
              type="button"
              label="Save start and end time"
              icon="pi pi-check"
              size="small"
              disabled={error !== null}
              onClick={props.onSave}
              data-testid="fe-range-save"
              tooltip="Shift+Enter"
              tooltipOptions={{ position: 'bottom' }}
            />
          </>
        ) : (
          <MemoButton
            type="button"
            label="Change Selected Time"
            icon="pi pi-pencil"
            size="small"
            outlined
            onClick={onEdit}
            data-testid="fe-range-change"
          />
        )}
      </div>
    </section>
  );
}
