/**
 * §2 effects popup: choose a video or photo effect to start from. Each tab lists the first page
 * of the catalogue (video effects with the pro ones, photo effects with the image templates) and
 * links to the full list; choosing an effect opens its page and closes the popup.
 */
import { useQuery } from '@tanstack/react-query';
import { RotateCw, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../../app/useLanguage.ts';
import { Button } from '../../components/ui/Button.tsx';
import { cn } from '../../components/ui/cn.ts';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { usePopupStore } from '../popups/popupStore.ts';
import { listInput, VARIANT_TYPES } from './effectRules.ts';
import { TemplateTile, TileSkeletons } from './TemplateTile.tsx';

type EffectMedia = 'video' | 'image';
const EFFECT_PAGES: Record<EffectMedia, string> = { video: '/video-effects', image: '/photo-effects' };
const TAB_TYPES = { video: [...VARIANT_TYPES.video, ...VARIANT_TYPES.pro], image: VARIANT_TYPES.photo } as const;
const FIRST_PAGE = 12;
const GRID = 'grid grid-cols-2 gap-3 sm:grid-cols-4';

export default function EffectsDialog() {
  const { t } = useTranslation('popups');
  const current = usePopupStore((s) => s.current);
  const close = usePopupStore((s) => s.close);
  const to = useLocalizedPath();
  const trpc = useTRPC();
  const initial = current?.name === 'effects' ? (current.props.mediaType ?? 'video') : 'video';
  const [media, setMedia] = useState<EffectMedia>(initial);
  const list = useQuery(trpc.catalog.templates.queryOptions(listInput(TAB_TYPES[media], { limit: FIRST_PAGE })));
  if (current?.name !== 'effects') return null;
  const items = list.data?.items ?? [];

  return (
    <Dialog open onOpenChange={(o) => !o && close()} title={t('effects.title')} description={t('effects.text')} className="sm:max-w-2xl">
      <div className="flex flex-col gap-4" data-testid="effects-popup" data-media-type={media}>
        <div className="inline-flex self-start rounded-lg bg-surface-2 p-1" role="group" aria-label={t('effects.kind')}>
          {(['video', 'image'] as const).map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={media === value}
              onClick={() => setMedia(value)}
              className={cn('rounded-md px-3 py-1.5 text-sm font-medium', media === value ? 'bg-surface text-fg shadow' : 'text-muted hover:text-fg')}
              data-testid={`effects-tab-${value}`}
            >
              {t(`effects.tabs.${value}`)}
            </button>
          ))}
        </div>
        <div className="max-h-[60vh] overflow-y-auto">
          {list.isPending ? (
            <ul className={GRID} aria-busy>
              <TileSkeletons count={8} />
            </ul>
          ) : list.isError ? (
            <div className="flex flex-col items-center gap-3 py-8 text-center" role="alert" data-testid="effects-error">
              <p className="text-sm text-muted">{t('effects.failed')}</p>
              <Button size="sm" variant="outline" onClick={() => void list.refetch()} loading={list.isRefetching}>
                <RotateCw size={14} aria-hidden /> {t('effects.retry')}
              </Button>
            </div>
          ) : items.length === 0 ? (
            <div className="flex flex-col items-center gap-3 py-8 text-center" data-testid="effects-empty">
              <span className="flex h-12 w-12 items-center justify-center rounded-full bg-accent/15 text-accent-fg">
                <Sparkles size={22} aria-hidden />
              </span>
              <p className="max-w-sm text-sm font-medium">{t('effects.empty')}</p>
            </div>
          ) : (
            <ul className={GRID} data-testid="effects-popup-list">
              {items.map((tpl) => (
                <li key={tpl.id}>
                  <TemplateTile template={tpl} onOpen={close} className="h-full" />
                </li>
              ))}
            </ul>
          )}
        </div>
        {/* "See all": the whole list, also when this first page is empty or failed. */}
        <div className="flex justify-center">
          <Button asChild size="sm" variant="outline">
            <Link to={to(EFFECT_PAGES[media])} onClick={close} data-testid="effects-page-link">
              {t(`effects.seeAll.${media}`)}
            </Link>
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
