/**
 * Sign-up and log-in by e-mail, shared by the popups and the /sign-in page: the account step
 * machine of authFlows.ts with its server calls. Sign-up continues to a code step whatever the
 * address (the server does not say whether it was registered); a log-in refused with "Email has
 * not been verified yet." offers a new code and continues to the same step.
 */
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useReducer, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { trackAuth } from '../../lib/analytics/authTracking.ts';
import { InviteCodeField } from '../rewards/InviteCodeField.tsx';
import { readPendingInvite, rememberTypedInvite } from '../rewards/pendingInvite.ts';
import { authApi } from './authApi.ts';
import { type AccountMode, type AccountState, accountProblem, accountReducer, initialAccountState } from './authFlows.ts';
import { CodeActions, CodeField, EmailField, PasswordField, ProblemAlert } from './AuthFields.tsx';
import { GoogleButton } from './GoogleButton.tsx';
import { usePasswordProblem } from './authHooks.ts';
import { isSignedInSession, waitForSession } from './waitForSession.ts';

export interface AccountFormProps {
  mode: AccountMode;
  /** Signed in: `signedUp` after a new address was verified, `signedIn` otherwise. */
  onDone(result: 'signedUp' | 'signedIn'): void;
  onStepChange?(step: AccountState['step']): void;
  /** Shown on the log-in step as "Forgot password?"; gets the address typed so far. */
  onForgotPassword?(email: string): void;
}

export function AccountForm({ mode, onDone, onStepChange, onForgotPassword }: AccountFormProps) {
  const { t } = useTranslation('common');
  const id = useId();
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(accountReducer, mode, (m) => initialAccountState(m));
  // §8 a friend's code, prefilled from an invite link; kept for after verification (usePendingInvite).
  const [inviteCode, setInviteCode] = useState(() => (mode === 'signUp' ? (readPendingInvite() ?? '') : ''));
  const passwordRule = usePasswordProblem(state.password, state.email, mode === 'signUp' && state.step === 'credentials');

  useEffect(() => onStepChange?.(state.step), [state.step, onStepChange]);

  /**
   * The session cookie is set: show the signed-in session (header, user-info cookie) before the
   * form closes, and refetch what depended on the previous (anonymous) session.
   */
  async function finish(result: 'signedUp' | 'signedIn') {
    dispatch({ type: 'verified' });
    await Promise.all([waitForSession(isSignedInSession), queryClient.invalidateQueries()]);
    // §4 Tracking: sign_up after a new address was verified, login otherwise.
    trackAuth(result === 'signedUp' ? 'sign_up' : 'login', 'email');
    onDone(result);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (state.busy) return;
    const local = accountProblem(state) ?? (state.step === 'credentials' && mode === 'signUp' ? (passwordRule ?? null) : null);
    if (local) {
      dispatch({ type: 'failed', problem: local });
      return;
    }
    dispatch({ type: 'start' });
    if (state.step === 'credentials') {
      if (mode === 'signUp' && !rememberTypedInvite(inviteCode)) {
        return dispatch({ type: 'failed', problem: { code: 'INVALID_INVITE_CODE' } });
      }
      const result = mode === 'signUp' ? await authApi.signUp(state.email, state.password) : await authApi.signIn(state.email, state.password);
      if (!result.ok) return dispatch({ type: 'failed', problem: result.problem });
      if (mode === 'signUp') return dispatch({ type: 'codeSent', now: Date.now() });
      return finish('signedIn');
    }
    const verified = await authApi.verifyEmail(state.email, state.code, state.password);
    if (!verified.ok) return dispatch({ type: 'failed', problem: verified.problem });
    if (!verified.signedIn && state.password) {
      // The server verified without starting a session: sign in with the password they typed.
      const signedIn = await authApi.signIn(state.email, state.password);
      if (!signedIn.ok) return dispatch({ type: 'failed', problem: signedIn.problem });
    }
    return finish(mode === 'signUp' ? 'signedUp' : 'signedIn');
  }

  async function sendCode(resend: boolean) {
    if (state.busy) return;
    dispatch({ type: 'start' });
    const result = await authApi.sendVerificationCode(state.email);
    if (!result.ok) return dispatch({ type: 'failed', problem: result.problem });
    dispatch({ type: 'codeSent', now: Date.now(), resend });
  }

  if (state.step !== 'credentials') {
    return (
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate data-testid="verify-step">
        <p className="text-sm text-muted">
          <Trans t={t} i18nKey="auth.verifyText" values={{ email: state.email.trim() }} components={{ strong: <strong className="text-fg" /> }} />
        </p>
        <CodeField id={`${id}-code`} value={state.code} onChange={(value) => dispatch({ type: 'edit', field: 'code', value })} invalid={Boolean(state.problem)} />
        <ProblemAlert problem={state.problem} />
        <Button type="submit" loading={state.busy} size="lg">
          {mode === 'signUp' ? t('auth.createAccount') : t('auth.verifyAndLogIn')}
        </Button>
        <CodeActions
          resendAt={state.resendAt}
          resent={state.resent}
          busy={state.busy}
          onBack={() => dispatch({ type: 'back' })}
          onResend={() => void sendCode(true)}
        />
      </form>
    );
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <EmailField id={`${id}-email`} value={state.email} onChange={(value) => dispatch({ type: 'edit', field: 'email', value })} invalid={Boolean(state.problem)} />
      <PasswordField
        id={`${id}-password`}
        label={t('auth.password')}
        value={state.password}
        onChange={(value) => dispatch({ type: 'edit', field: 'password', value })}
        autoComplete={mode === 'signUp' ? 'new-password' : 'current-password'}
        invalid={Boolean(state.problem)}
        {...(mode === 'signUp' ? { rule: { problem: passwordRule } } : {})}
      />
      {mode === 'signUp' && <InviteCodeField id={`${id}-invite`} value={inviteCode} onChange={setInviteCode} />}
      {mode === 'logIn' && onForgotPassword && (
        <button type="button" className="-mt-2 self-end text-xs font-medium text-accent-fg hover:underline" onClick={() => onForgotPassword(state.email.trim())}>
          {t('auth.forgotPassword')}
        </button>
      )}
      <ProblemAlert problem={state.problem}>
        {state.unverified && (
          <Button type="button" variant="outline" size="sm" className="mt-2" loading={state.busy} onClick={() => void sendCode(false)}>
            {t('auth.sendNewCode')}
          </Button>
        )}
      </ProblemAlert>
      <Button type="submit" loading={state.busy} size="lg">
        {mode === 'signUp' ? t('auth.continue') : t('auth.logIn')}
      </Button>
      <GoogleButton />
    </form>
  );
}
