/** One section of the API platform dashboard: a titled card, labelled for assistive technology. */
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
