/**
 * §2 delete-account confirm widget: the user types their e-mail address; the delete button
 * stays disabled until it matches (ignoring case, as the server does).
 */
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { Input, Label } from '../../components/ui/Input.tsx';
import { FormAlert } from './AccountCard.tsx';
import { confirmationMatches } from './accountRules.ts';

export function DeleteAccountDialog({
  open,
  onOpenChange,
  email,
  busy,
  problem,
  onConfirm,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  email: string;
  busy: boolean;
  problem: string | null;
  onConfirm(typedEmail: string): void;
}) {
  const { t } = useTranslation('account');
  const inputId = useId();
  const [typed, setTyped] = useState('');
  const matches = confirmationMatches(typed, email);

  function change(next: boolean) {
    if (busy) return;
    if (!next) setTyped('');
    onOpenChange(next);
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (matches && !busy) onConfirm(typed.trim());
  }

  return (
    <Dialog
      open={open}
      onOpenChange={change}
      title={t('delete.confirmTitle')}
      description={t('delete.confirmText', { email })}
    >
      <form onSubmit={onSubmit} className="flex flex-col gap-4" data-testid="delete-account-dialog">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={inputId}>{t('delete.emailLabel')}</Label>
          <Input
            id={inputId}
            type="email"
            autoComplete="off"
            spellCheck={false}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            placeholder={email}
            data-testid="delete-account-email"
          />
        </div>
        <p className="text-sm text-danger">{t('delete.irreversible')}</p>
        <FormAlert testId="delete-account-alert">{problem}</FormAlert>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="ghost" disabled={busy} onClick={() => change(false)}>
            {t('delete.cancel')}
          </Button>
          <Button type="submit" variant="danger" disabled={!matches} loading={busy} data-testid="delete-account-confirm">
            {t('delete.confirm')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
