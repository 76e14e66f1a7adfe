/**
 * /app/admin/users/:id: one user — profile, plan and subscription, credits, counts — with the two
 * things an admin does to an account: grant credits (through the ledger, reason required) and
 * ban or unban (with a reason, after a confirm). Both are recorded in the audit log by the server.
 */
import { planKeyOfProductName } from '@tessera/shared/plans';
import { type AdminUserDto, zAdminGrantInput } from '@tessera/shared/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Ban, Gift, ShieldCheck } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useLocalizedPath } from '../../app/useLanguage.ts';
import { Button } from '../../components/ui/Button.tsx';
import { cn } from '../../components/ui/cn.ts';
import { describeError, issuesByField } from '../../features/admin/adminErrors.ts';
import { AdminPageHeader, Badge, CARD, CONTROL, ConfirmDialog, Field, FormError, ListSkeleton, QueryError, TEXTAREA } from '../../features/admin/AdminUi.tsx';
import { useAdminFormat } from '../../features/admin/useAdminFormat.ts';
import { toast } from '../../lib/toast.tsx';
import { useTRPC } from '../../lib/trpc.ts';

export function AdminUserPage() {
  const { t } = useTranslation('admin');
  const { id = '' } = useParams();
  const trpc = useTRPC();
  const to = useLocalizedPath();
  const user = useQuery({ ...trpc.admin.users.get.queryOptions({ id }), meta: { skipError: true } });

  return (
    <div data-testid="page-admin-user">
      <Button variant="ghost" size="sm" asChild className="mb-4 -ms-3">
        <Link to={to('/app/admin/users')}>
          <ArrowLeft size={16} aria-hidden className="rtl:rotate-180" /> {t('user.back')}
        </Link>
      </Button>
      {user.isPending ? (
        <ListSkeleton rows={4} className="[&>div]:h-28" />
      ) : user.isError ? (
        <QueryError error={user.error} onRetry={() => void user.refetch()} retrying={user.isFetching} />
      ) : (
        <UserDetail user={user.data} />
      )}
    </div>
  );
}

function Panel({ title, children, className, testId }: { title: string; children: ReactNode; className?: string; testId?: string }) {
  return (
    <section className={cn(CARD, 'p-4 md:p-5', className)} data-testid={testId}>
      <h2 className="mb-3 font-semibold">{title}</h2>
      {children}
    </section>
  );
}

