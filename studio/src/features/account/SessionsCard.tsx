/** Active sessions: every device signed in to the account, with sign-out for one or all others. */
import { getLanguage } from '@tessera/shared/i18n';
import { useQueryClient } from '@tanstack/react-query';
import { Globe, LogOut, Monitor, Smartphone, Tablet } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast.tsx';
import { useLanguage } from '../../app/useLanguage.ts';
import { Button } from '../../components/ui/Button.tsx';
import { authClient } from '../../lib/authClient.ts';
import { AccountCard, FormAlert } from './AccountCard.tsx';
import { type ActiveSession, SESSIONS_QUERY_KEY, useSessions } from './useSessions.ts';
import { type DeviceKind, summarizeUserAgent } from './userAgent.ts';

const KIND_ICONS: Record<DeviceKind, typeof Monitor> = { desktop: Monitor, mobile: Smartphone, tablet: Tablet, unknown: Globe };

export function SessionsCard() {
  const { t } = useTranslation('account');
  const queryClient = useQueryClient();
  const sessions = useSessions(true);
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const others = (sessions.data ?? []).filter((s) => !s.current);

  async function run(id: string, call: () => Promise<{ error: { message?: string | undefined; status: number } | null }>, done: string) {
    setBusy(id);
    setProblem(null);
    try {
      const { error } = await call();
      if (error) setProblem(error.status === 429 ? t('sessions.tooMany') : t('sessions.failed'));
      else toast.success(done);
    } catch {
      setProblem(t('sessions.failed'));
    } finally {
      setBusy(null);
      await queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY });
    }
  }

  return (
    <AccountCard id="sessions" title={t('sessions.title')} text={t('sessions.text')} testId="account-sessions">
      {sessions.isPending ? (
        <ul className="flex flex-col gap-3" aria-busy>
          {[0, 1].map((i) => (
            <li key={i} className="h-16 animate-pulse rounded-xl bg-surface-2" />
          ))}
        </ul>
      ) : sessions.isError ? (
        <div className="flex flex-wrap items-center gap-3">
          <FormAlert>{t('sessions.loadFailed')}</FormAlert>
          <Button size="sm" variant="outline" onClick={() => void sessions.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : (
        <div className="flex flex-col gap-4">
          <ul className="flex flex-col gap-3" data-testid="session-list">
            {sessions.data.map((s) => (
              <SessionRow
                key={s.id}
                session={s}
                busy={busy === s.id}
                disabled={busy !== null}
                onRevoke={() => void run(s.id, () => authClient.revokeSession({ token: s.token }), t('sessions.revoked'))}
              />
            ))}
          </ul>
          {others.length === 0 && (
            <p className="text-sm text-muted" data-testid="sessions-none">
              {t('sessions.none')}
            </p>
          )}
          <FormAlert testId="sessions-alert">{problem}</FormAlert>
          {others.length > 0 && (
            <div className="flex justify-end">
              <Button
                variant="outline"
                loading={busy === 'others'}
                disabled={busy !== null}
                onClick={() => void run('others', () => authClient.revokeOtherSessions(), t('sessions.revokedOthers'))}
                data-testid="revoke-other-sessions"
              >
                <LogOut size={14} aria-hidden /> {t('sessions.revokeOthers')}
              </Button>
            </div>
          )}
        </div>
      )}
    </AccountCard>
  );
}

function SessionRow({ session, busy, disabled, onRevoke }: { session: ActiveSession; busy: boolean; disabled: boolean; onRevoke(): void }) {
  const { t } = useTranslation('account');
  const lang = useLanguage();
  const format = useMemo(() => new Intl.DateTimeFormat(getLanguage(lang).bcp47, { dateStyle: 'medium', timeStyle: 'short' }), [lang]);
  const device = summarizeUserAgent(session.userAgent);
  const Icon = KIND_ICONS[device.kind];
  const name =
    device.browser && device.os
      ? t('sessions.deviceOn', { browser: device.browser, os: device.os })
      : (device.browser ?? device.os ?? t('sessions.unknownDevice'));
  return (
    <li
      className="flex flex-wrap items-center gap-3 rounded-xl border border-border bg-surface-2/50 p-3 sm:flex-nowrap"
      data-testid="session-row"
      data-current={session.current || undefined}
    >
      <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-surface-2 text-muted">
        <Icon size={18} aria-hidden />
        <span className="sr-only">{t(`sessions.kinds.${device.kind}`)}</span>
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
          <span className="truncate">{name}</span>
          {session.current && (
            <span className="rounded-full bg-accent/15 px-2 py-0.5 text-xs text-accent-fg" data-testid="this-device">
              {t('sessions.thisDevice')}
            </span>
          )}
        </p>
        <p className="mt-0.5 text-xs text-muted">
          {session.ipAddress ? t('sessions.ip', { ip: session.ipAddress }) : t('sessions.ipUnknown')}
          {' · '}
          <time dateTime={session.updatedAt.toISOString()}>{t('sessions.lastActive', { time: format.format(session.updatedAt) })}</time>
        </p>
      </div>
      {!session.current && (
        <Button size="sm" variant="ghost" loading={busy} disabled={disabled} onClick={onRevoke} aria-label={t('sessions.revokeLabel', { device: name })} data-testid="revoke-session">
          {t('sessions.revoke')}
        </Button>
      )}
    </li>
  );
}
