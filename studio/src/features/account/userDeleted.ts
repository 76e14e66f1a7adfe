/**
 * §8 USER_DELETED: the account behind this browser's session was deleted (on another device, or
 * in another tab). Wherever a call reports it, we sign out locally, say so, and go home — once:
 * the other calls failing the same way meanwhile are ignored, and afterwards the session
 * bootstrap gives the visitor a fresh anonymous session like any first visit.
 *
 * The reaction needs the query cache and the router, which live in React; the signed-in header
 * binds them (`useUserDeletedReaction`). Without a binding — nobody is shown as signed in — the
 * reaction falls back to a full page load of the home page.
 */
import { localizePath, splitLanguagePrefix } from '@tessera/shared/i18n';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast.tsx';
import { i18n } from '../../lib/i18n.ts';
import { TOAST_DURATION_MS } from '../../lib/site.ts';
import { signOutLocally } from './signOutLocally.ts';

export interface Binding {
  queryClient: QueryClient;
  navigate(path: string): unknown;
}

let binding: Binding | null = null;
let handling: Promise<void> | null = null;
const QUIET_AFTER_MS = 5_000;

/** The home page in the current page's language. */
export function homePath(pathname: string = window.location.pathname): string {
  return localizePath('/home', splitLanguagePrefix(pathname).lang);
}

/** Toasts a text from the `account` namespace, loading it first (it may be another page's). */
export async function toastAccount(key: string, kind: 'success' | 'message' = 'message'): Promise<void> {
  await i18n.loadNamespaces('account').catch(() => undefined);
  const text = i18n.t(`account:${key}`);
  if (kind === 'success') toast.success(text, { duration: TOAST_DURATION_MS });
  else toast(text, { duration: TOAST_DURATION_MS });
}

async function leave(toastKey: string, bound: Binding | null): Promise<void> {
  await signOutLocally(bound?.queryClient ?? null);
  await toastAccount(toastKey);
  const home = homePath();
  if (bound) await bound.navigate(home);
  else window.location.assign(home);
}

/**
 * Signs out locally, toasts `toastKey` (of the `account` namespace) and goes home, unless that
 * is already under way. `bound` defaults to the header's binding.
 */
export function leaveDeletedAccount(toastKey: string, bound: Binding | null = binding): Promise<void> {
  // Calls already in flight may still report USER_DELETED a moment later: stay quiet meanwhile.
  handling ??= leave(toastKey, bound).finally(() => {
    setTimeout(() => (handling = null), QUIET_AFTER_MS);
  });
  return handling;
}

/** The §8 USER_DELETED reaction. */
export function reactToUserDeleted(): Promise<void> {
  return leaveDeletedAccount('deleted.elsewhere');
}

let deletingHere = false;

/**
 * This tab is deleting its own account (set while `user.deleteAccount` runs): the server's
 * `session:ended` push reaches this tab too, often before the mutation's answer, and must not
 * pre-empt the deletion's own "Your account was deleted." with the "deleted elsewhere" notice.
 */
export function setDeletingHere(on: boolean): void {
  deletingHere = on;
}

/** The reaction to the server ending this session: a ban, or the account deleted (elsewhere). */
export function reactToSessionEnded(reason: 'banned' | 'deleted'): Promise<void> {
  if (reason === 'banned') return leaveDeletedAccount('sessionEnded.banned');
  return deletingHere ? Promise.resolve() : leaveDeletedAccount('deleted.elsewhere');
}

/** Lends the reaction this app's query cache and router while the component is mounted. */
export function useUserDeletedReaction(): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useEffect(() => {
    const mine: Binding = { queryClient, navigate: (path) => navigate(path, { replace: true }) };
    binding = mine;
    return () => {
      if (binding === mine) binding = null;
    };
  }, [queryClient, navigate]);
}
