/**
 * The inspector: what the selection is. A generated node shows its lineage (prompt, kind,
 * parameters, engine, cost, who asked, when, the node it was made from) with "regenerate",
 * "use settings" and "restore previous version"; every node shows its geometry, lock and
 * z-order. Below: the canvas's saved versions (history).
 */
import type { CanvasNode, Lineage } from '@tessera/shared/canvas';
import { type AspectRatio, ASPECT_RATIOS, type ImageStyle } from '@tessera/shared/generation';
import { ArrowDown, ArrowDownToLine, ArrowUp, ArrowUpToLine, Lock, RefreshCw, SlidersHorizontal, Trash2, Undo2, Unlock } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button.tsx';
import type { CanvasManager } from '../engine/CanvasManager.ts';
import { ModelName } from '../../generate/EngineNote.tsx';
import { useCanvasSession } from './canvasSession.ts';
import { type ActionRequest, useCanvasUi } from './canvasUiStore.ts';
import { HistorySection } from './HistorySection.tsx';
import { showNode } from './showNode.ts';
import { useCanvasGenerate } from './useCanvasGenerate.ts';
import { useCanvasState } from './useCanvasState.ts';

const ACTION_KINDS = new Set(['image_to_image', 'upscale', 'background_changer', 'object_remover', 'inpaint', 'face_swap']);

export function InspectorPanel() {
  const { t } = useTranslation('canvas');
  const { manager } = useCanvasSession();
  const ids = useCanvasState(manager.selection, () => manager.selection.ids);
  const node = useCanvasState(manager.store, () => (ids.length === 1 ? (manager.store.get(ids[0]!) ?? null) : null));

  return (
    <div className="flex flex-col gap-5 p-3" data-testid="inspector">
      {ids.length === 0 ? (
        <p className="text-sm text-muted">{t('inspector.nothing')}</p>
      ) : node ? (
        <NodeInspector key={node.id} node={node} />
      ) : ids.length > 1 ? (
        <section className="flex flex-col gap-3">
          <p className="text-sm font-medium">{t('inspector.many', { count: ids.length })}</p>
          <ArrangeButtons />
        </section>
      ) : (
        <p className="text-sm text-muted">{t('inspector.gone')}</p>
      )}
      <HistorySection />
    </div>
  );
}

