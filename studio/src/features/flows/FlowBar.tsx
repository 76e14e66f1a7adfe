/**
 * The flow's toolbar (bottom centre of the canvas): add a step of any creation kind (named as the
 * Create menu names them), add a text / image / video input, turn the selected generated canvas
 * node into a step (its lineage becomes the settings), run the whole flow and cancel a run in
 * progress, save the flow as a template or insert one (flow-templates/). Viewers see only the
 * state. Every control is a real button or select (Tab reaches them). With no flow yet, it says
 * how to start one.
 */
import { GENERATION_KINDS, type GenerationKind, isGenerationKind } from '@tessera/shared/generation';
import { useMutation } from '@tanstack/react-query';
import { Play, Square, Workflow } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../components/ui/cn.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { useCanvasSession } from '../canvas/ui/canvasSession.ts';
import { TemplateBarActions } from '../flow-templates/TemplateBarActions.tsx';
import { activeRunId, addInput, addStep, type FlowView, turnIntoStep } from './flowModel.ts';
import { RunDialog } from './RunDialog.tsx';
import { BAR_BUTTON, PORT_ICONS } from './flowStyles.ts';
import { useCanvasSelection } from './useFlowView.ts';
import type { RunScope } from '@tessera/shared/flows';

const KINDS = Object.keys(GENERATION_KINDS) as GenerationKind[];

export function FlowBar({ view, empty, onAdded }: { view: FlowView; empty: boolean; onAdded(id: string): void }) {
  const { t } = useTranslation(['flows', 'common']);
  const { manager, readOnly, projectId } = useCanvasSession();
  const trpc = useTRPC();
  const selectId = useId();
  const [scope, setScope] = useState<RunScope | null>(null);
  const selection = useCanvasSelection(manager);
  const runId = activeRunId(view.runs);
  const cancel = useMutation(trpc.flow.cancel.mutationOptions());

  /** New cards go in a grid from the view's top-left corner, in reading order, apart from each other. */
  const spot = () => {
    const rect = manager.viewport.visibleRect();
    const n = view.nodes.length;
    // Clear of the tool strip on the left (~4.5rem on screen).
    const left = 96 / manager.viewport.camera.zoom;
    const columns = Math.max(1, Math.floor((rect.width - left - 40) / 300));
    return { x: rect.x + left + (n % columns) * 300, y: rect.y + 60 + (Math.floor(n / columns) % 3) * 230 };
  };

  const selectedNode = selection.length === 1 ? manager.store.get(selection[0] ?? '') : undefined;
  const lineage = selectedNode && (selectedNode.type === 'image' || selectedNode.type === 'video') ? selectedNode.generation : undefined;
  const canTurn = Boolean(lineage && isGenerationKind(lineage.kind));

  const categories: { label: string; kinds: GenerationKind[] }[] = [
    { label: t('bar.imageKinds'), kinds: KINDS.filter((k) => GENERATION_KINDS[k].output === 'image') },
    { label: t('bar.videoKinds'), kinds: KINDS.filter((k) => GENERATION_KINDS[k].output !== 'image') },
  ];

  return (
    <div
      role="toolbar"
      aria-label={t('bar.label')}
      className="pointer-events-auto absolute bottom-3 left-1/2 z-20 flex max-w-[calc(100%-1.5rem)] -translate-x-1/2 flex-wrap items-center justify-center gap-1 rounded-xl border border-border bg-surface/95 p-1 shadow-lg sm:bottom-4 md:max-w-[calc(100%-16rem)]"
      data-testid="flow-bar"
    >
      <span className="flex items-center gap-1 px-2 text-sm font-semibold text-muted">
        <Workflow size={16} aria-hidden /> {t('bar.title')}
      </span>
      {empty && (
        <span className="px-2 text-xs text-muted" data-testid="flow-empty">
          {t(readOnly ? 'bar.emptyReadOnly' : 'bar.empty')}
        </span>
      )}
      {!readOnly && (
        <>
          <label htmlFor={selectId} className="sr-only">
            {t('bar.addStep')}
          </label>
          <select
            id={selectId}
            className="h-9 max-w-44 rounded-lg border border-border bg-surface-2 px-2 text-sm outline-none focus-visible:ring-2 focus-visible:ring-accent"
            value=""
            data-testid="flow-add-step"
            onChange={(e) => {
              const kind = e.target.value;
              if (!isGenerationKind(kind)) return;
              onAdded(addStep(manager.doc, manager.localOrigin, kind, spot()));
            }}
          >
            <option value="">{t('bar.addStep')}</option>
            {categories.map((group) => (
              <optgroup key={group.label} label={group.label}>
                {group.kinds.map((kind) => (
                  <option key={kind} value={kind}>
                    {t(`common:kinds.${kind}`)}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
          {(['text', 'image', 'video'] as const).map((port) => {
            const Icon = PORT_ICONS[port];
            return (
              <button
                key={port}
                type="button"
                className={BAR_BUTTON}
                data-testid={`flow-add-input-${port}`}
                title={t(`bar.addInput.${port}`)}
                onClick={() => onAdded(addInput(manager.doc, manager.localOrigin, port, spot()))}
              >
                <Icon size={16} aria-hidden /> <span className="hidden lg:inline">{t(`bar.addInput.${port}`)}</span>
                <span className="sr-only lg:hidden">{t(`bar.addInput.${port}`)}</span>
              </button>
            );
          })}
          {canTurn && lineage && selectedNode && (
            <button
              type="button"
              className={BAR_BUTTON}
              data-testid="flow-turn-into-step"
              onClick={() => {
                const id = turnIntoStep(manager.doc, manager.localOrigin, lineage, { x: selectedNode.x + selectedNode.width + 80, y: selectedNode.y });
                if (id) onAdded(id);
              }}
            >
              <Workflow size={16} aria-hidden /> {t('bar.turnIntoStep')}
            </button>
          )}
          <button
            type="button"
            className={cn(BAR_BUTTON, 'bg-gradient-to-r from-accent to-accent-2 text-white hover:opacity-90')}
            disabled={empty || Boolean(runId)}
            data-testid="flow-run-all"
            onClick={() => setScope({ kind: 'all' })}
          >
            <Play size={16} aria-hidden /> {t('bar.runFlow')}
          </button>
          {runId && (
            <button
              type="button"
              className={cn(BAR_BUTTON, 'text-danger')}
              disabled={cancel.isPending}
              data-testid="flow-cancel"
              onClick={() => cancel.mutate({ projectId, runId })}
            >
              <Square size={16} aria-hidden /> {t('bar.cancel')}
            </button>
          )}
        </>
      )}
      <TemplateBarActions view={view} />
      {readOnly && runId && (
        <span className="px-2 text-xs text-muted" role="status">
          {t('bar.running')}
        </span>
      )}
      {scope && <RunDialog scope={scope} view={view} onClose={() => setScope(null)} />}
    </div>
  );
}
