/**
 * "Plan a flow" in the canvas chat (issue 24): I write a brief — and may start from the selected
 * image on the canvas or one I attach — and `flow.propose` draws a proposed flow into the project
 * document for everyone (nothing runs). The reply lists the proposed steps in order, which planner
 * made them (the planning model or the offline one) and its notes in my language, with "Review
 * price and run" (the flow's price dialog, for the proposal's steps) and "Undo" (removes the
 * proposed cards and wires in one step of my history: the server drew them, so my undo history
 * does not hold them). Viewers see the mode but cannot plan. Errors come through the app's §8
 * reactions (a toast in my language), and the brief stays in the field to send again.
 */
import { FLOW_BRIEF_MAX, type FlowProposeResult } from '@tessera/shared/flows/plan';
import type { RunScope } from '@tessera/shared/flows';
import { useMutation } from '@tanstack/react-query';
import { Crosshair, ImagePlus, Loader2, PlayCircle, SendHorizontal, Undo2, Workflow, X } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { cn } from '../../components/ui/cn.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { centreOf } from '../canvas/ui/canvasMath.ts';
import { useCanvasSession } from '../canvas/ui/canvasSession.ts';
import { ComposerTextarea } from '../chat/ComposerTextarea.tsx';
import { flowBounds, type FlowView, mediaUrl } from './flowModel.ts';
import { mediaKeyOf, noteText, proposalScope, removeProposal } from './planReply.ts';
import { type PlanEntry, usePlanStore } from './planStore.ts';
import { RunDialog } from './RunDialog.tsx';
import { useCanvasSelection, useFlowView } from './useFlowView.ts';
import { useFileUpload } from './useFileUpload.ts';

type Mode = 'chat' | 'flow';

/** The chat tab with its two modes: the image chat (given) and planning a flow. */
export function ChatWithFlowPlanner({ chat }: { chat: ReactNode }) {
  const { t } = useTranslation(['flows', 'common']);
  const mode = usePlanStore((s) => s.mode);
  const setMode = usePlanStore((s) => s.setMode);
  const modes: [Mode, string][] = [
    ['chat', t('planner.modes.chat')],
    ['flow', t('planner.modes.flow')],
  ];
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div role="group" aria-label={t('planner.modes.label')} className="flex shrink-0 gap-1 border-b border-border p-1.5">
        {modes.map(([value, label]) => (
          <button
            key={value}
            type="button"
            aria-pressed={mode === value}
            onClick={() => setMode(value)}
            className={cn(
              'flex flex-1 items-center justify-center gap-1.5 rounded-lg px-2 py-1 text-xs font-medium text-muted outline-none transition focus-visible:ring-2 focus-visible:ring-accent',
              mode === value && 'bg-surface-2 text-fg',
            )}
            data-testid={`chat-mode-${value}`}
          >
            {value === 'flow' && <Workflow size={12} aria-hidden />} {label}
          </button>
        ))}
      </div>
      {mode === 'chat' ? <div className="flex min-h-0 flex-1 flex-col">{chat}</div> : <FlowPlanPanel />}
    </div>
  );
}

function FlowPlanPanel() {
  const { t } = useTranslation(['flows', 'common']);
  const { manager, projectId, readOnly } = useCanvasSession();
  const trpc = useTRPC();
  const view = useFlowView(manager.doc);
  const entries = usePlanStore((s) => s.byProject[projectId]) ?? [];
  const add = usePlanStore((s) => s.add);
  const update = usePlanStore((s) => s.update);
  const [scope, setScope] = useState<RunScope | null>(null);
  const endRef = useRef<HTMLDivElement>(null);
  const propose = useMutation(trpc.flow.propose.mutationOptions());

  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [entries.length]);

  async function send(brief: string, imageKey: string | null): Promise<boolean> {
    const id = crypto.randomUUID();
    add(projectId, { id, brief, ...(imageKey ? { imageKey } : {}), status: 'planning' });
    const at = centreOf(manager.viewport.visibleRect());
    try {
      const result = await propose.mutateAsync({ projectId, brief, ...(imageKey ? { imageKey } : {}), placement: { x: Math.round(at.x), y: Math.round(at.y) } });
      update(projectId, id, { status: 'done', result });
      return true;
    } catch {
      // The app's error reaction has said why (§8); the brief goes back into the field.
      update(projectId, id, { status: 'failed' });
      return false;
    }
  }

  return (
    <section className="flex min-h-0 flex-1 flex-col" aria-label={t('planner.modes.flow')} data-testid="flow-planner">
      <ol className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto p-3" aria-live="polite" aria-label={t('planner.replies')}>
        {entries.length === 0 && <li className="p-3 text-center text-sm text-muted">{t('planner.intro')}</li>}
        {entries.map((entry) => (
          <PlanExchange key={entry.id} entry={entry} view={view} onReview={(s) => setScope(s)} onSeen={() => update(projectId, entry.id, { seen: true })} />
        ))}
        <div ref={endRef} />
      </ol>
      {readOnly ? <p className="border-t border-border p-3 text-xs text-muted">{t('planner.viewerNote')}</p> : <PlanComposer sending={propose.isPending} onSend={send} />}
      {scope && <RunDialog scope={scope} view={view} onClose={() => setScope(null)} />}
    </section>
  );
}

