/**
 * A template's preview: a real rendering of it on the sample photo. Image previews load lazily;
 * video previews get their source only once near the screen and play muted while `playing`
 * (the tile is hovered or focused). The server renders a preview on its first request, which can
 * take seconds, so a skeleton covers the tile until the first frame is there.
 */
import type { TemplateDto } from '@tessera/shared/catalog';
import { ImageOff } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { cn } from '../../components/ui/cn.ts';

type PreviewState = 'loading' | 'loaded' | 'failed';

/** Starts loading a little before the tile scrolls into view. */
const NEAR_SCREEN = '200px';

export function TemplatePreview({
  template,
  playing = false,
  decorative = false,
  className,
}: {
  template: Pick<TemplateDto, 'previewUrl' | 'previewMediaType' | 'name'>;
  playing?: boolean;
  /** The name is written next to the preview: no second accessible name. */
  decorative?: boolean;
  className?: string;
}) {
  const [state, setState] = useState<PreviewState>('loading');
  const [near, setNear] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const isVideo = template.previewMediaType === 'video';

  // Video has no native lazy loading: give it its source once the tile comes near the screen.
  useEffect(() => {
    if (!isVideo || near) return;
    const el = box.current;
    if (!el || typeof IntersectionObserver === 'undefined') return setNear(true);
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: NEAR_SCREEN });
    observer.observe(el);
    return () => observer.disconnect();
  }, [isVideo, near]);

  useEffect(() => {
    const el = video.current;
    if (!el || state !== 'loaded') return;
    if (playing) void el.play().catch(() => undefined);
    else {
      el.pause();
      el.currentTime = 0;
    }
  }, [playing, state]);

  return (
    <div ref={box} className={cn('relative overflow-hidden bg-surface-2', className)} data-testid="template-preview" data-state={state}>
      {isVideo ? (
        <video
          ref={video}
          src={near ? template.previewUrl : undefined}
          muted
          loop
          playsInline
          preload="metadata"
          aria-label={decorative ? undefined : template.name}
          aria-hidden={decorative || undefined}
          className="h-full w-full object-cover"
          onLoadedData={() => setState('loaded')}
          onError={() => near && setState('failed')}
        />
      ) : (
        <img
          src={template.previewUrl}
          alt={decorative ? '' : template.name}
          loading="lazy"
          decoding="async"
          className="h-full w-full object-cover"
          onLoad={() => setState('loaded')}
          onError={() => setState('failed')}
        />
      )}
      {state === 'loading' && <div className="absolute inset-0 animate-pulse bg-surface-2" aria-hidden />}
      {state === 'failed' && (
        <div className="absolute inset-0 flex items-center justify-center bg-surface-2 text-muted" aria-hidden>
          <ImageOff size={22} />
        </div>
      )}
    </div>
  );
}
