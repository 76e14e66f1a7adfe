import { localizePath, splitLanguagePrefix } from '@tessera/shared/i18n';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { authClient } from '../../lib/authClient.ts';
import { clearUserInfoCookie } from '../../lib/userInfoCookie.ts';
import { forgetSelectedProject } from '../projects/selectedProject.ts';
import { isSignedInSession, waitForSession } from './waitForSession.ts';

/**
 * §2: sign-out removes the selected project and the user-info cookie, and goes to /sign-in
 * unless a redirect is given.
 */
export function useSignOut() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    async (redirectTo?: string) => {
      await authClient.signOut();
      clearUserInfoCookie();
      // /sign-in sends a viewer it still sees as signed in on to /home: wait for the new session.
      await waitForSession((data) => !isSignedInSession(data));
      await queryClient.cancelQueries();
      queryClient.clear();
      forgetSelectedProject();
      const { lang } = splitLanguagePrefix(window.location.pathname);
      await navigate(redirectTo ?? localizePath('/sign-in', lang), { replace: true });
    },
    [navigate, queryClient],
  );
}