/** My brief and the planner's reply to it. */
function PlanExchange({ entry, view, onReview, onSeen }: { entry: PlanEntry; view: FlowView; onReview(scope: RunScope): void; onSeen(): void }) {
  const { t } = useTranslation(['flows', 'common']);
  const image = entry.imageKey ? mediaUrl(entry.imageKey) : null;
  return (
    <>
      <li className="flex flex-col items-end gap-1" data-testid="flow-plan-brief">
        {image && <img src={image} alt="" className="h-14 w-14 rounded-lg object-cover" />}
        <p className="max-w-[90%] whitespace-pre-wrap rounded-2xl rounded-br-sm bg-accent px-3 py-2 text-sm text-white">{entry.brief}</p>
      </li>
      {entry.status === 'planning' && (
        <li className="flex items-center gap-2 text-sm text-muted" role="status" data-testid="flow-plan-thinking">
          <Loader2 size={14} className="animate-spin" aria-hidden /> {t('planner.planning')}
        </li>
      )}
      {entry.status === 'failed' && (
        <li className="text-sm text-danger" data-testid="flow-plan-failed">
          {t('planner.failed')}
        </li>
      )}
      {entry.status === 'done' && entry.result && <PlanReply result={entry.result} seen={Boolean(entry.seen)} view={view} onReview={onReview} onSeen={onSeen} />}
    </>
  );
}

