/**
 * Marketing pages driven by `features/landing/landingCatalog.ts`: the page areas (/ai-video,
 * /ai-image …), the model landing pages (/models/video/:slug, /models/image/:slug,
 * /tools/:slug) and the effects pages (/ai-effects, /video-effects[/:slug],
 * /photo-effects[/:slug], /app/pro-effects[/:slug]).
 */
import { ArrowLeft, ImageIcon, Sparkles, Wand2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useLocalizedPath } from '../app/useLanguage.ts';
import { Button } from '../components/ui/Button.tsx';
import { ExploreTabs } from '../features/explore/ExploreTabs.tsx';
import { areaLanding, findLanding, type LandingKind } from '../features/landing/landingCatalog.ts';
import { LandingPage } from '../features/landing/LandingPage.tsx';
import { EmptyState, Hero } from '../features/landing/landingUi.tsx';
import { NotFoundPage } from './StatusPage.tsx';

/** A page area with a fixed slug (`ai-product-avatar` renders `ai-avatar`). */
export function AreaLandingPage({ slug }: { slug: string }) {
  return <LandingPage landing={areaLanding(slug)} />;
}

/** /models/video/:slug, /models/image/:slug, /tools/:slug: unknown slugs are a 404. */
export function ModelLandingPage({ kind }: { kind: Exclude<LandingKind, 'area' | 'videoEffect' | 'photoEffect'> }) {
  const { slug } = useParams();
  const landing = findLanding(kind, slug);
  if (!landing) return <NotFoundPage />;
  return <LandingPage key={landing.slug} landing={landing} />;
}

export type EffectsVariant = 'ai' | 'video' | 'photo' | 'pro';

const LIST_PATHS: Record<EffectsVariant, string> = { ai: '/ai-effects', video: '/video-effects', photo: '/photo-effects', pro: '/app/pro-effects' };

/** The effects catalogue (another issue's): hero and an honest empty state until effects exist. */
export function EffectsPage({ variant }: { variant: EffectsVariant }) {
  const { t } = useTranslation(['landing', 'explore']);
  const to = useLocalizedPath();
  const k = (key: string) => t(`effects.kinds.${variant}.${key}`);
  return (
    <main data-testid="page-effects" data-variant={variant}>
      <title>{k('metaTitle')}</title>
      <meta name="description" content={k('metaDescription')} />
      <Hero
        badge={
          <>
            <Sparkles size={14} aria-hidden className="text-accent-fg" /> {k('badge')}
          </>
        }
        title={k('title')}
        subtitle={k('subtitle')}
      />
      <div className="mx-auto max-w-6xl px-4 pb-16">
        {/* /ai-effects belongs to the explore section (§2 navigation highlighting). */}
        {variant === 'ai' && <ExploreTabs active="effects" className="mb-8" />}
        <EmptyState icon={Sparkles} title={t('effects.empty.title')} text={t('effects.empty.text')} testId="effects-empty">
          <Button asChild size="lg">
            <Link to={to('/app/ai-tools')}>
              <Wand2 size={16} aria-hidden /> {t('effects.empty.tools')}
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to={to('/app/ai-image')}>
              <ImageIcon size={16} aria-hidden /> {t('effects.empty.image')}
            </Link>
          </Button>
        </EmptyState>
      </div>
    </main>
  );
}

/**
 * /video-effects/:slug, /photo-effects/:slug, /app/pro-effects/:slug: an effect's landing page
 * when the catalogue knows it, otherwise a "not available" state leading back to the list.
 */
export function EffectLandingPage({ kind, variant }: { kind: 'videoEffect' | 'photoEffect'; variant: EffectsVariant }) {
  const { slug = '' } = useParams();
  const { t } = useTranslation('landing');
  const to = useLocalizedPath();
  const landing = findLanding(kind, slug);
  if (landing) return <LandingPage key={landing.slug} landing={landing} />;
  return (
    <main className="mx-auto max-w-3xl px-4 py-16" data-testid="page-effect-unavailable">
      <title>{t('effects.unavailable.metaTitle')}</title>
      <meta name="description" content={t('effects.unavailable.text', { slug })} />
      <h1 className="mb-8 text-center text-3xl font-bold">{t('effects.unavailable.title')}</h1>
      <EmptyState icon={Sparkles} title={t(`effects.kinds.${variant}.title`)} text={t('effects.unavailable.text', { slug })} testId="effect-unavailable">
        <Button asChild size="lg">
          <Link to={to(LIST_PATHS[variant])}>
            <ArrowLeft size={16} aria-hidden className="rtl:rotate-180" /> {t('effects.unavailable.back')}
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to={to('/app/ai-tools')}>
            <Wand2 size={16} aria-hidden /> {t('effects.empty.tools')}
          </Link>
        </Button>
      </EmptyState>
    </main>
  );
}
