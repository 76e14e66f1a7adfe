/** The sign-up form's optional friend's invite code (§8); redeemed once the e-mail is verified. */
import { useTranslation } from 'react-i18next';
import { Input, Label } from '../../components/ui/Input.tsx';

export function InviteCodeField({ id, value, onChange }: { id: string; value: string; onChange(value: string): void }) {
  const { t } = useTranslation('common');
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{t('auth.inviteCode')}</Label>
      <Input
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={32}
        dir="ltr"
        aria-describedby={`${id}-hint`}
        data-testid="invite-code-input"
      />
      <p id={`${id}-hint`} className="text-xs text-muted">
        {t('auth.inviteCodeHint')}
      </p>
    </div>
  );
}
