// Bulk reports (/admin/reports): Populate Report writes the chosen
// publishers' (or groups') configurations into a spreadsheet by a report-fill job and opens its link
// (each populated workbook is kept, listed by date); Update report first previews what an edited
// spreadsheet would change, and only the admin's confirm applies it by a report-update job.
import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { ProgressBar } from 'primereact/progressbar';
import { SelectButton } from 'primereact/selectbutton';
import type { ReportPreview, ReportStatus } from '@hc/shared/api/reports';
import { TOAST_LIFE_ADMIN_MS } from '@hc/shared/constants';
import { messages } from '@hc/shared/messages';
import { useToast } from '../../../lib/toast.tsx';
import { ApiError } from '../../../lib/api.ts';
import { usePublishers } from '../api/get-publishers.ts';
import { usePublisherGroups } from './api/get-publisher-groups.ts';
import { isReportFinished, useReportJob } from './api/get-report-job.ts';
import { useWorkbookLink } from './api/get-workbook-link.ts';
import { populatedWorkbooksQueryOptions } from './api/populated-workbooks.ts';
import { usePreviewReport } from './api/preview-report.ts';
import { useFillReport, useUpdateReport } from './api/start-report.ts';
import { useCreateWorkbook, useUploadWorkbook } from './api/workbooks.ts';
import { PopulatedWorkbooks } from './PopulatedWorkbooks.tsx';
import { ReportPreviewDialog } from './ReportPreviewDialog.tsx';
import '../../../components/data-page.css';
import '../monetization.css';
import './reports.css';

type PickerKind = 'publisher' | 'group';
interface PickerRow {
  id: number;
  kind: PickerKind;
  value: number | null;
}

const PICKER_KINDS = [
  { label: 'Publisher', value: 'publisher' },
  { label: 'Group', value: 'group' },
];

const errorOf = (error: unknown) => (error instanceof ApiError ? error.message : messages.somethingWentWrong);

/** Polls a report job and calls onDone once with its final status. */
function useFinishedJob(
  jobId: string | null,
  onDone: (status: ReportStatus) => void,
  onError: (e: unknown) => void,
) {
  const job = useReportJob(jobId);
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (jobId === null || done.current === jobId) return;
    if (job.isError) {
      done.current = jobId;
      onError(job.error);
    } else if (isReportFinished(job.data)) {
      done.current = jobId;
      onDone(job.data!);
    }
  }, [jobId, job.data, job.isError, job.error, onDone, onError]);
  return job;
}

function JobProgress({ progress, label }: { progress: number; label: string }) {
  return (
    <div className="hc-report-progress" data-testid="report-progress">
      <ProgressBar value={progress} showValue={false} style={{ height: '6px' }} />
      <span>
        {label} {progress}%
      </span>
    </div>
  );
}

