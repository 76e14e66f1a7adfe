/** Building blocks every console page shares: headers, states (no access, error, empty, loading), confirm dialog, fields. */
import { ImageOff, Inbox, ShieldAlert } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useLocalizedPath } from '../../app/useLanguage.ts';
import { Button } from '../../components/ui/Button.tsx';
import { cn } from '../../components/ui/cn.ts';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { isAccessDenied } from './analyticsChartData.ts';
import { describeError } from './adminErrors.ts';

export const CARD = 'rounded-[var(--radius-card)] border border-border bg-surface';
export const CONTROL =
  'h-10 w-full rounded-lg border border-border bg-surface-2 px-3 text-sm text-fg placeholder:text-muted focus:border-accent focus:outline-none aria-[invalid=true]:border-danger';
export const TEXTAREA =
  'w-full rounded-lg border border-border bg-surface-2 px-3 py-2 text-sm text-fg placeholder:text-muted focus:border-accent focus:outline-none aria-[invalid=true]:border-danger';
export const TABLE = 'w-full min-w-[640px] text-left text-sm';
export const TH = 'border-b border-border px-3 py-2 text-xs font-medium uppercase tracking-wide text-muted';
export const TD = 'border-b border-border/60 px-3 py-2 align-top';

export function AdminPageHeader({ title, subtitle, actions }: { title: string; subtitle?: string; actions?: ReactNode }) {
  const { t } = useTranslation('admin');
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <title>{t('meta.pageTitle', { page: title })}</title>
      <div>
        <h1 className="text-2xl font-bold md:text-3xl">{title}</h1>
        {subtitle && <p className="mt-1 text-muted">{subtitle}</p>}
      </div>
      {actions}
    </div>
  );
}

/** Signed-in non-admins, and guests (with a way to log in). */
export function NoAccess({ guest = false }: { guest?: boolean }) {
  const { t } = useTranslation('admin');
  const to = useLocalizedPath();
  const location = useLocation();
  return (
    <section className={cn(CARD, 'mx-auto mt-10 flex max-w-xl flex-col items-center gap-4 p-10 text-center')} role="alert" data-testid="admin-no-access">
      <ShieldAlert className="text-muted" aria-hidden />
      <h1 className="text-xl font-semibold">{guest ? t('access.guestTitle') : t('access.title')}</h1>
      <p className="max-w-md text-muted">{guest ? t('access.guestText') : t('access.text')}</p>
      <div className="flex flex-wrap justify-center gap-3">
        {guest && (
          <Button asChild>
            <Link to={`${to('/sign-in')}?callbackUrl=${encodeURIComponent(location.pathname + location.search)}`}>{t('access.signIn')}</Link>
          </Button>
        )}
        <Button variant="outline" asChild>
          <Link to={to('/home')}>{t('access.home')}</Link>
        </Button>
      </div>
    </section>
  );
}

/** A failed load: "no access" when the server refused the caller, else the message and a retry. */
export function QueryError({ error, onRetry, retrying }: { error: unknown; onRetry: () => void; retrying?: boolean }) {
  const { t } = useTranslation('admin');
  if (isAccessDenied(error)) return <NoAccess />;
  return (
    <section className={cn(CARD, 'mt-6 flex flex-col items-center gap-4 p-8 text-center')} role="alert" data-testid="admin-error">
      <p className="text-muted">{t('states.error', { message: describeError(error).message })}</p>
      <Button variant="outline" loading={retrying} onClick={onRetry}>
        {t('states.retry')}
      </Button>
    </section>
  );
}

export function EmptyState({ title, text, icon, testId = 'admin-empty' }: { title: string; text?: string; icon?: ReactNode; testId?: string }) {
  return (
    <section className={cn(CARD, 'mt-6 flex flex-col items-center gap-3 p-10 text-center')} data-testid={testId}>
      {icon ?? <Inbox className="text-muted" aria-hidden />}
      <h2 className="font-semibold">{title}</h2>
      {text && <p className="max-w-md text-sm text-muted">{text}</p>}
    </section>
  );
}

