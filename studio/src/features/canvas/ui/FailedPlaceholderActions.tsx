/**
 * "Try again" and "Dismiss" on every failed generation placeholder, drawn over the node's top
 * corner so either is one click (or one Tab and Enter) away without selecting the node first.
 * Try again re-runs the node's own request in place (the server accepts a failed placeholder as
 * a regenerate target, keeping its box and lineage); Dismiss deletes the node (undoable).
 * Editors only; hidden while the camera moves, like the action bar.
 */
import type { CanvasNode, PlaceholderNode } from '@tessera/shared/canvas';
import { RotateCcw, X } from 'lucide-react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useCanvasSession } from './canvasSession.ts';
import { toScreenRect } from './overlayPosition.ts';
import { useCanvasGenerate } from './useCanvasGenerate.ts';
import { useCanvasState } from './useCanvasState.ts';

/** The buttons' row, px: a node narrower than this on screen shows them above its corner instead. */
const ROW_WIDTH = 64;
const BUTTON = 'flex h-7 w-7 items-center justify-center rounded-md border border-border bg-surface text-muted shadow-sm transition hover:bg-surface-2 hover:text-fg disabled:opacity-50';

const isFailedPlaceholder = (node: CanvasNode): node is PlaceholderNode => node.type === 'placeholder' && node.status === 'failed';

export function FailedPlaceholderActions() {
  const { manager, readOnly } = useCanvasSession();
  // Re-read only when the document changes (the selector is stable, so useCanvasState caches by version).
  const selectFailed = useCallback(() => manager.store.all().filter(isFailedPlaceholder), [manager]);
  const failed = useCanvasState(manager.store, selectFailed);
  const camera = useCanvasState(manager.viewport, () => manager.viewport.camera);
  const moving = useCanvasState(manager.viewport, () => manager.viewport.moving);
  if (readOnly || moving || failed.length === 0) return null;
  return (
    <>
      {failed.map((node) => {
        const rect = toScreenRect({ x: node.x, y: node.y, width: node.width, height: node.height }, camera);
        const inside = rect.width >= ROW_WIDTH + 8;
        return <FailedActions key={node.id} node={node} left={rect.x + rect.width - ROW_WIDTH - (inside ? 4 : 0)} top={inside ? rect.y + 4 : rect.y - 32} />;
      })}
    </>
  );
}

function FailedActions({ node, left, top }: { node: PlaceholderNode; left: number; top: number }) {
  const { t } = useTranslation(['canvas', 'common']);
  const { manager } = useCanvasSession();
  const { generate, pending } = useCanvasGenerate();
  const lineage = node.generation;
  const label = node.name || t(`common:kinds.${lineage.kind}`, { defaultValue: lineage.kind });

  function retry() {
    void generate({
      kind: lineage.kind as Parameters<typeof generate>[0]['kind'],
      input: lineage.params,
      placement: { x: node.x, y: node.y, width: node.width, height: node.height },
      parentNodeId: lineage.parentNodeId,
      nodeId: node.id,
    });
  }

  return (
    <div
      role="group"
      aria-label={t('failedPlaceholder.label', { name: label })}
      className="pointer-events-auto absolute z-10 flex items-center gap-1"
      style={{ left, top, width: ROW_WIDTH }}
      data-testid={`failed-actions-${node.id}`}
    >
      <button type="button" className={BUTTON} title={t('failedPlaceholder.retry')} aria-label={t('failedPlaceholder.retry')} disabled={pending} onClick={retry} data-testid="failed-retry">
        <RotateCcw size={14} aria-hidden />
      </button>
      <button
        type="button"
        className={BUTTON}
        title={t('failedPlaceholder.dismiss')}
        aria-label={t('failedPlaceholder.dismiss')}
        onClick={() => manager.deleteNodes([node.id])}
        data-testid="failed-dismiss"
      >
        <X size={14} aria-hidden />
      </button>
    </div>
  );
}
