// Who else is in a co-edited document, from the awareness states. Each editor publishes
// {user: {email, name, color}, selection}; the selection is the id of the item or page it has selected.

/** What one editor publishes in its awareness state. */
export interface PresenceState {
  user: { email: string; name: string; color: string };
  /** The selected item (highlight id) or page (page id), or null. */
  selection: number | null;
}

/** Another editor in the document. */
export interface Peer {
  clientId: number;
  email: string;
  name: string;
  color: string;
  selection: number | null;
}

/** Colours that read on the console's light cards, white text on each. */
export const PRESENCE_COLORS = ['#7c3aed', '#0891b2', '#c2410c', '#15803d', '#be185d', '#1d4ed8', '#a16207'];

/** A stable colour per email (the same person has the same colour in every editor). */
export function presenceColor(email: string): string {
  let hash = 0;
  for (const ch of email.toLowerCase()) hash = (hash * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return PRESENCE_COLORS[hash % PRESENCE_COLORS.length] as string;
}

/** The name shown on a chip: the part of the email before the @. */
export const displayName = (email: string): string => email.split('@')[0] || email;

/** Initials for an avatar: up to two letters of the name. */
export function initials(name: string): string {
  const parts = name.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const letters = parts.length > 1 ? (parts[0]?.[0] ?? '') + (parts[1]?.[0] ?? '') : name.slice(0, 2);
  return letters.toUpperCase();
}

const isPresence = (state: unknown): state is PresenceState => {
  const user = (state as { user?: { email?: unknown } } | null)?.user;
  return typeof user?.email === 'string';
};

/**
 * The other editors, in the order they joined (client id order), one entry per client except this
 * one; states without a user (not yet announced, or left) are skipped.
 */
export function peersFrom(states: ReadonlyMap<number, unknown>, ownClientId: number): Peer[] {
  const peers: Peer[] = [];
  for (const [clientId, state] of states) {
    if (clientId === ownClientId || !isPresence(state)) continue;
    const selection = typeof state.selection === 'number' ? state.selection : null;
    peers.push({ clientId, ...state.user, selection });
  }
  return peers.sort((a, b) => a.clientId - b.clientId);
}

/** The peers who have `id` selected (the marks drawn on that item). */
export const selectorsOf = (peers: readonly Peer[], id: number): Peer[] =>
  peers.filter((p) => p.selection === id);
