/** The sign-up, log-in and forgot-password popups (§2), around the shared account forms. */
import { safeCallbackPath } from '@tessera/shared/auth/rules';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast.tsx';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { pageNameOf } from '../../lib/analytics/superProperties.ts';
import { track } from '../../lib/analytics/tracker.ts';
import { usePopupStore } from '../popups/popupStore.ts';
import { AccountForm } from './AccountForm.tsx';
import type { AccountState } from './authFlows.ts';
import { ResetPasswordForm } from './ResetPasswordForm.tsx';

type Step = AccountState['step'];

export function SignUpDialog() {
  const { t } = useTranslation('common');
  const { current, close, open } = usePopupStore();
  const [step, setStep] = useState<Step>('credentials');
  const verifying = step !== 'credentials';
  const isOpen = current?.name === 'signUp';
  // §3 signup_popup_expose: the page it opened on is the source.
  useEffect(() => {
    if (isOpen) track('signup_popup_expose', { source: pageNameOf(window.location.pathname) });
  }, [isOpen]);
  return (
    <Dialog
      open={isOpen}
      onOpenChange={(o) => !o && close()}
      title={verifying ? t('auth.verifyTitle') : t('auth.signUpTitle')}
      {...(verifying ? {} : { description: t('auth.signUpSubtitle') })}
    >
      <AccountForm
        mode="signUp"
        onStepChange={setStep}
        onDone={() => {
          close();
          toast.success(t('auth.welcome'));
        }}
      />
      {!verifying && (
        <p className="mt-4 text-center text-sm text-muted">
          {t('auth.haveAccount')}{' '}
          <button type="button" className="font-medium text-accent-fg hover:underline" onClick={() => open('logIn', {})}>
            {t('auth.logIn')}
          </button>
        </p>
      )}
    </Dialog>
  );
}

export function LogInDialog() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const { current, close, open } = usePopupStore();
  const [step, setStep] = useState<Step>('credentials');
  const verifying = step !== 'credentials';
  const callbackUrl = current?.name === 'logIn' ? current.props.callbackUrl : undefined;
  return (
    <Dialog
      open={current?.name === 'logIn'}
      onOpenChange={(o) => !o && close()}
      title={verifying ? t('auth.verifyTitle') : t('auth.logInTitle')}
      {...(verifying ? {} : { description: t('auth.logInSubtitle') })}
    >
      <AccountForm
        mode="logIn"
        onStepChange={setStep}
        onForgotPassword={(email) => open('forgotPassword', { email, ...(callbackUrl ? { callbackUrl } : {}) })}
        onDone={() => {
          close();
          if (callbackUrl) void navigate(safeCallbackPath(callbackUrl));
        }}
      />
      {!verifying && (
        <p className="mt-4 text-center text-sm text-muted">
          {t('auth.noAccount')}{' '}
          <button type="button" className="font-medium text-accent-fg hover:underline" onClick={() => open('signUp')}>
            {t('auth.signUp')}
          </button>
        </p>
      )}
    </Dialog>
  );
}

export function ForgotPasswordDialog() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const { current, close, open } = usePopupStore();
  const props = current?.name === 'forgotPassword' ? current.props : null;
  return (
    <Dialog open={props !== null} onOpenChange={(o) => !o && close()} title={t('auth.resetTitle')}>
      <ResetPasswordForm
        initialEmail={props?.email ?? ''}
        onCancel={() => open('logIn', props?.callbackUrl ? { callbackUrl: props.callbackUrl } : {})}
        onDone={() => {
          close();
          toast.success(t('auth.passwordChanged'));
          if (props?.callbackUrl) void navigate(safeCallbackPath(props.callbackUrl));
        }}
      />
    </Dialog>
  );
}
