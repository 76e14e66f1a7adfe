/**
 * The canvas page's bar: back to the projects, the project's name (the owner renames it in
 * place), who is here (an avatar per collaborator in their cursor colour; click to follow their
 * view), Share, credits, and the side panel toggle.
 */
import { canManage, PROJECT_NAME_MAX } from '@tessera/shared/projects';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, CloudOff, Loader2, PanelRight, Share2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useLocalizedPath } from '../../../app/useLanguage.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { CreditsPill } from '../../credits/CreditsPill.tsx';
import { useCanvasSession } from './canvasSession.ts';
import { useCanvasUi } from './canvasUiStore.ts';
import { presenceAvatars } from './presenceList.ts';
import { useCanvasState } from './useCanvasState.ts';

const ShareDialog = lazy(() => import('../../projects/ShareDialog.tsx').then((m) => ({ default: m.ShareDialog })));

export function CanvasHeader({ saving, online }: { saving: boolean; online: boolean }) {
  const { t } = useTranslation('canvas');
  const to = useLocalizedPath();
  const navigate = useNavigate();
  const { project } = useCanvasSession();
  const [sharing, setSharing] = useState(false);
  const panelOpen = useCanvasUi((s) => s.panelOpen);
  const setPanelOpen = useCanvasUi((s) => s.setPanelOpen);

  return (
    <header className="flex h-14 shrink-0 items-center gap-2 border-b border-border bg-surface px-2 sm:gap-3 sm:px-3">
      <Link to={to('/app/projects')} className="flex h-9 w-9 shrink-0 items-center justify-center rounded-lg text-muted hover:bg-surface-2 hover:text-fg" aria-label={t('header.back')} title={t('header.back')}>
        <ArrowLeft size={18} className="rtl:rotate-180" aria-hidden />
      </Link>
      <ProjectName />
      <span className="shrink-0 text-xs text-muted" aria-live="polite" data-testid="canvas-sync">
        {!online ? (
          <span className="inline-flex items-center gap-1 text-danger">
            <CloudOff size={14} aria-hidden /> <span className="hidden sm:inline">{t('header.offline')}</span>
          </span>
        ) : saving ? (
          <span className="inline-flex items-center gap-1">
            <Loader2 size={14} className="animate-spin" aria-hidden /> <span className="hidden sm:inline">{t('header.saving')}</span>
          </span>
        ) : (
          <span className="hidden sm:inline">{t('header.saved')}</span>
        )}
      </span>
      <div className="ms-auto flex items-center gap-1.5 sm:gap-2">
        <PresenceAvatars />
        <Button variant="outline" size="sm" onClick={() => setSharing(true)} data-testid="canvas-share">
          <Share2 size={14} aria-hidden /> <span className="hidden sm:inline">{t('header.share')}</span>
        </Button>
        <CreditsPill />
        <button
          type="button"
          onClick={() => setPanelOpen(!panelOpen)}
          aria-pressed={panelOpen}
          aria-label={t('header.panel')}
          title={t('header.panel')}
          className={cn('hidden h-9 w-9 items-center justify-center rounded-lg md:flex', panelOpen ? 'bg-surface-2 text-fg' : 'text-muted hover:bg-surface-2 hover:text-fg')}
          data-testid="canvas-panel-toggle"
        >
          <PanelRight size={18} className="rtl:-scale-x-100" aria-hidden />
        </button>
      </div>
      {sharing && (
        <Suspense fallback={null}>
          <ShareDialog projectId={project.id} open={sharing} onOpenChange={setSharing} onLeft={() => void navigate(to('/app/projects'), { replace: true })} />
        </Suspense>
      )}
    </header>
  );
}

function ProjectName() {
  const { t } = useTranslation('canvas');
  const { project } = useCanvasSession();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<string | null>(null);
  const rename = useMutation(
    trpc.project.rename.mutationOptions({
      onSuccess: (updated) => {
        queryClient.setQueryData(trpc.project.get.queryKey({ id: project.id }), updated);
        void queryClient.invalidateQueries({ queryKey: trpc.project.list.queryKey() });
      },
    }),
  );
  const owner = canManage(project.role);
  const shown = rename.isPending ? rename.variables.name : project.name;

  if (!owner) {
    return (
      <h1 className="min-w-0 truncate text-sm font-semibold sm:text-base" data-testid="canvas-project-name">
        {shown}
        {project.role === 'viewer' && <span className="ms-2 rounded-md bg-surface-2 px-1.5 py-0.5 text-xs font-normal text-muted">{t('header.viewer')}</span>}
      </h1>
    );
  }
  const commit = () => {
    const name = draft?.trim();
    setDraft(null);
    if (name && name !== project.name) rename.mutate({ id: project.id, name });
  };
  return draft === null ? (
    <h1 className="min-w-0">
      <button
        type="button"
        onClick={() => setDraft(project.name)}
        className="max-w-full truncate rounded-md px-1.5 py-1 text-sm font-semibold hover:bg-surface-2 sm:text-base"
        title={t('header.rename')}
        data-testid="canvas-project-name"
      >
        {shown}
      </button>
    </h1>
  ) : (
    <input
      value={draft}
      autoFocus
      maxLength={PROJECT_NAME_MAX}
      aria-label={t('header.rename')}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
        if (e.key === 'Escape') setDraft(null);
      }}
      onFocus={(e) => e.currentTarget.select()}
      className="h-9 w-48 min-w-0 rounded-md border border-accent bg-surface-2 px-2 text-sm font-semibold focus:outline-none sm:w-64"
      data-testid="canvas-project-rename"
    />
  );
}

function PresenceAvatars() {
  const { t } = useTranslation('canvas');
  const { manager, me } = useCanvasSession();
  const peers = useCanvasState(manager.presence, () => manager.presence.peers());
  const following = useCanvasState(manager.presence, () => manager.presence.following);
  const { visible, overflow } = presenceAvatars(peers, me.id);
  if (!visible.length) return null;
  return (
    <ul className="flex items-center -space-x-1.5 rtl:space-x-reverse" aria-label={t('presence.label')}>
      {visible.map((avatar) => {
        const active = following === avatar.clientId;
        const label = active ? t('presence.stopFollowing', { name: avatar.user.name }) : t('presence.follow', { name: avatar.user.name });
        return (
          <li key={avatar.user.id}>
            <button
              type="button"
              onClick={() => manager.presence.follow(active ? null : avatar.clientId)}
              aria-pressed={active}
              aria-label={label}
              title={label}
              className={cn(
                'flex h-8 w-8 items-center justify-center rounded-full border-2 text-xs font-semibold text-white transition hover:z-10 hover:scale-110',
                active ? 'border-white ring-2 ring-offset-2 ring-offset-surface' : 'border-surface',
              )}
              style={{ backgroundColor: avatar.user.color, ...(active ? { ['--tw-ring-color' as string]: avatar.user.color } : {}) }}
              data-testid="presence-avatar"
              data-user-id={avatar.user.id}
              data-following={active || undefined}
            >
              {avatar.initials}
            </button>
          </li>
        );
      })}
      {overflow > 0 && (
        <li className="flex h-8 min-w-8 items-center justify-center rounded-full border-2 border-surface bg-surface-2 px-1.5 text-xs text-muted" title={t('presence.more', { count: overflow })}>
          +{overflow}
        </li>
      )}
    </ul>
  );
}
