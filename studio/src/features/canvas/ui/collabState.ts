/**
 * The project document's connection as the page shows it, reduced from the provider's events
 * (pure, so the transitions are tested without a server):
 *  - `connecting` until the first full sync (skeleton);
 *  - `ready` once synced; `readOnly` when the server authorised read-only (viewer);
 *    `online` false while the socket is down after that (banner; the provider reconnects and
 *    local edits wait in the document until it is back);
 *  - `refused` when the server denied access (not a member, signed out, access revoked while
 *    connected): final for this page;
 *  - `unavailable` when the server could not load the document (nothing was changed; retry).
 * Reasons are the server's COLLAB_REASONS (shared/projects).
 */
import { COLLAB_REASONS } from '@tessera/shared/projects';

export type CollabPhase = 'connecting' | 'ready' | 'refused' | 'unavailable';

export interface CollabState {
  phase: CollabPhase;
  readOnly: boolean;
  online: boolean;
  /** Local changes not yet acknowledged by the server. */
  unsynced: boolean;
  /** Why the server refused or closed, when it said. */
  reason: string | null;
}

export type CollabEvent =
  | { type: 'status'; status: 'connecting' | 'connected' | 'disconnected' }
  | { type: 'authenticated'; scope: 'read-write' | 'readonly' }
  | { type: 'authenticationFailed'; reason: string }
  | { type: 'close'; reason: string }
  | { type: 'synced' }
  | { type: 'unsynced'; count: number };

export const INITIAL_COLLAB_STATE: CollabState = { phase: 'connecting', readOnly: false, online: false, unsynced: false, reason: null };

/** Whether a phase ends this connection (the provider is destroyed; only a remount tries again). */
export const isFinalPhase = (phase: CollabPhase) => phase === 'refused' || phase === 'unavailable';

export function collabReducer(state: CollabState, event: CollabEvent): CollabState {
  if (isFinalPhase(state.phase)) return state;
  switch (event.type) {
    case 'status':
      return { ...state, online: event.status === 'connected' };
    case 'authenticated':
      return { ...state, readOnly: event.scope === 'readonly' };
    case 'authenticationFailed':
      return {
        ...state,
        phase: event.reason === COLLAB_REASONS.unavailable ? 'unavailable' : 'refused',
        online: false,
        reason: event.reason || COLLAB_REASONS.forbidden,
      };
    case 'close':
      // Revoked (role changed or removed): the hook connects afresh, which decides which it was.
      return { ...state, online: false };
    case 'synced':
      return { ...state, phase: 'ready', online: true };
    case 'unsynced':
      return { ...state, unsynced: event.count > 0 };
  }
}

/** `ws(s)://<host>/collab` on the page's own origin (the session cookie goes with it). */
export function collabUrl(location: { protocol: string; host: string }, path: string): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${path}`;
}
