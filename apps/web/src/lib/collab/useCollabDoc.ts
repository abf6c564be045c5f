// One co-edited Yjs document over y-websocket: a ticket per connection (ticketSocket.ts),
// the awareness of who is here and what each has selected, and the local origin the editor writes with
// so its Y.UndoManager tracks only its own edits. The editor seeds the document itself once `synced`
// is true and the document is still empty (the contract's empty-doc handshake).
import { useCallback, useEffect, useMemo, useState } from 'react';
import * as Y from 'yjs';
import { WebsocketProvider } from 'y-websocket';
import { readSession } from '../session.ts';
import { getCollabTicket } from './ticket.ts';
import { shouldReconnect, ticketWebSocket } from './ticketSocket.ts';
import { COLLAB_CLOSE, COLLAB_PATH } from '@hc/shared/api/collab';
import { messages } from '@hc/shared/messages';
import { displayName, peersFrom, presenceColor } from './presence.ts';
import type { Peer, PresenceState } from './presence.ts';

/**
 * connecting: before the first sync (editing waits); live: synced with the server; offline: the
 * connection dropped after a sync (edits go on locally and merge on reconnect); off: the server refused
 * the document or has no co-editing (the editor works alone, as before); cut: the server closed the
 * connection for good over a limit (the document's size or the editor's rate): `notice` says why.
 */
export type CollabStatus = 'connecting' | 'live' | 'offline' | 'off' | 'cut';

/** What the editor tells its user when the server cut the connection over a limit, by close code. */
export function cutNotice(code: number, docName: string): string | null {
  if (code === COLLAB_CLOSE.tooLarge) {
    return docName.startsWith('story:') ? messages.collabStoryTooLarge : messages.collabPackageTooLarge;
  }
  if (code === COLLAB_CLOSE.tooFast) return messages.collabTooFast;
  return null;
}

export interface CollabDoc {
  doc: Y.Doc;
  /** The origin of this editor's transactions (its undo manager tracks only this). */
  origin: object;
  status: CollabStatus;
  /** True once the document has been synced with the server at least once. */
  synced: boolean;
  /** The ticket said the user may only view: editing controls are off. */
  readOnly: boolean;
  peers: Peer[];
  /** Why the server cut the connection for good (status 'cut'), in the user's words; null otherwise. */
  notice: string | null;
  /** Publishes the selected item or page id (null: none). */
  select: (id: number | null) => void;
}

/** The socket address of the co-editing endpoint on this console's host. */
export function collabServerUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${COLLAB_PATH}`;
}

/** Opens `docName` (null: no co-editing, e.g. a new package) for the signed-in user. */
export function useCollabDoc(docName: string | null): CollabDoc {
  const doc = useMemo(() => new Y.Doc(), []);
  const origin = useMemo(() => ({ local: true }), []);
  const [status, setStatus] = useState<CollabStatus>(docName ? 'connecting' : 'off');
  const [synced, setSynced] = useState(false);
  const [readOnly, setReadOnly] = useState(false);
  const [peers, setPeers] = useState<Peer[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [provider, setProvider] = useState<WebsocketProvider | null>(null);

  useEffect(() => {
    if (!docName) return;
    const email = readSession()?.email ?? '';
    const WebSocketWithTicket = ticketWebSocket(
      () => getCollabTicket(docName),
      (ticket) => setReadOnly(ticket.read_only),
    );
    const p = new WebsocketProvider(collabServerUrl(window.location), docName, doc, {
      WebSocketPolyfill: WebSocketWithTicket,
      // Another tab of this browser must go through the server too (a read-only tab must not write).
      disableBc: true,
      maxBackoffTime: 5000,
      shouldReconnect,
    });
    const me: PresenceState = {
      user: { email, name: displayName(email), color: presenceColor(email) },
      selection: null,
    };
    p.awareness.setLocalState(me);
    const onAwareness = () => setPeers(peersFrom(p.awareness.getStates(), doc.clientID));
    p.awareness.on('change', onAwareness);
    p.on('sync', (isSynced: boolean) => {
      if (!isSynced) return;
      setSynced(true);
      setStatus('live');
    });
    p.on('status', ({ status: s }: { status: string }) => {
      if (s === 'disconnected') setStatus((prev) => (prev === 'live' ? 'offline' : prev));
    });
    p.on('connection-close', (event: CloseEvent | null) => {
      const cut = event ? cutNotice(event.code, docName) : null;
      if (!cut) return;
      setNotice(cut);
      setStatus('cut');
    });
    // A final refusal (4400-4499): without a sync the editor works alone; after one it keeps the doc.
    p.on('closed', () =>
      setStatus((prev) => (prev === 'cut' ? prev : prev === 'connecting' ? 'off' : 'offline')),
    );
    setProvider(p);
    const leave = () => p.awareness.setLocalState(null);
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      p.awareness.off('change', onAwareness);
      p.awareness.setLocalState(null);
      p.destroy();
      p.awareness.destroy();
      setProvider(null);
      setPeers([]);
    };
  }, [docName, doc]);

  const select = useCallback(
    (id: number | null) => {
      if (!provider) return;
      const current = provider.awareness.getLocalState() as PresenceState | null;
      if (current && current.selection !== id)
        provider.awareness.setLocalState({ ...current, selection: id });
    },
    [provider],
  );

  return { doc, origin, status: docName ? status : 'off', synced, readOnly, peers, notice, select };
}
