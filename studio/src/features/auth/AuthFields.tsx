/** Pieces the account forms share: the alert region, the code input, resend/back, password fields. */
import { PASSWORD_MIN_LENGTH } from '@tessera/shared/auth/rules';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { Input, Label } from '../../components/ui/Input.tsx';
import { problemText } from './authApi.ts';
import { type AuthProblem, CODE_LENGTH } from './authFlows.ts';
import { useDevMailbox, useResendCountdown } from './authHooks.ts';

/** The alert region: §8 messages (and a follow-up action, e.g. "send a new code"). */
export function ProblemAlert({ problem, children }: { problem: AuthProblem | null; children?: ReactNode }) {
  const { t } = useTranslation('common');
  if (!problem) return null;
  return (
    <div role="alert" className="rounded-lg border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger" data-problem={problem.code}>
      <p>{problemText(problem, t)}</p>
      {children}
    </div>
  );
}

/**
 * One input for the whole code: numeric keyboard, the browser's one-time-code autofill, and a
 * paste of "123 456" or "123-456" kept as its digits (the reducer normalizes).
 */
/** The e-mail input of the account forms. */
export function EmailField({ id, value, onChange, invalid }: { id: string; value: string; onChange(value: string): void; invalid: boolean }) {
  const { t } = useTranslation('common');
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{t('auth.email')}</Label>
      <Input id={id} type="email" autoComplete="email" value={value} onChange={(e) => onChange(e.target.value)} placeholder="you@example.com" aria-invalid={invalid || undefined} />
    </div>
  );
}

export function CodeField({ id, value, onChange, invalid }: { id: string; value: string; onChange(value: string): void; invalid: boolean }) {
  const { t } = useTranslation('common');
  const mailbox = useDevMailbox(true);
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{t('auth.code')}</Label>
      <Input
        id={id}
        name="one-time-code"
        inputMode="numeric"
        dir="ltr"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        autoFocus
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={'0'.repeat(CODE_LENGTH)}
        aria-invalid={invalid || undefined}
        className="h-12 text-center font-mono text-2xl tracking-[0.5em]"
        data-testid="code-input"
      />
      {mailbox && (
        <p className="text-xs text-muted" data-testid="dev-mailbox-hint">
          {t('auth.devMailbox')}{' '}
          <a href="/dev/mailbox" target="_blank" rel="noopener" className="font-medium text-accent-fg hover:underline">
            {t('auth.devMailboxLink')}
          </a>
        </p>
      )}
    </div>
  );
}

/** §4 "back" and "resend code", the latter disabled while its cooldown runs. */
export function CodeActions({ resendAt, resent, busy, onBack, onResend }: { resendAt: number; resent: boolean; busy: boolean; onBack(): void; onResend(): void }) {
  const { t } = useTranslation('common');
  const left = useResendCountdown(resendAt);
  return (
    <div className="flex flex-col gap-2">
      {resent && (
        <p className="text-xs text-muted" role="status">
          {t('auth.codeResent')}
        </p>
      )}
      <div className="flex items-center justify-between gap-2">
        <Button type="button" variant="ghost" size="sm" onClick={onBack} disabled={busy}>
          {t('auth.back')}
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={onResend} disabled={busy || left > 0} data-testid="resend-code">
          {left > 0 ? t('auth.resendIn', { seconds: left }) : t('auth.resend')}
        </Button>
      </div>
    </div>
  );
}

/** A password input; with `rule`, the server's rule shown as the user types. */
export function PasswordField({
  id,
  label,
  value,
  onChange,
  autoComplete,
  invalid,
  rule,
}: {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  autoComplete: 'current-password' | 'new-password';
  invalid: boolean;
  /** undefined = no hint; otherwise the live answer of the password rule (null = fine, loading = undefined). */
  rule?: { problem: AuthProblem | null | undefined };
}) {
  const { t } = useTranslation('common');
  const weak = rule && value && rule.problem ? rule.problem : null;
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="password"
        autoComplete={autoComplete}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={invalid || undefined}
        aria-describedby={rule ? `${id}-hint` : undefined}
      />
      {rule && (
        <p id={`${id}-hint`} className={weak ? 'text-xs text-danger' : 'text-xs text-muted'} data-testid="password-hint">
          {weak ? problemText(weak, t) : t('auth.passwordHint', { count: PASSWORD_MIN_LENGTH })}
        </p>
      )}
    </div>
  );
}
