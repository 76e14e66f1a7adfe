/** Building blocks the marketing and empty-state pages share: hero, section, FAQ, CTA band, empty state, note. */
import { Info, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../components/ui/cn.ts';

export const CARD = 'rounded-[var(--radius-card)] border border-border bg-surface';

export function Hero({ badge, title, subtitle, children }: { badge?: ReactNode; title: ReactNode; subtitle: ReactNode; children?: ReactNode }) {
  return (
    <section className="relative overflow-hidden">
      <div className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top,rgba(139,92,246,0.22),transparent_60%)]" aria-hidden />
      <div className="relative mx-auto flex max-w-4xl flex-col items-center gap-5 px-4 py-16 text-center sm:py-24">
        {badge && <span className="inline-flex items-center gap-1.5 rounded-full border border-border bg-surface px-3 py-1 text-xs text-muted">{badge}</span>}
        <h1 className="text-3xl font-bold tracking-tight break-words sm:text-5xl">{title}</h1>
        <p className="max-w-2xl text-base text-muted sm:text-lg">{subtitle}</p>
        {children && <div className="flex flex-wrap justify-center gap-3">{children}</div>}
      </div>
    </section>
  );
}

export function Section({
  id,
  title,
  subtitle,
  narrow,
  children,
  className,
}: {
  id?: string;
  title: string;
  subtitle?: string;
  narrow?: boolean;
  children: ReactNode;
  className?: string;
}) {
  const headingId = id ? `${id}-title` : undefined;
  return (
    <section id={id} aria-labelledby={headingId} className={cn('mx-auto scroll-mt-20 px-4 py-12 sm:py-16', narrow ? 'max-w-3xl' : 'max-w-6xl', className)}>
      <h2 id={headingId} className="text-2xl font-semibold sm:text-3xl">
        {title}
      </h2>
      {subtitle && <p className="mt-2 max-w-2xl text-muted">{subtitle}</p>}
      {children}
    </section>
  );
}

/** Numbered "how it works" steps. */
export function Steps({ steps }: { steps: { title: string; text: string }[] }) {
  return (
    <ol className="mt-8 grid gap-4 md:grid-cols-3">
      {steps.map((step, i) => (
        <li key={step.title} className={cn(CARD, 'p-6')}>
          <span className="text-gradient text-3xl font-bold" aria-hidden>
            {i + 1}
          </span>
          <h3 className="mt-2 font-medium">{step.title}</h3>
          <p className="mt-1 text-sm text-muted">{step.text}</p>
        </li>
      ))}
    </ol>
  );
}

/** Questions and answers as native disclosure widgets: keyboard accessible, no script needed. */
export function Faq({ items }: { items: { q: string; a: string }[] }) {
  return (
    <div className="mt-6 flex flex-col gap-3">
      {items.map(({ q, a }) => (
        <details key={q} className="group rounded-xl border border-border bg-surface p-4">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-3 font-medium marker:hidden">
            {q}
            <span className="text-muted transition group-open:rotate-45" aria-hidden>
              +
            </span>
          </summary>
          <p className="mt-2 text-sm text-muted">{a}</p>
        </details>
      ))}
    </div>
  );
}

export function CtaBand({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  return (
    <section className="mx-auto max-w-6xl px-4 pt-4 pb-16">
      <div className={cn(CARD, 'flex flex-col items-center gap-4 bg-gradient-to-br from-accent/15 to-accent-2/10 p-8 text-center sm:p-12')}>
        <h2 className="text-2xl font-semibold sm:text-3xl">{title}</h2>
        <p className="max-w-xl text-muted">{text}</p>
        <div className="flex flex-wrap justify-center gap-3">{children}</div>
      </div>
    </section>
  );
}

export function EmptyState({
  icon: Icon,
  title,
  text,
  children,
  testId,
  className,
}: {
  icon: LucideIcon;
  title: string;
  text: ReactNode;
  children?: ReactNode;
  testId?: string;
  className?: string;
}) {
  return (
    <section className={cn(CARD, 'flex flex-col items-center gap-4 p-8 text-center sm:p-12', className)} data-testid={testId}>
      <span className="flex h-12 w-12 items-center justify-center rounded-2xl bg-accent/15 text-accent-fg">
        <Icon size={24} aria-hidden />
      </span>
      <h2 className="text-xl font-semibold">{title}</h2>
      <div className="max-w-md text-muted">{text}</div>
      {children && <div className="flex flex-wrap justify-center gap-3">{children}</div>}
    </section>
  );
}

/** A short honest remark (e.g. "not on this server yet"). */
export function Note({ children, testId, className }: { children: ReactNode; testId?: string; className?: string }) {
  return (
    <p className={cn('flex items-start gap-2 rounded-lg border border-border bg-surface px-4 py-3 text-start text-sm text-muted', className)} role="note" data-testid={testId}>
      <Info size={16} aria-hidden className="mt-0.5 shrink-0 text-accent-fg" />
      <span>{children}</span>
    </p>
  );
}