function Facts({ items }: { items: { key: string; label: string; value: ReactNode }[] }) {
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-3">
      {items.map((f) => (
        <div key={f.key} data-testid={`user-${f.key}`}>
          <dt className="text-xs text-muted">{f.label}</dt>
          <dd className="mt-0.5 text-sm break-words tabular-nums">{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function UserDetail({ user }: { user: AdminUserDto }) {
  const { t } = useTranslation(['admin', 'pricing']);
  const to = useLocalizedPath();
  const format = useAdminFormat();
  const sub = user.subscription;
  const tasksLink = `${to('/app/admin/tasks')}?user=${encodeURIComponent(user.email ?? user.id)}`;

  return (
    <div className="flex flex-col gap-4">
      <AdminPageHeader
        title={user.email ?? t('users.anonymous')}
        subtitle={user.name}
        actions={
          <div className="flex flex-wrap gap-2">
            {user.role === 'admin' && <Badge tone="accent">{t('users.admin')}</Badge>}
            {user.banned && (
              <Badge tone="bad" testId="user-banned">
                {t('users.banned')}
              </Badge>
            )}
          </div>
        }
      />
      <div className="grid gap-4 lg:grid-cols-2">
        <Panel title={t('user.profile')}>
          <Facts
            items={[
              { key: 'id', label: t('user.id'), value: <code className="font-mono text-xs">{user.id}</code> },
              { key: 'role', label: t('user.role'), value: user.role },
              { key: 'verified', label: t('user.verified'), value: user.emailVerified ? t('user.yes') : t('user.no') },
              { key: 'since', label: t('user.since'), value: format.dateTime(user.createdAt) },
            ]}
          />
        </Panel>
        <Panel title={t('user.plan')}>
          <Facts
            items={[
              // Plans by the one name the cards, checkout and account page use.
              { key: 'plan', label: t('user.planName'), value: t(`pricing:plans.${user.plan}.name`, { defaultValue: user.plan }) },
              { key: 'subscription', label: t('user.subscription'), value: sub ? t(`pricing:plans.${planKeyOfProductName(sub.productName)}.name`) : t('user.noSubscription') },
              { key: 'subStatus', label: t('user.subStatus'), value: sub ? sub.status + (sub.cancelAtPeriodEnd ? ` · ${t('user.cancelling')}` : '') : '—' },
              { key: 'periodEnd', label: t('user.periodEnd'), value: sub?.currentPeriodEnd ? format.dateTime(sub.currentPeriodEnd) : '—' },
            ]}
          />
        </Panel>
        <Panel title={t('user.credits')} testId="user-credits">
          <Facts
            items={[
              { key: 'remaining', label: t('user.remaining'), value: <span data-testid="user-credits-remaining">{user.credits.remaining}</span> },
              { key: 'total', label: t('user.total'), value: <span data-testid="user-credits-total">{user.credits.total}</span> },
              { key: 'used', label: t('user.used'), value: user.credits.used },
            ]}
          />
        </Panel>
        <Panel title={t('user.activity')}>
          <Facts
            items={[
              {
                key: 'tasks',
                label: t('user.tasks'),
                value: (
                  <Link to={tasksLink} className="text-accent-fg hover:underline">
                    {format.number(user.counts.tasks)}
                  </Link>
                ),
              },
              { key: 'creations', label: t('user.creations'), value: format.number(user.counts.creations) },
              { key: 'published', label: t('user.published'), value: format.number(user.counts.published) },
            ]}
          />
        </Panel>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <GrantForm user={user} />
        <BanPanel user={user} />
      </div>
    </div>
  );
}

function GrantForm({ user }: { user: AdminUserDto }) {
  const { t } = useTranslation('admin');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [expires, setExpires] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const grant = useMutation({
    ...trpc.admin.users.grant.mutationOptions({
      onSuccess: (_data, vars) => {
        toast.success(t('grant.done', { count: vars.amount, email: user.email ?? user.id }));
        setAmount('');
        setReason('');
        setExpires('');
        void queryClient.invalidateQueries(trpc.admin.users.pathFilter());
        void queryClient.invalidateQueries(trpc.admin.audit.pathFilter());
      },
    }),
    meta: { skipError: true },
  });

  return (
    <Panel title={t('grant.title')} testId="grant-panel">
      <form
        className="flex flex-col gap-3"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const parsed = zAdminGrantInput.safeParse({
            userId: user.id,
            amount: amount.trim() === '' ? Number.NaN : Number(amount),
            reason,
            ...(expires.trim() ? { expiresInDays: Number(expires) } : {}),
          });
          if (!parsed.success) {
            // One message per field, in the page's language (zod's own are English).
            const messages: Record<string, string> = { amount: t('grant.amountInvalid'), reason: t('grant.reasonRequired'), expiresInDays: t('grant.expiresInvalid') };
            const fields = issuesByField(parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })));
            setFieldErrors(Object.fromEntries(Object.entries(fields).map(([field, message]) => [field, messages[field] ?? message])));
            return;
          }
          setFieldErrors({});
          grant.mutate(parsed.data);
        }}
        data-testid="grant-form"
      >
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label={t('grant.amount')} error={fieldErrors.amount}>
            {(props) => (
              <input {...props} type="number" inputMode="numeric" min={1} max={100000} step={1} className={CONTROL} value={amount} onChange={(e) => setAmount(e.target.value)} data-testid="grant-amount" />
            )}
          </Field>
          <Field label={t('grant.expires')} hint={t('grant.expiresHint')} error={fieldErrors.expiresInDays}>
            {(props) => (
              <input {...props} type="number" inputMode="numeric" min={1} max={3650} step={1} className={CONTROL} value={expires} onChange={(e) => setExpires(e.target.value)} data-testid="grant-expires" />
            )}
          </Field>
        </div>
        <Field label={t('grant.reason')} error={fieldErrors.reason}>
          {(props) => <textarea {...props} rows={2} maxLength={300} className={TEXTAREA} value={reason} onChange={(e) => setReason(e.target.value)} data-testid="grant-reason" />}
        </Field>
        <FormError message={grant.isError ? describeError(grant.error).message : null} />
        <div>
          <Button type="submit" loading={grant.isPending} data-testid="grant-submit">
            <Gift size={16} aria-hidden /> {t('grant.submit')}
          </Button>
        </div>
      </form>
    </Panel>
  );
}

function BanPanel({ user }: { user: AdminUserDto }) {
  const { t } = useTranslation('admin');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const banning = !user.banned;
  const ban = useMutation({
    ...trpc.admin.users.ban.mutationOptions({
      onSuccess: (updated) => {
        queryClient.setQueryData(trpc.admin.users.get.queryKey({ id: user.id }), updated);
        void queryClient.invalidateQueries(trpc.admin.users.lookup.pathFilter());
        void queryClient.invalidateQueries(trpc.admin.audit.pathFilter());
        toast.success(updated.banned ? t('ban.banned') : t('ban.unbanned'));
        setOpen(false);
        setReason('');
      },
    }),
    meta: { skipError: true },
  });

  return (
    <Panel title={banning ? t('ban.title') : t('ban.unbanTitle')} testId="ban-panel">
      <p className="text-sm text-muted">{banning ? t('ban.text') : t('ban.unbanText')}</p>
      <Button
        className="mt-4"
        variant={banning ? 'danger' : 'outline'}
        onClick={() => {
          ban.reset();
          setOpen(true);
        }}
        data-testid="ban-open"
      >
        {banning ? <Ban size={16} aria-hidden /> : <ShieldCheck size={16} aria-hidden />}
        {banning ? t('ban.ban') : t('ban.unban')}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={banning ? t('ban.confirmTitle', { email: user.email ?? user.id }) : t('ban.confirmUnbanTitle', { email: user.email ?? user.id })}
        description={banning ? t('ban.confirmText') : t('ban.confirmUnbanText')}
        confirmLabel={banning ? t('ban.ban') : t('ban.unban')}
        destructive={banning}
        pending={ban.isPending}
        error={ban.isError ? describeError(ban.error).message : null}
        onConfirm={() => {
          const trimmed = reason.trim();
          ban.mutate({ userId: user.id, banned: banning, ...(trimmed ? { reason: trimmed } : {}) });
        }}
      >
        <Field label={t('ban.reason')}>
          {(props) => <textarea {...props} rows={3} maxLength={300} className={TEXTAREA} value={reason} onChange={(e) => setReason(e.target.value)} data-testid="ban-reason" />}
        </Field>
      </ConfirmDialog>
    </Panel>
  );
}
