import { Coins, Gift, Sparkles, Users } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { useLocalizedPath } from '../app/useLanguage.ts';
import { Button } from '../components/ui/Button.tsx';
import { useViewer } from '../features/auth/useViewer.ts';
import { HostedNone } from '../features/models/HostedNone.tsx';
import { usePopupStore } from '../features/popups/popupStore.ts';
import { creationEntry, HOME_KINDS, HOME_TOOLS } from '../features/showcase/creationCatalog.ts';
import { SampleBadge, SampleThumb } from '../features/showcase/SampleMedia.tsx';
import { track } from '../lib/analytics/tracker.ts';
import { hasSignedInUserInfoCookie } from '../lib/userInfoCookie.ts';

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
  const { t } = useTranslation(['home', 'common']);
  const to = useLocalizedPath();
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
              // Signed in: straight to a form (the first kind), not a scroll to the cards.
              <Button asChild size="lg">
                <Link to={to(creationEntry(HOME_KINDS[0]!).path)} onClick={heroClick} data-track="home-hero-cta">
                  {t('hero.ctaSignedIn')}
                </Link>
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
          {HOME_KINDS.map((id) => (
            <li key={id}>
              <Link
                to={to(creationEntry(id).path)}
                className={`${CARD} group flex h-full flex-col overflow-hidden transition hover:border-accent/60 focus-visible:outline-2 focus-visible:outline-accent`}
                data-testid={`home-kind-${id}`}
              >
                <span className="relative block aspect-video overflow-hidden bg-surface-2">
                  <SampleThumb id={id} decorative className="h-full w-full transition duration-300 group-hover:scale-105" />
                  <SampleBadge className="absolute start-2 top-2" />
                </span>
                <span className="flex flex-col p-5 pt-4">
                  <h3 className="font-medium">{t(`common:nav.${id}`)}</h3>
                  <span className="mt-1 text-sm text-muted">{t(`kinds.${id}.text`)}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="tools" title={t('tools.title')} subtitle={t('tools.subtitle')}>
        <ul className="mt-6 flex flex-wrap gap-2">
          {HOME_TOOLS.map((id) => (
            <li key={id}>
              <Link
                to={to(creationEntry(id).path)}
                className="flex items-center gap-2 rounded-full border border-border bg-surface py-1.5 ps-1.5 pe-4 text-sm transition hover:border-accent/60 focus-visible:outline-2 focus-visible:outline-accent"
                data-testid={`home-tool-${id}`}
              >
                <SampleThumb id={id} className="h-7 w-7 rounded-full" />
                {t(`common:nav.${id}`)}
              </Link>
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