function NodeInspector({ node }: { node: CanvasNode }) {
  const { t } = useTranslation(['canvas', 'common']);
  const { manager, readOnly } = useCanvasSession();
  const lineage = 'generation' in node ? node.generation : undefined;
  return (
    <>
      <section className="flex flex-col gap-1">
        <h3 className="text-sm font-semibold">{node.name || t(`nodeTypes.${node.type}`)}</h3>
        {node.type === 'placeholder' && node.status === 'failed' && (
          <div className="mt-2 flex flex-col gap-2 rounded-lg border border-danger/40 bg-danger/10 p-2 text-sm" role="alert">
            <p>{node.error?.message ?? t('inspector.failed')}</p>
            {!readOnly && (
              <Button variant="outline" size="sm" onClick={() => manager.deleteNodes([node.id])}>
                <Trash2 size={14} aria-hidden /> {t('inspector.remove')}
              </Button>
            )}
          </div>
        )}
      </section>
      {lineage && <LineageSection node={node} lineage={lineage} />}
      <GeometrySection node={node} />
      <ArrangeButtons locked={node.locked} />
    </>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[6rem_1fr] gap-2 text-sm">
      <dt className="text-muted">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

/** Parameters worth showing: everything but the prompt (shown above) and media references. */
function paramsOf(lineage: Lineage): [string, string][] {
  return Object.entries(lineage.params)
    .filter(([key]) => key !== 'prompt' && key !== 'projectId')
    .map(([key, value]) => [key, typeof value === 'string' && value.startsWith('/api/media/') ? '🖼' : typeof value === 'object' ? JSON.stringify(value) : String(value)]);
}

function LineageSection({ node, lineage }: { node: CanvasNode; lineage: Lineage }) {
  const { t, i18n } = useTranslation(['canvas', 'common', 'aiTools']);
  const { manager, readOnly } = useCanvasSession();
  const openAction = useCanvasUi((s) => s.openAction);
  const { generate, pending } = useCanvasGenerate();
  const parent = useCanvasState(manager.store, () => (lineage.parentNodeId ? manager.store.get(lineage.parentNodeId) : undefined));
  const busy = node.type === 'placeholder' && node.status !== 'failed';
  const versions = lineage.versions;
  const settings = settingsActionFor(node, lineage, Boolean(parent));

  function regenerate() {
    void generate({
      kind: lineage.kind as Parameters<typeof generate>[0]['kind'],
      input: lineage.params,
      placement: { x: node.x, y: node.y, width: node.width, height: node.height },
      parentNodeId: lineage.parentNodeId,
      nodeId: node.id,
    });
  }

  return (
    <section className="flex flex-col gap-3" aria-label={t('inspector.lineage')} data-testid="inspector-lineage">
      <dl className="flex flex-col gap-1.5">
        {lineage.prompt && (
          <Row label={t('inspector.prompt')}>
            <span data-testid="inspector-prompt">{lineage.prompt}</span>
          </Row>
        )}
        <Row label={t('inspector.kind')}>{t(`common:kinds.${lineage.kind}`, { defaultValue: lineage.kind })}</Row>
        {paramsOf(lineage).map(([key, value]) => (
          <Row key={key} label={t(`aiTools:fields.${key}`, { defaultValue: key })}>
            {value}
          </Row>
        ))}
        {lineage.engine && (
          <Row label={t('inspector.engine')}>
            <ModelName id={lineage.engine} />
          </Row>
        )}
        <Row label={t('inspector.cost')}>{t('inspector.credits', { count: lineage.cost })}</Row>
        <Row label={t('inspector.requestedBy')}>{lineage.requestedBy.name}</Row>
        <Row label={t('inspector.createdAt')}>{new Date(lineage.createdAt).toLocaleString(i18n.language)}</Row>
        {lineage.parentNodeId && (
          <Row label={t('inspector.parent')}>
            {parent ? (
              <button type="button" className="text-accent-fg hover:underline" onClick={() => showNode(manager, parent.id)} data-testid="inspector-parent">
                {parent.name || t(`nodeTypes.${parent.type}`)}
              </button>
            ) : (
              <span className="text-muted">{t('inspector.parentGone')}</span>
            )}
          </Row>
        )}
      </dl>
      {!readOnly && (
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" loading={pending} disabled={busy} onClick={regenerate} data-testid="inspector-regenerate">
            <RefreshCw size={14} aria-hidden /> {t('inspector.regenerate')}
          </Button>
          {settings && (
            <Button variant="outline" size="sm" disabled={busy} onClick={() => openAction(settings)} data-testid="inspector-use-settings">
              <SlidersHorizontal size={14} aria-hidden /> {t('inspector.useSettings')}
            </Button>
          )}
          {versions.length > 0 && node.type !== 'placeholder' && (
            <Button variant="outline" size="sm" onClick={() => restorePreviousVersion(manager, node, lineage)} data-testid="inspector-restore-version">
              <Undo2 size={14} aria-hidden /> {t('inspector.restoreVersion', { count: versions.length })}
            </Button>
          )}
        </div>
      )}
    </section>
  );
}

/** "Use settings": the same request in its form, pre-filled, for me to change before running. */
export function settingsActionFor(node: CanvasNode, lineage: Lineage, parentExists: boolean): ActionRequest | null {
  const params = lineage.params;
  const prompt = typeof params.prompt === 'string' ? params.prompt : (lineage.prompt ?? '');
  if (lineage.kind === 'text_to_image') {
    const aspect = typeof params.aspectRatio === 'string' && params.aspectRatio in ASPECT_RATIOS ? (params.aspectRatio as AspectRatio) : '1:1';
    return {
      kind: 'text_to_image',
      near: { x: node.x, y: node.y, width: node.width, height: node.height },
      parentNodeId: null,
      prompt,
      aspectRatio: aspect,
      ...(typeof params.negativePrompt === 'string' ? { negativePrompt: params.negativePrompt } : {}),
    };
  }
  if (!lineage.parentNodeId || !parentExists || !ACTION_KINDS.has(lineage.kind)) return null;
  const nodeId = lineage.parentNodeId;
  if (lineage.kind === 'image_to_image') {
    return {
      kind: 'image_to_image',
      nodeId,
      prompt,
      ...(typeof params.style === 'string' ? { style: params.style as ImageStyle } : {}),
      ...(typeof params.strength === 'number' ? { strength: params.strength } : {}),
    };
  }
  if (lineage.kind === 'inpaint') return { kind: 'inpaint', nodeId, prompt };
  return { kind: lineage.kind as 'upscale' | 'background_changer' | 'object_remover' | 'face_swap', nodeId };
}

/** Brings back the newest earlier result (one undo step); the height follows its shape. */
export function restorePreviousVersion(manager: CanvasManager, node: CanvasNode, lineage: Lineage): void {
  const previous = lineage.versions[lineage.versions.length - 1];
  if (!previous) return;
  const height = previous.width && previous.height ? Math.round((node.width * previous.height) / previous.width) : node.height;
  manager.updateNodes({
    [node.id]: {
      type: previous.mediaType,
      src: previous.src,
      ...(previous.poster ? { poster: previous.poster } : {}),
      height,
      generation: { ...lineage, versions: lineage.versions.slice(0, -1) },
    } as Partial<CanvasNode>,
  });
}

function GeometrySection({ node }: { node: CanvasNode }) {
  const { t } = useTranslation('canvas');
  const { manager, readOnly } = useCanvasSession();
  const disabled = readOnly || node.locked;
  const fields = [
    ['x', node.x],
    ['y', node.y],
    ['width', node.width],
    ['height', node.height],
    ['rotation', node.rotation],
  ] as const;
  return (
    <section aria-label={t('inspector.geometry')}>
      <div className="grid grid-cols-2 gap-2">
        {fields.map(([key, value]) => (
          <NumberField
            key={key}
            label={t(`inspector.${key}`)}
            value={value}
            disabled={disabled}
            min={key === 'width' || key === 'height' ? 1 : undefined}
            onCommit={(v) => manager.updateNodes({ [node.id]: { [key]: v } as Partial<CanvasNode> })}
          />
        ))}
      </div>
    </section>
  );
}

function NumberField({ label, value, disabled, min, onCommit }: { label: string; value: number; disabled: boolean; min?: number; onCommit(value: number): void }) {
  const id = useId();
  const shown = String(Math.round(value * 100) / 100);
  const [draft, setDraft] = useState<string | null>(null);
  const commit = () => {
    if (draft === null) return;
    const parsed = Number(draft);
    setDraft(null);
    if (draft.trim() === '' || !Number.isFinite(parsed) || (min !== undefined && parsed < min) || parsed === value) return;
    onCommit(parsed);
  };
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs text-muted">
        {label}
      </label>
      <input
        id={id}
        type="number"
        inputMode="decimal"
        value={draft ?? shown}
        disabled={disabled}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
          if (e.key === 'Escape') setDraft(null);
        }}
        className="h-8 w-full rounded-md border border-border bg-surface-2 px-2 text-sm tabular-nums focus:border-accent focus:outline-none disabled:opacity-50"
      />
    </div>
  );
}

