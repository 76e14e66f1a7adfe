/**
 * Status over the canvas: read-only for viewers (and a short reminder when they try to change
 * something), the connection lost with a reconnect button, and the empty-canvas hint.
 */
import { Eye, WifiOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button.tsx';
import { cn } from '../../../components/ui/cn.ts';
// Flows (issue 24): a board with only a flow on it is not empty.
import { useHasFlow } from '../../flows/useFlowView.ts';
import { useCanvasSession } from './canvasSession.ts';
import { useCanvasState } from './useCanvasState.ts';

/** How long the read-only banner stays highlighted after a refused change. */
const FLASH_MS = 1500;

export function ReadOnlyBanner() {
  const { t } = useTranslation('canvas');
  const { manager, readOnly } = useCanvasSession();
  const [flash, setFlash] = useState(false);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = manager.on('readOnlyAttempt', () => {
      setFlash(true);
      clearTimeout(timer);
      timer = setTimeout(() => setFlash(false), FLASH_MS);
    });
    return () => {
      off();
      clearTimeout(timer);
    };
  }, [manager]);

  if (!readOnly) return null;
  return (
    <div
      role="status"
      className={cn(
        'pointer-events-auto absolute start-1/2 top-3 z-20 flex -translate-x-1/2 items-center gap-2 rounded-full border px-4 py-1.5 text-sm shadow-lg transition rtl:translate-x-1/2',
        flash ? 'border-accent bg-accent text-white' : 'border-border bg-surface/95 text-fg',
      )}
      data-testid="read-only-banner"
    >
      <Eye size={14} aria-hidden /> {t('banner.readOnly')}
    </div>
  );
}

export function OfflineBanner({ online, onReconnect }: { online: boolean; onReconnect(): void }) {
  const { t } = useTranslation('canvas');
  if (online) return null;
  return (
    <div role="alert" className="pointer-events-auto absolute start-1/2 top-14 z-20 flex -translate-x-1/2 items-center gap-3 rounded-xl border border-danger/50 bg-surface/95 px-4 py-2 text-sm shadow-lg rtl:translate-x-1/2" data-testid="offline-banner">
      <WifiOff size={16} className="text-danger" aria-hidden />
      <span>{t('banner.offline')}</span>
      <Button variant="outline" size="sm" className="shrink-0 whitespace-nowrap" onClick={onReconnect}>
        {t('banner.reconnect')}
      </Button>
    </div>
  );
}

export function EmptyHint() {
  const { t } = useTranslation('canvas');
  const { manager, readOnly } = useCanvasSession();
  const empty = useCanvasState(manager.store, () => manager.store.count() === 0);
  const hasFlow = useHasFlow(manager.doc);
  if (!empty || hasFlow) return null;
  return (
    <div className="absolute inset-0 flex items-center justify-center p-6" data-testid="canvas-empty">
      <p className="max-w-sm rounded-2xl bg-white/80 px-5 py-4 text-center text-sm text-neutral-600 shadow">{t(readOnly ? 'empty.viewer' : 'empty.editor')}</p>
    </div>
  );
}
