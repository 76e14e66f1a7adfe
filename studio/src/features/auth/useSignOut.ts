import { SELECTED_PROJECT_STORAGE_KEY } from '@tessera/shared/auth';
import { localizePath, splitLanguagePrefix } from '@tessera/shared/i18n';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { authClient } from '../../lib/authClient.ts';

/** §2: sign-out removes the selected project and goes to /sign-in unless a redirect is given. */
export function useSignOut() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    async (redirectTo?: string) => {
      await authClient.signOut();
      await queryClient.cancelQueries();
      queryClient.clear();
      try {
        localStorage.removeItem(SELECTED_PROJECT_STORAGE_KEY);
      } catch {
        // Storage unavailable: nothing stored either.
      }
      const { lang } = splitLanguagePrefix(window.location.pathname);
      await navigate(redirectTo ?? localizePath('/sign-in', lang), { replace: true });
    },
    [navigate, queryClient],
  );
}
