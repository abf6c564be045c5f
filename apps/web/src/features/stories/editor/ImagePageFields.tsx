// The image page's own fields: how long it shows (4-15 s), its title, whether the blurb shows, and the
// subtitle.
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { SelectButton } from 'primereact/selectbutton';
import { Slider } from 'primereact/slider';
import { IMAGE_PAGE_DURATION } from '@hc/shared/constants';
import type { Blurb, PageForm } from './storyEditorState.ts';
import { Field } from './Field.tsx';

const BLURB_OPTIONS = [
  { label: 'Show', value: 1 },
  { label: 'Hide', value: 0 },
];
const TITLE_MAX = 200;
const SUBTITLE_MAX = 1000;

export function ImagePageFields({
  form,
  onChange,
}: {
  form: PageForm;
  onChange: (patch: Partial<PageForm>) => void;
}) {
  return (
    <>
      <Field id="se-duration" label={`Duration: ${form.duration} s`}>
        <div className="hc-se-slider">
          <span>{IMAGE_PAGE_DURATION.min}</span>
          <Slider
            id="se-duration"
            value={form.duration}
            min={IMAGE_PAGE_DURATION.min}
            max={IMAGE_PAGE_DURATION.max}
            step={1}
            aria-label="Duration in seconds"
            onChange={(e) => onChange({ duration: e.value as number })}
            data-testid="se-duration"
            className="flex-1"
          />
          <span>{IMAGE_PAGE_DURATION.max}</span>
        </div>
      </Field>
      <Field id="se-title" label="Title">
        <InputText
          id="se-title"
          value={form.title}
          maxLength={TITLE_MAX}
          onChange={(e) => onChange({ title: e.target.value })}
          data-testid="se-title"
        />
      </Field>
      <Field id="se-blurb" label="Blurb">
        <SelectButton
          id="se-blurb"
          value={form.blurb}
          options={BLURB_OPTIONS}
          allowEmpty={false}
          onChange={(e) => onChange({ blurb: e.value as Blurb })}
          data-testid="se-blurb"
        />
      </Field>
      <Field id="se-subtitle" label="Subtitle">
        <InputTextarea
          id="se-subtitle"
          value={form.subtitle}
          maxLength={SUBTITLE_MAX}
          rows={3}
          autoResize
          onChange={(e) => onChange({ subtitle: e.target.value })}
          data-testid="se-subtitle"
        />
      </Field>
    </>
  );
}
