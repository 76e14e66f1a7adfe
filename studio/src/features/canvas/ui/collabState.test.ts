import { COLLAB_REASONS } from '@tessera/shared/projects';
import { describe, expect, it } from 'vitest';
import { type CollabEvent, collabReducer, collabUrl, INITIAL_COLLAB_STATE } from './collabState.ts';

const run = (...events: CollabEvent[]) => events.reduce(collabReducer, INITIAL_COLLAB_STATE);

describe('collabReducer (the canvas connection the page shows)', () => {
  it('stays connecting until the first sync, then is ready', () => {
    expect(run({ type: 'status', status: 'connected' }, { type: 'authenticated', scope: 'read-write' }).phase).toBe('connecting');
    const ready = run({ type: 'status', status: 'connected' }, { type: 'authenticated', scope: 'read-write' }, { type: 'synced' });
    expect(ready).toMatchObject({ phase: 'ready', readOnly: false, online: true });
  });

  it('is read-only when the server authorises a viewer', () => {
    expect(run({ type: 'authenticated', scope: 'readonly' }, { type: 'synced' })).toMatchObject({ phase: 'ready', readOnly: true });
  });

  it('goes offline and back without losing the canvas', () => {
    const offline = run({ type: 'synced' }, { type: 'status', status: 'disconnected' }, { type: 'close', reason: COLLAB_REASONS.shutdown });
    expect(offline).toMatchObject({ phase: 'ready', online: false });
    expect(collabReducer(collabReducer(offline, { type: 'status', status: 'connected' }), { type: 'synced' })).toMatchObject({ phase: 'ready', online: true });
  });

  it('is refused for strangers and stays refused', () => {
    const refused = run({ type: 'authenticationFailed', reason: COLLAB_REASONS.forbidden });
    expect(refused).toMatchObject({ phase: 'refused', reason: 'forbidden' });
    expect(collabReducer(refused, { type: 'synced' }).phase).toBe('refused');
  });

  it('goes offline, not refused, when the server closes a connection whose rights changed (the hook reconnects)', () => {
    expect(run({ type: 'synced' }, { type: 'close', reason: COLLAB_REASONS.revoked })).toMatchObject({ phase: 'ready', online: false });
  });

  it('tells a failed load apart from a refusal', () => {
    expect(run({ type: 'authenticationFailed', reason: COLLAB_REASONS.unavailable }).phase).toBe('unavailable');
  });

  it('tracks unsaved local changes', () => {
    expect(run({ type: 'synced' }, { type: 'unsynced', count: 2 }).unsynced).toBe(true);
    expect(run({ type: 'synced' }, { type: 'unsynced', count: 2 }, { type: 'unsynced', count: 0 }).unsynced).toBe(false);
  });
});

describe('collabUrl', () => {
  it('uses the page origin with the matching WebSocket scheme', () => {
    expect(collabUrl({ protocol: 'https:', host: 'tessera.app' }, '/collab')).toBe('wss://tessera.app/collab');
    expect(collabUrl({ protocol: 'http:', host: '127.0.0.1:3000' }, '/collab')).toBe('ws://127.0.0.1:3000/collab');
  });
});
