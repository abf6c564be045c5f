// The new-or-edit page form: the index and the file for every page, then the image page's fields
// (ImagePageFields) or the video page's (VideoPageFields), with Preview, Discard and Publish below.
import { InputNumber } from 'primereact/inputnumber';
import { SelectButton } from 'primereact/selectbutton';
import { messages } from '@hc/shared/messages';
import type { ToastApi } from '../../../lib/toast.tsx';
import type { StoryFormField } from '../api/types.ts';
import { validatePageForm } from './storyEditorState.ts';
import type { Layout, PageForm } from './storyEditorState.ts';
import { Field } from './Field.tsx';
import { FileDrop } from './FileDrop.tsx';
import { ImagePageFields } from './ImagePageFields.tsx';
import { PageFormFooter } from './PageFormFooter.tsx';
import { usePageUpload } from './usePageUpload.ts';
import { VideoPageFields } from './VideoPageFields.tsx';

const LAYOUT_OPTIONS = [
  { label: 'Full', value: 0 },
  { label: 'Partial', value: 1 },
];
const MAX_INDEX = 100;

interface PageFormColumnProps {
  form: PageForm;
  formFields: StoryFormField[];
  submitted: boolean;
  /** The poster differs from how the form opened: its rule shows while typing. */
  posterEdited: boolean;
  unsaved: boolean;
  busy: 'preview' | 'publish' | null;
  toast: ToastApi;
  onChange: (patch: Partial<PageForm>) => void;
  onField: (name: string, value: string) => void;
  onPreview: () => void;
  onDiscard: () => void;
  onPublish: () => void;
}

export function PageFormColumn(props: PageFormColumnProps) {
  const { form, submitted, onChange } = props;
  const { uploading, fileError, onFile } = usePageUpload(form.kind, props.toast, (file) =>
    onChange({ file }),
  );
  const isImage = form.kind === 'image';
  const problem = validatePageForm(form, props.formFields);
  const missingFile = isImage ? messages.imageFileRequired : messages.videoFileRequired;

  const title = `${form.id === undefined ? 'New' : 'Edit'} ${isImage ? 'image' : 'video'} page`;
  return (
    <section
      className="hc-se-col hc-se-col--form"
      aria-label={title}
      data-testid="se-form"
      data-kind={form.kind}
    >
      <header className="hc-se-col__header">
        <h2 className="hc-se-col__title" data-testid="se-form-title">
          {title}
        </h2>
        {props.unsaved && (
          <span className="hc-se-unsaved" data-testid="se-unsaved">
            Unsaved changes
          </span>
        )}
      </header>
      <div className="hc-se-scroll">
        <div className="hc-se-form">
          <div className="hc-se-form__row">
            <Field id="se-index" label="Index">
              <InputNumber
                inputId="se-index"
                value={form.index}
                min={0}
                max={MAX_INDEX}
                showButtons
                onValueChange={(e) => onChange({ index: Math.max(0, Math.round(e.value ?? 0)) })}
                data-testid="se-index"
                inputClassName="hc-se-index"
              />
            </Field>
            {isImage && (
              <Field id="se-layout" label="Layout">
                <SelectButton
                  id="se-layout"
                  value={form.layout}
                  options={LAYOUT_OPTIONS}
                  allowEmpty={false}
                  onChange={(e) => onChange({ layout: e.value as Layout })}
                  data-testid="se-layout"
                />
              </Field>
            )}
          </div>
          <Field id="se-file" label={isImage ? 'Image or GIF' : 'Video'}>
            <FileDrop
              kind={form.kind}
              file={form.file}
              uploading={uploading}
              error={fileError ?? (submitted && !form.file ? missingFile : null)}
              onFile={(f) => void onFile(f)}
            />
          </Field>
          {isImage ? (
            <ImagePageFields form={form} onChange={onChange} />
          ) : (
            <VideoPageFields
              form={form}
              formFields={props.formFields}
              submitted={submitted}
              posterEdited={props.posterEdited}
              onChange={onChange}
              onField={props.onField}
            />
          )}
        </div>
      </div>
      <PageFormFooter
        problem={submitted ? problem : null}
        busy={props.busy}
        uploading={uploading}
        onPreview={props.onPreview}
        onDiscard={props.onDiscard}
        onPublish={props.onPublish}
      />
    </section>
  );
}
