/**
 * Forgets the signed-in user in this browser when the server no longer knows them (the account
 * was deleted here or elsewhere). The server-side sign-out may fail — the session is already
 * gone — so its answer is ignored; everything local is cleared regardless.
 *
 * Order matters: the query cache is emptied only once the session store says nobody is signed
 * in, otherwise the header's queries (still enabled for a signed-in viewer) would refetch at
 * once, cookie-less, and their 401s would open the log-in popup.
 */
import type { QueryClient } from '@tanstack/react-query';
import { authClient } from '../../lib/authClient.ts';
import { clearUserInfoCookie } from '../../lib/userInfoCookie.ts';
import { forgetSelectedProject } from '../projects/selectedProject.ts';

const SESSION_SETTLE_TIMEOUT_MS = 3_000;

interface SessionAtomValue {
  data: unknown;
}

/** Resolves when better-auth's session store holds no session (or after a timeout). */
function sessionGone(): Promise<void> {
  const atom = authClient.$store.atoms.session;
  if (!atom || !(atom.get() as SessionAtomValue).data) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      unlisten();
      resolve();
    };
    const timer = setTimeout(done, SESSION_SETTLE_TIMEOUT_MS);
    const unlisten = atom.listen((value: SessionAtomValue) => {
      if (!value.data) done();
    });
  });
}

export async function signOutLocally(queryClient: QueryClient | null): Promise<void> {
  await queryClient?.cancelQueries();
  try {
    // Clears the (httpOnly) session cookie; the session store then refetches and finds none.
    await authClient.signOut();
  } catch {
    // The session is gone already: nothing to end on the server.
  }
  clearUserInfoCookie();
  forgetSelectedProject();
  await sessionGone();
  // The deleted user's data must not be shown after this.
  queryClient?.clear();
}
