// The placements and splash-image dialog: a Placements tab (id, name, enable, platform)
// and a Configuration tab with the publisher's settings, the splash upload (sent as base64, checked
// again on the server) and the list of its splash images, newest first.
import { useRef, useState } from 'react';
import { Dialog } from 'primereact/dialog';
import { TabView, TabPanel } from 'primereact/tabview';
import { DataTable } from 'primereact/datatable';
import { Column } from 'primereact/column';
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import { formatDate } from '@hc/shared/formatters';
import { messages } from '@hc/shared/messages';
import type { Placement } from '@hc/shared/api/publishers';
import type { PublisherAdminRow } from '@hc/shared/api/publishers-admin';
import { ApiError } from '../../lib/api.ts';
import { useToast } from '../../lib/toast.tsx';
import { StatePanel } from '../../components/StatePanel.tsx';
import { DetailList } from '../../components/DetailDrawer.tsx';
import { usePublisherPlacements } from './api/get-placements.ts';
import { useSplashImages, useUploadSplash } from './api/splash-images.ts';

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsDataURL(file);
  });

function SplashUpload({ publisherId }: { publisherId: number }) {
  const toast = useToast();
  const upload = useUploadSplash(publisherId);
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);

  const save = async () => {
    if (!file) {
      toast.error(messages.splashRequired);
      return;
    }
    const dataUrl = await readAsDataUrl(file).catch(() => null);
    if (!dataUrl) {
      toast.error(messages.requestNotSuccessful);
      return;
    }
    upload.mutate(dataUrl, {
      onSuccess: () => {
        toast.success(messages.splashSaved);
        setFile(null);
        if (input.current) input.current.value = '';
      },
      onError: (e) =>
        toast.error(e instanceof ApiError && e.status === 422 ? e.message : messages.requestNotSuccessful),
    });
  };

  return (
    <div className="hc-splash-upload">
      <label htmlFor="splash-file">Splash image</label>
      <div className="hc-splash-upload__row">
        <input
          ref={input}
          id="splash-file"
          type="file"
          accept="image/png,image/jpeg,image/gif"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          data-testid="splash-file"
        />
        <Button
          type="button"
          label="Upload"
          icon="pi pi-upload"
          loading={upload.isPending}
          onClick={() => void save()}
          data-testid="splash-upload"
        />
      </div>
      <small className="hc-hint">PNG, JPEG or GIF, at most 2 MB and 4000 × 4000 pixels.</small>
    </div>
  );
}

function SplashList({ publisherId }: { publisherId: number }) {
  const images = useSplashImages(publisherId);
  return (
    <section className="hc-splash-images" aria-labelledby="splash-images-title">
      <h3 id="splash-images-title" className="hc-splash-images__title">
        Splash images
        {images.data && images.data.length > 0 && <span className="hc-hint"> · {images.data.length}</span>}
      </h3>
      <SplashImages images={images} />
    </section>
  );
}

function SplashImages({ images }: { images: ReturnType<typeof useSplashImages> }) {
  if (images.isPending) return <p className="hc-hint">Loading splash images…</p>;
  if (images.isError) return <StatePanel kind="error" message={messages.userInfoFailed} />;
  if (images.data.length === 0) return <p className="hc-hint">No splash image yet.</p>;
  return (
    <ul className="hc-splash-list" data-testid="splash-list">
      {images.data.map((image) => (
        <li key={image.id} data-testid="splash-item">
          <a href={image.url} target="_blank" rel="noreferrer">
            <img src={image.url} alt={`Splash image ${image.id}`} loading="lazy" />
          </a>
          <span className="hc-hint">{formatDate(image.created_at)}</span>
        </li>
      ))}
    </ul>
  );
}

function PlacementsTab({ publisherId }: { publisherId: number }) {
  const placements = usePublisherPlacements(publisherId);
  if (placements.isError) return <StatePanel kind="error" message={messages.userInfoFailed} />;
  return (
    <DataTable
      value={placements.data ?? []}
      loading={placements.isPending}
      dataKey="id"
      size="small"
      emptyMessage={<div className="hc-empty">{messages.noResults}</div>}
      pt={{ bodyRow: { 'data-testid': 'placement-row' } as object }}
    >
      <Column field="id" header="Id" className="hc-num" />
      <Column field="name" header="Name" />
      <Column
        header="Enable"
        body={(p: Placement) => (
          <Tag value={p.enable ? 'Enabled' : 'Disabled'} severity={p.enable ? 'success' : 'secondary'} />
        )}
      />
      <Column field="platform" header="Platform" />
    </DataTable>
  );
}

export function PublisherSetupDialog({
  publisher,
  onHide,
}: {
  publisher: PublisherAdminRow;
  onHide: () => void;
}) {
  return (
    <Dialog
      visible
      onHide={onHide}
      header={`${publisher.name} (${publisher.id})`}
      style={{ width: 'min(46rem, 96vw)' }}
      className="hc-publisher-setup"
      data-testid="publisher-setup-dialog"
    >
      <TabView>
        <TabPanel header="Placements">
          <PlacementsTab publisherId={publisher.id} />
        </TabPanel>
        <TabPanel header="Configuration">
          <DetailList
            items={[
              { label: 'Account key', value: <span className="hc-mono">{publisher.key}</span>, wide: true },
              { label: 'Home URL', value: publisher.home_url, wide: true },
              { label: 'Group', value: publisher.group_name ?? '—' },
            ]}
          />
          <SplashUpload publisherId={publisher.id} />
          <SplashList publisherId={publisher.id} />
        </TabPanel>
      </TabView>
    </Dialog>
  );
}
