/**
 * Forgot password: the address → a code by e-mail plus the new password (twice) → signed in
 * with the new password. The server answers the first step the same whether or not the address
 * has an account, and so does this form.
 */
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useReducer } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { authApi } from './authApi.ts';
import { initialResetState, resetProblem, resetReducer } from './authFlows.ts';
import { CodeActions, CodeField, EmailField, PasswordField, ProblemAlert } from './AuthFields.tsx';
import { usePasswordProblem } from './authHooks.ts';
import { isSignedInSession, waitForSession } from './waitForSession.ts';

/** Problems that mark the new-password field (the others belong to the code or the confirmation). */
const PASSWORD_PROBLEMS = new Set(['PASSWORD_REQUIRED', 'PASSWORD_TOO_SHORT', 'PASSWORD_TOO_LONG', 'WEAK_PASSWORD']);

export interface ResetPasswordFormProps {
  initialEmail?: string;
  onDone(): void;
  /** "Back to log in" on the first step. */
  onCancel?(): void;
}

export function ResetPasswordForm({ initialEmail = '', onDone, onCancel }: ResetPasswordFormProps) {
  const { t } = useTranslation('common');
  const id = useId();
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(resetReducer, initialEmail, initialResetState);
  const passwordRule = usePasswordProblem(state.password, state.email, state.step === 'reset');

  async function sendCode(resend: boolean) {
    dispatch({ type: 'start' });
    const result = await authApi.requestPasswordReset(state.email);
    if (!result.ok) return dispatch({ type: 'failed', problem: result.problem });
    dispatch({ type: 'codeSent', now: Date.now(), resend });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (state.busy) return;
    const local = resetProblem(state) ?? (state.step === 'reset' ? (passwordRule ?? null) : null);
    if (local) return dispatch({ type: 'failed', problem: local });
    if (state.step === 'email') return sendCode(false);
    dispatch({ type: 'start' });
    const reset = await authApi.resetPassword(state.email, state.code, state.password);
    if (!reset.ok) return dispatch({ type: 'failed', problem: reset.problem });
    // Every session of the account was revoked: sign in again with the new password.
    const signedIn = await authApi.signIn(state.email, state.password);
    if (!signedIn.ok) return dispatch({ type: 'failed', problem: signedIn.problem });
    dispatch({ type: 'changed' });
    await Promise.all([waitForSession(isSignedInSession), queryClient.invalidateQueries()]);
    onDone();
  }

  if (state.step === 'email') {
    return (
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate data-testid="reset-email-step">
        <p className="text-sm text-muted">{t('auth.resetIntro')}</p>
        <EmailField id={`${id}-email`} value={state.email} onChange={(value) => dispatch({ type: 'edit', field: 'email', value })} invalid={Boolean(state.problem)} />
        <ProblemAlert problem={state.problem} />
        <Button type="submit" loading={state.busy} size="lg">
          {t('auth.sendCode')}
        </Button>
        {onCancel && (
          <button type="button" className="text-center text-sm font-medium text-accent-fg hover:underline" onClick={onCancel}>
            {t('auth.backToLogIn')}
          </button>
        )}
      </form>
    );
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate data-testid="reset-code-step">
      <p className="text-sm text-muted">
        <Trans t={t} i18nKey="auth.resetText" values={{ email: state.email.trim() }} components={{ strong: <strong className="text-fg" /> }} />
      </p>
      <CodeField id={`${id}-code`} value={state.code} onChange={(value) => dispatch({ type: 'edit', field: 'code', value })} invalid={state.problem?.code === 'CODE_REQUIRED'} />
      <PasswordField
        id={`${id}-password`}
        label={t('auth.newPassword')}
        value={state.password}
        onChange={(value) => dispatch({ type: 'edit', field: 'password', value })}
        autoComplete="new-password"
        invalid={PASSWORD_PROBLEMS.has(state.problem?.code ?? '')}
        rule={{ problem: passwordRule }}
      />
      <PasswordField
        id={`${id}-confirm`}
        label={t('auth.confirmPassword')}
        value={state.confirm}
        onChange={(value) => dispatch({ type: 'edit', field: 'confirm', value })}
        autoComplete="new-password"
        invalid={state.problem?.code === 'PASSWORD_MISMATCH'}
      />
      <ProblemAlert problem={state.problem} />
      <Button type="submit" loading={state.busy} size="lg">
        {t('auth.setPassword')}
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
