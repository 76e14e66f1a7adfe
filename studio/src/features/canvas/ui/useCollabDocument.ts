/**
 * The project's Yjs document, synced through Hocuspocus at COLLAB_PATH on our own origin
 * (document name = project id; the browser sends the session cookie with the upgrade, which is
 * how the server authenticates us — no token). One document and one provider per mount (and per
 * retry); they are destroyed on unmount. This module (yjs + the provider) loads with the canvas
 * page only.
 */
import { HocuspocusProvider } from '@hocuspocus/provider';
import { COLLAB_PATH, COLLAB_REASONS } from '@tessera/shared/projects';
import { useCallback, useEffect, useReducer, useState } from 'react';
import { Awareness } from 'y-protocols/awareness';
import * as Y from 'yjs';
import { type CollabEvent, type CollabState, collabReducer, collabUrl, INITIAL_COLLAB_STATE } from './collabState.ts';

export interface CollabDocument {
  doc: Y.Doc;
  awareness: Awareness;
  state: CollabState;
  /** Try to reconnect now instead of waiting for the provider's back-off. */
  reconnect(): void;
  /** Start over with a fresh document and connection (after `unavailable`). */
  retry(): void;
}

type Action = CollabEvent | { type: 'reset' };

function reducer(state: CollabState, action: Action): CollabState {
  return action.type === 'reset' ? INITIAL_COLLAB_STATE : collabReducer(state, action);
}

interface Live {
  doc: Y.Doc;
  awareness: Awareness;
  provider: HocuspocusProvider;
  isDestroyed(): boolean;
}

export function useCollabDocument(projectId: string): CollabDocument | null {
  const [state, dispatch] = useReducer(reducer, INITIAL_COLLAB_STATE);
  const [live, setLive] = useState<Live | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    dispatch({ type: 'reset' });
    const doc = new Y.Doc();
    const awareness = new Awareness(doc);
    const provider = new HocuspocusProvider({ url: collabUrl(window.location, COLLAB_PATH), name: projectId, document: doc, awareness });
    let destroyed = false;
    const destroy = () => {
      if (destroyed) return;
      destroyed = true;
      provider.destroy();
    };
    provider.on('status', ({ status }: { status: 'connecting' | 'connected' | 'disconnected' }) => dispatch({ type: 'status', status }));
    provider.on('authenticated', ({ scope }: { scope: 'read-write' | 'readonly' }) => dispatch({ type: 'authenticated', scope }));
    provider.on('synced', () => dispatch({ type: 'synced' }));
    provider.on('unsyncedChanges', ({ number }: { number: number }) => dispatch({ type: 'unsynced', count: number }));
    provider.on('close', ({ event }: { event: { reason?: string } }) => {
      dispatch({ type: 'close', reason: event.reason ?? '' });
      // The server closes a connection whose rights changed: connect afresh once, which gives a
      // changed role its new scope (read-only or read-write) and a removed member the refusal.
      if (event.reason === COLLAB_REASONS.revoked) {
        destroy();
        setAttempt((n) => n + 1);
      }
    });
    provider.on('authenticationFailed', ({ reason }: { reason: string }) => {
      dispatch({ type: 'authenticationFailed', reason });
      // Final for this connection: every retry of the provider's loop would be refused too.
      destroy();
    });
    // The browser knows at once when the network is gone; the socket may take its ping timeout
    // (~30 s) to notice. Back online: reconnect now rather than after the back-off.
    const onOffline = () => dispatch({ type: 'status', status: 'disconnected' });
    const onOnline = () => {
      if (destroyed) return;
      const socket = provider.configuration.websocketProvider;
      if (socket.status === 'connected') dispatch({ type: 'status', status: 'connected' });
      else void provider.connect();
    };
    window.addEventListener('offline', onOffline);
    window.addEventListener('online', onOnline);
    setLive({ doc, awareness, provider, isDestroyed: () => destroyed });
    return () => {
      window.removeEventListener('offline', onOffline);
      window.removeEventListener('online', onOnline);
      setLive(null);
      destroy();
      doc.destroy();
    };
  }, [projectId, attempt]);

  const reconnect = useCallback(() => {
    if (live && !live.isDestroyed()) void live.provider.connect();
  }, [live]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return live ? { doc: live.doc, awareness: live.awareness, state, reconnect, retry } : null;
}
