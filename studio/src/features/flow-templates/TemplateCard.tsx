/**
 * One template as the explore Flows tab, the template picker and the easy-mode presets show it:
 * its preview (a sample result; videos play muted while hovered or focused) or a drawing of its
 * steps, name, author, step kinds as chips and how often it was used. The whole card is one
 * button that opens it.
 */
import type { FlowTemplateSummary } from '@tessera/shared/flows/templates';
import { Play, Users } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../components/ui/cn.ts';
import { AuthorAvatar } from '../explore/AuthorAvatar.tsx';
import { ChainSketch } from './TemplateSketch.tsx';

/** `eager`: load the picture at once (a dialog or panel shows it as it opens; grids load it as it scrolls near). */
export function TemplatePreview({ template, className, playing = false, eager = false }: { template: FlowTemplateSummary; className?: string; playing?: boolean; eager?: boolean }) {
  const { preview } = template;
  return (
    <span className={cn('relative block aspect-[2/1] overflow-hidden bg-surface-2', className)}>
      {preview?.mediaType === 'image' && <img src={preview.url} alt="" loading={eager ? 'eager' : 'lazy'} decoding="async" className="absolute inset-0 h-full w-full object-cover" data-testid="flow-template-preview" />}
      {preview?.mediaType === 'video' && (
        <>
          <video
            src={preview.url}
            muted
            loop
            playsInline
            preload="metadata"
            autoPlay={playing}
            key={String(playing)}
            className="absolute inset-0 h-full w-full object-cover"
            aria-hidden
            data-testid="flow-template-preview"
          />
          <span className="absolute end-2 top-2 flex h-7 w-7 items-center justify-center rounded-full bg-black/60 text-white" aria-hidden>
            <Play size={14} />
          </span>
        </>
      )}
      {!preview && <ChainSketch template={template} className="absolute inset-0 h-full w-full p-2" />}
    </span>
  );
}

export function KindChips({ kinds, className }: { kinds: FlowTemplateSummary['kinds']; className?: string }) {
  const { t } = useTranslation('common');
  return (
    // Spans, not a list: a card puts the chips inside its button (phrasing content only).
    <span className={cn('flex flex-wrap gap-1', className)} data-testid="flow-template-kinds">
      {kinds.map((kind) => (
        <span key={kind} className="rounded-full border border-border px-2 py-0.5 text-[11px] text-muted">
          {t(`kinds.${kind}`)}
        </span>
      ))}
    </span>
  );
}

export function TemplateCard({ template, onOpen, testId = 'flow-template-card' }: { template: FlowTemplateSummary; onOpen(template: FlowTemplateSummary): void; testId?: string }) {
  const { t, i18n } = useTranslation('flowTemplates');
  const [playing, setPlaying] = useState(false);
  const uses = new Intl.NumberFormat(i18n.language, { notation: 'compact' }).format(template.uses);
  return (
    <li data-testid={testId} data-template-id={template.id}>
      <article className="h-full overflow-hidden rounded-[var(--radius-card)] border border-border bg-surface transition focus-within:border-accent hover:border-accent">
        <button
          type="button"
          className="block w-full text-start focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-accent"
          onClick={() => onOpen(template)}
          onMouseEnter={() => setPlaying(true)}
          onMouseLeave={() => setPlaying(false)}
          onFocus={() => setPlaying(true)}
          onBlur={() => setPlaying(false)}
          data-testid="flow-template-open"
        >
          <TemplatePreview template={template} playing={playing} />
          <span className="block px-3 pt-3 text-sm font-medium break-words text-fg" data-testid="flow-template-name">
            {template.name}
          </span>
          <span className="flex items-center justify-between gap-2 px-3 pt-1 text-xs text-muted">
            <span className="flex min-w-0 items-center gap-1.5">
              <AuthorAvatar author={template.author} size="sm" />
              <span className="truncate">{template.author.name}</span>
            </span>
            <span className="flex shrink-0 items-center gap-1 tabular-nums" data-testid="flow-template-uses" data-count={template.uses}>
              <Users size={12} aria-hidden />
              <span aria-hidden>{uses}</span>
              <span className="sr-only">{t('card.uses', { count: template.uses })}</span>
            </span>
          </span>
          <KindChips kinds={template.kinds} className="px-3 pt-2 pb-3" />
        </button>
      </article>
    </li>
  );
}
