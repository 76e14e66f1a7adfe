/**
 * App pages whose forms arrive with later issues, as real empty states: /app/ai-video,
 * /app/ai-avatar and /app/ai-shorts say what they will do and lead to what works today.
 */
import { ArrowRight, Clock, ImageIcon, type LucideIcon, Sparkles, Wand2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../app/useLanguage.ts';
import { cn } from '../components/ui/cn.ts';
import { CARD } from '../features/landing/landingUi.tsx';

export type ComingArea = 'aiVideo' | 'aiAvatar' | 'aiShorts';

const AREAS: Record<ComingArea, { testId: string; landing: string }> = {
  aiVideo: { testId: 'page-app-ai-video', landing: '/ai-video' },
  aiAvatar: { testId: 'page-app-ai-avatar', landing: '/ai-avatar' },
  aiShorts: { testId: 'page-app-ai-shorts', landing: '/ai-shorts' },
};
const FEATURE_COUNT = 3;

export function AppComingPage({ area }: { area: ComingArea }) {
  const { t } = useTranslation('pages');
  const to = useLocalizedPath();
  const k = (key: string) => t(`appComing.${area}.${key}`);
  const today: { to: string; icon: LucideIcon; title: string; text: string }[] = [
    { to: '/app/ai-image', icon: ImageIcon, title: t('appComing.createImage'), text: t('appComing.createImageText') },
    { to: '/app/ai-tools', icon: Wand2, title: t('appComing.tools'), text: t('appComing.toolsText') },
  ];

  return (
    <main className="mx-auto max-w-4xl px-4 py-10" data-testid={AREAS[area].testId}>
      <title>{k('metaTitle')}</title>
      <meta name="description" content={k('text')} />
      <span className="inline-flex items-center gap-1.5 rounded-full border border-border bg-surface px-3 py-1 text-xs text-muted">
        <Clock size={12} aria-hidden /> {t('appComing.badge')}
      </span>
      <h1 className="mt-3 text-3xl font-bold">{k('title')}</h1>
      <p className="mt-2 max-w-2xl text-muted">{k('text')}</p>

      <ul className="mt-6 grid gap-3 sm:grid-cols-3" data-testid="coming-features">
        {Array.from({ length: FEATURE_COUNT }, (_, i) => (
          <li key={i} className={cn(CARD, 'flex items-start gap-2 p-4 text-sm')}>
            <Sparkles size={16} aria-hidden className="mt-0.5 shrink-0 text-accent-fg" />
            {k(`features.${i + 1}`)}
          </li>
        ))}
      </ul>
      <Link to={to(AREAS[area].landing)} className="mt-4 inline-flex items-center gap-1 text-sm font-medium text-violet-300 hover:text-violet-200 hover:underline">
        {t('appComing.learnMore')} <ArrowRight size={14} aria-hidden className="rtl:rotate-180" />
      </Link>

      <section aria-labelledby="works-today" className="mt-10">
        <h2 id="works-today" className="text-xl font-semibold">
          {t('appComing.worksToday')}
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          {today.map(({ to: path, icon: Icon, title, text }) => (
            <li key={path}>
              <Link to={to(path)} className={cn(CARD, 'group flex h-full items-start gap-4 p-5 transition hover:border-accent')}>
                <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-accent/15 text-accent-fg">
                  <Icon size={20} aria-hidden />
                </span>
                <span className="flex flex-col gap-1">
                  <span className="font-semibold">{title}</span>
                  <span className="text-sm text-muted">{text}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
