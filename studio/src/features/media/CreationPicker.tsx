/** Picks an image (or, with `mediaType="video"`, a video) from my creations (newest first, "load more"). */
import type { CreationDto } from '@tessera/shared/creations';
import { useInfiniteQuery } from '@tanstack/react-query';
import { ImageIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { useTRPC } from '../../lib/trpc.ts';

export function CreationPicker({
  open,
  onOpenChange,
  onPick,
  mediaType = 'image',
  description,
  empty,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  onPick(creation: CreationDto): void;
  mediaType?: 'image' | 'video';
  /** Texts for other media than images (the defaults speak of images). */
  description?: string;
  empty?: string;
}) {
  const { t } = useTranslation('media');
  const trpc = useTRPC();
  const list = useInfiniteQuery({
    ...trpc.creation.list.infiniteQueryOptions({ limit: 24 }, { getNextPageParam: (last) => last.nextCursor ?? undefined }),
    enabled: open,
  });
  const items = (list.data?.pages ?? []).flatMap((p) => p.items).filter((c) => c.mediaType === mediaType);

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('picker.title')} description={description ?? t('picker.description')} className="sm:max-w-3xl">
      {list.isPending ? (
        <div className="grid grid-cols-3 gap-3 sm:grid-cols-4" aria-busy>
          {Array.from({ length: 8 }, (_, i) => (
            <div key={i} className="aspect-square animate-pulse rounded-lg bg-surface-2" />
          ))}
        </div>
      ) : items.length === 0 ? (
        <div className="flex flex-col items-center gap-2 py-10 text-center text-muted">
          <ImageIcon aria-hidden />
          <p>{empty ?? t('picker.empty')}</p>
        </div>
      ) : (
        <div className="max-h-[60vh] overflow-y-auto">
          <ul className="grid grid-cols-3 gap-3 sm:grid-cols-4">
            {items.map((c) => (
              <li key={c.id}>
                <button
                  type="button"
                  onClick={() => onPick(c)}
                  className="block w-full overflow-hidden rounded-lg border border-border hover:border-accent focus-visible:border-accent"
                  aria-label={t('picker.pick', { kind: t(`common:kinds.${c.kind}`), date: new Date(c.createdAt).toLocaleString() })}
                  data-testid="picker-item"
                >
                  <img src={c.thumbnailUrl} alt="" loading="lazy" className="aspect-square w-full object-cover" />
                </button>
              </li>
            ))}
          </ul>
          {list.hasNextPage && (
            <div className="mt-4 flex justify-center">
              <Button variant="outline" size="sm" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                {t('picker.more')}
              </Button>
            </div>
          )}
        </div>
      )}
    </Dialog>
  );
}
