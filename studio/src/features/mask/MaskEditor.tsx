/** The React panel around a MaskPainter: the image, the brush canvas over it, and its controls. */
import { Eraser, Undo2 } from 'lucide-react';
import { useEffect, useId, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import type { MaskPainter } from './MaskPainter.ts';

export function MaskEditor({ painter, imageUrl }: { painter: MaskPainter; imageUrl: string }) {
  const { t } = useTranslation('media');
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const helpId = useId();
  const brushId = useId();
  const snap = useSyncExternalStore(painter.subscribe, painter.getSnapshot);

  useEffect(() => {
    if (!canvasRef.current) return;
    painter.attach(canvasRef.current);
    return () => painter.dispose();
  }, [painter]);

  return (
    <div className="flex flex-col gap-3" data-testid="mask-editor">
      <div className="relative mx-auto w-fit max-w-full overflow-hidden rounded-xl border border-border">
        <img src={imageUrl} alt="" className="block max-h-[60vh] max-w-full select-none" draggable={false} />
        <canvas
          ref={canvasRef}
          tabIndex={0}
          aria-label={t('mask.canvas')}
          aria-describedby={helpId}
          className="absolute inset-0 h-full w-full cursor-crosshair touch-none opacity-60"
          data-testid="mask-canvas"
        />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <label htmlFor={brushId} className="text-sm font-medium">
          {t('mask.brush')}
        </label>
        <input
          id={brushId}
          type="range"
          min={snap.minBrush}
          max={snap.maxBrush}
          value={snap.brushSize}
          onChange={(e) => painter.setBrushSize(Number(e.target.value))}
          className="w-40 accent-[var(--color-accent)]"
        />
        <span className="w-16 text-xs tabular-nums text-muted">{t('mask.px', { size: snap.brushSize })}</span>
        <div className="ms-auto flex gap-2">
          <Button type="button" variant="outline" size="sm" onClick={() => painter.undo()} disabled={!snap.canUndo && snap.state === 'idle'}>
            <Undo2 size={14} aria-hidden /> {t('mask.undo')}
          </Button>
          <Button type="button" variant="outline" size="sm" onClick={() => painter.clear()} disabled={snap.strokeCount === 0}>
            <Eraser size={14} aria-hidden /> {t('mask.clear')}
          </Button>
        </div>
      </div>
      <p id={helpId} className="text-xs text-muted">
        {t('mask.help')}
      </p>
    </div>
  );
}
