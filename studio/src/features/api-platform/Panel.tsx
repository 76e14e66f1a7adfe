/** One section of the API platform dashboard: a titled card, labelled for assistive technology. */
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { cn } from '../../components/ui/cn.ts';

export function Panel({
  id,
  title,
  text,
  actions,
  children,
  className,
}: {
  id: string;
  title: string;
  text?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className={cn('min-w-0 rounded-[var(--radius-card)] border border-border bg-surface p-5 sm:p-6', className)} data-testid={`api-${id}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={`${id}-title`} className="text-lg font-semibold">
            {title}
          </h2>
          {text && <p className="mt-1 text-sm text-muted">{text}</p>}
        </div>
        {actions}
      </div>
      <div className="mt-5">{children}</div>
    </section>
  );
}

/** Placeholder rows while a list loads. */
export function RowsLoading({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <div className="flex flex-col gap-2" role="status" aria-busy aria-label={label}>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="h-12 animate-pulse rounded-lg bg-surface-2" />
      ))}
    </div>
  );
}

export type PillTone = 'neutral' | 'good' | 'warn' | 'bad';
const PILL_TONES: Record<PillTone, string> = {
  neutral: 'border-border text-muted',
  good: 'border-success/40 text-success',
  warn: 'border-amber-400/40 text-amber-300',
  bad: 'border-danger/50 text-danger',
};

/** A short status word in a coloured outline. */
export function Pill({ tone, children, testId }: { tone: PillTone; children: ReactNode; testId?: string }) {
  return (
    <span className={cn('inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap', PILL_TONES[tone])} data-testid={testId}>
      {children}
    </span>
  );
}

/** A failed load: what failed, and a way to try again. */
export function LoadFailed({ text, retryLabel, onRetry, retrying }: { text: string; retryLabel: string; onRetry: () => void; retrying?: boolean }) {
  return (
    <div className="flex flex-wrap items-center gap-3" role="alert">
      <p className="rounded-lg border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger">{text}</p>
      <Button size="sm" variant="outline" loading={retrying} onClick={onRetry}>
        {retryLabel}
      </Button>
    </div>
  );
}

/** A list with nothing in it yet: what would be here, and how to get it. */
export function EmptyList({ icon: Icon, title, text, testId }: { icon: LucideIcon; title: string; text: string; testId: string }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-border p-8 text-center" data-testid={testId}>
      <Icon className="text-accent-fg" aria-hidden />
      <p className="font-medium">{title}</p>
      <p className="max-w-sm text-sm text-muted">{text}</p>
    </div>
  );
}

export const TH = 'border-b border-border px-3 py-2 text-start text-xs font-medium uppercase tracking-wide text-muted';
export const TD = 'border-b border-border/60 px-3 py-2.5 align-middle';

/**
 * A wide table that scrolls inside its card on a phone: the region is focusable so keyboards can
 * scroll it, and positioned so the sr-only labels (absolute) stay inside it instead of widening the page.
 */
export function ScrollTable({ label, minWidth, testId, children }: { label: string; minWidth: string; testId: string; children: ReactNode }) {
  return (
    <div className="relative overflow-x-auto" role="region" aria-label={label} tabIndex={0}>
      <table className={cn('w-full text-sm', minWidth)} data-testid={testId}>
        {children}
      </table>
    </div>
  );
}
