/** E-mail + password form shared by the sign-up and log-in popups and the /sign-in page. */
import { PASSWORD_MIN_LENGTH } from '@tessera/shared/auth';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { Input, Label } from '../../components/ui/Input.tsx';
import { authClient } from '../../lib/authClient.ts';

export type AuthMode = 'signUp' | 'logIn';

export function AuthForm({ mode, onDone }: { mode: AuthMode; onDone(): void }) {
  const { t } = useTranslation('common');
  const id = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim() || !password) {
      setError(t('auth.required'));
      return;
    }
    setBusy(true);
    setError(null);
    const result =
      mode === 'signUp'
        ? await authClient.signUp.email({ email: email.trim(), password, name: email.trim().split('@')[0] ?? 'Creator' })
        : await authClient.signIn.email({ email: email.trim(), password });
    setBusy(false);
    if (result.error) {
      setError(result.error.message ?? t('auth.failed'));
      return;
    }
    onDone();
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-email`}>{t('auth.email')}</Label>
        <Input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          placeholder="you@example.com"
          aria-invalid={Boolean(error) || undefined}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-password`}>{t('auth.password')}</Label>
        <Input
          id={`${id}-password`}
          type="password"
          autoComplete={mode === 'signUp' ? 'new-password' : 'current-password'}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={Boolean(error) || undefined}
          aria-describedby={mode === 'signUp' ? `${id}-hint` : undefined}
        />
        {mode === 'signUp' && (
          <p id={`${id}-hint`} className="text-xs text-muted">
            {t('auth.passwordHint', { count: PASSWORD_MIN_LENGTH })}
          </p>
        )}
      </div>
      {error && (
        <p role="alert" className="rounded-lg border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger">
          {error}
        </p>
      )}
      <Button type="submit" loading={busy} size="lg">
        {mode === 'signUp' ? t('auth.createAccount') : t('auth.logIn')}
      </Button>
    </form>
  );
}
