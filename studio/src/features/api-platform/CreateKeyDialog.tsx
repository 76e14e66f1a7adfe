/**
 * Creating a key: a name, then the whole key — shown this once (only its hash is stored), with a
 * copy button, the warning that it will not be shown again, and the trial API credits a first key
 * brings.
 */
import { type CreatedApiKey, zApiKeyName } from '@tessera/shared/api';
import { TriangleAlert, Gift } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { Input, Label } from '../../components/ui/Input.tsx';
import { CopyButton } from './CopyButton.tsx';

export function CreateKeyDialog({
  open,
  onOpenChange,
  created,
  busy,
  onCreate,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The key just created: the dialog then shows its secret instead of the form. */
  created: CreatedApiKey | null;
  busy: boolean;
  onCreate(name: string): void;
}) {
  const { t } = useTranslation('apiPlatform');
  const inputId = useId();
  const [name, setName] = useState('');
  const valid = zApiKeyName.safeParse(name).success;

  function change(next: boolean) {
    if (busy) return;
    if (!next) setName('');
    onOpenChange(next);
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (valid && !busy) onCreate(name.trim());
  }

  if (created) {
    return (
      <Dialog open={open} onOpenChange={change} title={t('create.createdTitle')} description={t('create.createdText')} className="max-w-lg">
        <CreatedKey created={created} onDone={() => change(false)} />
      </Dialog>
    );
  }
  return (
    <Dialog open={open} onOpenChange={change} title={t('create.title')} description={t('create.text')}>
      <form onSubmit={submit} className="flex flex-col gap-4" data-testid="api-key-create-form">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={inputId}>{t('create.nameLabel')}</Label>
          <Input
            id={inputId}
            value={name}
            maxLength={60}
            autoComplete="off"
            onChange={(e) => setName(e.target.value)}
            placeholder={t('create.namePlaceholder')}
            data-testid="api-key-name"
          />
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="ghost" disabled={busy} onClick={() => change(false)}>
            {t('create.cancel')}
          </Button>
          <Button type="submit" disabled={!valid} loading={busy} data-testid="api-key-create-submit">
            {t('create.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function CreatedKey({ created, onDone }: { created: CreatedApiKey; onDone(): void }) {
  const { t } = useTranslation('apiPlatform');
  const inputId = useId();
  const secretInput = useRef<HTMLInputElement>(null);
  return (
    <div className="flex flex-col gap-4" data-testid="api-key-created">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={inputId}>{t('create.secretLabel')}</Label>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
          <Input
            ref={secretInput}
            id={inputId}
            value={created.secret}
            readOnly
            dir="ltr"
            spellCheck={false}
            onFocus={(e) => e.currentTarget.select()}
            className="min-w-0 flex-1 font-mono text-xs"
            data-testid="api-key-secret"
          />
          <CopyButton text={created.secret} fallback={secretInput} size="md" testId="api-key-copy" />
        </div>
      </div>
      <p className="flex items-start gap-2 rounded-lg border border-amber-400/40 bg-amber-400/10 px-3 py-2 text-sm text-amber-200" role="note">
        <TriangleAlert size={16} aria-hidden className="mt-0.5 shrink-0" />
        <span>{t('create.warning')}</span>
      </p>
      {created.trialCredits > 0 && (
        <p className="flex items-start gap-2 rounded-lg border border-success/40 bg-success/10 px-3 py-2 text-sm text-success" data-testid="api-key-trial">
          <Gift size={16} aria-hidden className="mt-0.5 shrink-0" />
          <span>{t('create.trial', { credits: created.trialCredits })}</span>
        </p>
      )}
      <div className="flex justify-end">
        <Button type="button" onClick={onDone} data-testid="api-key-done">
          {t('create.done')}
        </Button>
      </div>
    </div>
  );
}
