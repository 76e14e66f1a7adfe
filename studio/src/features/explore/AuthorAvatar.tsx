/** An author's picture, or the first letter of their name on the accent colour when they have none. */
import type { FeedAuthor } from '@tessera/shared/feed';
import { cn } from '../../components/ui/cn.ts';

const SIZES = { sm: 'h-5 w-5 text-[10px]', md: 'h-9 w-9 text-sm', lg: 'h-16 w-16 text-2xl' } as const;

export function AuthorAvatar({ author, size }: { author: Pick<FeedAuthor, 'name' | 'image'>; size: keyof typeof SIZES }) {
  const initial = Array.from(author.name.trim())[0]?.toUpperCase() ?? '?';
  return author.image ? (
    <img src={author.image} alt="" className={cn('shrink-0 rounded-full object-cover', SIZES[size])} />
  ) : (
    <span className={cn('flex shrink-0 items-center justify-center rounded-full bg-[var(--color-accent)] font-semibold text-white', SIZES[size])} aria-hidden>
      {initial}
    </span>
  );
}
