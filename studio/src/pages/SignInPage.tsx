/**
 * /sign-in: accepts `error` (e.g. SessionRequired) and `callbackUrl` (same-origin only). The same
 * forms as the popups: log in (with the verify step for an unverified address) and forgot password.
 */
import { safeCallbackPath } from '@tessera/shared/auth/rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useLocalizedPath } from '../app/useLanguage.ts';
import { AccountForm } from '../features/auth/AccountForm.tsx';
import { ResetPasswordForm } from '../features/auth/ResetPasswordForm.tsx';
import { useViewer } from '../features/auth/useViewer.ts';
import { usePopupStore } from '../features/popups/popupStore.ts';

export function SignInPage() {
  const { t } = useTranslation('signIn');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const to = useLocalizedPath();
  const viewer = useViewer();
  const open = usePopupStore((s) => s.open);
  const callback = safeCallbackPath(params.get('callbackUrl'), to('/home'));
  const error = params.get('error');
  // The forgot-password flow replaces the log-in form in place; `email` carries the address over.
  const [reset, setReset] = useState<{ email: string } | null>(null);

  if (viewer.status === 'signedIn') return <Navigate to={callback} replace />;

  return (
    <main className="mx-auto flex min-h-[70vh] max-w-md flex-col justify-center gap-6 px-4 py-16">
      <title>{t('meta.title')}</title>
      <div>
        <h1 className="text-3xl font-bold" data-testid="sign-in-title">
          {t('title')}
        </h1>
        <p className="mt-2 text-muted">{t('subtitle')}</p>
      </div>
      {error && (
        <p role="alert" className="rounded-lg border border-accent/40 bg-accent/10 px-3 py-2 text-sm">
          {t(`errors.${error}`, { defaultValue: t('errors.Default') })}
        </p>
      )}
      <div className="rounded-[var(--radius-card)] border border-border bg-surface p-6">
        {reset ? (
          <ResetPasswordForm initialEmail={reset.email} onCancel={() => setReset(null)} onDone={() => void navigate(callback, { replace: true })} />
        ) : (
          <AccountForm mode="logIn" onForgotPassword={(email) => setReset({ email })} onDone={() => void navigate(callback, { replace: true })} />
        )}
      </div>
      <p className="text-center text-sm text-muted">
        {t('noAccount')}{' '}
        <button type="button" className="font-medium text-accent-fg hover:underline" onClick={() => open('signUp')}>
          {t('signUp')}
        </button>
      </p>
    </main>
  );
}
