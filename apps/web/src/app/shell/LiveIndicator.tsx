// Says so in the top bar while live updates are not arriving (the channel is reconnecting or down);
// nothing while they are, nor during the first seconds of a page load or a short network blip.
import { useEffect, useState } from 'react';
import { liveRefusal, useLiveStatus } from '../../lib/live.ts';

const SHOW_AFTER_MS = 3_000;

export function LiveIndicator() {
  const status = useLiveStatus();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (status === 'connected') {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), SHOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [status]);
  if (!shown || status === 'connected') return null;
  const text =
    status === 'connecting'
      ? 'Live updates paused: reconnecting. Lists refresh when they resume.'
      : status === 'refused'
        ? `Live updates are off. ${liveRefusal() ?? ''} Counts refresh every minute.`
        : 'Live updates are off; counts refresh every minute.';
  const label =
    status === 'connecting' ? 'Reconnecting' : status === 'refused' ? 'Live updates off' : 'Offline';
  return (
    <span className="hc-live-indicator" role="status" title={text} data-testid="live-indicator">
      <i className={status === 'connecting' ? 'pi pi-spin pi-sync' : 'pi pi-wifi'} aria-hidden="true" />
      <span>{label}</span>
      {status === 'refused' && <span className="p-hidden-accessible">{text}</span>}
    </span>
  );
}
