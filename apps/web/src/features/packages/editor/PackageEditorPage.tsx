// The package editor's route (/packages/editor/new/{timestamp} and
// /packages/editor/{id}/{timestamp}): refuses mobile devices, loads an existing package (a draft
// suggestion with ?publisherId=N), and sends a failed load to '/' with an error toast.
// The timestamp keys the editor, so a new timestamp always starts from a fresh copy.
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { messages } from '@hc/shared/messages';
import { isPackageIdParam } from '@hc/shared/validation';
import { ApiError } from '../../../lib/api.ts';
import { useToast } from '../../../lib/toast.tsx';
import { PageSpinner } from '../../../lib/config/config.tsx';
import { StatePanel } from '../../../components/StatePanel.tsx';
import { usePackage } from '../api/get-package.ts';
import { isMobileDevice, readDeviceTraits } from '../../../components/device.ts';
import { PackageEditor } from './PackageEditor.tsx';
import './packageEditor.css';

/** The URL's ?publisherId=N as a positive integer, else undefined. */
function publisherIdParam(value: string | null): number | undefined {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 ? n : undefined;
}

/** Whether this device counts as mobile, kept up to date when the viewport changes. */
function useIsMobileDevice(): boolean {
  const [mobile, setMobile] = useState(() => isMobileDevice(readDeviceTraits()));
  useEffect(() => {
    const update = () => setMobile(isMobileDevice(readDeviceTraits()));
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return mobile;
}

export function PackageEditorPage() {
  const { id, timestamp = '' } = useParams();
  const [search] = useSearchParams();
  const publisherId = publisherIdParam(search.get('publisherId'));
  const mobile = useIsMobileDevice();
  const toast = useToast();
  const navigate = useNavigate();

  const embedId = id && isPackageIdParam(id) ? id : null;
  const badId = id !== undefined && embedId === null;
  const query = usePackage(embedId ? { embedId, publisherId } : null);

  // A failed load (a bad id too) tells the user and goes to '/'; a 401 is the shell dialog's business.
  // Once the editor shows, a later refetch failing changes nothing (the editor works on its own copy).
  const handled = useRef(false);
  const failed = badId || (query.isError && query.data === undefined);
  useEffect(() => {
    if (!failed || handled.current) return;
    handled.current = true;
    if (query.error instanceof ApiError && query.error.status === 401) return;
    toast.error(query.error instanceof ApiError ? query.error.message : messages.somethingWentWrong);
    void navigate('/', { replace: true });
  }, [failed, query.error, toast, navigate]);

  if (mobile) {
    return (
      <StatePanel
        kind="info"
        icon="pi pi-desktop"
        message={messages.editorNotOnMobile}
        testId="package-editor-mobile"
      />
    );
  }
  if (id === undefined) {
    return <PackageEditor key={`new/${timestamp}`} initial={null} />;
  }
  // Always open a fresh copy, never one cached by an earlier visit.
  if (failed || !query.data || !query.isFetchedAfterMount) return <PageSpinner label="Loading package" />;
  return <PackageEditor key={`${id}/${timestamp}`} initial={query.data} publisherId={publisherId} />;
}
