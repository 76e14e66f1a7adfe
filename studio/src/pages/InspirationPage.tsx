/**
 * /inspiration: a small curated gallery of prompt ideas grouped by theme. Each opens the image
 * form with the prompt filled in (/app/ai-image?prompt=…). The prompts lean on the words the
 * local engine understands (colours, moods, scenes), so they work on every server.
 */
import { Building2, type LucideIcon, Mountain, Orbit, Palette, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../app/useLanguage.ts';
import { cn } from '../components/ui/cn.ts';
import { withPrompt } from '../features/landing/landingCatalog.ts';
import { CARD, Note } from '../features/landing/landingUi.tsx';

const THEMES: { key: string; icon: LucideIcon; swatch: string }[] = [
  { key: 'landscapes', icon: Mountain, swatch: 'from-emerald-600/40 via-teal-500/30 to-sky-600/40' },
  { key: 'cities', icon: Building2, swatch: 'from-slate-700/60 via-rose-500/30 to-cyan-500/30' },
  { key: 'space', icon: Orbit, swatch: 'from-indigo-950/70 via-violet-600/40 to-fuchsia-500/30' },
  { key: 'moods', icon: Palette, swatch: 'from-orange-500/40 via-pink-500/30 to-yellow-400/30' },
];
const PROMPTS_PER_THEME = 3;

export function InspirationPage() {
  const { t } = useTranslation('pages');
  const to = useLocalizedPath();
  return (
    <main className="mx-auto max-w-6xl px-4 py-10" data-testid="page-inspiration">
      <title>{t('inspiration.meta.title')}</title>
      <meta name="description" content={t('inspiration.meta.description')} />
      <h1 className="text-3xl font-bold sm:text-4xl">{t('inspiration.title')}</h1>
      <p className="mt-2 max-w-2xl text-muted">{t('inspiration.subtitle')}</p>
      <Note className="mt-6">{t('inspiration.engineNote')}</Note>

      {THEMES.map(({ key, icon: Icon, swatch }) => (
        <section key={key} aria-labelledby={`theme-${key}`} className="mt-10">
          <h2 id={`theme-${key}`} className="flex items-center gap-2 text-xl font-semibold">
            <Icon size={20} aria-hidden className="text-accent-fg" /> {t(`inspiration.themes.${key}.title`)}
          </h2>
          <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {Array.from({ length: PROMPTS_PER_THEME }, (_, i) => {
              const prompt = t(`inspiration.themes.${key}.prompts.${i + 1}`);
              return (
                <li key={i} className={cn(CARD, 'flex flex-col overflow-hidden')} data-testid="inspiration-card">
                  <div className={cn('flex h-24 items-center justify-center bg-gradient-to-br', swatch)} aria-hidden>
                    <Icon size={26} className="text-white/80" />
                  </div>
                  <div className="flex flex-1 flex-col gap-3 p-5">
                    <p className="flex-1 text-sm">“{prompt}”</p>
                    <Link
                      to={to(withPrompt('/app/ai-image', prompt))}
                      aria-label={t('inspiration.usePromptLabel', { prompt })}
                      className="inline-flex items-center gap-1 self-start text-sm font-medium text-violet-300 hover:text-violet-200 hover:underline"
                      data-testid="use-prompt"
                    >
                      <Sparkles size={14} aria-hidden /> {t('inspiration.usePrompt')}
                    </Link>
                  </div>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </main>
  );
}
