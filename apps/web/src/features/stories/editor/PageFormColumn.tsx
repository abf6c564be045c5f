// The new-or-edit page form: the image page (index, layout, duration 4-15, title, blurb,
// subtitle, image) or the video page (index, video, poster URL, the server's form fields), with Preview,
// Discard and Publish. Files upload as soon as they are chosen (uploaded_objects/create).
import { useState } from 'react';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { SelectButton } from 'primereact/selectbutton';
import { Slider } from 'primereact/slider';
import { IMAGE_PAGE_DURATION } from '@hc/shared/constants';
import { messages } from '@hc/shared/messages';
import { validatePosterUrl } from '@hc/shared/validation';
import { ApiError } from '../../../lib/api.ts';
import type { ToastApi } from '../../../lib/toast.tsx';
import { uploadObject } from '../api/upload-object.ts';
import type { StoryFormField } from '../api/types.ts';
import { validatePageForm } from './storyEditorState.ts';
import type { Blurb, Layout, PageForm } from './storyEditorState.ts';
import { checkVideoFile } from './videoProbe.ts';
import { FileDrop } from './FileDrop.tsx';
import { usePosterCheck, type PosterCheck } from './usePosterCheck.ts';

const LAYOUT_OPTIONS = [
  { label: 'Full', value: 0 },
  { label: 'Partial', value: 1 },
];
const BLURB_OPTIONS = [
  { label: 'Show', value: 1 },
  { label: 'Hide', value: 0 },
];
const TITLE_MAX = 200;
const SUBTITLE_MAX = 1000;
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

function Field({
  id,
  label,
  children,
  hint,
}: {
  id: string;
  label: string;
  children: React.ReactNode;
  hint?: string;
}) {
  return (
    <div className="hc-se-field">
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && <small className="hc-se-muted">{hint}</small>}
    </div>
  );
}

/**
 * How the poster check stands. The console's content policy forbids images from other sites, so a
 * poster on another site is never drawn here; one on the console itself is shown as a thumbnail.
 */
function PosterStatus({ check }: { check: PosterCheck }) {
  if (check.status === 'idle' || check.status === 'error') return <span id="se-poster-status" hidden />;
  if (check.status === 'checking')
    return (
      <small
        id="se-poster-status"
        className="hc-se-poster-status"
        role="status"
        data-testid="se-poster-status"
        data-state="checking"
      >
        <i className="pi pi-spin pi-spinner" aria-hidden="true" /> {messages.posterChecking}
      </small>
    );
  if (check.status === 'unavailable')
    return (
      <small
        id="se-poster-status"
        className="hc-se-poster-status hc-se-muted"
        role="status"
        data-testid="se-poster-status"
        data-state="unavailable"
      >
        <i className="pi pi-info-circle" aria-hidden="true" /> {messages.posterCheckUnavailable}
      </small>
    );
  const sameSite = check.url.startsWith(`${window.location.origin}/`);
  return (
    <>
      <small
        id="se-poster-status"
        className="hc-se-poster-status hc-se-poster-status--ok"
        role="status"
        data-testid="se-poster-status"
        data-state="ok"
      >
        <i className="pi pi-check-circle" aria-hidden="true" /> {messages.posterChecked}
      </small>
      {sameSite && (
        <img src={check.url} alt="Poster" className="hc-se-poster" data-testid="se-poster-image" />
      )}
    </>
  );
}

export function PageFormColumn(props: PageFormColumnProps) {
  const { form, formFields, submitted, toast, onChange } = props;
  const [uploading, setUploading] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const posterCheck = usePosterCheck(form.kind === 'video' ? form.poster : '');
  const isImage = form.kind === 'image';
  const problem = validatePageForm(form, formFields);
  const showProblem = submitted && problem;

  const onFile = async (file: File) => {
    setFileError(null);
    if (!isImage) {
      const refused = await checkVideoFile(file);
      if (refused) {
        setFileError(refused);
        return;
      }
    }
    setUploading(true);
    try {
      const uploaded = await uploadObject(file, form.kind);
      onChange({ file: { objectId: uploaded.id, url: uploaded.file, name: file.name } });
      toast.success(messages.fileSubmitted);
    } catch (error) {
      const text = error instanceof ApiError ? error.message : messages.somethingWentWrong;
      setFileError(text);
      toast.error(text);
    } finally {
      setUploading(false);
    }
  };

  const missingFile = isImage ? messages.imageFileRequired : messages.videoFileRequired;
  const posterFormat =
    form.poster.trim() === '' || !(props.posterEdited || submitted) ? null : validatePosterUrl(form.poster);
  const posterError =
    posterFormat ??
    (posterCheck.status === 'error' ? posterCheck.message : null) ??
    (submitted && form.poster.trim() === '' ? messages.posterUrlInvalid : null);
  const fieldMissing = (f: StoryFormField) =>
    submitted && f.is_mandatory && (form.fields[f.name] ?? '').trim() === '';

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
          ) : (
            <>
              <Field id="se-poster" label="Poster URL">
                <InputText
                  id="se-poster"
                  value={form.poster}
                  placeholder="https://example.com/poster.jpg"
                  invalid={Boolean(posterError)}
                  onChange={(e) => onChange({ poster: e.target.value })}
                  aria-describedby="se-poster-status"
                  data-testid="se-poster"
                />
                {posterError && (
                  <small className="hc-se-error" data-testid="se-poster-error">
                    {posterError}
                  </small>
                )}
                <PosterStatus check={posterCheck} />
              </Field>
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
                      invalid={fieldMissing(f)}
                      onChange={(e) => props.onField(f.name, (e.value as string | null) ?? '')}
                      data-testid={`se-field-${f.name}`}
                    />
                  ) : (
                    <InputText
                      id={`se-field-${f.name}`}
                      value={form.fields[f.name] ?? ''}
                      maxLength={f.max_chars || undefined}
                      invalid={fieldMissing(f)}
                      onChange={(e) => props.onField(f.name, e.target.value)}
                      data-testid={`se-field-${f.name}`}
                    />
                  )}
                </Field>
              ))}
            </>
          )}
        </div>
      </div>
      <footer className="hc-se-col__footer hc-se-form__footer">
        {showProblem && (
          <small className="hc-se-error hc-se-form__problem" role="alert" data-testid="se-form-error">
            {problem}
          </small>
        )}
        <div className="hc-se-form__buttons">
          <Button
            type="button"
            label="Discard"
            icon="pi pi-undo"
            outlined
            severity="secondary"
            disabled={props.busy !== null}
            onClick={props.onDiscard}
            data-testid="se-discard"
          />
          <Button
            type="button"
            label="Preview"
            icon="pi pi-play"
            outlined
            loading={props.busy === 'preview'}
            disabled={props.busy !== null || uploading}
            onClick={props.onPreview}
            data-testid="se-preview-button"
          />
          <Button
            type="button"
            label="Publish"
            icon="pi pi-send"
            loading={props.busy === 'publish'}
            disabled={props.busy !== null || uploading}
            onClick={props.onPublish}
            data-testid="se-publish"
          />
        </div>
      </footer>
    </section>
  );
}