function PlanReply({ result, seen, view, onReview, onSeen }: { result: FlowProposeResult; seen: boolean; view: FlowView; onReview(scope: RunScope): void; onSeen(): void }) {
  const { t } = useTranslation(['flows', 'common']);
  const { manager, readOnly } = useCanvasSession();
  const ids = new Set(result.nodeIds);
  const present = view.nodes.filter((n) => ids.has(n.id));
  // The server's write reaches this document by sync, maybe just after its answer.
  useEffect(() => {
    if (!seen && present.length > 0) onSeen();
  }, [seen, present.length, onSeen]);
  const drawn = result.nodeIds.length > 0;
  const gone = drawn && seen && present.length === 0;
  const presentIds = new Set(present.map((n) => n.id));

  return (
    <li className="flex flex-col items-start gap-2" data-testid="flow-plan-reply" data-planner={result.planner}>
      <div className="flex max-w-full flex-col gap-2 rounded-2xl rounded-bl-sm bg-surface-2 px-3 py-2 text-sm">
        <p className="text-xs font-semibold text-accent-fg">{t(result.planner === 'llm' ? 'planner.byLlm' : 'planner.byLocal')}</p>
        {drawn ? (
          <>
            <p>{gone ? t('planner.removed') : t('planner.summary')}</p>
            <ol className="list-decimal ps-5">
              {result.steps.map((step) => (
                <li key={step.id} className={cn(!presentIds.has(step.id) && seen && 'text-muted line-through')} data-testid="flow-plan-reply-step">
                  {t(`common:kinds.${step.kind}`)}
                </li>
              ))}
            </ol>
          </>
        ) : (
          <p>{t('planner.nothing')}</p>
        )}
        {result.notes.length > 0 && (
          <div>
            <p className="text-xs font-semibold text-muted">{t('planner.notesTitle')}</p>
            <ul className="list-disc ps-5 text-xs text-muted">
              {result.notes.map((note, i) => (
                <li key={i} data-testid="flow-plan-note" data-code={note.code}>
                  {noteText(t, note)}
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
      {drawn && !gone && (
        <div className="flex flex-wrap gap-1.5">
          {!seen && (
            <span className="flex items-center gap-1.5 text-xs text-muted" role="status">
              <Loader2 size={12} className="animate-spin" aria-hidden /> {t('planner.drawing')}
            </span>
          )}
          <Button
            variant="secondary"
            size="sm"
            className="h-7 px-2 text-xs"
            disabled={!seen}
            onClick={() => manager.viewport.fitTo(flowBounds({ nodes: present, runs: view.runs }))}
            data-testid="flow-plan-show"
          >
            <Crosshair size={12} aria-hidden /> {t('planner.show')}
          </Button>
          {!readOnly && (
            <>
              <Button size="sm" className="h-7 px-2 text-xs" disabled={!seen || result.steps.length === 0} onClick={() => onReview(proposalScope(result, view.edges))} data-testid="flow-plan-review">
                <PlayCircle size={12} aria-hidden /> {t('planner.review')}
              </Button>
              <Button
                variant="outline"
                size="sm"
                className="h-7 px-2 text-xs"
                disabled={!seen}
                onClick={() => removeProposal(manager.doc, manager.localOrigin, [...presentIds])}
                data-testid="flow-plan-undo"
              >
                <Undo2 size={12} aria-hidden /> {t('planner.undo')}
              </Button>
            </>
          )}
        </div>
      )}
    </li>
  );
}

/** The brief, and the image it starts from: the selected one on the canvas, or one I attach. */
function PlanComposer({ sending, onSend }: { sending: boolean; onSend(brief: string, imageKey: string | null): Promise<boolean> }) {
  const { t } = useTranslation(['flows', 'common']);
  const { manager } = useCanvasSession();
  const ids = { text: useId(), selected: useId() };
  const file = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [useSelected, setUseSelected] = useState(true);
  const [attached, setAttached] = useState<string | null>(null);
  const { upload, onFileChange } = useFileUpload(setAttached);
  const selection = useCanvasSelection(manager);
  const selectedNode = selection.length === 1 ? manager.store.get(selection[0] ?? '') : undefined;
  const selectedKey = selectedNode?.type === 'image' ? mediaKeyOf(selectedNode.src) : null;
  const imageKey = attached ?? (useSelected ? selectedKey : null);
  const uploading = upload !== null && 'progress' in upload;

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    const brief = text.trim();
    if (!brief || sending || uploading) return;
    setText('');
    if (await onSend(brief, imageKey)) setAttached(null);
    else setText((current) => current || brief);
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-2 border-t border-border p-3">
      <ComposerTextarea
        id={ids.text}
        label={t('planner.brief')}
        value={text}
        maxLength={FLOW_BRIEF_MAX}
        placeholder={t('planner.placeholder')}
        onChange={setText}
        onSend={() => void submit()}
        testId="flow-plan-input"
      />
      <div className="flex flex-wrap items-center gap-2 text-xs">
        {attached ? (
          <span className="flex items-center gap-1.5">
            <img src={mediaUrl(attached) ?? ''} alt={t('planner.attached')} className="h-8 w-8 rounded object-cover" />
            <Button variant="ghost" size="icon" className="h-7 w-7" aria-label={t('planner.removeImage')} title={t('planner.removeImage')} onClick={() => setAttached(null)}>
              <X size={14} aria-hidden />
            </Button>
          </span>
        ) : (
          <>
            {selectedKey && (
              <label htmlFor={ids.selected} className="flex items-center gap-1.5 text-muted">
                <input id={ids.selected} type="checkbox" checked={useSelected} onChange={(e) => setUseSelected(e.target.checked)} className="accent-[var(--color-accent)]" data-testid="flow-plan-use-selected" />
                {t('planner.useSelected')}
              </label>
            )}
            <Button variant="ghost" size="sm" className="h-7 px-2 text-xs" loading={uploading} onClick={() => file.current?.click()} data-testid="flow-plan-attach">
              <ImagePlus size={14} aria-hidden /> {t('planner.attach')}
            </Button>
            <input
              ref={file}
              type="file"
              hidden
              accept="image/*"
              data-testid="flow-plan-file"
              onChange={onFileChange}
            />
          </>
        )}
        <Button type="submit" size="sm" className="ms-auto" loading={sending} disabled={!text.trim() || uploading} data-testid="flow-plan-send">
          <SendHorizontal size={14} aria-hidden /> {t('planner.send')}
        </Button>
      </div>
      {upload && 'error' in upload && (
        <p role="alert" className="text-xs text-danger">
          {upload.error}
        </p>
      )}
    </form>
  );
}
