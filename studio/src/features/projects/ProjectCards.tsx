/**
 * §2 project cards widget: a responsive grid of projects, each a link to its canvas (or, in a
 * chooser, a button that picks it) with its cover, the caller's role on someone else's project,
 * a "shared" badge on their own shared ones and — given `onAction` — a menu of what the caller
 * may do with it.
 * A loading skeleton and an empty state complete it.
 */
import type { ProjectDto } from '@tessera/shared/projects';
import { Copy, DoorOpen, ExternalLink, FolderOpen, Layers, MoreHorizontal, Pencil, Trash2, Users, type LucideIcon } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../../app/useLanguage.ts';
import { cn } from '../../components/ui/cn.ts';
import { type ProjectAction, projectActions } from './projectActions.ts';

export type ProjectCardData = Pick<ProjectDto, 'id' | 'name' | 'updatedAt' | 'coverUrl' | 'role' | 'isDefault' | 'memberCount' | 'owner'>;

export interface ProjectCardsProps {
  projects: readonly ProjectCardData[];
  loading?: boolean;
  /** Makes each card a button that picks the project instead of a link to its canvas. */
  onSelect?(project: ProjectCardData): void;
  /** Called when a card's link to the canvas is followed. */
  onOpen?(project: ProjectCardData): void;
  /** Gives each card a menu with the actions the caller's role allows. */
  onAction?(action: ProjectAction, project: ProjectCardData): void;
  /** The selected project, marked as such. */
  selectedId?: string | null;
  /** Replaces the default empty state (e.g. with a "new project" call to action). */
  empty?: ReactNode;
  className?: string;
}

const GRID = 'grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4';
const SKELETON_CARDS = 8;
const BADGE = 'inline-flex items-center gap-1 rounded-full bg-black/70 px-2 py-0.5 text-[11px] font-medium text-white backdrop-blur-sm';
const MENU_ITEM = 'flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm outline-none data-[highlighted]:bg-surface-2';
const ACTION_ICONS: Record<ProjectAction, LucideIcon> = {
  open: ExternalLink,
  rename: Pencil,
  duplicate: Copy,
  share: Users,
  delete: Trash2,
  leave: DoorOpen,
};

/** The canvas of a project (`canvasPath` of shared/projects, without importing its schemas). */
export const projectCanvasPath = (id: string) => `/app/canvas/${encodeURIComponent(id)}`;

/** "5 minutes ago", "yesterday", "3 months ago", in the page language. */
export function relativeTime(iso: string, lang: string, now: number = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ['year', 31_536_000],
    ['month', 2_592_000],
    ['week', 604_800],
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
  ];
  const format = new Intl.RelativeTimeFormat(lang, { numeric: 'auto' });
  for (const [unit, size] of units) if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  return format.format(0, 'minute');
}

