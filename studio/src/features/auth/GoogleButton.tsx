/**
 * "Continue with Google": shown only when the server lists Google among its providers
 * (GOOGLE_CLIENT_ID/SECRET set). better-auth answers the authorization URL (state + PKCE) and
 * the browser goes there; an anonymous visitor's data moves to the account on return.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { startSocialAuth } from '../../lib/analytics/authTracking.ts';
import { authClient } from '../../lib/authClient.ts';

export function useAuthProviders() {
  return useQuery({
    queryKey: ['auth', 'providers'],
    queryFn: async () => {
      const res = await fetch('/api/auth/providers', { credentials: 'same-origin' });
      if (!res.ok) throw new Error(`providers: ${res.status}`);
      return (await res.json()) as Record<string, { id: string; name: string; type: string }>;
    },
    staleTime: 5 * 60_000,
  });
}

export function GoogleButton({ callbackURL }: { callbackURL?: string }) {
  const { t } = useTranslation('common');
  const providers = useAuthProviders();
  const [busy, setBusy] = useState(false);
  if (!providers.data?.google) return null;
  return (
    <Button
      type="button"
      variant="outline"
      size="lg"
      loading={busy}
      data-testid="google-sign-in"
      onClick={async () => {
        setBusy(true);
        // Reported as sign_up or login when the session comes back (useAnalyticsSession).
        startSocialAuth('Google');
        const result = await authClient.signIn.social({ provider: 'google', callbackURL: callbackURL ?? window.location.pathname + window.location.search });
        if (result.error) setBusy(false);
      }}
    >
      {t('auth.continueWithGoogle')}
    </Button>
  );
}
