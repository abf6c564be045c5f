// Config page of a setup (/admin/monetization/setup/{config action}/{publisher id}).
// The placement variants get the placement through navigation state. The page opens with the stored setup
// (or the defaults, or the publisher's setup for a new placement), validates with the shared rules as the
// user types, and saves with PUT publisher_info/monetization.
import { useMemo, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { Button } from 'primereact/button';
import { ProgressSpinner } from 'primereact/progressspinner';
import type { ConfigGroups, DisplayConfigRow, VideoConfigRow } from '@hc/shared/api/monetization';
import { messages } from '@hc/shared/messages';
import { adFlowView, type AdFlowState } from '@hc/shared/monetization/ad-flow';
import {
  chooseAdFlow,
  defaultSetupForm,
  displayConfigsOf,
  setStartPoint,
  setupFormFrom,
  validateSetupForm,
  videoConfigOf,
  type DisplaySetupValues,
  type SetupForm,
  type VideoSetupValues,
} from '@hc/shared/monetization/setup-form';
import { MONETIZATION_CONFIG_ACTIONS } from '@hc/shared/routes';
import { StatePanel } from '../../../components/StatePanel.tsx';
import { NotFoundPage } from '../../../components/pages/NotFoundPage.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useLeavePrompt } from '../../../lib/useLeavePrompt.ts';
import { usePublishers } from '../api/get-publishers.ts';
import { useSetupConfig, type SetupScope } from '../api/get-setup-config.ts';
import { useSaveSetup } from '../api/save-setup.ts';
import { newSessionId } from '../api/session-id.ts';
import { MessageDialog } from '../components/MessageDialog.tsx';
import {
  PUBLISHER_DEFAULT_LABEL,
  SETUP_HOME_PATH,
  type ConfigAction,
  type ConfigNavigationState,
} from '../setup/actions.ts';
import { DisplaySection } from './DisplaySection.tsx';
import { VideoSections } from './VideoSections.tsx';
import '../../../components/data-page.css';
import '../monetization.css';

/** The leave-page prompt's words (the product description asks for the prompt but gives no text). */
export const LEAVE_PROMPT = {
  header: 'Leave this page?',
  message: 'Your changes to this setup are not saved. If you leave now they will be lost.',
};

const isConfigAction = (a: string | undefined): a is ConfigAction =>
  a !== undefined && a in MONETIZATION_CONFIG_ACTIONS;

const byPlatform = (rows: DisplayConfigRow[]) => ({
  mobile: rows.find((r) => r.displayAdOptions === 'mobile'),
  desktop: rows.find((r) => r.displayAdOptions === 'desktop'),
});

/** The form a page opens with, from what the server has. */
function initialForm(action: ConfigAction, groups: ConfigGroups | undefined): SetupForm {
  const form = (video: VideoConfigRow | undefined, display: DisplayConfigRow[]) =>
    setupFormFrom(video, byPlatform(display));
  if (!groups || action === 'new-publisher-config') return defaultSetupForm();
  // A new placement setup starts from its publisher's setup, which the placement inherits until saved.
  if (action === 'new-placement-config') return form(groups.publisher[0], groups.display);
  if (action === 'update-placement-config') return form(groups.placement[0], groups.displayPlacement);
  return form(groups.publisher[0], groups.display);
}

export function ConfigPage() {
  const params = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const [sessionId] = useState(newSessionId);
  const action = params.action;
  const publisherId = Number(params.publisherId);
  const placement = (location.state as ConfigNavigationState | null)?.placement;
  const valid = isConfigAction(action) && Number.isInteger(publisherId) && publisherId > 0;
  const isPlacement = valid && action.endsWith('placement-config');
  const scope: SetupScope = { publisherId, placementId: isPlacement ? (placement?.id ?? null) : null };

  const publishers = usePublishers();
  const needsConfig = valid && action !== 'new-publisher-config' && (!isPlacement || placement !== undefined);
  const config = useSetupConfig(scope, sessionId, needsConfig);

  if (!valid) return <NotFoundPage />;
  const publisherName =
    publishers.data?.find((p) => p.id === publisherId)?.name ?? `Publisher ${publisherId}`;
  // Publisher > placement; a placement page opened without its placement names only the publisher.
  const title =
    isPlacement && !placement
      ? publisherName
      : `${publisherName} > ${placement?.name ?? PUBLISHER_DEFAULT_LABEL}`;

  let body;
  if (isPlacement && !placement) {
    body = (
      <StatePanel
        kind="info"
        message="Choose the placement on the setup page first."
        action={<Button label="Setup home" onClick={() => void navigate(SETUP_HOME_PATH)} />}
        testId="config-no-placement"
      />
    );
  } else if (needsConfig && config.isPending) {
    body = (
      <div className="hc-mon-loading">
        <ProgressSpinner style={{ width: '2.5rem', height: '2.5rem' }} />
      </div>
    );
  } else if (needsConfig && config.isError) {
    body = (
      <StatePanel
        kind="error"
        message={messages.networkError}
        onRetry={() => void config.refetch()}
        testId="config-error"
      />
    );
  } else {
    body = (
      <ConfigEditor
        key={`${action}-${scope.publisherId}-${scope.placementId ?? 'pub'}`}
        action={action}
        scope={scope}
        sessionId={sessionId}
        initial={initialForm(action, config.data)}
      />
    );
  }

  return (
    <div className="hc-data-page hc-mon" data-testid="monetization-config">
      <header className="hc-page-header">
        <div>
          <h1 className="hc-page-title" data-testid="config-title">
            {title}
          </h1>
          <p className="hc-page-subtitle">{MONETIZATION_CONFIG_ACTIONS[action]}</p>
        </div>
      </header>
      {body}
    </div>
  );
}

interface ConfigEditorProps {
  action: ConfigAction;
  scope: SetupScope;
  sessionId: string;
  initial: SetupForm;
}

function ConfigEditor({ action, scope, sessionId, initial }: ConfigEditorProps) {
  const navigate = useNavigate();
  const [form, setForm] = useState(initial);
  const [dialog, setDialog] = useState<'saved' | 'error' | 'cancel' | null>(null);
  const [saveError, setSaveError] = useState('');
  const save = useSaveSetup();

  const errors = useMemo(() => validateSetupForm(form), [form]);
  const view = adFlowView(form.video.adFlow);
  const dirty = useMemo(() => JSON.stringify(form) !== JSON.stringify(initial), [form, initial]);

  // Unsaved changes: in-app navigation asks first, reload or closing the tab gets the browser's prompt.
  const { blocker, settle: allowLeave } = useLeavePrompt(dirty && dialog !== 'saved');

  const setVideo = (patch: Partial<VideoSetupValues>) =>
    setForm((f) => ({ ...f, video: { ...f.video, ...patch } }));
  const setDisplay = (patch: Partial<DisplaySetupValues>) =>
    setForm((f) => ({ ...f, display: { ...f.display, ...patch } }));
  const setAdFlow = (adFlow: AdFlowState) => setForm((f) => chooseAdFlow(f, adFlow));

  const submit = () => {
    if (errors.length > 0) return;
    save.mutate(
      {
        publisher_id: scope.publisherId,
        placement_id: scope.placementId,
        mode: action.startsWith('new') ? 'new' : 'update',
        video: videoConfigOf(form),
        display: displayConfigsOf(form),
        session_id: sessionId,
      },
      {
        onSuccess: () => {
          allowLeave();
          setDialog('saved');
        },
        onError: (error) => {
          setSaveError(error instanceof ApiError ? (error.errors[0] ?? '') : '');
          setDialog('error');
        },
      },
    );
  };
  const goHome = () => {
    allowLeave();
    void navigate(SETUP_HOME_PATH);
  };

  return (
    <div className="hc-mon-config" data-testid="config-editor" data-dirty={dirty}>
      <VideoSections
        video={form.video}
        errors={errors}
        onChange={setVideo}
        onAdFlow={setAdFlow}
        onStartPoint={(v) => setForm((f) => setStartPoint(f, v))}
      />
      {view.display && <DisplaySection display={form.display} errors={errors} onChange={setDisplay} />}

      <div className="hc-card hc-mon-footer">
        <span className="hc-mon-footer__status" data-testid="config-status">
          {errors.length > 0
            ? `${errors.length} field${errors.length === 1 ? '' : 's'} to fix`
            : dirty
              ? 'Unsaved changes'
              : ''}
        </span>
        <Button label="Cancel" text onClick={() => setDialog('cancel')} data-testid="config-cancel" />
        <Button
          label="Save"
          icon="pi pi-save"
          disabled={errors.length > 0}
          loading={save.isPending}
          onClick={submit}
          data-testid="config-save"
        />
      </div>

      <MessageDialog
        visible={dialog === 'saved'}
        header={messages.setupSaved}
        message={messages.setupSavedHint}
        testId="setup-saved-dialog"
        severity="success"
        acceptLabel="OK"
        onAccept={goHome}
      />
      <MessageDialog
        visible={dialog === 'error'}
        header={messages.setupSaveFailedTitle}
        message={saveError}
        testId="setup-error-dialog"
        severity="danger"
        acceptLabel="OK"
        onAccept={() => setDialog(null)}
      />
      <MessageDialog
        visible={dialog === 'cancel'}
        header="Cancel setup"
        message={messages.setupCancelWarning}
        testId="setup-cancel-dialog"
        severity="warning"
        acceptLabel="Leave"
        onAccept={goHome}
        rejectLabel="Stay"
        onReject={() => setDialog(null)}
      />
      <MessageDialog
        visible={blocker.state === 'blocked'}
        header={LEAVE_PROMPT.header}
        message={LEAVE_PROMPT.message}
        testId="setup-leave-dialog"
        severity="warning"
        acceptLabel="Leave"
        onAccept={() => blocker.proceed?.()}
        rejectLabel="Stay"
        onReject={() => blocker.reset?.()}
      />
    </div>
  );
}
