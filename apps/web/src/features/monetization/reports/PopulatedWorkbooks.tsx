// The admin's earlier populated workbooks, newest first, each downloadable as it was generated.
import { Button } from 'primereact/button';
import { Skeleton } from 'primereact/skeleton';
import { POPULATED_WORKBOOKS_DAYS, POPULATED_WORKBOOKS_KEPT } from '@hc/shared/api/reports';
import { TOAST_LIFE_ADMIN_MS } from '@hc/shared/constants';
import { messages } from '@hc/shared/messages';
import { useToast } from '../../../lib/toast.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useDownloadPopulatedWorkbook, usePopulatedWorkbooks } from './api/populated-workbooks.ts';

const when = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});
const sizeOf = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export function PopulatedWorkbooks() {
  const toast = useToast();
  const history = usePopulatedWorkbooks();
  const download = useDownloadPopulatedWorkbook();

  return (
    <section
      className="hc-card hc-report-box hc-report-history"
      aria-labelledby="report-history-title"
      data-testid="report-history"
    >
      <div>
        <h2 id="report-history-title" className="hc-report-box__title">
          Populated workbooks
        </h2>
        <p className="hc-mon-field__hint">
          Your last {POPULATED_WORKBOOKS_KEPT} populated reports of the past {POPULATED_WORKBOOKS_DAYS} days,
          as they were generated.
        </p>
      </div>
      {history.isPending ? (
        <div className="hc-report-history__list" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height="2.5rem" />
          ))}
        </div>
      ) : history.isError ? (
        <p className="hc-report-history__state" role="alert">
          <i className="pi pi-exclamation-triangle" aria-hidden="true" /> {messages.reportHistoryFailed}{' '}
          <Button label="Retry" text size="small" onClick={() => void history.refetch()} />
        </p>
      ) : history.data.length === 0 ? (
        <p className="hc-report-history__state" data-testid="report-history-empty">
          <i className="pi pi-inbox" aria-hidden="true" /> {messages.reportHistoryEmpty}
        </p>
      ) : (
        <ul className="hc-report-history__list">
          {history.data.map((item) => (
            <li key={item.id} className="hc-report-history__item" data-testid="report-history-item">
              <i className="pi pi-file-excel hc-report-history__icon" aria-hidden="true" />
              <div className="hc-report-history__text">
                <time dateTime={item.created_at}>{when.format(new Date(item.created_at))} UTC</time>
                <span className="hc-report-history__publishers" title={item.publishers.join(', ')}>
                  {item.publishers.join(', ') || '—'}
                </span>
              </div>
              <span className="hc-report-history__size">{sizeOf(item.size)}</span>
              <Button
                icon="pi pi-download"
                label="Download"
                outlined
                size="small"
                loading={download.isPending && download.variables === item.id}
                onClick={() =>
                  download.mutate(item.id, {
                    onError: (error) =>
                      toast.error(
                        error instanceof ApiError ? error.message : messages.somethingWentWrong,
                        TOAST_LIFE_ADMIN_MS,
                      ),
                  })
                }
                aria-label={`Download the workbook of ${when.format(new Date(item.created_at))}`}
                data-testid="report-history-download"
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
