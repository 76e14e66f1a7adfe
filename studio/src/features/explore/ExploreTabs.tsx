/** The explore section's tabs (§2): All, Video, Image, AI effects and Flows (issue 24), as links so each has its own URL. */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../../app/useLanguage.ts';
import { cn } from '../../components/ui/cn.ts';

export type ExploreTab = 'all' | 'video' | 'image' | 'effects' | 'flows';

const TABS: { tab: ExploreTab; path: string }[] = [
  { tab: 'all', path: '/all' },
  { tab: 'video', path: '/video' },
  { tab: 'image', path: '/image' },
  { tab: 'effects', path: '/ai-effects' },
  { tab: 'flows', path: '/flows' },
];

export function ExploreTabs({ active, className }: { active: ExploreTab | null; className?: string }) {
  const { t } = useTranslation(['explore', 'flowTemplates']);
  const to = useLocalizedPath();
  return (
    <nav aria-label={t('tabs.label')} className={cn('overflow-x-auto', className)}>
      <ul className="inline-flex gap-1 rounded-xl border border-border bg-surface p-1">
        {TABS.map(({ tab, path }) => (
          <li key={tab}>
            <Link
              to={to(path)}
              aria-current={active === tab ? 'page' : undefined}
              className={cn(
                'block rounded-lg px-4 py-2 text-sm whitespace-nowrap transition',
                active === tab ? 'bg-surface-2 text-fg' : 'text-muted hover:text-fg',
              )}
              data-testid={`explore-tab-${tab}`}
            >
              {tab === 'flows' ? t('flowTemplates:explore.tab') : t(`tabs.${tab}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