export function ListSkeleton({ rows = 6, className }: { rows?: number; className?: string }) {
  const { t } = useTranslation('admin');
  return (
    <div className={cn('mt-6 flex flex-col gap-2', className)} role="status" aria-busy aria-label={t('states.loading')} data-testid="admin-loading">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="h-12 animate-pulse rounded-lg bg-surface" />
      ))}
    </div>
  );
}

export function LoadMore({ show, loading, onClick }: { show: boolean; loading: boolean; onClick: () => void }) {
  const { t } = useTranslation('admin');
  if (!show) return null;
  return (
    <div className="mt-6 flex justify-center">
      <Button variant="outline" loading={loading} onClick={onClick} data-testid="admin-load-more">
        {t('states.loadMore')}
      </Button>
    </div>
  );
}

export type BadgeTone = 'neutral' | 'good' | 'warn' | 'bad' | 'accent';
const TONES: Record<BadgeTone, string> = {
  neutral: 'border-border text-muted',
  good: 'border-success/40 text-success',
  warn: 'border-amber-400/40 text-amber-300',
  bad: 'border-danger/50 text-danger',
  accent: 'border-accent/50 text-accent-fg',
};

export function Badge({ tone = 'neutral', children, testId }: { tone?: BadgeTone; children: ReactNode; testId?: string }) {
  return (
    <span className={cn('inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap', TONES[tone])} data-testid={testId}>
      {children}
    </span>
  );
}

const STATUS_TONES: Record<string, BadgeTone> = {
  succeeded: 'good',
  published: 'good',
  active: 'good',
  running: 'accent',
  queued: 'neutral',
  unpublished: 'neutral',
  failed: 'bad',
  removed: 'bad',
  canceled: 'warn',
  hidden: 'warn',
  retired: 'warn',
};

/** A task, publish or template status, coloured by how good it is. */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('admin');
  return <Badge tone={STATUS_TONES[status] ?? 'neutral'}>{t(`statuses.${status}`, { defaultValue: status })}</Badge>;
}

/** A labelled form control with its error (aria-describedby) and hint. */
export function Field({
  label,
  error,
  hint,
  className,
  children,
}: {
  label: string;
  error?: string | undefined;
  hint?: string;
  className?: string;
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby': string | undefined }) => ReactNode;
}) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-xs text-danger" data-testid="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** The server's answer to a form, shown inside it. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="rounded-lg border border-danger/50 bg-danger/10 px-3 py-2 text-sm text-danger" role="alert" data-testid="form-error">
      {message}
    </p>
  );
}

/** Asks before an action; destructive ones get a red button. `children` may add inputs (a note, a reason). */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  destructive,
  pending,
  error,
  onConfirm,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  confirmLabel: string;
  destructive?: boolean;
  pending?: boolean;
  error?: string | null;
  onConfirm: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation('admin');
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} {...(description ? { description } : {})}>
      <form
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          onConfirm();
        }}
        data-testid="confirm-dialog"
      >
        {children}
        <FormError message={error ?? null} />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" onClick={() => onOpenChange(false)}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" variant={destructive ? 'danger' : 'primary'} loading={pending} data-testid="confirm-action">
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** Pretty-printed JSON in a scrollable block. */
export function JsonBlock({ value, label, testId }: { value: unknown; label: string; testId?: string }) {
  return (
    <pre
      className="max-h-96 overflow-auto rounded-lg border border-border bg-surface-2 p-3 font-mono text-xs leading-relaxed whitespace-pre-wrap break-all"
      aria-label={label}
      tabIndex={0}
      data-testid={testId}
    >
      {JSON.stringify(value, null, 2) ?? 'undefined'}
    </pre>
  );
}

/**
 * An image that says so when it cannot be shown (a file gone from storage, a preview that failed
 * to render) instead of the browser's broken-image icon.
 */
export function Thumb({ src, alt, className, testId }: { src: string; alt: string; className?: string; testId?: string }) {
  const { t } = useTranslation('admin');
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <span role="img" aria-label={alt || t('states.noPreview')} title={t('states.noPreview')} className={cn('flex items-center justify-center bg-surface-2 text-muted', className)} data-testid={testId}>
        <ImageOff size={18} aria-hidden />
      </span>
    );
  }
  return <img src={src} alt={alt} loading="lazy" className={className} onError={() => setFailed(true)} data-testid={testId} />;
}
