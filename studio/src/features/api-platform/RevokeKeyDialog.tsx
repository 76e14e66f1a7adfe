/** Asks before revoking a key: calls with it are refused at once, on every node, for good. */
import type { ApiKeyView } from '@tessera/shared/api';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { Dialog } from '../../components/ui/Dialog.tsx';

export function RevokeKeyDialog({ apiKey, busy, onCancel, onConfirm }: { apiKey: ApiKeyView | null; busy: boolean; onCancel(): void; onConfirm(key: ApiKeyView): void }) {
  const { t } = useTranslation('apiPlatform');
  return (
    <Dialog
      open={apiKey !== null}
      onOpenChange={(open) => !open && !busy && onCancel()}
      title={t('revoke.title')}
      description={apiKey ? t('revoke.text', { name: apiKey.name, prefix: apiKey.prefix }) : undefined}
    >
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end" data-testid="api-key-revoke-dialog">
        <Button type="button" variant="ghost" disabled={busy} onClick={onCancel}>
          {t('revoke.cancel')}
        </Button>
        <Button type="button" variant="danger" loading={busy} onClick={() => apiKey && onConfirm(apiKey)} data-testid="api-key-revoke-confirm">
          {t('revoke.confirm')}
        </Button>
      </div>
    </Dialog>
  );
}
