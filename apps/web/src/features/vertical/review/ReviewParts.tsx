// The parts of the vertical review modal that only draw: its title, the list of suggestions with their
// ratings, the feedback form of the selected one, and an action button with its key.
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Tag } from 'primereact/tag';
import type { VerticalTask } from '@hc/shared/api/vertical';
import { VERTICAL_BAD_QUALITY_REASONS } from '@hc/shared/constants';
import type { Suggestion } from '../api/get-task-details.ts';
import { formatVideoTime } from '../player/videoFrames.ts';
import { reviewKeyHint } from '../shortcuts.ts';
import { feedbackOf, setGood, toggleReason } from './reviewFeedback.ts';
import type { FeedbackState, VerticalAction } from './reviewFeedback.ts';
import { suggestionLabel } from './suggestions.ts';

export function ModalHeader({ task }: { task: VerticalTask }) {
  return (
    <div className="hc-drawer__header">
      <h2 className="hc-drawer__title" data-testid="vertical-review-title">
        {task.title}
      </h2>
      <div className="hc-drawer__subtitle" data-testid="vertical-review-subtitle">
        <span>{task.publisher_name}</span>
        <span className="hc-dot-sep">Video ID {task.video_id}</span>
        {task.external_program_id && (
          <span className="hc-dot-sep">Program ID {task.external_program_id}</span>
        )}
      </div>
    </div>
  );
}
interface SuggestionListProps {
  suggestions: Suggestion[];
  feedback: FeedbackState;
  selectedId: number | null;
  onSelect(id: number): void;
  onHover(id: number | null): void;
}

export function SuggestionList({
  suggestions,
  feedback,
  selectedId,
  onSelect,
  onHover,
}: SuggestionListProps) {
  return (
    <ul className="hc-vr-suggestions" aria-label="Suggestions" data-testid="vertical-suggestions">
      {suggestions.map((s) => {
        const f = feedbackOf(feedback, s.vertical_content_id);
        const selected = s.vertical_content_id === selectedId;
        return (
          <li key={s.vertical_content_id}>
            <button
              type="button"
              className={`hc-vr-suggestion${selected ? ' is-selected' : ''}`}
              aria-pressed={selected}
              onClick={() => onSelect(s.vertical_content_id)}
              onMouseEnter={() => onHover(s.vertical_content_id)}
              onMouseLeave={() => onHover(null)}
              data-testid="vertical-suggestion"
              data-content-id={s.vertical_content_id}
            >
              <span className="hc-vr-suggestion__head">
                <span className="hc-vr-suggestion__label" data-testid="vertical-suggestion-label">
                  {suggestionLabel(s)}
                </span>
                {s.active && (
                  <Tag value="Active" severity="success" rounded data-testid="vertical-suggestion-active" />
                )}
              </span>
              <span className="hc-vr-suggestion__meta">
                {s.vertical_highlight_id !== null && <span>#{s.vertical_highlight_id}</span>}
                <span data-testid="vertical-suggestion-range">
                  {formatVideoTime(s.start_time)} – {formatVideoTime(s.end_time)}
                </span>
              </span>
              {(f.quality === 'good' || f.reason.length > 0) && (
                <span className={`hc-vr-suggestion__rating${f.quality === 'good' ? ' is-good' : ' is-bad'}`}>
                  <i
                    className={`pi ${f.quality === 'good' ? 'pi-thumbs-up' : 'pi-thumbs-down'}`}
                    aria-hidden="true"
                  />
                  {f.quality === 'good'
                    ? 'Good'
                    : `${f.reason.length} reason${f.reason.length > 1 ? 's' : ''}`}
                </span>
              )}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
interface FeedbackPanelProps {
  suggestion: Suggestion;
  feedback: FeedbackState;
  onChange(next: FeedbackState): void;
  disabled: boolean;
}

export function FeedbackPanel({ suggestion, feedback, onChange, disabled }: FeedbackPanelProps) {
  const id = suggestion.vertical_content_id;
  const f = feedbackOf(feedback, id);
  return (
    <section
      className="hc-vr-feedback"
      aria-labelledby="hc-vr-feedback-title"
      data-testid="vertical-feedback"
    >
      <h3 id="hc-vr-feedback-title" className="hc-vr-section-title">
        Feedback <span className="hc-vr-section-title__for">{suggestionLabel(suggestion)}</span>
      </h3>
      <div className="hc-vr-check hc-vr-check--good">
        <Checkbox
          inputId={`hc-vr-good-${id}`}
          checked={f.quality === 'good'}
          onChange={(e) => onChange(setGood(feedback, id, Boolean(e.checked)))}
          disabled={disabled}
          data-testid="vertical-quality-good"
        />
        <label htmlFor={`hc-vr-good-${id}`}>Good quality</label>
      </div>
      <p className="hc-vr-feedback__hint">Or the reasons for a bad one:</p>
      {VERTICAL_BAD_QUALITY_REASONS.map((reason, i) => (
        <div key={reason} className="hc-vr-check">
          <Checkbox
            inputId={`hc-vr-reason-${id}-${i}`}
            checked={f.reason.includes(reason)}
            onChange={() => onChange(toggleReason(feedback, id, reason))}
            disabled={disabled}
            data-testid="vertical-reason"
            data-reason={reason}
          />
          <label htmlFor={`hc-vr-reason-${id}-${i}`}>{reason}</label>
        </div>
      ))}
    </section>
  );
}
interface ActionButtonProps {
  action: VerticalAction;
  label: string;
  icon: string;
  enabled: boolean;
  busy: boolean;
  loading?: boolean;
  severity?: 'danger' | 'secondary';
  outlined?: boolean;
  onRun(): void;
  /** A click on the disabled button (it takes no clicks itself; its wrapper does). */
  onRefused(): void;
}

export function ActionButton(props: ActionButtonProps) {
  const hint = reviewKeyHint(props.action);
  const disabled = !props.enabled || props.busy;
  return (
    <span className="hc-vr-action" onClick={disabled && !props.busy ? props.onRefused : undefined}>
      <Button
        type="button"
        label={props.label}
        icon={props.icon}
        severity={props.severity}
        outlined={props.outlined}
        disabled={disabled}
        loading={props.loading}
        onClick={props.onRun}
        data-testid={`vertical-${props.action}`}
      >
        {hint && <kbd className="hc-kbd-inline">{hint}</kbd>}
      </Button>
    </span>
  );
}
