// The Export button of a list toolbar: downloads the list as the server streams it as CSV, with the
// filters and sort the screen shows (its address's query string), every page, not just the one in view.
import { useState } from 'react';
import { Button } from 'primereact/button';
import { messages } from '@hc/shared/messages';
import { API, ApiError, requestBlob } from '../api.ts';
import { filenameFromDisposition, saveBlob } from '../../components/saveBlob.ts';
import { useToast } from '../toast.tsx';

interface ExportButtonProps {
  /** The export route, e.g. 'packages/export.csv', under the editor API unless `api` says otherwise. */
  path: string;
  api?: keyof typeof API;
  /** The list call's own parameters (without page and size): the export honours the same filters. */
  query: Record<string, string | number | boolean | null | undefined | (string | number)[]>;
  /** The file name when the server names none. */
  fallbackName: string;
  testId: string;
  disabled?: boolean;
}

export function ExportButton({
  path,
  api = 'editor',
  query,
  fallbackName,
  testId,
  disabled,
}: ExportButtonProps) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const { blob, headers } = await requestBlob(API[api], path, { query });
      saveBlob(blob, filenameFromDisposition(headers.get('content-disposition')) ?? fallbackName);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return;
      toast.error(error instanceof ApiError ? error.message : messages.somethingWentWrong);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      type="button"
      label="Export"
      icon="pi pi-download"
      outlined
      loading={busy}
      disabled={disabled || busy}
      onClick={() => void run()}
      data-testid={testId}
      aria-label="Export the list as CSV"
    />
  );
}
