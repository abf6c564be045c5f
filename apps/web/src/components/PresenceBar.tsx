// The co-editing bar of an editor: the connection state, a chip per other editor in the
// document (their colour is the colour of their selection marks), and the editor's undo and redo.
import type { ReactNode } from 'react';
import { Tag } from 'primereact/tag';
import type { CollabStatus } from '../lib/collab/useCollabDoc.ts';
import { initials } from '../lib/collab/presence.ts';
import type { Peer } from '../lib/collab/presence.ts';
import './presence.css';

const STATUS: Record<
  CollabStatus,
  { label: string; severity: 'success' | 'warning' | 'secondary' | 'info' | 'danger' }
> = {
  connecting: { label: 'Connecting…', severity: 'info' },
  live: { label: 'Live', severity: 'success' },
  offline: { label: 'Offline: changes sync on reconnect', severity: 'warning' },
  off: { label: 'Editing alone', severity: 'secondary' },
  cut: { label: 'Disconnected', severity: 'danger' },
};

export interface PresenceBarProps {
  status: CollabStatus;
  peers: Peer[];
  readOnly: boolean;
  /** Why the connection was cut for good, shown under the bar (null: nothing to say). */
  notice?: string | null;
  /** Undo and redo, or other actions, at the end of the bar. */
  children?: ReactNode;
  testId: string;
}

/** A round avatar with the peer's initials in their colour. */
export function PeerAvatar({ peer, small = false }: { peer: Peer; small?: boolean }) {
  return (
    <span
      className={small ? 'hc-peer-avatar hc-peer-avatar--small' : 'hc-peer-avatar'}
      style={{ background: peer.color }}
      aria-hidden="true"
    >
      {initials(peer.name)}
    </span>
  );
}

export function PresenceBar({ status, peers, readOnly, notice, children, testId }: PresenceBarProps) {
  const s = STATUS[status];
  // One chip per person: the same user in two tabs shows once.
  const people = peers.filter((p, i) => peers.findIndex((q) => q.email === p.email) === i);
  return (
    <div className="hc-presence" data-testid={testId} data-status={status}>
      <Tag value={s.label} severity={s.severity} rounded data-testid={`${testId}-status`} />
      {readOnly && (
        <Tag
          value="View only"
          icon="pi pi-eye"
          severity="warning"
          rounded
          data-testid={`${testId}-readonly`}
        />
      )}
      {people.length > 0 && (
        <ul className="hc-presence__peers" aria-label="Also editing">
          {people.map((p) => (
            <li
              key={p.clientId}
              className="hc-presence__peer"
              title={p.email}
              style={{ borderColor: p.color }}
              data-testid={`${testId}-peer`}
              data-email={p.email}
            >
              <PeerAvatar peer={p} small />
              <span>{p.name}</span>
            </li>
          ))}
        </ul>
      )}
      {status !== 'off' && status !== 'cut' && people.length === 0 && (
        <span className="hc-presence__alone">Nobody else is editing</span>
      )}
      {notice && (
        <span className="hc-presence__notice" role="alert" data-testid={`${testId}-notice`}>
          {notice}
        </span>
      )}
      <span className="hc-presence__actions">{children}</span>
    </div>
  );
}
