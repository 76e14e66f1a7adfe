/** Rewards need an e-mail account (anonymous sessions are too cheap to make): invite to sign up. */
import { Gift } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SignUpPrompt } from '../auth/SignUpPrompt.tsx';

export function RewardsSignUpPrompt({ className }: { className?: string }) {
  const { t } = useTranslation('rewards');
  return (
    <SignUpPrompt
      icon={Gift}
      text={t('signedOut.text')}
      signUpLabel={t('signedOut.signUp')}
      logInLabel={t('signedOut.logIn')}
      testId="rewards-sign-up"
      {...(className ? { className } : {})}
    />
  );
}