function ArrangeButtons({ locked }: { locked?: boolean }) {
  const { t } = useTranslation('canvas');
  const { manager, readOnly } = useCanvasSession();
  useCanvasState(manager.selection, () => manager.selection.version);
  if (readOnly) return null;
  const run = (id: string) => () => void manager.commands.run(id);
  const buttons = [
    ['bringToFront', ArrowUpToLine],
    ['bringForward', ArrowUp],
    ['sendBackward', ArrowDown],
    ['sendToBack', ArrowDownToLine],
  ] as const;
  return (
    <section className="flex flex-wrap items-center gap-1" aria-label={t('inspector.arrange')}>
      {buttons.map(([id, Icon]) => (
        <Button key={id} variant="ghost" size="icon" className="h-8 w-8" title={t(`commands.${id}`)} aria-label={t(`commands.${id}`)} onClick={run(id)}>
          <Icon size={16} aria-hidden />
        </Button>
      ))}
      <Button variant="outline" size="sm" className="ms-auto" onClick={run(locked ? 'unlock' : 'lock')} data-testid="inspector-lock">
        {locked ? <Unlock size={14} aria-hidden /> : <Lock size={14} aria-hidden />} {t(locked ? 'commands.unlock' : 'commands.lock')}
      </Button>
    </section>
  );
}
