// Select page of a setup action (/admin/monetization/setup/{action}): the publisher, and
// for placement setups the placement, then New or Load. A placement with an A/B test warns first.
import { useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import type { Placement } from '@hc/shared/api/publishers';
import { messages } from '@hc/shared/messages';
import { MONETIZATION_SETUP_ACTIONS } from '@hc/shared/routes';
import { StatePanel } from '../../../components/StatePanel.tsx';
import { NotFoundPage } from '../../../components/pages/NotFoundPage.tsx';
import { useMonetizedPlacements } from '../api/get-monetized-placements.ts';
import { useMonetizedPublishers } from '../api/get-monetized-publishers.ts';
import { usePublishers } from '../api/get-publishers.ts';
import { MessageDialog } from '../components/MessageDialog.tsx';
import { ViewSetupPage } from '../view/ViewSetupPage.tsx';
import {
  AD_CONFIG_PATH,
  configActionFor,
  configPath,
  SELECT_SPECS,
  SETUP_HOME_PATH,
  type ConfigNavigationState,
  type SelectSpec,
  type SetupAction,
} from './actions.ts';
import '../../../components/data-page.css';
import '../monetization.css';

const isSetupAction = (a: string | undefined): a is SetupAction =>
  a !== undefined && a in MONETIZATION_SETUP_ACTIONS;

/** The page of /admin/monetization/setup/{action}: a select page, the view screen, or the grid. */
export function SetupActionPage() {
  const { action } = useParams();
  if (!isSetupAction(action)) return <NotFoundPage />;
  if (action === 'view-existing-setup') return <ViewSetupPage />;
  // Bulk update is the ad configuration grid (docs/decisions.md).
  if (action === 'bulk-update') return <Navigate to={AD_CONFIG_PATH} replace />;
  const spec = SELECT_SPECS[action];
  return spec ? <SelectPage key={action} action={action} spec={spec} /> : <NotFoundPage />;
}

type AbWarning = { kind: 'continue' | 'blocked'; placement: Placement } | null;

function SelectPage({ action, spec }: { action: SetupAction; spec: SelectSpec }) {
  const navigate = useNavigate();
  const [publisherId, setPublisherId] = useState<number | null>(null);
  const [placement, setPlacement] = useState<Placement | null>(null);
  const [warning, setWarning] = useState<AbWarning>(null);

  const all = usePublishers();
  const filtered = useMonetizedPublishers(spec.publishersMonetized);
  const publishers = spec.publishersMonetized === undefined ? all : filtered;
  const placements = useMonetizedPlacements(
    spec.placement === 'none' ? null : publisherId,
    spec.placementsMonetized,
  );

  const choosePublisher = (id: number | null) => {
    setPublisherId(id);
    setPlacement(null); // a publisher choice clears the placement
  };
  const choosePlacement = (p: Placement | null) => {
    if (p?.abTest) {
      setWarning({ kind: p.abTest.monetization === true ? 'blocked' : 'continue', placement: p });
      return;
    }
    setPlacement(p);
  };

  const ready = publisherId !== null && (spec.placement !== 'required' || placement !== null);
  const go = () => {
    if (publisherId === null) return;
    const state: ConfigNavigationState = placement
      ? { placement: { id: placement.id, name: placement.name } }
      : {};
    void navigate(configPath(configActionFor(action, placement !== null), publisherId), { state });
  };

  const publisherOptions = publishers.data ?? [];
  return (
    <div className="hc-data-page hc-mon" data-testid="monetization-select">
      <header className="hc-page-header">
        <div>
          <h1 className="hc-page-title" data-testid="select-title">
            {spec.title}
          </h1>
          <p className="hc-page-subtitle">{spec.description}</p>
        </div>
      </header>

      {publishers.isError ? (
        <StatePanel
          kind="error"
          message={messages.errorFetchingPublishers}
          onRetry={() => void publishers.refetch()}
        />
      ) : (
        <div className="hc-card hc-mon-select">
          <div className="hc-mon-field">
            <label htmlFor="select-publisher">Publisher</label>
            <Dropdown
              inputId="select-publisher"
              value={publisherId}
              options={publisherOptions}
              optionLabel="name"
              optionValue="id"
              filter
              showClear
              loading={publishers.isPending}
              placeholder="Select a publisher"
              emptyMessage="No publisher to set up"
              onChange={(e) => choosePublisher((e.value as number | undefined) ?? null)}
              data-testid="select-publisher"
            />
            {publishers.data?.length === 0 && (
              <small className="hc-mon-field__hint" data-testid="select-no-publisher">
                {spec.noPublisher}
              </small>
            )}
          </div>
          {spec.placement !== 'none' && (
            <div className="hc-mon-field">
              <label htmlFor="select-placement">
                Placement{spec.placement === 'optional' ? ' (optional)' : ''}
              </label>
              <Dropdown
                inputId="select-placement"
                value={placement?.id ?? null}
                options={placements.data ?? []}
                optionLabel="name"
                optionValue="id"
                filter
                showClear
                disabled={publisherId === null}
                loading={publisherId !== null && placements.isPending}
                placeholder={publisherId === null ? 'Select a publisher first' : 'Select a placement'}
                emptyMessage="No placement to set up"
                onChange={(e) =>
                  choosePlacement((placements.data ?? []).find((p) => p.id === (e.value as number)) ?? null)
                }
                data-testid="select-placement"
              />
              {placements.data?.length === 0 && (
                <small className="hc-mon-field__hint" data-testid="select-no-placement">
                  {spec.noPlacement}
                </small>
              )}
            </div>
          )}
          <div className="hc-mon-select__actions">
            <Button
              label="Cancel"
              text
              onClick={() => void navigate(SETUP_HOME_PATH)}
              data-testid="select-cancel"
            />
            <Button label={spec.button} disabled={!ready} onClick={go} data-testid="select-go" />
          </div>
        </div>
      )}

      <MessageDialog
        visible={warning?.kind === 'continue'}
        header={messages.abTestWarningTitle}
        message={messages.abTestWarning}
        testId="ab-continue-dialog"
        severity="warning"
        acceptLabel="Continue"
        onAccept={() => {
          setPlacement(warning?.placement ?? null);
          setWarning(null);
        }}
        rejectLabel="Cancel"
        onReject={() => setWarning(null)}
      />
      <MessageDialog
        visible={warning?.kind === 'blocked'}
        header={messages.abTestBlockedTitle}
        message={messages.abTestBlocked}
        testId="ab-blocked-dialog"
        severity="danger"
        acceptLabel="OK"
        onAccept={() => setWarning(null)}
      />
    </div>
  );
}
