/**
 * /sign-in-google (§2): starts Google sign-in straight away and returns to `callbackUrl`. No
 * auth-method tracking runs here (the studio tracks sign-up versus sign-in elsewhere). When
 * Google is not configured (`/api/auth/providers` does not list it) it says so and offers e-mail.
 */
import { safeCallbackPath } from '@tessera/shared/auth/rules';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useLocalizedPath } from '../app/useLanguage.ts';
import { Spinner } from '../components/ui/Spinner.tsx';
import { authClient } from '../lib/authClient.ts';

export function SignInGooglePage() {
  const { t } = useTranslation('signIn');
  const [params] = useSearchParams();
  const to = useLocalizedPath();
  const callbackURL = safeCallbackPath(params.get('callbackUrl'), to('/home'));
  const [unavailable, setUnavailable] = useState(false);

  useEffect(() => {
    let active = true;
    void (async () => {
      const res = await fetch('/api/auth/providers', { credentials: 'same-origin' }).catch(() => null);
      const providers = res?.ok ? ((await res.json()) as Record<string, unknown>) : {};
      if (!active) return;
      if (!providers.google) return setUnavailable(true);
      const result = await authClient.signIn.social({ provider: 'google', callbackURL });
      if (active && result.error) setUnavailable(true);
    })();
    return () => {
      active = false;
    };
  }, [callbackURL]);

  return (
    <main className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center gap-4 px-4 text-center">
      <title>{t('meta.title')}</title>
      {unavailable ? (
        <>
          <p role="alert" data-testid="google-unavailable">
            {t('google.unavailable')}
          </p>
          <Link to={`${to('/sign-in')}?callbackUrl=${encodeURIComponent(callbackURL)}`} className="font-medium text-accent-fg hover:underline">
            {t('google.useEmail')}
          </Link>
        </>
      ) : (
        <p className="flex items-center gap-3 text-muted" aria-live="polite">
          <Spinner /> {t('google.redirecting')}
        </p>
      )}
    </main>
  );
}
