/**
 * /app/projects/join/:token — an invite link: which project, who invited me, with which role;
 * "Join" makes me a member and opens its canvas. Joining needs an account: a visitor or guest
 * is asked to sign up or log in, in a popup, so they come back to this very page.
 */
import type { InvitePreviewDto } from '@tessera/shared/projects';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowRight, FolderOpen, Link2Off, UserPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useLocalizedPath } from '../app/useLanguage.ts';
import { Button } from '../components/ui/Button.tsx';
import { cn } from '../components/ui/cn.ts';
import { type Viewer, useViewer } from '../features/auth/useViewer.ts';
import { CARD, EmptyState } from '../features/landing/landingUi.tsx';
import { usePopupStore } from '../features/popups/popupStore.ts';
import { projectCanvasPath } from '../features/projects/ProjectCards.tsx';
import { writeSelectedProject } from '../features/projects/selectedProject.ts';
import { useTRPC } from '../lib/trpc.ts';

// Invite tokens are 32 random bytes in base64url; anything far off is not worth asking about.
const TOKEN = /^[A-Za-z0-9_-]{16,128}$/;

export function ProjectJoinPage() {
  const { t } = useTranslation('projects');
  const { token = '' } = useParams();
  const viewer = useViewer();
  const valid = TOKEN.test(token);
  return (
    <main className="mx-auto max-w-xl px-4 py-10" data-testid="page-project-join">
      <title>{t('join.metaTitle')}</title>
      <h1 className="text-3xl font-bold">{t('join.title')}</h1>
      {!valid ? (
        <Invalid />
      ) : viewer.status === 'loading' ? (
        <div className="mt-8 h-48 animate-pulse rounded-[var(--radius-card)] bg-surface" aria-busy />
      ) : viewer.status === 'unauthenticated' ? (
        // The preview needs a session: a visitor without one starts by signing in or up.
        <section className={cn(CARD, 'mt-8 flex flex-col gap-4 p-6')} data-testid="join-sign-in">
          <p className="text-muted">{t('join.signInFirst')}</p>
          <SignInButtons />
        </section>
      ) : (
        <Invite token={token} viewer={viewer} />
      )}
    </main>
  );
}

function Invite({ token, viewer }: { token: string; viewer: Exclude<Viewer, { status: 'loading' | 'unauthenticated' }> }) {
  const { t } = useTranslation('projects');
  const trpc = useTRPC();
  // An invalid invite is this page's own answer, not a toast.
  const preview = useQuery({ ...trpc.project.invitePreview.queryOptions({ token }), meta: { skipError: true } });

  if (preview.isPending) return <div className="mt-8 h-48 animate-pulse rounded-[var(--radius-card)] bg-surface" aria-busy data-testid="join-loading" />;
  if (preview.isError) return <Invalid message={preview.error.message} />;
  const invite = preview.data;
  return (
    <section className={cn(CARD, 'mt-8 flex flex-col gap-5 p-6')} data-testid="join-invite">
      <div className="flex items-start gap-4">
        <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-2xl bg-accent/15 text-accent-fg">
          <FolderOpen size={24} aria-hidden />
        </span>
        <div className="min-w-0">
          <p className="break-words text-xl font-semibold" data-testid="join-project-name">
            {invite.projectName}
          </p>
          <p className="mt-1 text-sm text-muted">{t(`join.invitedBy.${invite.role}`, { name: invite.invitedBy })}</p>
          <p className="mt-1 text-sm text-muted">{t(`join.roleText.${invite.role}`)}</p>
        </div>
      </div>
      {invite.member ? (
        <Member invite={invite} />
      ) : viewer.status === 'signedIn' ? (
        <Accept token={token} invite={invite} />
      ) : (
        <div className="flex flex-col gap-3" data-testid="join-sign-in">
          <p className="text-sm">{t('join.accountNeeded')}</p>
          <SignInButtons />
        </div>
      )}
    </section>
  );
}

function Member({ invite }: { invite: InvitePreviewDto }) {
  const { t } = useTranslation('projects');
  const to = useLocalizedPath();
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm" data-testid="join-already-member">
        {t('join.alreadyMember')}
      </p>
      <Button asChild className="self-start">
        <Link to={to(projectCanvasPath(invite.projectId))} onClick={() => writeSelectedProject(invite.projectId)} data-testid="join-open">
          {t('join.open')} <ArrowRight size={16} aria-hidden className="rtl:rotate-180" />
        </Link>
      </Button>
    </div>
  );
}

function Accept({ token, invite }: { token: string; invite: InvitePreviewDto }) {
  const { t } = useTranslation('projects');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const to = useLocalizedPath();
  const accept = useMutation(
    trpc.project.acceptInvite.mutationOptions({
      onSuccess: (project) => {
        void queryClient.invalidateQueries({ queryKey: trpc.project.pathKey() });
        writeSelectedProject(project.id);
        void navigate(to(projectCanvasPath(project.id)), { replace: true });
      },
    }),
  );
  return (
    <div className="flex flex-wrap gap-3">
      <Button size="lg" loading={accept.isPending} onClick={() => accept.mutate({ token })} data-testid="join-accept">
        <UserPlus size={16} aria-hidden /> {t('join.accept', { name: invite.projectName })}
      </Button>
      <Button asChild size="lg" variant="ghost">
        <Link to={to('/app/projects')}>{t('join.notNow')}</Link>
      </Button>
    </div>
  );
}

/** Log in or sign up in a popup: this page stays, and shows the invite once they are in. */
function SignInButtons() {
  const { t } = useTranslation('projects');
  const open = usePopupStore((s) => s.open);
  const { pathname } = useLocation();
  return (
    <div className="flex flex-wrap gap-3">
      <Button onClick={() => open('signUp')} data-testid="join-sign-up">
        {t('join.signUp')}
      </Button>
      <Button variant="outline" onClick={() => open('logIn', { callbackUrl: pathname })} data-testid="join-log-in">
        {t('join.logIn')}
      </Button>
    </div>
  );
}

function Invalid({ message }: { message?: string }) {
  const { t } = useTranslation('projects');
  const to = useLocalizedPath();
  return (
    <EmptyState icon={Link2Off} title={t('join.invalidTitle')} text={message ?? t('join.invalidText')} testId="join-invalid" className="mt-8">
      <Button asChild>
        <Link to={to('/app/projects')}>{t('join.toProjects')}</Link>
      </Button>
    </EmptyState>
  );
}
