// The video sections of the config page: Video Ad Manager (fixed), Channel, Ad Flow, Ad manager options and
// Viewport. What the Ad Flow choice shows and hides comes from the shared state machine.
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { RadioButton } from 'primereact/radiobutton';
import { Checkbox } from 'primereact/checkbox';
import {
  AD_FLOW_LABELS,
  AD_FLOWS,
  adFlowView,
  PRELOAD_OPTION_LABELS,
  PRELOAD_OPTIONS,
  type AdFlowState,
} from '@hc/shared/monetization/ad-flow';
import {
  errorOf,
  PLAYING_WINDOW_OPTIONS,
  SETUP_FIELD_LABELS as L,
  VIDEO_AD_MANAGERS,
  type SetupFieldError,
  type VideoSetupValues,
} from '@hc/shared/monetization/setup-form';
import { Field, NumberField, Section, SwitchField } from './fields.tsx';

interface VideoSectionsProps {
  video: VideoSetupValues;
  errors: SetupFieldError[];
  onChange: (patch: Partial<VideoSetupValues>) => void;
  onAdFlow: (adFlow: AdFlowState) => void;
  onStartPoint: (value: string) => void;
}

export function VideoSections({ video, errors, onChange, onAdFlow, onStartPoint }: VideoSectionsProps) {
  const view = adFlowView(video.adFlow);
  const number = (
    field: keyof VideoSetupValues & keyof typeof L,
    extra: { suffix?: string; hint?: string } = {},
  ) => (
    <NumberField
      id={field}
      label={L[field]}
      value={video[field] as string}
      onChange={(v) => onChange({ [field]: v })}
      error={errorOf(errors, field)}
      {...extra}
    />
  );

  return (
    <>
      <Section title="Video Ad Manager" testId="section-video-ad-manager">
        <Field id="adManager" label="Ad manager">
          <Dropdown
            inputId="adManager"
            value="aniview"
            options={[...VIDEO_AD_MANAGERS]}
            optionDisabled="disabled"
            onChange={() => undefined}
            data-testid="input-adManager"
          />
        </Field>
      </Section>

      <Section title="Channel" testId="section-channel">
        <Field
          id="channel"
          label={L.channel}
          error={errorOf(errors, 'channel')}
          hint="24 hexadecimal characters"
        >
          <InputText
            id="channel"
            value={video.channel}
            maxLength={24}
            className="hc-mono"
            invalid={errorOf(errors, 'channel') !== undefined}
            onChange={(e) => onChange({ channel: e.target.value.toLowerCase() })}
            data-testid="input-channel"
          />
        </Field>
      </Section>

      <Section title="Ad Flow" testId="section-ad-flow">
        <div className="hc-mon-radios" role="radiogroup" aria-label="Ad flow">
          {AD_FLOWS.map((flow) => (
            <div key={flow} className="hc-mon-radio">
              <RadioButton
                inputId={`flow-${flow}`}
                checked={video.adFlow.flow === flow}
                onChange={() => onAdFlow({ ...video.adFlow, flow })}
                data-testid={`flow-${flow}`}
              />
              <label htmlFor={`flow-${flow}`}>{AD_FLOW_LABELS[flow]}</label>
            </div>
          ))}
        </div>
        {view.preloadOptions && (
          <div
            className="hc-mon-radios hc-mon-radios--nested"
            role="radiogroup"
            data-testid="preload-options"
          >
            {PRELOAD_OPTIONS.map((option) => (
              <div key={option} className="hc-mon-radio">
                <RadioButton
                  inputId={`preload-${option}`}
                  checked={video.adFlow.preloadOption === option}
                  onChange={() => onAdFlow({ flow: 'preload', preloadOption: option })}
                  data-testid={`preload-${option}`}
                />
                <label htmlFor={`preload-${option}`}>{PRELOAD_OPTION_LABELS[option]}</label>
              </div>
            ))}
          </div>
        )}
        <div className="hc-mon-grid">
          <NumberField
            id="startPoint"
            label={L.startPoint}
            value={video.startPoint}
            onChange={onStartPoint}
            error={errorOf(errors, 'startPoint')}
            hint={view.sequence ? 'Also sets the first entry of the sequence' : undefined}
          />
          {view.sequence && (
            <Field
              id="adSequence"
              label={L.adSequence}
              error={errorOf(errors, 'adSequence')}
              hint="e.g. 2,5,8"
            >
              <InputText
                id="adSequence"
                value={video.adSequence}
                invalid={errorOf(errors, 'adSequence') !== undefined}
                onChange={(e) => onChange({ adSequence: e.target.value })}
                data-testid="input-adSequence"
              />
            </Field>
          )}
          <Field id="aniviewPreloadAdPlayingWindow" label={L.aniviewPreloadAdPlayingWindow}>
            <Dropdown
              inputId="aniviewPreloadAdPlayingWindow"
              value={Number(video.aniviewPreloadAdPlayingWindow)}
              options={PLAYING_WINDOW_OPTIONS.map((v) => ({ label: `${v} s`, value: v }))}
              onChange={(e) => onChange({ aniviewPreloadAdPlayingWindow: String(e.value) })}
              data-testid="input-aniviewPreloadAdPlayingWindow"
            />
          </Field>
          {view.delayDuration && number('adDelayDuration', { suffix: 's' })}
        </div>
        <div className="hc-mon-check">
          <Checkbox
            inputId="forceStop"
            checked={video.aniviewPreloadAdPlayingWindowRequestsForceStop}
            onChange={(e) => onChange({ aniviewPreloadAdPlayingWindowRequestsForceStop: e.checked === true })}
          />
          <label htmlFor="forceStop">Stop ad requests outside the playing window</label>
        </div>
      </Section>

      <Section title="Ad manager options" testId="section-ad-manager-options">
        <div className="hc-mon-grid">
          {number('midrollTime')}
          {number('midrollDelay', { hint: 'Optional, 0 to 15' })}
          {view.fullAdManager && (
            <>
              {number('maxImpressions')}
              {number('startMidroll')}
            </>
          )}
          {number('vastRetry')}
          {number('errorLimit')}
        </div>
        <SwitchField id="skip" label="Skip" checked={video.skip} onChange={(skip) => onChange({ skip })} />
        {video.skip && <div className="hc-mon-grid">{number('skipTimer', { suffix: 's' })}</div>}
      </Section>

      <Section title="Viewport" testId="section-viewport">
        <div className="hc-mon-grid">
          {number('viewportProduct', { suffix: '%' })}
          {number('viewportAd', { suffix: '%' })}
        </div>
      </Section>
    </>
  );
}
