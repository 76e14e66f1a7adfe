/**
 * §2 effects popup: choose a video or photo effect to start from. The effects catalogue comes
 * with its own issue; until this server publishes effects the popup says so and points to the
 * effects pages.
 */
import { Sparkles } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../../app/useLanguage.ts';
import { Button } from '../../components/ui/Button.tsx';
import { cn } from '../../components/ui/cn.ts';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { usePopupStore } from '../popups/popupStore.ts';

type EffectMedia = 'video' | 'image';
const EFFECT_PAGES: Record<EffectMedia, string> = { video: '/video-effects', image: '/photo-effects' };

export default function EffectsDialog() {
  const { t } = useTranslation('popups');
  const current = usePopupStore((s) => s.current);
  const close = usePopupStore((s) => s.close);
  const to = useLocalizedPath();
  const initial = current?.name === 'effects' ? (current.props.mediaType ?? 'video') : 'video';
  const [media, setMedia] = useState<EffectMedia>(initial);
  if (current?.name !== 'effects') return null;
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
        <div className="relative">
          {/* The grid the catalogue will fill, faded behind the empty state. */}
          <ul className="grid grid-cols-2 gap-3 opacity-40 sm:grid-cols-4" aria-hidden>
            {Array.from({ length: 8 }, (_, i) => (
              <li key={i} className={cn('rounded-lg bg-surface-2', media === 'video' ? 'aspect-[9/16] sm:aspect-[3/4]' : 'aspect-square')} />
            ))}
          </ul>
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 p-4 text-center" data-testid="effects-empty">
            <span className="flex h-12 w-12 items-center justify-center rounded-full bg-accent/15 text-accent-fg">
              <Sparkles size={22} aria-hidden />
            </span>
            <p className="max-w-sm text-sm font-medium">{t('effects.empty')}</p>
            <Button asChild size="sm" variant="outline">
              <Link to={to(EFFECT_PAGES[media])} onClick={close} data-testid="effects-page-link">
                {t(`effects.browse.${media}`)}
              </Link>
            </Button>
          </div>
        </div>
      </div>
    </Dialog>
  );
}
