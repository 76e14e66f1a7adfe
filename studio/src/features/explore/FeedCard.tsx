/** One published piece in the feed grid: media (videos play muted while hovered or focused), title, author and likes. */
import type { FeedItem } from '@tessera/shared/feed';
import { Heart, Play } from 'lucide-react';
import { type Ref, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../../app/useLanguage.ts';
import { track } from '../../lib/analytics/tracker.ts';
import { AuthorAvatar } from './AuthorAvatar.tsx';

export const contentFields = (item: Pick<FeedItem, 'id' | 'mediaType' | 'tags' | 'author'>) => ({
  content_id: item.id,
  content_media_type: item.mediaType,
  content_tags: item.tags,
  author_id: item.author.id,
});

export function FeedCard({ item, itemRef }: { item: FeedItem; itemRef?: Ref<HTMLLIElement> }) {
  const { t, i18n } = useTranslation('explore');
  const to = useLocalizedPath();
  const [playing, setPlaying] = useState(false);
  const video = item.mediaType === 'video';
  const ratio = item.width && item.height ? item.width / item.height : 1;
  const play = video ? () => setPlaying(true) : undefined;
  const stop = video ? () => setPlaying(false) : undefined;
  const likes = new Intl.NumberFormat(i18n.language, { notation: 'compact' }).format(item.likeCount);

  return (
    <li ref={itemRef} className="mb-4 break-inside-avoid" data-testid="feed-card" data-content-id={item.id} data-media-type={item.mediaType}>
      <article className="overflow-hidden rounded-[var(--radius-card)] border border-border bg-surface transition hover:border-accent focus-within:border-accent">
        <Link
          to={to(`/content/${item.id}`)}
          onClick={() => track('content', { action: 'click', ...contentFields(item) })}
          onMouseEnter={play}
          onMouseLeave={stop}
          onFocus={play}
          onBlur={stop}
          className="block rounded-t-[var(--radius-card)] focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-accent"
          data-testid="feed-card-link"
        >
          <span className="relative block bg-surface-2" style={{ aspectRatio: ratio }}>
            <img src={item.thumbnailUrl} alt="" loading="lazy" decoding="async" className="absolute inset-0 h-full w-full object-cover" />
            {video && playing && (
              <video src={item.url} muted loop autoPlay playsInline preload="none" className="absolute inset-0 h-full w-full object-cover" aria-hidden data-testid="feed-card-video" />
            )}
            {video && (
              <span className="absolute end-2 top-2 flex h-7 w-7 items-center justify-center rounded-full bg-black/60 text-white" aria-hidden>
                <Play size={14} />
              </span>
            )}
          </span>
          <span className="block px-3 pt-3 text-sm font-medium break-words text-fg" data-testid="feed-card-title">
            {item.title}
            <span className="sr-only"> · {t(`card.mediaType.${item.mediaType}`)}</span>
          </span>
        </Link>
        <div className="flex items-center justify-between gap-2 px-3 pt-2 pb-3 text-xs text-muted">
          <Link to={to(`/author/${item.author.id}`)} className="flex min-w-0 items-center gap-1.5 rounded hover:text-fg focus-visible:outline-2 focus-visible:outline-accent">
            <AuthorAvatar author={item.author} size="sm" />
            <span className="truncate">{item.author.name}</span>
          </Link>
          <span className="flex shrink-0 items-center gap-1 tabular-nums" data-testid="feed-card-likes" data-count={item.likeCount}>
            <Heart size={12} aria-hidden className={item.liked ? 'fill-current text-accent-fg' : undefined} />
            <span aria-hidden>{likes}</span>
            <span className="sr-only">{t('card.likes', { count: item.likeCount })}</span>
          </span>
        </div>
      </article>
    </li>
  );
}
