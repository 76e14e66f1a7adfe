import { splitLanguagePrefix } from '@tessera/shared/i18n';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { Footer } from '../components/layout/Footer.tsx';
import { Header } from '../components/layout/Header.tsx';
import { PageLoading } from '../components/ui/Spinner.tsx';
import { SessionBootstrap } from '../features/auth/SessionBootstrap.tsx';
import { useProjectEvents } from '../features/projects/useProjectEvents.ts';
import { useRealtime } from '../features/realtime/useRealtime.ts';
import { PopupHost } from '../features/popups/PopupHost.tsx';
import { usePendingInvite } from '../features/rewards/usePendingInvite.ts';
import { usePageTracking } from '../lib/analytics/usePageTracking.ts';
import { applyDocumentLanguage } from '../lib/i18n.ts';
import { RouteErrorBoundary } from './RouteErrorBoundary.tsx';
import { SiteMeta } from './SiteMeta.tsx';

/** Header, page and footer; the language comes from the URL prefix. */
export function RootLayout() {
  const { pathname } = useLocation();
  const { i18n } = useTranslation('common');
  const { lang } = splitLanguagePrefix(pathname);
  useRealtime();
  useProjectEvents();
  usePendingInvite();
  usePageTracking();

  useEffect(() => {
    if (i18n.language !== lang) void i18n.changeLanguage(lang);
    applyDocumentLanguage(lang);
  }, [i18n, lang]);

  return (
    <div className="flex min-h-screen flex-col">
      <SiteMeta />
      <SessionBootstrap />
      <Header />
      <div className="flex-1">
        <RouteErrorBoundary>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </div>
      <Footer />
      <PopupHost />
    </div>
  );
}
