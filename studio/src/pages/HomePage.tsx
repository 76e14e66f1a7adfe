import {
  AudioLines,
  Brush,
  Clapperboard,
  Coins,
  Drama,
  Film,
  Gift,
  Image,
  ImagePlus,
  Layers,
  type LucideIcon,
  Scissors,
  Sparkles,
  UserRound,
  Users,
  Video,
  Wand2,
} from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useLocalizedPath } from '../app/useLanguage.ts';
import { Button } from '../components/ui/Button.tsx';
import { useViewer } from '../features/auth/useViewer.ts';
import { HostedNone } from '../features/models/HostedNone.tsx';
import { usePopupStore } from '../features/popups/popupStore.ts';
import { track } from '../lib/analytics/tracker.ts';
import { hasSignedInUserInfoCookie } from '../lib/userInfoCookie.ts';

const KINDS: { key: string; icon: LucideIcon }[] = [
  { key: 'textToVideo', icon: Video },
  { key: 'imageToVideo', icon: Film },
  { key: 'videoToVideo', icon: Clapperboard },
  { key: 'textToImage', icon: Image },
  { key: 'imageToImage', icon: ImagePlus },
  { key: 'aiAvatar', icon: UserRound },
  { key: 'mimicMotion', icon: Drama },
  { key: 'aiShorts', icon: Scissors },
  { key: 'videoEffects', icon: Sparkles },
  { key: 'photoEffects', icon: Wand2 },
  { key: 'consistentCharacter', icon: Users },
  { key: 'animation', icon: Brush },
  { key: 'videoEditor', icon: Layers },
];

const TOOLS = [
  'upscale',
  'lipSync',
  'faceSwap',
  'backgroundRemoval',
  'subtitleRemoval',
  'objectRemover',
  'uncrop',
  'inpaint',
  'productPhoto',
  'soundEffects',
  'videoExtension',
] as const;

const STEPS = ['describe', 'generate', 'finish'] as const;
const EARN = [
  { key: 'checkIn', icon: Gift },
  { key: 'missions', icon: Sparkles },
  { key: 'invites', icon: Users },
  { key: 'subscriptions', icon: Coins },
] as const;
const FAQ = ['whatIs', 'free', 'collaborate', 'offline'] as const;

function Section({ id, title, subtitle, narrow, children }: { id: string; title: string; subtitle?: string; narrow?: boolean; children: ReactNode }) {
  return (
    <section id={id} className={`mx-auto ${narrow ? 'max-w-3xl' : 'max-w-7xl'} scroll-mt-20 px-4 py-16`}>
      <h2 className="text-2xl font-semibold sm:text-3xl">{title}</h2>
      {subtitle && <p className="mt-2 text-muted">{subtitle}</p>}
      {children}
    </section>
  );
}

const CARD = 'rounded-[var(--radius-card)] border border-border bg-surface';

/** `/` sends a visitor whose user-info cookie holds an e-mail to `/home` (§2). */
export function RootPage() {
  const to = useLocalizedPath();
  if (hasSignedInUserInfoCookie()) return <Navigate to={to('/home')} replace />;
  return <HomePage />;
}

export function HomePage() {
  const { t } = useTranslation('home');
  const viewer = useViewer();
  const open = usePopupStore((s) => s.open);
  // §3 banner events: the hero is the home page's banner; its call to action is the click.
  useEffect(() => track('banner', { action: 'expose', banner_id: 'home-hero', position: 'top' }), []);
  const heroClick = () => track('banner', { action: 'click', banner_id: 'home-hero', position: 'top' });

  return (
    <main>
      <title>{t('meta.title')}</title>
      <meta name="description" content={t('meta.description')} />

      <section className="relative overflow-hidden">
        <div className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top,rgba(139,92,246,0.25),transparent_60%)]" aria-hidden />
        <div className="relative mx-auto flex max-w-5xl flex-col items-center gap-6 px-4 py-20 text-center sm:py-28">
          <span className="rounded-full border border-border bg-surface px-3 py-1 text-xs text-muted">{t('hero.badge')}</span>
          <h1 className="text-4xl font-bold tracking-tight sm:text-6xl" data-testid="hero-title">
            {t('hero.title')} <span className="text-gradient">{t('hero.highlight')}</span>
          </h1>
          <p className="max-w-2xl text-lg text-muted">{t('hero.subtitle')}</p>
          <div className="flex flex-wrap justify-center gap-3">
            {viewer.status === 'signedIn' ? (
              <Button asChild size="lg">
                <a href="#create" onClick={heroClick} data-track="home-hero-cta">
                  {t('hero.ctaSignedIn')}
                </a>
              </Button>
            ) : (
              <Button
                size="lg"
                data-track="home-hero-cta"
                onClick={() => {
                  heroClick();
                  open('signUp');
                }}
              >
                {t('hero.cta')}
              </Button>
            )}
            <Button asChild size="lg" variant="outline">
              <a href="#how-it-works">{t('hero.secondary')}</a>
            </Button>
          </div>
          {/* Honest before paying (issue 23): a server with no hosted model says so up front. */}
          <HostedNone className="max-w-xl justify-center text-center" />
        </div>
      </section>

      <Section id="create" title={t('create.title')} subtitle={t('create.subtitle')}>
        <ul className="mt-8 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {KINDS.map(({ key, icon: Icon }) => (
            <li key={key} className={`${CARD} p-5 transition hover:border-accent/60`}>
              <Icon className="text-accent-fg" size={22} aria-hidden />
              <h3 className="mt-3 font-medium">{t(`kinds.${key}.name`)}</h3>
              <p className="mt-1 text-sm text-muted">{t(`kinds.${key}.text`)}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="tools" title={t('tools.title')} subtitle={t('tools.subtitle')}>
        <ul className="mt-6 flex flex-wrap gap-2">
          {TOOLS.map((key) => (
            <li key={key} className="flex items-center gap-2 rounded-full border border-border bg-surface px-4 py-2 text-sm">
              <AudioLines size={14} className="text-accent-2" aria-hidden />
              {t(`tools.items.${key}`)}
            </li>
          ))}
        </ul>
      </Section>

      <Section id="how-it-works" title={t('how.title')}>
        <ol className="mt-8 grid gap-4 md:grid-cols-3">
          {STEPS.map((key, i) => (
            <li key={key} className={`${CARD} p-6`}>
              <span className="text-gradient text-3xl font-bold">{i + 1}</span>
              <h3 className="mt-2 font-medium">{t(`how.${key}.title`)}</h3>
              <p className="mt-1 text-sm text-muted">{t(`how.${key}.text`)}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section id="credits" title={t('credits.title')} subtitle={t('credits.subtitle')}>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {EARN.map(({ key, icon: Icon }) => (
            <li key={key} className={`${CARD} p-5`}>
              <Icon className="text-accent-2" size={20} aria-hidden />
              <h3 className="mt-3 font-medium">{t(`credits.${key}.title`)}</h3>
              <p className="mt-1 text-sm text-muted">{t(`credits.${key}.text`)}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="faq" title={t('faq.title')} narrow>
        <div className="mt-6 flex flex-col gap-3">
          {FAQ.map((key) => (
            <details key={key} className="group rounded-xl border border-border bg-surface p-4">
              <summary className="cursor-pointer list-none font-medium marker:hidden">{t(`faq.${key}.q`)}</summary>
              <p className="mt-2 text-sm text-muted">{t(`faq.${key}.a`)}</p>
            </details>
          ))}
        </div>
      </Section>
    </main>
  );
}