export function ProjectCards({ projects, loading, onSelect, onOpen, onAction, selectedId, empty, className }: ProjectCardsProps) {
  const { t, i18n } = useTranslation(['projects', 'popups']);
  const to = useLocalizedPath();

  if (loading) {
    return (
      <ul className={cn(GRID, className)} aria-busy aria-label={t('popups:projectCards.loading')} data-testid="project-cards-loading">
        {Array.from({ length: SKELETON_CARDS }, (_, i) => (
          <li key={i} className="flex flex-col gap-2">
            <div className="aspect-video animate-pulse rounded-xl bg-surface-2" />
            <div className="h-4 w-2/3 animate-pulse rounded bg-surface-2" />
          </li>
        ))}
      </ul>
    );
  }

  if (!projects.length) {
    return (
      empty ?? (
        <div className={cn('flex flex-col items-center gap-3 rounded-[var(--radius-card)] border border-dashed border-border p-8 text-center', className)} data-testid="project-cards-empty">
          <FolderOpen size={28} className="text-muted" aria-hidden />
          <p className="text-sm text-muted">{t('popups:projectCards.empty')}</p>
        </div>
      )
    );
  }

  const cardClass =
    'group flex w-full flex-col gap-2 rounded-xl p-1 text-start outline-none focus-visible:ring-2 focus-visible:ring-accent focus-visible:ring-offset-2 focus-visible:ring-offset-bg';
  return (
    <ul className={cn(GRID, className)} data-testid="project-cards">
      {projects.map((project) => {
        const name = project.name.trim() || t('popups:projectCards.untitled');
        const mine = project.role === 'owner';
        const others = project.memberCount - 1;
        const selected = project.id === selectedId;
        const body = (
          <>
            <span
              className={cn(
                'relative flex aspect-video w-full items-center justify-center overflow-hidden rounded-lg bg-surface-2 transition group-hover:opacity-90',
                selected && 'ring-2 ring-accent',
              )}
            >
              {project.coverUrl ? (
                <img src={project.coverUrl} alt="" className="h-full w-full object-cover" loading="lazy" data-testid="project-cover" />
              ) : (
                <Layers size={28} className="text-muted" aria-hidden />
              )}
              {/* Clear of the menu button in the top corner. */}
              <span className={cn('absolute start-2 top-2 flex flex-wrap gap-1', onAction ? 'end-12' : 'end-2')}>
                {!mine && (
                  <span className={BADGE} data-testid="project-role">
                    {t(`projects:card.role.${project.role}`)}
                  </span>
                )}
                {/* On someone else's project the role says it is shared. */}
                {mine && others > 0 && (
                  <span className={BADGE} title={t('projects:card.sharedWith', { count: others })} data-testid="project-shared">
                    <Users size={11} aria-hidden /> {t('projects:card.shared')}
                    <span className="sr-only">{t('projects:card.sharedWith', { count: others })}</span>
                  </span>
                )}
                {selected && (
                  <span className={BADGE} data-testid="project-selected">
                    {t('projects:card.selected')}
                  </span>
                )}
              </span>
            </span>
            <span className="flex min-w-0 flex-col px-1">
              <span className="truncate text-sm font-medium" data-testid="project-name">
                {name}
              </span>
              <span className="truncate text-xs text-muted">
                {t('popups:projectCards.updated', { when: relativeTime(project.updatedAt, i18n.language) })}
                {!mine && ` · ${t('projects:card.ownedBy', { name: project.owner.name })}`}
              </span>
            </span>
          </>
        );
        return (
          <li key={project.id} className="relative" data-testid="project-card" data-project-id={project.id}>
            {onSelect ? (
              <button type="button" className={cardClass} onClick={() => onSelect(project)} aria-current={selected || undefined}>
                {body}
              </button>
            ) : (
              <Link to={to(projectCanvasPath(project.id))} className={cardClass} onClick={() => onOpen?.(project)}>
                {body}
              </Link>
            )}
            {onAction && <ProjectCardMenu project={project} name={name} onAction={onAction} onOpen={onOpen} />}
          </li>
        );
      })}
    </ul>
  );
}

/** The "…" menu over a card's cover (Radix: arrow keys, Escape, focus return). */
function ProjectCardMenu({
  project,
  name,
  onAction,
  onOpen,
}: {
  project: ProjectCardData;
  name: string;
  onAction(action: ProjectAction, project: ProjectCardData): void;
  onOpen?: ((project: ProjectCardData) => void) | undefined;
}) {
  const { t } = useTranslation('projects');
  const to = useLocalizedPath();
  const actions = projectActions(project);
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        className="absolute end-3 top-3 inline-flex h-8 w-8 items-center justify-center rounded-full bg-black/60 text-white backdrop-blur-sm transition hover:bg-black/80 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent data-[state=open]:bg-black/80"
        aria-label={t('card.menu', { name })}
        data-testid="project-menu"
      >
        <MoreHorizontal size={16} aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={4} className="z-50 min-w-44 rounded-xl border border-border bg-surface p-1 shadow-2xl" data-testid="project-menu-items">
          {actions.map((action) => {
            const Icon = ACTION_ICONS[action];
            const danger = action === 'delete' || action === 'leave';
            const label = (
              <>
                <Icon size={14} aria-hidden /> {t(`actions.${action}`)}
              </>
            );
            if (action === 'open') {
              return (
                <DropdownMenu.Item key={action} asChild className={MENU_ITEM}>
                  <Link to={to(projectCanvasPath(project.id))} onClick={() => onOpen?.(project)} data-testid="project-action-open">
                    {label}
                  </Link>
                </DropdownMenu.Item>
              );
            }
            return (
              <DropdownMenu.Item
                key={action}
                className={cn(MENU_ITEM, danger && 'text-danger')}
                onSelect={() => onAction(action, project)}
                data-testid={`project-action-${action}`}
              >
                {label}
              </DropdownMenu.Item>
            );
          })}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
