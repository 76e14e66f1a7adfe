/**
 * §2 delete-account widget: says what deleting removes — creations, credits, history, files —
 * and that it is final, then opens the confirm widget. On success this browser signs out (the
 * server already ended every session), says so and goes home.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/Button.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { AccountCard } from './AccountCard.tsx';
import { DeleteAccountDialog } from './DeleteAccountDialog.tsx';
import { alertTextFor } from './problemText.ts';
import { leaveDeletedAccount, setDeletingHere } from './userDeleted.ts';

const REMOVED = ['creations', 'credits', 'history', 'files'] as const;

export function DeleteAccountCard({ email }: { email: string }) {
  const { t } = useTranslation('account');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const remove = useMutation(
    trpc.user.deleteAccount.mutationOptions({
      meta: { skipError: true },
      onMutate: () => setDeletingHere(true),
      onSuccess: () => leaveDeletedAccount('delete.done', { queryClient, navigate: (path) => navigate(path, { replace: true }) }),
      onError: (error) => {
        setDeletingHere(false);
        setProblem(alertTextFor(error));
      },
    }),
  );

  return (
    <AccountCard id="delete" title={t('delete.title')} text={t('delete.text')} tone="danger" testId="account-delete">
      <div className="flex flex-col gap-4">
        <div className="flex gap-3 rounded-xl border border-danger/30 bg-danger/5 p-4">
          <AlertTriangle className="mt-0.5 shrink-0 text-danger" size={18} aria-hidden />
          <div className="text-sm">
            <p className="font-medium">{t('delete.whatGoes')}</p>
            <ul className="mt-2 list-disc space-y-1 ps-5 text-muted">
              {REMOVED.map((item) => (
                <li key={item}>{t(`delete.removes.${item}`)}</li>
              ))}
            </ul>
            <p className="mt-3 font-medium text-danger">{t('delete.irreversible')}</p>
          </div>
        </div>
        <div className="flex justify-end">
          <Button
            variant="danger"
            onClick={() => {
              setProblem(null);
              setOpen(true);
            }}
            data-testid="delete-account-open"
          >
            {t('delete.button')}
          </Button>
        </div>
      </div>
      <DeleteAccountDialog
        open={open}
        onOpenChange={setOpen}
        email={email}
        busy={remove.isPending || remove.isSuccess}
        problem={problem}
        onConfirm={(confirmEmail) => {
          setProblem(null);
          remove.mutate({ confirmEmail });
        }}
      />
    </AccountCard>
  );
}
