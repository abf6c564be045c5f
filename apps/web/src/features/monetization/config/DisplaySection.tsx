// The Display section of the config page: the fallback switch, then the profile id and the mobile and
// desktop blocks.
import { Checkbox } from 'primereact/checkbox';
import { InputText } from 'primereact/inputtext';
import { MultiSelect } from 'primereact/multiselect';
import { DISPLAY_ALLOWED_SIZES } from '@hc/shared/constants';
import {
  AD_UNIT_PATH_PREFIX,
  DISPLAY_PLATFORMS,
  errorOf,
  PUBMATIC_URL_PREFIX,
  SETUP_FIELD_LABELS as L,
  type DisplayBlockValues,
  type DisplayPlatform,
  type DisplaySetupValues,
  type SetupFieldError,
} from '@hc/shared/monetization/setup-form';
import { Field, NumberField, Section, SwitchField } from './fields.tsx';

const SIZE_OPTIONS = DISPLAY_ALLOWED_SIZES.map(([w, h]) => ({ label: `${w}x${h}`, value: `${w}x${h}` }));
const sizeKey = ([w, h]: readonly [number, number]) => `${w}x${h}`;
const sizeOf = (key: string): [number, number] => {
  const [w, h] = key.split('x').map(Number);
  return [w ?? 0, h ?? 0];
};
const PLATFORM_TITLES: Record<DisplayPlatform, string> = { mobile: 'Mobile', desktop: 'Desktop' };

interface DisplaySectionProps {
  display: DisplaySetupValues;
  errors: SetupFieldError[];
  onChange: (patch: Partial<DisplaySetupValues>) => void;
}

export function DisplaySection({ display, errors, onChange }: DisplaySectionProps) {
  const setBlock = (platform: DisplayPlatform, patch: Partial<DisplayBlockValues>) =>
    onChange({ [platform]: { ...display[platform], ...patch } });

  return (
    <Section title="Display" testId="section-display">
      <SwitchField
        id="fallbackEnable"
        label="Display fallback"
        checked={display.fallbackEnable}
        onChange={(fallbackEnable) => onChange({ fallbackEnable })}
      />
      {display.fallbackEnable && (
        <>
          <div className="hc-mon-profile">
            <NumberField
              id="profileId"
              label={L.displayProfileId}
              prefix={PUBMATIC_URL_PREFIX}
              value={display.profileId}
              onChange={(profileId) => onChange({ profileId })}
              error={errorOf(errors, 'display.profileId')}
              hint="4 or 5 digits"
            />
          </div>
          <div className="hc-mon-blocks">
            {DISPLAY_PLATFORMS.map((platform) => {
              const block = display[platform];
              const at = (f: string) => `display.${platform}.${f}`;
              const id = (f: string) => `${platform}-${f}`;
              return (
                <div key={platform} className="hc-mon-block" data-testid={`display-${platform}`}>
                  <h3 className="hc-mon-block__title">{PLATFORM_TITLES[platform]}</h3>
                  <NumberField
                    id={id('displayAdDuration')}
                    label={L.displayAdDuration}
                    suffix="s"
                    value={block.displayAdDuration}
                    onChange={(v) => setBlock(platform, { displayAdDuration: v })}
                    error={errorOf(errors, at('displayAdDuration'))}
                  />
                  <div className="hc-mon-check">
                    <Checkbox
                      inputId={id('displayAdTimer')}
                      checked={block.displayAdTimer}
                      onChange={(e) => setBlock(platform, { displayAdTimer: e.checked === true })}
                    />
                    <label htmlFor={id('displayAdTimer')}>Display ad timer</label>
                  </div>
                  <SwitchField
                    id={id('skipEnabled')}
                    label="Skip enabled"
                    checked={block.skipEnabled}
                    onChange={(skipEnabled) => setBlock(platform, { skipEnabled })}
                  />
                  {block.skipEnabled && (
                    <NumberField
                      id={id('skipDelay')}
                      label={L.displaySkipDelay}
                      suffix="s"
                      value={block.skipDelay}
                      onChange={(v) => setBlock(platform, { skipDelay: v })}
                      error={errorOf(errors, at('skipDelay'))}
                    />
                  )}
                  <Field
                    id={id('adUnitPathCustom')}
                    label={L.adUnitPathCustom}
                    error={errorOf(errors, at('adUnitPathCustom'))}
                  >
                    <div className="p-inputgroup">
                      <span className="p-inputgroup-addon hc-mono">{AD_UNIT_PATH_PREFIX}</span>
                      <InputText
                        id={id('adUnitPathCustom')}
                        value={block.adUnitPathCustom}
                        invalid={errorOf(errors, at('adUnitPathCustom')) !== undefined}
                        onChange={(e) => setBlock(platform, { adUnitPathCustom: e.target.value })}
                        data-testid={`input-${id('adUnitPathCustom')}`}
                      />
                    </div>
                  </Field>
                  <NumberField
                    id={id('viewportPause')}
                    label={L.viewportPause}
                    suffix="%"
                    value={block.viewportPause}
                    onChange={(v) => setBlock(platform, { viewportPause: v })}
                    error={errorOf(errors, at('viewportPause'))}
                  />
                  <Field
                    id={id('supportedSizes')}
                    label={L.supportedSizes}
                    error={errorOf(errors, at('supportedSizes'))}
                  >
                    <MultiSelect
                      inputId={id('supportedSizes')}
                      value={block.supportedSizes.map(sizeKey)}
                      options={SIZE_OPTIONS}
                      display="chip"
                      onChange={(e) =>
                        setBlock(platform, { supportedSizes: (e.value as string[]).map(sizeOf) })
                      }
                      data-testid={`input-${id('supportedSizes')}`}
                    />
                  </Field>
                </div>
              );
            })}
          </div>
        </>
      )}
    </Section>
  );
}
