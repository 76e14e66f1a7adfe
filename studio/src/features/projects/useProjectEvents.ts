/**
 * Reacts to `project:changed` (CONVENTIONS: socket events invalidate queries): a project's name,
 * cover or members changed → its queries refetch. When the change took the project away from
 * me — it was deleted, or I was removed — I am told once, it stops being the selected project,
 * and a page of that project (its canvas) gives way to the projects list.
 *
 * Mounted once in the root layout; it loads with every page, so it imports no zod (the studio's
 * entry stays free of it) and loads the `projects` texts only when it has something to say.
 */
import { localizePath, splitLanguagePrefix } from '@tessera/shared/i18n';
import type { ProjectDto } from '@tessera/shared/projects';
import type { ServerEventPayload } from '@tessera/shared/realtime';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { authClient } from '../../lib/authClient.ts';
import { i18n } from '../../lib/i18n.ts';
import { TOAST_DURATION_MS } from '../../lib/site.ts';
import { toast } from '../../lib/toast.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { useRealtimeSocket } from '../realtime/useRealtime.ts';
import { forgetSelectedProject } from './selectedProject.ts';

export type ProjectChangedEvent = ServerEventPayload<'project:changed'>;

/** True when the change means I can no longer open the project. */
export function lostAccess(event: ProjectChangedEvent, userId: string | undefined): boolean {
  return event.change === 'deleted' || (userId !== undefined && (event.removed ?? []).includes(userId));
}

/** True on a page of that project: its canvas (or editor), in any language. */
export function isOnProjectPage(pathname: string, projectId: string): boolean {
  const { rest } = splitLanguagePrefix(pathname);
  const match = /^\/app\/(?:canvas|editor)\/([^/]+)(?:\/|$)/.exec(rest);
  return match !== null && decodeURIComponent(match[1]!) === projectId;
}

// The same loss can arrive twice (the project's room and my own room), and my own delete or
// leave is already confirmed by its dialog: either way, say nothing the second time.
const QUIET_MS = 5_000;
const quietUntil = new Map<string, number>();

/** Marks a project I am deleting or leaving myself: its `project:changed` needs no notice. */
export function expectProjectGone(projectId: string, now: number = Date.now()): void {
  quietUntil.set(projectId, now + QUIET_MS);
}

function takeNotice(projectId: string, now: number = Date.now()): boolean {
  for (const [id, until] of quietUntil) if (until <= now) quietUntil.delete(id);
  if (quietUntil.has(projectId)) return false;
  quietUntil.set(projectId, now + QUIET_MS);
  return true;
}

async function notify(kind: 'deleted' | 'removed', name: string | undefined): Promise<void> {
  await i18n.loadNamespaces('projects');
  const message = name ? i18n.t(`projects:events.${kind}`, { name }) : i18n.t(`projects:events.${kind}Unnamed`);
  toast.info(message, { duration: TOAST_DURATION_MS });
}

export function useProjectEvents(): void {
  const socket = useRealtimeSocket((s) => s.socket);
  const { data: session } = authClient.useSession();
  const userId = session?.user.id;
  const queryClient = useQueryClient();
  const trpc = useTRPC();
  const navigate = useNavigate();

  useEffect(() => {
    if (!socket) return;
    // Events sent while the socket was down are lost: refetch on every (re)connect.
    const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.project.pathKey() });
    const onChanged = (event: ProjectChangedEvent) => {
      if (!lostAccess(event, userId)) {
        refresh();
        return;
      }
      const { projectId } = event;
      const name =
        queryClient.getQueryData<ProjectDto>(trpc.project.get.queryKey({ id: projectId }))?.name ??
        queryClient.getQueryData<ProjectDto[]>(trpc.project.list.queryKey())?.find((p) => p.id === projectId)?.name;
      forgetSelectedProject(projectId);
      const { lang } = splitLanguagePrefix(window.location.pathname);
      if (isOnProjectPage(window.location.pathname, projectId)) void navigate(localizePath('/app/projects', lang), { replace: true });
      // Its own queries could only answer "not found" now: drop them instead of refetching.
      for (const key of [
        trpc.project.get.queryKey({ id: projectId }),
        trpc.project.members.queryKey({ projectId }),
        trpc.project.invites.queryKey({ projectId }),
      ]) {
        queryClient.removeQueries({ queryKey: key });
      }
      void queryClient.invalidateQueries({ queryKey: trpc.project.list.queryKey() });
      if (takeNotice(projectId)) void notify(event.change === 'deleted' ? 'deleted' : 'removed', name);
    };
    socket.on('project:changed', onChanged);
    socket.on('connect', refresh);
    return () => {
      socket.off('project:changed', onChanged);
      socket.off('connect', refresh);
    };
  }, [socket, userId, queryClient, trpc, navigate]);
}