export function ReportsPage() {
  const toast = useToast();
  const publishers = usePublishers();
  const groups = usePublisherGroups();
  const createWorkbook = useCreateWorkbook();
  const uploadWorkbook = useUploadWorkbook();
  const workbookLink = useWorkbookLink();
  const fill = useFillReport();
  const update = useUpdateReport();
  const previewReport = usePreviewReport();
  const queryClient = useQueryClient();
  const [preview, setPreview] = useState<ReportPreview | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const [fillId, setFillId] = useState('');
  const nextRowId = useRef(1);
  const [pickers, setPickers] = useState<PickerRow[]>([{ id: 0, kind: 'publisher', value: null }]);
  const [fillJobId, setFillJobId] = useState<string | null>(null);
  const [fillLink, setFillLink] = useState<string | null>(null);

  const [updateId, setUpdateId] = useState('');
  const [updateJobId, setUpdateJobId] = useState<string | null>(null);
  const [updateResult, setUpdateResult] = useState<ReportStatus | null>(null);

  const fillJob = useFinishedJob(
    fillJobId,
    (status) => {
      setFillJobId(null);
      void queryClient.invalidateQueries({ queryKey: populatedWorkbooksQueryOptions().queryKey });
      if (status.state === 'completed' && status.link) {
        setFillLink(status.link);
        window.open(status.link, '_blank', 'noopener');
      } else toast.error(status.errors[0] ?? messages.somethingWentWrong, TOAST_LIFE_ADMIN_MS);
    },
    (error) => {
      setFillJobId(null);
      toast.error(errorOf(error), TOAST_LIFE_ADMIN_MS);
    },
  );
  const updateJob = useFinishedJob(
    updateJobId,
    (status) => {
      setUpdateJobId(null);
      setPreview(null);
      setUpdateResult(status);
      // Bulk update: one toast per error.
      status.errors.forEach((error) => toast.error(error, TOAST_LIFE_ADMIN_MS));
      if (status.state === 'completed' && status.errors.length === 0) toast.success(messages.fileSubmitted);
    },
    (error) => {
      setUpdateJobId(null);
      setPreview(null);
      toast.error(errorOf(error), TOAST_LIFE_ADMIN_MS);
    },
  );

  const chosenPublisherIds = pickers
    .filter((p) => p.kind === 'publisher' && p.value !== null)
    .map((p) => p.value!);
  const chosenGroupIds = pickers.filter((p) => p.kind === 'group' && p.value !== null).map((p) => p.value!);
  const setPicker = (id: number, change: Partial<PickerRow>) =>
    setPickers((rows) => rows.map((r) => (r.id === id ? { ...r, ...change } : r)));

  const onPopulate = () => {
    if (!fillId.trim() || chosenPublisherIds.length + chosenGroupIds.length === 0) {
      toast.error(messages.missingInputs, TOAST_LIFE_ADMIN_MS);
      return;
    }
    setFillLink(null);
    fill.mutate(
      { external_id: fillId.trim(), publisher_ids: chosenPublisherIds, group_ids: chosenGroupIds },
      {
        onSuccess: (started) => setFillJobId(started.job_id),
        onError: (error) => toast.error(errorOf(error), TOAST_LIFE_ADMIN_MS),
      },
    );
  };

  const onUpdate = () => {
    if (!updateId.trim()) {
      toast.error(messages.missingInputs, TOAST_LIFE_ADMIN_MS);
      return;
    }
    setUpdateResult(null);
    previewReport.mutate(updateId.trim(), {
      onSuccess: setPreview,
      onError: (error) => toast.error(errorOf(error), TOAST_LIFE_ADMIN_MS),
    });
  };

  const onConfirm = (applyRest: boolean) => {
    if (!preview) return;
    update.mutate(
      { externalId: preview.external_id, previewId: preview.preview_id, applyRest },
      {
        onSuccess: (started) => setUpdateJobId(started.job_id),
        onError: (error) => {
          setPreview(null);
          toast.error(errorOf(error), TOAST_LIFE_ADMIN_MS);
        },
      },
    );
  };

  const onDownload = (externalId: string) =>
    workbookLink.mutate(externalId.trim(), {
      onSuccess: ({ link }) => window.open(link, '_blank', 'noopener'),
      onError: (error) => toast.error(errorOf(error), TOAST_LIFE_ADMIN_MS),
    });

  const filling = fill.isPending || fillJobId !== null;
  const updating = update.isPending || updateJobId !== null;
  const previewing = previewReport.isPending;

  return (
    <div className="hc-data-page hc-mon hc-reports" data-testid="reports">
      <header className="hc-page-header">
        <div>
          <h1 className="hc-page-title">Bulk Report</h1>
          <p className="hc-page-subtitle">
            Populate a spreadsheet with publishers&apos; ad configurations, or apply an edited one.
          </p>
        </div>
      </header>

      <div className="hc-reports__boxes">
        <section className="hc-card hc-report-box" aria-labelledby="report-fill-title">
          <h2 id="report-fill-title" className="hc-report-box__title">
            Populate Report
          </h2>
          <div className="hc-mon-field">
            <label htmlFor="report-fill-id">Spreadsheet id</label>
            <div className="hc-report-id">
              <InputText
                id="report-fill-id"
                value={fillId}
                onChange={(e) => setFillId(e.target.value)}
                placeholder="Spreadsheet id"
                data-testid="report-fill-id"
              />
              <Button
                label="New spreadsheet"
                icon="pi pi-file"
                outlined
                loading={createWorkbook.isPending}
                onClick={() =>
                  createWorkbook.mutate(undefined, {
                    onSuccess: (workbook) => setFillId(workbook.external_id),
                    onError: (error) => toast.error(errorOf(error), TOAST_LIFE_ADMIN_MS),
                  })
                }
                data-testid="report-new"
              />
            </div>
          </div>

          <div className="hc-mon-field">
            <span className="hc-mon-block__title">Publishers or groups</span>
            <ul className="hc-report-pickers">
              {pickers.map((row, index) => (
                <li key={row.id} className="hc-report-picker" data-testid="report-picker">
                  <SelectButton
                    value={row.kind}
                    options={PICKER_KINDS}
                    allowEmpty={false}
                    onChange={(e) => setPicker(row.id, { kind: e.value as PickerKind, value: null })}
                    aria-label={`Row ${index + 1} kind`}
                  />
                  <div className="hc-report-picker__choice">
                    <Dropdown
                      value={row.value}
                      options={row.kind === 'publisher' ? (publishers.data ?? []) : (groups.data ?? [])}
                      optionLabel="name"
                      optionValue="id"
                      filter
                      placeholder={row.kind === 'publisher' ? 'Select a publisher' : 'Select a group'}
                      loading={row.kind === 'publisher' ? publishers.isPending : groups.isPending}
                      onChange={(e) => setPicker(row.id, { value: e.value as number })}
                      className="hc-report-picker__value"
                      aria-label={`Row ${index + 1} ${row.kind}`}
                      data-testid={`report-picker-${index}`}
                    />
                    <Button
                      icon="pi pi-trash"
                      text
                      severity="danger"
                      aria-label="Delete row"
                      onClick={() => setPickers((rows) => rows.filter((r) => r.id !== row.id))}
                      data-testid={`report-picker-delete-${index}`}
                    />
                  </div>
                </li>
              ))}
            </ul>
            <div>
              <Button
                label="Add"
                icon="pi pi-plus"
                text
                onClick={() =>
                  setPickers((rows) => [...rows, { id: nextRowId.current++, kind: 'publisher', value: null }])
                }
                data-testid="report-picker-add"
              />
            </div>
          </div>

          {filling && <JobProgress progress={fillJob.data?.progress ?? 0} label="Populating…" />}
          {fillLink && (
            <p className="hc-report-result" data-testid="report-fill-done">
              <i className="pi pi-check-circle" aria-hidden="true" /> Report ready:{' '}
              <a href={fillLink} target="_blank" rel="noopener noreferrer" data-testid="report-link">
                download the spreadsheet
              </a>
            </p>
          )}
          <div className="hc-report-box__actions">
            <Button
              label="Populate Report"
              icon="pi pi-table"
              loading={filling}
              onClick={onPopulate}
              data-testid="report-populate"
            />
          </div>
        </section>

        <section className="hc-card hc-report-box" aria-labelledby="report-update-title">
          <h2 id="report-update-title" className="hc-report-box__title">
            Bulk Update
          </h2>
          <div className="hc-mon-field">
            <label htmlFor="report-update-id">Spreadsheet id</label>
            <div className="hc-report-id">
              <InputText
                id="report-update-id"
                value={updateId}
                onChange={(e) => setUpdateId(e.target.value)}
                placeholder="Spreadsheet id"
                data-testid="report-update-id"
              />
              <Button
                label="Upload"
                icon="pi pi-upload"
                outlined
                loading={uploadWorkbook.isPending}
                onClick={() => fileInput.current?.click()}
                data-testid="report-upload"
              />
              <Button
                icon="pi pi-download"
                outlined
                aria-label="Download spreadsheet"
                tooltip="Download"
                disabled={!updateId.trim()}
                onClick={() => onDownload(updateId)}
                data-testid="report-download"
              />
            </div>
            <input
              ref={fileInput}
              type="file"
              accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              hidden
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (!file) return;
                uploadWorkbook.mutate(file, {
                  onSuccess: (workbook) => setUpdateId(workbook.external_id),
                  onError: (error) => toast.error(errorOf(error), TOAST_LIFE_ADMIN_MS),
                });
              }}
              data-testid="report-upload-input"
            />
            <p className="hc-mon-field__hint">
              Upload an edited report (.xlsx) to get its id. Update report shows what it would change before
              anything is applied.
            </p>
          </div>

          {updating && <JobProgress progress={updateJob.data?.progress ?? 0} label="Updating…" />}
          {updateResult && <UpdateOutcome result={updateResult} />}
          <div className="hc-report-box__actions">
            <Button
              label="Update report"
              icon="pi pi-sync"
              loading={updating || previewing}
              onClick={onUpdate}
              data-testid="report-update"
            />
          </div>
        </section>
      </div>

      <PopulatedWorkbooks />

      {preview && (
        <ReportPreviewDialog
          preview={preview}
          applying={updating}
          onApply={onConfirm}
          onCancel={() => {
            if (!updating) setPreview(null);
          }}
        />
      )}
    </div>
  );
}

