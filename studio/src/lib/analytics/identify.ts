/**
 * §7 "bind anonymous id": when the session of this tab goes from anonymous (or none) to signed
 * in, one `identify` event carries the anonymous user id the visitor browsed under, so the
 * collector can join their earlier events to the account. What the tab last saw is kept in
 * sessionStorage, so a social sign-in's round trip through the provider still counts as the
 * transition, and a reload of a signed-in page does not.
 */
import { track } from './tracker.ts';

export type SessionKind = 'none' | 'anonymous' | 'signedIn';

interface Seen {
  kind: SessionKind;
  /** The last anonymous user id seen in this tab. */
  anonymousId: string | null;
  userId: string | null;
}

const KEY = 'tessera.analytics.seenSession';
let memory: Seen | null = null;

function read(): Seen | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as Seen) : memory;
  } catch {
    return memory;
  }
}

function write(seen: Seen): void {
  memory = seen;
  try {
    sessionStorage.setItem(KEY, JSON.stringify(seen));
  } catch {
    // Kept in memory for this page.
  }
}

/**
 * Records the session kind now shown (call it whenever the session is known, not while it
 * loads). Returns true when this call sent the `identify` event.
 */
export function observeSession(kind: SessionKind, userId: string | null): boolean {
  const prev = read();
  const anonymousId = kind === 'anonymous' ? userId : (prev?.anonymousId ?? null);
  if (prev?.kind === kind && prev.userId === userId && prev.anonymousId === anonymousId) return false;
  // Written before tracking, so a re-entrant or repeated call (React StrictMode) cannot send twice.
  write({ kind, anonymousId: kind === 'signedIn' ? null : anonymousId, userId });
  if (kind !== 'signedIn' || !prev || prev.kind === 'signedIn') return false;
  track('identify', { previous_anonymous_id: prev.anonymousId });
  return true;
}
