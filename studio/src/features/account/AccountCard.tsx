import type { ReactNode } from 'react';
import { cn } from '../../components/ui/cn.ts';

/** One section of the account page: a titled card, labelled for assistive technology. */
export function AccountCard({
  id,
  title,
  text,
  children,
  tone = 'default',
  testId,
}: {
  id: string;
  title: string;
  text?: string;
  children: ReactNode;
  tone?: 'default' | 'danger';
  testId?: string;
}) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      className={cn(
        'rounded-[var(--radius-card)] border bg-surface p-5 sm:p-6',
        tone === 'danger' ? 'border-danger/50' : 'border-border',
      )}
      data-testid={testId}
    >
      <h2 id={`${id}-title`} className={cn('text-lg font-semibold', tone === 'danger' && 'text-danger')}>
        {title}
      </h2>
      {text && <p className="mt-1 text-sm text-muted">{text}</p>}
      <div className="mt-5">{children}</div>
    </section>
  );
}

/** The alert region of a form: the problem to show, or nothing. */
export function FormAlert({ children, testId }: { children: ReactNode; testId?: string }) {
  if (!children) return null;
  return (
    <p role="alert" className="rounded-lg border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger" data-testid={testId}>
      {children}
    </p>
  );
}
