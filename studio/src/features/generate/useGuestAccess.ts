import { useState } from 'react';
import { authClient } from '../../lib/authClient.ts';
import { signInAnonymously } from '../auth/anonymousSignIn.ts';

/** /app pages skip the automatic anonymous sign-in (§2); this lets a visitor continue as a guest. */
export function useGuestAccess() {
  const session = authClient.useSession();
  const [pending, setPending] = useState(false);
  return {
    pending,
    async continueAsGuest() {
      setPending(true);
      try {
        if (await signInAnonymously()) await session.refetch();
      } finally {
        setPending(false);
      }
    },
  };
}