/** What a confirmed update applied, and what it did not with why. */
function UpdateOutcome({ result }: { result: ReportStatus }) {
  const clean = result.state === 'completed' && result.not_applied.length === 0 && result.errors.length === 0;
  return (
    <div className="hc-report-result" data-testid="report-update-result">
      <p>
        <i className={`pi ${clean ? 'pi-check-circle' : 'pi-exclamation-triangle'}`} aria-hidden="true" />{' '}
        {result.changed} {result.changed === 1 ? 'configuration' : 'configurations'} updated
        {result.not_applied.length > 0 &&
          `, ${result.not_applied.length} ${result.not_applied.length === 1 ? 'row' : 'rows'} not applied`}
      </p>
      {result.applied.length > 0 && (
        <>
          <h3 className="hc-report-result__title">Applied</h3>
          <ul className="hc-report-applied" data-testid="report-update-applied">
            {result.applied.map((row) => (
              <li key={row.key}>
                <strong>{row.label}</strong>: {row.fields.join(', ')}
              </li>
            ))}
          </ul>
        </>
      )}
      {result.not_applied.length > 0 && (
        <>
          <h3 className="hc-report-result__title">Not applied</h3>
          <ul className="hc-report-errors" data-testid="report-update-errors">
            {result.not_applied.map((row) => (
              <li key={`${row.key}${row.label}`}>
                <strong>{row.label}</strong>: {row.reason}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
