/**
 * /app/admin/*: the console's frame. One guard for every console page (visitors go to sign-in
 * as §2 says for protected pages, guests get a log-in prompt, non-admins "no access"), then the
 * section nav — a column on wide screens, scrolling tabs on phones — and the page.
 */
import { BarChart3, BookOpen, Boxes, Flag, Images, ListChecks, ScrollText, Users } from 'lucide-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { useLocalizedPath } from '../../app/useLanguage.ts';
import { cn } from '../../components/ui/cn.ts';
import { PageLoading } from '../../components/ui/Spinner.tsx';
import { ListSkeleton, NoAccess } from '../../features/admin/AdminUi.tsx';
import { useAdminAccess } from '../../features/admin/useAdminAccess.ts';

const SECTIONS = [
  { path: 'reports', icon: Flag },
  { path: 'tasks', icon: ListChecks },
  { path: 'creations', icon: Images },
  { path: 'users', icon: Users },
  { path: 'catalog', icon: BookOpen },
  { path: 'models', icon: Boxes },
  { path: 'audit', icon: ScrollText },
  { path: 'analytics', icon: BarChart3 },
] as const;

export function AdminLayout() {
  const { t } = useTranslation('admin');
  const access = useAdminAccess();
  const location = useLocation();
  const to = useLocalizedPath();

  if (access === 'visitor') {
    return <Navigate to={`${to('/sign-in')}?error=SessionRequired&callbackUrl=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  }
  if (access === 'loading') {
    return (
      <div className="mx-auto max-w-7xl px-4 py-10">
        <ListSkeleton rows={8} />
      </div>
    );
  }
  if (access !== 'admin') {
    return (
      <main className="px-4 py-10">
        <title>{t('meta.pageTitle', { page: t('access.title') })}</title>
        <NoAccess guest={access === 'guest'} />
      </main>
    );
  }

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6 md:flex-row md:gap-8 md:py-10">
      <nav aria-label={t('nav.label')} className="shrink-0 md:w-52" data-testid="admin-nav">
        <p className="mb-3 hidden px-3 text-xs font-semibold uppercase tracking-wide text-muted md:block">{t('nav.title')}</p>
        <ul className="-mx-4 flex gap-1 overflow-x-auto border-b border-border px-4 pb-2 md:sticky md:top-20 md:mx-0 md:flex-col md:border-0 md:px-0 md:pb-0">
          {SECTIONS.map(({ path, icon: Icon }) => (
            <li key={path} className="shrink-0">
              <NavLink
                to={to(`/app/admin/${path}`)}
                className={({ isActive }) =>
                  cn(
                    'flex items-center gap-2 rounded-lg px-3 py-2 text-sm whitespace-nowrap transition focus-visible:outline-2 focus-visible:outline-accent',
                    isActive ? 'bg-accent/15 font-medium text-fg' : 'text-muted hover:bg-surface-2 hover:text-fg',
                  )
                }
                data-testid={`admin-nav-${path}`}
              >
                <Icon size={16} aria-hidden />
                {t(`nav.${path}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main className="min-w-0 flex-1">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}

/** /app/admin opens the report queue, the console's daily work. */
export function AdminIndexRedirect() {
  return <Navigate to="reports" replace />;
}
