/**
 * /api-platform (issue 19): the developer's dashboard — API keys, API credits, webhooks and a
 * quick start — for a signed-in account; guests and signed-out visitors see a short pitch with a
 * way to sign in. /api-platform/docs: the interactive API reference (its renderer loads only there).
 */
import type { CreatedApiKey } from '@tessera/shared/api';
import { API_TRIAL_CREDITS } from '@tessera/shared/api';
import { BookOpen, Code2, KeyRound } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useLocalizedPath } from '../app/useLanguage.ts';
import { Button } from '../components/ui/Button.tsx';
import { cn } from '../components/ui/cn.ts';
import { PageLoading } from '../components/ui/Spinner.tsx';
import { ApiCreditsPanel } from '../features/api-platform/ApiCreditsPanel.tsx';
import { ApiKeysPanel } from '../features/api-platform/ApiKeysPanel.tsx';
import { QuickStartPanel } from '../features/api-platform/QuickStartPanel.tsx';
import { WebhooksPanel } from '../features/api-platform/WebhooksPanel.tsx';
import { useViewer } from '../features/auth/useViewer.ts';
import { usePopupStore } from '../features/popups/popupStore.ts';

// The renderer (and its own code) loads with the docs page only, never with the dashboard or home.
const ApiReference = lazy(() => import('../features/api-platform/ApiReference.tsx'));

export function ApiPlatformPage() {
  const { t } = useTranslation('apiPlatform');
  const viewer = useViewer();
  return (
    <main className="mx-auto max-w-6xl px-4 py-10" data-testid="page-api-platform">
      <title>{t('meta.title')}</title>
      <meta name="description" content={t('meta.description')} />
      <PlatformHeader current="dashboard" />
      {viewer.status === 'loading' ? (
        <div className="mt-8 grid gap-6" aria-busy data-testid="api-platform-loading">
          {[0, 1].map((i) => (
            <div key={i} className="h-48 animate-pulse rounded-[var(--radius-card)] bg-surface" />
          ))}
        </div>
      ) : viewer.status === 'signedIn' ? (
        <Dashboard key={viewer.userId} />
      ) : (
        <Pitch guest={viewer.status === 'anonymous'} />
      )}
    </main>
  );
}

export function ApiDocsPage() {
  const { t } = useTranslation('apiPlatform');
  return (
    <main className="mx-auto max-w-7xl px-4 py-10" data-testid="page-api-docs">
      <title>{t('docs.meta.title')}</title>
      <meta name="description" content={t('docs.meta.description')} />
      <PlatformHeader current="docs" />
      <Suspense fallback={<PageLoading />}>
        <ApiReference />
      </Suspense>
    </main>
  );
}

/** The title and the two places of the platform (dashboard, reference) as tabs of one navigation. */
function PlatformHeader({ current }: { current: 'dashboard' | 'docs' }) {
  const { t } = useTranslation('apiPlatform');
  const to = useLocalizedPath();
  const links = [
    { id: 'dashboard', path: '/api-platform', icon: KeyRound, label: t('nav.dashboard') },
    { id: 'docs', path: '/api-platform/docs', icon: BookOpen, label: t('nav.docs') },
  ] as const;
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-3xl font-bold">{current === 'docs' ? t('docs.title') : t('title')}</h1>
        <p className="mt-2 max-w-2xl text-muted">{current === 'docs' ? t('docs.subtitle') : t('subtitle')}</p>
      </div>
      <nav aria-label={t('nav.label')} className="flex gap-1 rounded-xl border border-border bg-surface p-1">
        {links.map(({ id, path, icon: Icon, label }) => (
          <Link
            key={id}
            to={to(path)}
            aria-current={current === id ? 'page' : undefined}
            className={cn(
              'inline-flex items-center gap-1.5 rounded-lg px-3 py-1.5 text-sm font-medium transition',
              current === id ? 'bg-surface-2 text-fg' : 'text-muted hover:text-fg',
            )}
            data-testid={`api-nav-${id}`}
          >
            <Icon size={14} aria-hidden /> {label}
          </Link>
        ))}
      </nav>
    </div>
  );
}

function Dashboard() {
  // The key created on this visit, for the quick start's example; kept in memory only.
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  return (
    <div className="mt-8 grid grid-cols-1 gap-6 lg:grid-cols-3">
      <ApiKeysPanel onCreated={setCreated} className="lg:col-span-3" />
      <QuickStartPanel secret={created?.secret ?? null} className="lg:col-span-2" />
      <ApiCreditsPanel />
      <WebhooksPanel className="lg:col-span-3" />
    </div>
  );
}

/** What the API offers, for visitors who cannot hold keys: guests sign up, signed-out visitors sign in. */
function Pitch({ guest }: { guest: boolean }) {
  const { t } = useTranslation('apiPlatform');
  const to = useLocalizedPath();
  const location = useLocation();
  const open = usePopupStore((s) => s.open);
  return (
    <section className="mt-8 flex flex-col items-center gap-4 rounded-[var(--radius-card)] border border-border bg-surface p-8 text-center sm:p-12" data-testid="api-platform-pitch">
      <span className="flex h-12 w-12 items-center justify-center rounded-2xl bg-accent/15 text-accent-fg">
        <Code2 size={24} aria-hidden />
      </span>
      <h2 className="text-xl font-semibold">{t('pitch.title')}</h2>
      <p className="max-w-lg text-muted">{guest ? t('pitch.guestText', { credits: API_TRIAL_CREDITS }) : t('pitch.text', { credits: API_TRIAL_CREDITS })}</p>
      <div className="flex flex-wrap justify-center gap-3">
        {guest ? (
          <>
            <Button onClick={() => open('signUp')} data-testid="api-platform-sign-up">
              {t('pitch.signUp')}
            </Button>
            <Button variant="outline" onClick={() => open('logIn', { callbackUrl: location.pathname })}>
              {t('pitch.signIn')}
            </Button>
          </>
        ) : (
          <Button asChild>
            <Link to={`${to('/sign-in')}?callbackUrl=${encodeURIComponent(location.pathname)}`} data-testid="api-platform-sign-in">
              {t('pitch.signIn')}
            </Link>
          </Button>
        )}
        <Button asChild variant="outline">
          <Link to={to('/api-platform/docs')}>
            <BookOpen size={16} aria-hidden /> {t('pitch.docs')}
          </Link>
        </Button>
      </div>
    </section>
  );
}
