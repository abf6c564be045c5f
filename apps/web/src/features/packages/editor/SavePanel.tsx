// Right column: the save panel: name, embed name (alias; editable only for a new package),
// the details list, and the buttons Save, Preview, Discard, delete and embed code, with the preview below.
import { useState } from 'react';
import type { Dispatch } from 'react';
import { useNavigate } from 'react-router';
import { InputText } from 'primereact/inputtext';
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import { PACKAGE_MIN_HIGHLIGHTS } from '@hc/shared/constants';
import { formatDate } from '@hc/shared/formatters';
import { messages } from '@hc/shared/messages';
import { ApiError } from '../../../lib/api.ts';
import { copyText } from '../../../lib/clipboard.ts';
import { useToast } from '../../../lib/toast.tsx';
import { useAppConfig } from '../../../lib/config/config.tsx';
import { DetailList } from '../../../components/DetailDrawer.tsx';
import { FieldMessage } from '../../../components/FieldMessage.tsx';
import { useSavePackage } from '../api/save-package.ts';
import {
  firstSaveError,
  inferCategory,
  isNewPackage,
  toPackageWrite,
  toPreviewPackage,
  totalDuration,
  validateEditor,
} from './editorState.ts';
import type { EditorAction, EditorState } from './editorState.ts';
import { embedSnippet } from '../embedCode.ts';
import { PackagePreview } from '../preview/PackagePreview.tsx';
import { usePreviewState } from '../preview/usePreviewState.ts';
import { EditorDialog } from './EditorDialog.tsx';
import { fieldRefusal, refusalShown, type FieldRefusal } from './saveRefusal.ts';

interface SavePanelProps {
  state: EditorState;
  dispatch: Dispatch<EditorAction>;
  /** ?publisherId=N: a suggestion opened in embedded or deep-link mode. */
  publisherId?: number;
  /** Lets the next navigation through without the leave-page prompt. */
  allowLeave: () => void;
}

interface Confirm {
  header: string;
  message: string;
  acceptLabel: string;
  onAccept: () => void;
}

const PACKAGES_PATH = '/packages';
const TYPE_LABELS = { auto: 'Auto', user: 'Manual' } as const;

const errorText = (error: unknown) =>
  error instanceof ApiError ? error.message : messages.somethingWentWrong;

