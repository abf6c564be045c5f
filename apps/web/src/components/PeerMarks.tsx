// The marks other editors leave on the item or page they have selected (their "cursor"): a flag with
// their name in their colour. The row adds peerRingStyle() to draw the ring in the first one's colour.
import type { CSSProperties } from 'react';
import type { Peer } from '../lib/collab/presence.ts';

/** The ring colour for a row selected by `peers` (none: no ring). */
export function peerRingStyle(peers: readonly Peer[]): CSSProperties | undefined {
  const first = peers[0];
  return first ? ({ '--hc-peer-color': first.color } as CSSProperties) : undefined;
}

export function PeerMarks({ peers, testId }: { peers: readonly Peer[]; testId: string }) {
  if (peers.length === 0) return null;
  return (
    <span className="hc-peer-flag" data-testid={testId}>
      {peers.map((p) => (
        <span
          key={p.clientId}
          className="hc-peer-flag__name"
          style={{ background: p.color }}
          title={`${p.email} has this selected`}
          data-email={p.email}
        >
          {p.name}
        </span>
      ))}
    </span>
  );
}
