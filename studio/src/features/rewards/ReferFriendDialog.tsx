/**
 * The refer-friend popup (§2, §8): the user's invite link and code, how the rewards work, what
 * inviting earned so far, and — for someone who joined without one — a field for a friend's code.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Copy, Gift } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { Input, Label } from '../../components/ui/Input.tsx';
import { TOAST_DURATION_MS } from '../../lib/site.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { useViewer } from '../auth/useViewer.ts';
import { usePopupStore } from '../popups/popupStore.ts';
import { RewardsSignUpPrompt } from './RewardsSignUpPrompt.tsx';

export default function ReferFriendDialog() {
  const { t } = useTranslation('rewards');
  const { current, close } = usePopupStore();
  const viewer = useViewer();
  return (
    <Dialog open={current?.name === 'referFriend'} onOpenChange={(o) => !o && close()} title={t('invite.title')} description={t('invite.text')} className="sm:max-w-lg">
      {viewer.status === 'signedIn' ? (
        <ReferBody />
      ) : viewer.status === 'loading' ? (
        <div className="h-48 animate-pulse rounded-lg bg-surface-2" aria-busy />
      ) : (
        <RewardsSignUpPrompt className="p-6" />
      )}
    </Dialog>
  );
}

function ReferBody() {
  const { t } = useTranslation('rewards');
  const id = useId();
  const trpc = useTRPC();
  const invite = useQuery({ ...trpc.invite.get.queryOptions(), meta: { skipError: true } });
  const linkRef = useRef<HTMLInputElement>(null);

  if (invite.isPending) return <div className="h-48 animate-pulse rounded-lg bg-surface-2" aria-busy data-testid="invite-loading" />;
  if (invite.isError) {
    return (
      <div className="flex flex-col items-center gap-3 py-4 text-center" role="alert" data-testid="invite-error">
        <p className="text-sm text-muted">{t('loadFailed')}</p>
        <Button variant="outline" size="sm" onClick={() => void invite.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  }

  const data = invite.data;
  const link = `${window.location.origin}${data.path}`;

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      toast.success(t('invite.copied'), { duration: TOAST_DURATION_MS });
    } catch {
      // No clipboard access (insecure origin, permission): select the link to copy by hand.
      linkRef.current?.focus();
      linkRef.current?.select();
      toast.info(t('invite.copyManually'), { duration: TOAST_DURATION_MS });
    }
  }

  const stats = [
    { key: 'joined', value: data.joined },
    { key: 'subscribed', value: data.subscribed },
    { key: 'earned', value: data.earned },
  ] as const;

  return (
    <div className="flex flex-col gap-5" data-testid="refer-popup">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-link`}>{t('invite.link')}</Label>
        <div className="flex gap-2">
          <Input id={`${id}-link`} ref={linkRef} value={link} readOnly onFocus={(e) => e.currentTarget.select()} data-testid="invite-link" />
          <Button variant="secondary" onClick={() => void copy()} data-testid="invite-copy">
            <Copy size={14} aria-hidden /> {t('invite.copy')}
          </Button>
        </div>
        <p className="text-xs text-muted">
          {t('invite.code')}{' '}
          <strong className="font-mono text-sm tracking-wider text-fg" data-testid="invite-code">
            {data.code}
          </strong>
        </p>
      </div>

      <div className="flex gap-3 rounded-lg bg-surface-2 p-4 text-sm">
        <Gift size={18} className="mt-0.5 shrink-0 text-accent-2" aria-hidden />
        <div>
          <p className="font-medium">{t('invite.howTitle')}</p>
          <p className="mt-1 text-muted">{t('invite.how', { friendCredits: data.friendCredits, subscribeCredits: data.subscribeCredits })}</p>
        </div>
      </div>

      <dl className="grid grid-cols-3 gap-2 text-center" data-testid="invite-stats">
        {stats.map((s) => (
          <div key={s.key} className="rounded-lg border border-border p-3">
            <dt className="text-xs text-muted">{t(`invite.stats.${s.key}`)}</dt>
            <dd className="mt-1 text-xl font-semibold tabular-nums" data-testid={`invite-${s.key}`}>
              {s.value}
            </dd>
          </div>
        ))}
      </dl>

      {data.invitedBy === null ? (
        <RedeemForm />
      ) : (
        <p className="text-xs text-muted" data-testid="invite-invited-by">
          {t('invite.invitedBy', { code: data.invitedBy })}
        </p>
      )}
    </div>
  );
}

function RedeemForm() {
  const { t } = useTranslation('rewards');
  const id = useId();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const redeem = useMutation(
    trpc.invite.redeem.mutationOptions({
      // The outcome is shown here, next to the field, not as a toast.
      meta: { skipError: true },
      onSuccess: (answer) => {
        const text =
          answer.status === 'rewarded' ? t('invite.toast.rewarded', { credits: answer.credits }) : (answer.message ?? t('invite.redeem.alreadyRewarded'));
        setResult({ ok: true, text });
        void queryClient.invalidateQueries({ queryKey: trpc.invite.pathKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.mission.pathKey() });
      },
      onError: (error) => setResult({ ok: false, text: error.message || t('invite.redeem.failed') }),
    }),
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = code.trim();
    if (!value) return setResult({ ok: false, text: t('invite.redeem.empty') });
    setResult(null);
    redeem.mutate({ code: value });
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-1.5 border-t border-border pt-4" noValidate data-testid="invite-redeem">
      <Label htmlFor={`${id}-code`}>{t('invite.redeem.label')}</Label>
      <div className="flex gap-2">
        <Input
          id={`${id}-code`}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          placeholder={t('invite.redeem.placeholder')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={32}
          aria-invalid={result && !result.ok ? true : undefined}
          aria-describedby={result ? `${id}-result` : undefined}
        />
        <Button type="submit" variant="outline" loading={redeem.isPending}>
          {t('invite.redeem.submit')}
        </Button>
      </div>
      {result && (
        <p id={`${id}-result`} role={result.ok ? 'status' : 'alert'} className={result.ok ? 'text-sm text-success' : 'text-sm text-danger'} data-testid="invite-redeem-result">
          {result.text}
        </p>
      )}
    </form>
  );
}
