/** An empty state for what needs an e-mail account: says why, and offers sign-up and log-in. */
import type { LucideIcon } from 'lucide-react';
import { Button } from '../../components/ui/Button.tsx';
import { cn } from '../../components/ui/cn.ts';
import { usePopupStore } from '../popups/popupStore.ts';

export function SignUpPrompt({
  icon: Icon,
  text,
  signUpLabel,
  logInLabel,
  className,
  testId,
}: {
  icon: LucideIcon;
  text: string;
  signUpLabel: string;
  logInLabel: string;
  className?: string;
  testId: string;
}) {
  const open = usePopupStore((s) => s.open);
  return (
    <section className={cn('flex flex-col items-center gap-4 rounded-[var(--radius-card)] border border-border bg-surface p-8 text-center', className)} data-testid={testId}>
      <Icon className="text-accent-fg" aria-hidden />
      <p className="max-w-md text-muted">{text}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button onClick={() => open('signUp')}>{signUpLabel}</Button>
        <Button variant="outline" onClick={() => open('logIn', {})}>
          {logInLabel}
        </Button>
      </div>
    </section>
  );
}
