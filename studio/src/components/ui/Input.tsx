import type { InputHTMLAttributes, Ref } from 'react';
import { cn } from './cn.ts';

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  ref?: Ref<HTMLInputElement>;
}

export function Input({ className, ...rest }: InputProps) {
  return (
    <input
      className={cn(
        'h-10 w-full rounded-lg border border-border bg-surface-2 px-3 text-sm text-fg placeholder:text-muted',
        'focus:border-accent focus:outline-none aria-[invalid=true]:border-danger',
        className,
      )}
      {...rest}
    />
  );
}

export function Label({ className, ...rest }: React.LabelHTMLAttributes<HTMLLabelElement>) {
  // biome-ignore lint: the label is associated through htmlFor by callers
  return <label className={cn('text-sm font-medium text-fg', className)} {...rest} />;
}
