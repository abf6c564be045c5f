// The panel's "Suggest crop" section: ask the console's own reframing for the shot at the playhead (R) or
// the whole task (Shift+R), follow its progress, and read where its result went (the "Compare with" list,
// chosen there, to apply per shot) or why it failed, with a retry.
import { memo } from 'react';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { ProgressBar } from 'primereact/progressbar';
import { messages } from '@hc/shared/messages';
import type { ConsoleSuggestionState } from './useConsoleSuggestion.ts';

export const SuggestCropSection = memo(function SuggestCropSection(props: {
  state: ConsoleSuggestionState;
  locked: boolean;
  onSuggest(whole: boolean): void;
}) {
  const { state, locked } = props;
  const running = state.status === 'running';
  const what = state.whole ? 'the whole task' : 'this shot';
  return (
    <section
      className="hc-fe-panel__section hc-fe-suggest"
      aria-labelledby="fe-suggest-title"
      data-testid="fe-suggest-crop"
      data-status={state.status}
    >
      <header className="hc-fe-panel__header">
        <h3 className="hc-fe-panel__title" id="fe-suggest-title">
          {messages.suggestCrop}
        </h3>
        <span className="hc-fe-panel__meta">by the console</span>
      </header>
      <div className="hc-fe-suggest__actions">
        <Button
          type="button"
          label="This shot (R)"
          icon="pi pi-sparkles"
          size="small"
          outlined
          disabled={locked || running}
          onClick={() => props.onSuggest(false)}
          data-testid="fe-suggest-shot"
        />
        <Button
          type="button"
          label="Whole task (Shift+R)"
          size="small"
          text
          disabled={locked || running}
          onClick={() => props.onSuggest(true)}
          data-testid="fe-suggest-task"
        />
      </div>
      {running && (
        <div className="hc-fe-suggest__progress" data-testid="fe-suggest-progress">
          <ProgressBar
            value={state.progress}
            mode={state.progress === 0 ? 'indeterminate' : 'determinate'}
            showValue={false}
            style={{ height: '0.375rem' }}
            aria-label={`Suggest crop of ${what}`}
          />
          <small role="status" className="hc-muted">
            {state.progress === 0
              ? `Finding the subject in ${what}…`
              : `Finding the subject in ${what}… ${state.progress}%`}
          </small>
        </div>
      )}
      {state.status === 'ready' && (
        <small role="status" className="hc-fe-suggest__note" data-testid="fe-suggest-ready">
          {messages.consoleSuggestionLabel} ready for {what}: it is chosen under “Compare with”. Apply it to a
          shot with G.
        </small>
      )}
      {state.status === 'failed' && state.error && (
        <div className="hc-fe-suggest__failed" data-testid="fe-suggest-failed">
          <Message severity="error" text={state.error} />
          <Button
            type="button"
            label="Try again"
            icon="pi pi-refresh"
            size="small"
            text
            disabled={locked}
            onClick={() => props.onSuggest(state.whole)}
            data-testid="fe-suggest-retry"
          />
        </div>
      )}
    </section>
  );
});
