// The download panel of the detail drawers: an MP4 button always, a GIF button only when the list said create_gif.
// A button stays busy while its download runs and for DOWNLOAD_BUSY_MS after it completes.
import { useEffect, useRef, useState } from 'react';
import { Button } from 'primereact/button';
import { DOWNLOAD_BUSY_MS } from '@hc/shared/constants';
import './components.css';

export type DownloadFormat = 'mp4' | 'gif';

export interface DownloadPanelProps {
  showGif: boolean;
  /** Runs the download; a rejection goes to onError. */
  onDownload: (format: DownloadFormat) => Promise<void>;
  onError?: (error: unknown) => void;
  /** data-testid prefix: buttons get `${prefix}-mp4` / `${prefix}-gif`. */
  testIdPrefix?: string;
}

const LABEL: Record<DownloadFormat, string> = { mp4: 'MP4', gif: 'GIF' };

/** MP4 (and optionally GIF) download buttons with a short busy state. */
export function DownloadPanel({
  showGif,
  onDownload,
  onError,
  testIdPrefix = 'download',
}: DownloadPanelProps) {
  const [busy, setBusy] = useState<Record<DownloadFormat, boolean>>({ mp4: false, gif: false });
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  const run = async (format: DownloadFormat) => {
    if (busy[format]) return;
    setBusy((b) => ({ ...b, [format]: true }));
    try {
      await onDownload(format);
    } catch (error) {
      onError?.(error);
    } finally {
      const timer = setTimeout(() => {
        timers.current.delete(timer);
        setBusy((b) => ({ ...b, [format]: false }));
      }, DOWNLOAD_BUSY_MS);
      timers.current.add(timer);
    }
  };

  const formats: DownloadFormat[] = showGif ? ['mp4', 'gif'] : ['mp4'];
  return (
    <div className="hc-download-panel" role="group" aria-label="Download">
      {formats.map((format) => (
        <Button
          key={format}
          type="button"
          label={LABEL[format]}
          icon="pi pi-download"
          size="small"
          outlined
          loading={busy[format]}
          disabled={busy[format]}
          aria-busy={busy[format]}
          data-testid={`${testIdPrefix}-${format}`}
          onClick={() => void run(format)}
        />
      ))}
    </div>
  );
}
