/**
 * /app/account: the signed-in user's profile, password, active sessions and account deletion.
 * Anonymous visitors are asked to sign up or log in; without any session the page sends the
 * visitor to /sign-in (error=SessionRequired, callbackUrl back here).
 */
import { useQuery } from '@tanstack/react-query';
import { UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { useLocalizedPath } from '../app/useLanguage.ts';
import { Button } from '../components/ui/Button.tsx';
import { DeleteAccountCard } from '../features/account/DeleteAccountCard.tsx';
import { PasswordCard } from '../features/account/PasswordCard.tsx';
import { ProfileCard } from '../features/account/ProfileCard.tsx';
import { SessionsCard } from '../features/account/SessionsCard.tsx';
import { FormAlert } from '../features/account/AccountCard.tsx';
import { SignUpPrompt } from '../features/auth/SignUpPrompt.tsx';
import { useViewer } from '../features/auth/useViewer.ts';
import { SubscriptionCard } from '../features/billing/SubscriptionCard.tsx';
import { useTRPC } from '../lib/trpc.ts';

export function AccountPage() {
  const { t } = useTranslation('account');
  const viewer = useViewer();
  const location = useLocation();
  const to = useLocalizedPath();
  // §2: a protected page without any session goes to sign-in, and comes back after it.
  if (viewer.status === 'unauthenticated') {
    return <Navigate to={`${to('/sign-in')}?error=SessionRequired&callbackUrl=${encodeURIComponent(location.pathname)}`} replace />;
  }
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <title>{t('meta.title')}</title>
      <h1 className="text-3xl font-bold">{t('title')}</h1>
      <p className="mt-2 text-muted">{t('subtitle')}</p>
      {viewer.status === 'loading' ? (
        <AccountSkeleton />
      ) : viewer.status === 'signedIn' ? (
        <AccountSections key={viewer.userId} />
      ) : (
        <AccountSignUpPrompt />
      )}
    </main>
  );
}

function AccountSkeleton() {
  return (
    <div className="mt-8 flex flex-col gap-6" aria-busy data-testid="account-loading">
      {[0, 1, 2].map((i) => (
        <div key={i} className="h-56 animate-pulse rounded-[var(--radius-card)] bg-surface" />
      ))}
    </div>
  );
}

function AccountSignUpPrompt() {
  const { t } = useTranslation('account');
  return (
    <SignUpPrompt
      icon={UserRound}
      text={t('signedOut.text')}
      signUpLabel={t('signedOut.signUp')}
      logInLabel={t('signedOut.logIn')}
      className="mt-10 p-10"
      testId="account-sign-up"
    />
  );
}

function AccountSections() {
  const { t } = useTranslation('account');
  const trpc = useTRPC();
  const user = useQuery(trpc.user.find.queryOptions());
  if (user.isPending) return <AccountSkeleton />;
  if (user.isError)
    return (
      <div className="mt-8 flex flex-wrap items-center gap-3">
        <FormAlert>{t('loadFailed')}</FormAlert>
        <Button variant="outline" size="sm" onClick={() => void user.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  return (
    <div className="mt-8 flex flex-col gap-6">
      <ProfileCard key={user.data.id} user={user.data} />
      <SubscriptionCard />
      <PasswordCard />
      <SessionsCard />
      <DeleteAccountCard email={user.data.email} />
    </div>
  );
}
