/** Password: current, new and confirmation, optionally signing out the other devices. */
import { PASSWORD_MIN_LENGTH } from '@tessera/shared/auth/rules';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Input, Label } from '../../components/ui/Input.tsx';
import { authClient } from '../../lib/authClient.ts';
import { AccountCard, FormAlert } from './AccountCard.tsx';
import { passwordErrorKey, passwordFormProblem } from './accountRules.ts';
import { SESSIONS_QUERY_KEY } from './useSessions.ts';

export function PasswordCard() {
  const { t } = useTranslation('account');
  const queryClient = useQueryClient();
  const ids = { current: useId(), next: useId(), confirm: useId(), others: useId(), hint: useId() };
  const [form, setForm] = useState({ current: '', next: '', confirm: '' });
  const [revokeOthers, setRevokeOthers] = useState(true);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const edit = (field: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [field]: e.target.value }));

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const local = passwordFormProblem(form);
    if (local) return setProblem(t(`password.errors.${local}`, { min: PASSWORD_MIN_LENGTH }));
    setProblem(null);
    setBusy(true);
    try {
      const { error } = await authClient.changePassword({
        currentPassword: form.current,
        newPassword: form.next,
        revokeOtherSessions: revokeOthers,
      });
      if (error) {
        const key = passwordErrorKey(error);
        // Unknown failures keep the server's own (§8) wording when it gave one.
        setProblem(key === 'password.errors.failed' && error.message ? error.message : t(key, { min: PASSWORD_MIN_LENGTH }));
        return;
      }
      setForm({ current: '', next: '', confirm: '' });
      toast.success(revokeOthers ? t('password.changedSignedOut') : t('password.changed'));
      // Revoking the others gave this device a new session token: the session list changed.
      authClient.$store.notify('$sessionSignal');
      await queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY });
    } catch {
      setProblem(t('password.errors.failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AccountCard id="password" title={t('password.title')} text={t('password.text')} testId="account-password">
      <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
        {/* Lets password managers tie the new password to the account. */}
        <input type="text" name="username" autoComplete="username" className="hidden" aria-hidden tabIndex={-1} readOnly />
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={ids.current}>{t('password.current')}</Label>
          <Input id={ids.current} type="password" autoComplete="current-password" value={form.current} onChange={edit('current')} />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={ids.next}>{t('password.new')}</Label>
            <Input id={ids.next} type="password" autoComplete="new-password" value={form.next} onChange={edit('next')} aria-describedby={ids.hint} />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={ids.confirm}>{t('password.confirm')}</Label>
            <Input
              id={ids.confirm}
              type="password"
              autoComplete="new-password"
              value={form.confirm}
              onChange={edit('confirm')}
              aria-invalid={form.confirm !== '' && form.confirm !== form.next ? true : undefined}
            />
          </div>
        </div>
        <p id={ids.hint} className="text-xs text-muted">
          {t('password.hint', { min: PASSWORD_MIN_LENGTH })}
        </p>
        <label htmlFor={ids.others} className="flex cursor-pointer items-center gap-2 text-sm">
          <input
            id={ids.others}
            type="checkbox"
            checked={revokeOthers}
            onChange={(e) => setRevokeOthers(e.target.checked)}
            className="h-4 w-4 accent-[var(--color-accent)]"
            data-testid="password-sign-out-others"
          />
          {t('password.signOutOthers')}
        </label>
        <FormAlert testId="password-alert">{problem}</FormAlert>
        <div className="flex justify-end">
          <Button type="submit" loading={busy} data-testid="password-submit">
            {t('password.submit')}
          </Button>
        </div>
      </form>
    </AccountCard>
  );
}