export function SavePanel({ state, dispatch, publisherId, allowLeave }: SavePanelProps) {
  const toast = useToast();
  const navigate = useNavigate();
  const { user } = useAppConfig();
  const save = useSavePackage();
  const [touched, setTouched] = useState({ name: false, alias: false });
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  // A name or embed name the server refused as already in use: shown under its field until it is edited.
  const [refusal, setRefusal] = useState<FieldRefusal | null>(null);

  const base = state.base;
  const isNew = isNewPackage(state);
  const suggestion = base?.status === 'Draft' && publisherId !== undefined;
  const validation = validateEditor(state);
  const showName = (touched.name || state.requestedSave) && validation.name;
  const showAlias = (touched.alias || state.requestedSave) && validation.alias;
  const nameRefused = showName ? null : refusalShown(refusal, 'name', state.name);
  const aliasRefused = showAlias ? null : refusalShown(refusal, 'alias', state.alias);
  const busy = save.isPending;
  // The preview (the embed person's component) is driven from this panel's Preview button too.
  const current = toPreviewPackage(state);
  const preview = usePreviewState(current);

  /** Goes back where the user came from (or to the list when the editor was opened directly). */
  const goBack = () => {
    allowLeave();
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate(PACKAGES_PATH);
  };

  const onSave = () => {
    dispatch({ type: 'requestSave' });
    const refused = firstSaveError(state);
    if (refused) {
      toast.error(refused);
      return;
    }
    const body = toPackageWrite(state, { suggestion });
    const input = base ? { embedId: base.embed_id, body, publisherId } : { body };
    save.mutate(input, {
      onSuccess: (pkg) => {
        toast.success(messages.packageSaved);
        if (isNew) {
          // The new-package page is done: load the package by its embed_id under a fresh timestamp.
          allowLeave();
          void navigate(`/packages/editor/${encodeURIComponent(pkg.embed_id)}/${Date.now()}`, {
            replace: true,
          });
        } else {
          dispatch({ type: 'saved', pkg });
        }
      },
      // 400: a catalogue rule; 409: a name or embed name in use (also shown under its field, the typed
      // value kept) or the stale version.
      onError: (error) => {
        toast.error(errorText(error));
        if (error instanceof ApiError) {
          const refused = fieldRefusal(error.status, error.message, body);
          setRefusal(refused);
          if (refused) document.getElementById(refused.field === 'name' ? 'pe-name' : 'pe-alias')?.focus();
        }
      },
    });
  };

  const setStatus = (status: 'Rejected' | 'Archive') => {
    if (!base) return;
    save.mutate(
      { embedId: base.embed_id, body: { status, updated_at: base.updated_at }, publisherId },
      {
        onSuccess: () => {
          allowLeave();
          void navigate(PACKAGES_PATH);
        },
        onError: (error) => toast.error(errorText(error)),
      },
    );
  };

  const onDiscard = () => {
    if (suggestion) {
      setConfirm({
        header: 'Discard suggestion',
        message: messages.discardSuggestionConfirm,
        acceptLabel: messages.discardYes,
        onAccept: () => setStatus('Rejected'),
      });
    } else if (state.unsaved) {
      setConfirm({
        header: 'Discard changes',
        message: 'Your unsaved changes to this package will be lost.',
        acceptLabel: messages.discardYes,
        onAccept: () => {
          dispatch({ type: 'discard' });
          goBack();
        },
      });
    } else {
      goBack();
    }
  };

  const onDelete = () =>
    setConfirm({
      header: 'Delete package',
      message: `Delete "${base?.name ?? ''}"? It leaves the list and its embed code stops playing.`,
      acceptLabel: 'Delete',
      onAccept: () => setStatus('Archive'),
    });

  const onEmbedCode = async () => {
    if (!base) return;
    const account = publisherId ?? user.publisher.publisher_id;
    const ok = await copyText(embedSnippet(window.location.origin, account, base.embed_id));
    if (ok) toast.success(messages.embedCodeCopied);
    else toast.error(messages.somethingWentWrong);
  };

  const onPreview = () => {
    if (current.highlights.length < PACKAGE_MIN_HIGHLIGHTS) toast.info(messages.selectAtLeast3Apvs);
    preview.start();
  };

  const category = inferCategory(state.highlights);
  const details = [
    { label: 'Type', value: TYPE_LABELS[state.packageType], testId: 'pe-detail-type' },
    {
      label: 'Status',
      value: base ? <Tag value={base.status} severity={statusSeverity(base.status)} /> : 'New',
      testId: 'pe-detail-status',
    },
    { label: 'ID', value: base?.embed_id ?? '--', testId: 'pe-detail-id' },
    { label: 'Created', value: base ? formatDate(base.created_at) : '--', testId: 'pe-detail-created' },
    { label: 'Updated', value: base ? formatDate(base.updated_at) : '--', testId: 'pe-detail-updated' },
    { label: 'Number of APVs', value: state.highlights.length, testId: 'pe-detail-count' },
    {
      label: 'Total duration',
      value: `${Math.round(totalDuration(state.highlights))} s`,
      testId: 'pe-detail-duration',
    },
    { label: 'Category', value: category ?? '--', testId: 'pe-detail-category' },
  ];

  return (
    <section className="hc-pe-col hc-pe-col--panel" aria-label="Package" data-testid="pe-panel">
      <header className="hc-pe-col__header">
        <h2 className="hc-pe-col__title">
          {isNew ? 'New package' : suggestion ? 'Suggested package' : 'Package'}
        </h2>
        {state.unsaved && (
          <Tag value="Unsaved changes" severity="warning" icon="pi pi-circle-fill" data-testid="pe-unsaved" />
        )}
      </header>

      <div className="hc-pe-scroll hc-pe-panel">
        <div className="hc-pe-field">
          <label htmlFor="pe-name">Name</label>
          <InputText
            id="pe-name"
            value={state.name}
            maxLength={200}
            invalid={Boolean(showName || nameRefused)}
            aria-invalid={Boolean(showName || nameRefused)}
            aria-describedby={showName || nameRefused ? 'pe-name-error' : undefined}
            onChange={(e) => dispatch({ type: 'setName', name: e.target.value })}
            onBlur={() => setTouched((t) => ({ ...t, name: true }))}
            data-testid="pe-name"
          />
          <FieldMessage
            id="pe-name-error"
            error={showName ? validation.name : nameRefused}
            alert
            testId="pe-name-error"
          />
        </div>

        <div className="hc-pe-field">
          <label htmlFor="pe-alias">Embed name</label>
          <InputText
            id="pe-alias"
            value={state.alias}
            maxLength={30}
            disabled={!isNew}
            invalid={Boolean(showAlias || aliasRefused)}
            aria-invalid={Boolean(showAlias || aliasRefused)}
            aria-describedby={showAlias || aliasRefused ? 'pe-alias-error' : undefined}
            placeholder={isNew ? 'my-unique-alias' : 'None'}
            onChange={(e) => dispatch({ type: 'setAlias', alias: e.target.value })}
            onBlur={() => setTouched((t) => ({ ...t, alias: true }))}
            data-testid="pe-alias"
          />
          {/* Room for its longest message (the refusal and the format rule under it) is kept up front. */}
          <FieldMessage
            id="pe-alias-error"
            lines={3}
            error={
              showAlias ? (
                <>
                  <strong>{validation.alias}</strong>
                  <span>{messages.aliasFormat}</span>
                </>
              ) : (
                aliasRefused
              )
            }
            alert={!showAlias}
            hint={
              isNew ? 'Optional. Set once, when the package is created.' : 'The embed name cannot be changed.'
            }
            testId="pe-alias-error"
          />
        </div>

        <div className="hc-pe-actions">
          <Button
            type="button"
            label={suggestion ? 'Save & publish' : 'Save'}
            icon="pi pi-check"
            loading={busy}
            onClick={onSave}
            data-testid="pe-save"
          />
          <Button
            type="button"
            label="Preview"
            icon="pi pi-play"
            outlined
            onClick={onPreview}
            data-testid="pe-preview-button"
          />
          <Button
            type="button"
            label="Discard"
            icon="pi pi-undo"
            outlined
            severity="secondary"
            disabled={busy}
            onClick={onDiscard}
            data-testid="pe-discard"
          />
          {!isNew && (
            <>
              <Button
                type="button"
                label="Embed code"
                icon="pi pi-code"
                text
                onClick={() => void onEmbedCode()}
                data-testid="pe-embed-code"
              />
              <Button
                type="button"
                label="Delete"
                icon="pi pi-trash"
                text
                severity="danger"
                disabled={busy}
                onClick={onDelete}
                data-testid="pe-delete"
              />
            </>
          )}
        </div>

        {/* Under the buttons, so the refusal of a press on Save moves nothing above the pointer. */}
        {state.requestedSave && validation.size && (
          <small className="hc-pe-error" data-testid="pe-size-error">
            {validation.size}
          </small>
        )}

        <DetailList title="Details" items={details} />

        <section className="hc-pe-preview-section">
          <h3 className="hc-detail-section__title">Preview</h3>
          <PackagePreview pkg={current} state={preview} />
        </section>
      </div>

      <EditorDialog
        visible={confirm !== null}
        header={confirm?.header ?? ''}
        message={confirm?.message ?? ''}
        acceptLabel={confirm?.acceptLabel ?? 'Yes'}
        rejectLabel="Cancel"
        danger
        onAccept={() => {
          confirm?.onAccept();
          setConfirm(null);
        }}
        onReject={() => setConfirm(null)}
        testId="pe-confirm"
        acceptTestId="pe-confirm-yes"
        rejectTestId="pe-confirm-no"
      />
    </section>
  );
}

function statusSeverity(status: string): 'success' | 'warning' | 'danger' | 'info' {
  if (status === 'Active') return 'success';
  if (status === 'Draft') return 'warning';
  if (status === 'Rejected' || status === 'Archive') return 'danger';
  return 'info';
}
