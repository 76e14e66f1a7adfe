import { navSection } from '@tessera/shared/routes';
import { ChevronDown } from 'lucide-react';
import type { ButtonHTMLAttributes, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { cn } from '../ui/cn.ts';
import { CREATE_ITEMS } from './navItems.ts';

/** The "Create" trigger, highlighted while a creation page is open (§2 sections). */
export function CreateButton({ ref, ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { ref?: Ref<HTMLButtonElement> }) {
  const { t } = useTranslation('common');
  const section = navSection(useLocation().pathname);
  const active = CREATE_ITEMS.some((item) => item.section === section);
  return (
    <button
      type="button"
      {...props}
      ref={ref}
      className={cn(
        'inline-flex items-center gap-1 whitespace-nowrap rounded-lg px-3 py-2 text-sm transition hover:bg-surface-2 hover:text-fg',
        active ? 'bg-surface-2 font-medium text-fg' : 'text-muted',
      )}
      data-nav="create"
      data-active={active || undefined}
    >
      {t('nav.create')}
      <ChevronDown size={14} aria-hidden />
    </button>
  );
}
