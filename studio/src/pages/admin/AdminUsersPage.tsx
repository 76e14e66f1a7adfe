/** /app/admin/users: find a user by id, e-mail or name (the search is kept in `?q=`), then open their page. */
import type { AdminUserDto } from '@tessera/shared/admin';
import { useQuery } from '@tanstack/react-query';
import { Search, UserRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useLocalizedPath } from '../../app/useLanguage.ts';
import { Button } from '../../components/ui/Button.tsx';
import { AdminPageHeader, Badge, CARD, CONTROL, EmptyState, ListSkeleton, QueryError } from '../../features/admin/AdminUi.tsx';
import { useAdminFormat } from '../../features/admin/useAdminFormat.ts';
import { useTRPC } from '../../lib/trpc.ts';

export function AdminUsersPage() {
  const { t } = useTranslation('admin');
  const trpc = useTRPC();
  const [params, setParams] = useSearchParams();
  const query = (params.get('q') ?? '').trim().slice(0, 200);
  const [draft, setDraft] = useState(query);
  const lookup = useQuery({ ...trpc.admin.users.lookup.queryOptions({ query }), enabled: query.length > 0, meta: { skipError: true } });

  return (
    <div data-testid="page-admin-users">
      <AdminPageHeader title={t('users.title')} subtitle={t('users.subtitle')} />
      <form
        role="search"
        className={`${CARD} mt-6 flex flex-col gap-2 p-4 sm:flex-row sm:items-center`}
        onSubmit={(event) => {
          event.preventDefault();
          const q = draft.trim();
          setParams(q ? { q } : {}, { replace: true });
        }}
      >
        <label htmlFor="admin-user-search" className="sr-only">
          {t('users.search')}
        </label>
        <input
          id="admin-user-search"
          type="search"
          className={CONTROL}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          placeholder={t('users.searchPlaceholder')}
          maxLength={200}
          data-testid="user-search"
        />
        <Button type="submit" data-testid="user-search-submit">
          <Search size={16} aria-hidden /> {t('users.searchButton')}
        </Button>
      </form>

      {!query ? (
        <EmptyState icon={<Search className="text-muted" aria-hidden />} title={t('users.prompt')} text={t('users.promptText')} testId="users-prompt" />
      ) : lookup.isPending ? (
        <ListSkeleton rows={3} />
      ) : lookup.isError ? (
        <QueryError error={lookup.error} onRetry={() => void lookup.refetch()} retrying={lookup.isFetching} />
      ) : lookup.data.length === 0 ? (
        <EmptyState icon={<UserRound className="text-muted" aria-hidden />} title={t('users.none', { query })} testId="users-empty" />
      ) : (
        <ul className="mt-6 flex flex-col gap-2" aria-label={t('users.results', { count: lookup.data.length })} data-testid="user-results">
          {lookup.data.map((user) => (
            <UserRow key={user.id} user={user} />
          ))}
        </ul>
      )}
    </div>
  );
}

function UserRow({ user }: { user: AdminUserDto }) {
  const { t } = useTranslation('admin');
  const to = useLocalizedPath();
  const format = useAdminFormat();
  return (
    <li>
      <Link
        to={to(`/app/admin/users/${user.id}`)}
        className={`${CARD} flex flex-wrap items-center gap-x-4 gap-y-1 p-4 transition hover:border-accent focus-visible:border-accent`}
        data-testid="user-result"
      >
        <span className="min-w-0 flex-1">
          <span className="block truncate font-medium">{user.email ?? t('users.anonymous')}</span>
          <span className="block truncate text-sm text-muted">
            {user.name} · {format.dateTime(user.createdAt)}
          </span>
        </span>
        <span className="flex flex-wrap items-center gap-2">
          {user.role === 'admin' && <Badge tone="accent">{t('users.admin')}</Badge>}
          {user.banned && <Badge tone="bad">{t('users.banned')}</Badge>}
          <Badge>{user.plan}</Badge>
          <span className="text-sm tabular-nums text-muted">{t('users.remaining', { count: user.credits.remaining })}</span>
        </span>
      </Link>
    </li>
  );
}
