// The Vertical View drawer: the 'Vertical result' (9:16) of a ready item or the
// 'Source video' of a rejected one, duration trimmed/total, discovery and generation dates, 'Open Video',
// the rejection reasons, and the reels_valid switch (a failure is only logged, as the spec says). The
// server takes the switch from reviewers only (review permission): anyone else sees it read-only.
import { InputSwitch } from 'primereact/inputswitch';
import { hasPermission } from '@hc/shared/access';
import { MP4_SUFFIX } from '@hc/shared/constants';
import { EMPTY_VALUE, formatDate } from '@hc/shared/formatters';
import type { VerticalTask } from '@hc/shared/api/vertical';
import { useAppConfig } from '../../../lib/config/config.tsx';
import {
  DetailDrawer,
  DetailList,
  DrawerActionBar,
  DrawerSubtitle,
  DrawerToggle,
} from '../../../components/DetailDrawer.tsx';
import { useUpdateReelsValid } from '../api/update-reels-valid.ts';
import { formatTrimmedTotal } from '../lists/taskFormat.ts';
import type { ViewStatus } from './viewTabs.ts';

interface VerticalTaskDrawerProps {
  task: VerticalTask;
  status: ViewStatus;
  visible: boolean;
  onHide: () => void;
}

export function VerticalTaskDrawer({ task, status, visible, onHide }: VerticalTaskDrawerProps) {
  const reels = useUpdateReelsValid();
  const canChangeReels = hasPermission('review', useAppConfig().user.roles);
  const ready = status === 'ready';
  // A ready item shows its vertical MP4; a rejected one (or a ready one without a result) its source.
  const showsResult = ready && task.video_url !== null;
  const videoUrl = (showsResult ? task.video_url! : task.src_video_url) + MP4_SUFFIX;
  // While the call runs the switch shows the asked value; afterwards the server's (the list is updated).
  const reelsValid =
    reels.isPending && reels.variables.id === task.video_id ? reels.variables.valid : task.reels_valid;

  return (
    <DetailDrawer
      visible={visible}
      onHide={onHide}
      title={task.title}
      subtitle={<DrawerSubtitle parts={[task.publisher_name, task.channel, task.external_program_id]} />}
      testId="vertical-drawer"
    >
      <section className="hc-detail-section">
        <h3 className="hc-detail-section__title" data-testid="vertical-drawer-video-title">
          {showsResult ? 'Vertical result' : 'Source video'}
        </h3>
        <div className={showsResult ? 'hc-vertical-frame' : undefined}>
          <video
            key={videoUrl}
            className={showsResult ? 'hc-vertical-frame__video' : 'hc-drawer-video'}
            src={videoUrl}
            poster={task.thumbnail ?? undefined}
            controls
            preload="metadata"
            playsInline
            data-testid="vertical-drawer-video"
          />
        </div>
        <a
          href={videoUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="hc-external-link hc-vertical-open"
          data-testid="vertical-drawer-open"
        >
          <span>Open Video</span>
          <i className="pi pi-external-link" aria-hidden="true" />
        </a>
      </section>

      <DrawerActionBar
        toggles={
          <>
            <DrawerToggle htmlFor="vertical-reels-valid">
              <InputSwitch
                inputId="vertical-reels-valid"
                checked={reelsValid}
                disabled={!canChangeReels || reels.isPending}
                onChange={(e) => reels.mutate({ id: task.video_id, valid: e.value })}
                data-testid="vertical-drawer-reels"
              />
              Valid for Reels
            </DrawerToggle>
            {!canChangeReels && (
              <span className="hc-title-meta hc-vertical-reels-note" data-testid="vertical-drawer-reels-note">
                Only reviewers can change this.
              </span>
            )}
          </>
        }
      />

      <DetailList
        title="Details"
        items={[
          {
            label: 'Duration (trimmed/total)',
            value: formatTrimmedTotal(task.trimmed_duration, task.duration),
            testId: 'vertical-drawer-duration',
          },
          { label: 'Video ID', value: task.video_id, testId: 'vertical-drawer-video-id' },
          {
            label: 'Discovery date',
            value: formatDate(task.created_at),
            testId: 'vertical-drawer-discovery',
          },
          {
            label: 'Generation date',
            value: formatDate(task.generated_at),
            testId: 'vertical-drawer-generation',
          },
          ...(task.content_type === 'highlight'
            ? [
                { label: 'Segment ID', value: task.segment_id ?? EMPTY_VALUE },
                ...(ready ? [{ label: 'Highlight ID', value: task.highlight_id ?? EMPTY_VALUE }] : []),
              ]
            : ready
              ? [{ label: 'Derivative ID', value: task.derivative_id ?? EMPTY_VALUE }]
              : []),
        ]}
      />

      {task.reviews.length > 0 && (
        <section className="hc-detail-section">
          <h3 className="hc-detail-section__title">Rejection reasons</h3>
          <ul className="hc-vertical-reasons" data-testid="vertical-drawer-reasons">
            {task.reviews.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        </section>
      )}
    </DetailDrawer>
  );
}
