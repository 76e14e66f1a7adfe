/**
 * §2 project cards widget: a responsive grid of projects, each a link to its canvas (or, in a
 * chooser, a button that picks it), with a loading skeleton and an empty state.
 */
import { FolderOpen, Layers } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../../app/useLanguage.ts';
import { cn } from '../../components/ui/cn.ts';

export interface ProjectCardData {
  id: string;
  name: string;
  /** ISO timestamp of the last change. */
  updatedAt: string;
  thumbnailUrl?: string;
}

export interface ProjectCardsProps {
  projects: readonly ProjectCardData[];
  loading?: boolean;
  /** Makes each card a button that picks the project instead of a link to its canvas. */
  onSelect?(project: ProjectCardData): void;
  /** Replaces the default empty state (e.g. with a "new project" call to action). */
  empty?: ReactNode;
  className?: string;
}

const GRID = 'grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4';
const SKELETON_CARDS = 8;

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

export function ProjectCards({ projects, loading, onSelect, empty, className }: ProjectCardsProps) {
  const { t, i18n } = useTranslation('popups');
  const to = useLocalizedPath();

  if (loading) {
    return (
      <ul className={cn(GRID, className)} aria-busy aria-label={t('projectCards.loading')} data-testid="project-cards-loading">
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
          <p className="text-sm text-muted">{t('projectCards.empty')}</p>
        </div>
      )
    );
  }

  const cardClass =
    'group flex w-full flex-col gap-2 rounded-xl p-1 text-left outline-none focus-visible:ring-2 focus-visible:ring-accent focus-visible:ring-offset-2 focus-visible:ring-offset-bg';
  return (
    <ul className={cn(GRID, className)} data-testid="project-cards">
      {projects.map((project) => {
        const name = project.name.trim() || t('projectCards.untitled');
        const body = (
          <>
            <span className="flex aspect-video w-full items-center justify-center overflow-hidden rounded-lg bg-surface-2 transition group-hover:opacity-90">
              {project.thumbnailUrl ? (
                <img src={project.thumbnailUrl} alt="" className="h-full w-full object-cover" loading="lazy" />
              ) : (
                <Layers size={28} className="text-muted" aria-hidden />
              )}
            </span>
            <span className="flex min-w-0 flex-col px-1">
              <span className="truncate text-sm font-medium">{name}</span>
              <span className="truncate text-xs text-muted">
                {t('projectCards.updated', { when: relativeTime(project.updatedAt, i18n.language) })}
              </span>
            </span>
          </>
        );
        return (
          <li key={project.id} data-testid="project-card">
            {onSelect ? (
              <button type="button" className={cardClass} onClick={() => onSelect(project)}>
                {body}
              </button>
            ) : (
              <Link to={to(`/app/canvas/${encodeURIComponent(project.id)}`)} className={cardClass}>
                {body}
              </Link>
            )}
          </li>
        );
      })}
    </ul>
  );
}
