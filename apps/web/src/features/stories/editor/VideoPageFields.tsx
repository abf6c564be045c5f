// The video page's own fields: the poster URL and the fields the server defines for video pages
// (a dropdown or a text with a character limit, some mandatory).
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import type { StoryFormField } from '../api/types.ts';
import type { PageForm } from './storyEditorState.ts';
import { Field } from './Field.tsx';
import { PosterField } from './PosterField.tsx';

interface VideoPageFieldsProps {
  form: PageForm;
  formFields: StoryFormField[];
  submitted: boolean;
  posterEdited: boolean;
  onChange: (patch: Partial<PageForm>) => void;
  onField: (name: string, value: string) => void;
}

export function VideoPageFields({
  form,
  formFields,
  submitted,
  posterEdited,
  onChange,
  onField,
}: VideoPageFieldsProps) {
  const missing = (f: StoryFormField) =>
    submitted && f.is_mandatory && (form.fields[f.name] ?? '').trim() === '';
  return (
    <>
      <PosterField
        poster={form.poster}
        edited={posterEdited}
        submitted={submitted}
        onChange={(poster) => onChange({ poster })}
      />
      {formFields.map((f) => (
        <Field
          key={f.name}
          id={`se-field-${f.name}`}
          label={f.is_mandatory ? `${f.label} *` : f.label}
          hint={
            f.input_type === 'string' && f.max_chars
              ? `${(form.fields[f.name] ?? '').length} / ${f.max_chars}`
              : undefined
          }
        >
          {f.input_type === 'dropdown' ? (
            <Dropdown
              inputId={`se-field-${f.name}`}
              value={form.fields[f.name] || null}
              options={f.options ?? []}
              placeholder="Select"
              showClear={!f.is_mandatory}
              invalid={missing(f)}
              onChange={(e) => onField(f.name, (e.value as string | null) ?? '')}
              data-testid={`se-field-${f.name}`}
            />
          ) : (
            <InputText
              id={`se-field-${f.name}`}
              value={form.fields[f.name] ?? ''}
              maxLength={f.max_chars || undefined}
              invalid={missing(f)}
              onChange={(e) => onField(f.name, e.target.value)}
              data-testid={`se-field-${f.name}`}
            />
          )}
        </Field>
      ))}
    </>
  );
}
