/**
 * The flow on the canvas (issue 24): step and input cards and the wires between them, drawn over
 * the Konva stage in the same camera (a DOM layer transformed by the viewport: pan and zoom move
 * it with the canvas; wheel over a card pans/zooms the canvas too). Cards are real buttons and
 * fields, so the flow works from the keyboard. Editors move cards (drag the header), wire an
 * output into a typed input port (drag from the dot on the right to a port on the left; a refused
 * wire says why), remove wires and cards; viewers see it all read-only. Every edit is one
 * transaction with the canvas's local origin: one step of my own undo.
 *
 * At scale: only the cards and wires in the view plus a margin are in the page (flowScene.ts),
 * cards re-render only when their own props change, and the camera moves the layer without a
 * React render. Cards share the canvas's selection (the canvas's selectable layer): the marquee
 * takes them along, shift-click adds or removes one, Delete removes the selection in one undo
 * step, and dragging a selected card moves everything selected. While a card moves,
 * collaborators see it move through my awareness (`drag`, throttled), then one write on release.
 */
import type { FlowIssueCode, StepState } from '@tessera/shared/flows';
import type { FlowDocNode, StepRun } from '@tessera/shared/flows/document';
import { AlertTriangle, X } from 'lucide-react';
import { memo, type PointerEvent as ReactPointerEvent, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../components/ui/cn.ts';
import type { CanvasManager } from '../canvas/engine/CanvasManager.ts';
import { SelectionMove } from '../canvas/engine/SelectionMove.ts';
import { useCanvasSession } from '../canvas/ui/canvasSession.ts';
import { FlowBar } from './FlowBar.tsx';
import { FlowInspector } from './FlowInspector.tsx';
import { cardTitle, PORT_ICONS } from './flowStyles.ts';
import { CARD_HEADER, CARD_WIDTH, cardHeight, isVideoKind, mediaUrl, outputOf, outputPortPoint, PORT_COLORS, PORT_ROW, portsOf, removeEdge, removeNode, wire, wirePath } from './flowModel.ts';
import { type FlowScene, flowScene, flowSelectableLayer } from './flowScene.ts';
import { useCameraTransform, useCanvasSelection, useCullWindow, useFitFlowOnOpen, useFlowView, useFarZoom, useProgressVersion, useRemoteFlowDrags, useSelectedFlowCards } from './useFlowView.ts';

type Point = { x: number; y: number };

const STATE_STYLE: Record<StepState, string> = {
  fresh: 'bg-emerald-100 text-emerald-800',
  stale: 'bg-amber-100 text-amber-800',
  running: 'bg-sky-100 text-sky-800',
  failed: 'bg-red-100 text-red-800',
  ready: 'bg-slate-100 text-slate-700',
  waiting: 'bg-slate-100 text-slate-500',
};

/** Pans/zooms the canvas from a wheel over the flow layer (the Konva stage never sees it). */
function useWheelToCanvas(element: HTMLElement | null, manager: CanvasManager) {
  useEffect(() => {
    if (!element) return;
    const onWheel = (e: WheelEvent) => {
      if (!(e.target as HTMLElement).closest('[data-flow-card],[data-flow-wire]')) return;
      // A scrollable field inside a card keeps its own scrolling.
      if ((e.target as HTMLElement).closest('textarea')) return;
      e.preventDefault();
      const box = element.getBoundingClientRect();
      if (e.ctrlKey || e.metaKey) manager.viewport.zoomAt({ x: e.clientX - box.left, y: e.clientY - box.top }, Math.exp(-e.deltaY / 300));
      else manager.viewport.panBy(-e.deltaX, -e.deltaY);
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, [element, manager]);
}

/** The wires as one path per colour (each wire a sub-path), for the far-zoom drawing. */
function wiresByColour(wires: FlowScene['wires']): [string, string][] {
  const paths = new Map<string, string[]>();
  for (const { from, a, b } of wires) {
    const colour = PORT_COLORS[outputOf(from)];
    const list = paths.get(colour) ?? [];
    list.push(wirePath(a, b));
    paths.set(colour, list);
  }
  return [...paths].map(([colour, parts]) => [colour, parts.join(' ')]);
}

/** What a card asks of the layer: stable across renders, so a memoised card re-renders only for its own props. */
interface CardActions {
  headerDown(e: ReactPointerEvent, id: string): void;
  outputDown(e: ReactPointerEvent, id: string): void;
  open(e: { shiftKey: boolean }, id: string): void;
  deleteKey(id: string): void;
}

export function FlowLayer() {
  const { manager, readOnly } = useCanvasSession();
  const { t } = useTranslation(['flows', 'common']);
  const view = useFlowView(manager.doc);
  // The camera moves the layer directly (no React render per pan/zoom frame, however many cards).
  const [plane, setPlane] = useState<HTMLDivElement | null>(null);
  useCameraTransform(manager, plane);
  useFitFlowOnOpen(manager, view);
  useProgressVersion(manager);
  const cullWindow = useCullWindow(manager);
  const far = useFarZoom(manager);
  const remoteDrags = useRemoteFlowDrags(manager);
  const [root, setRoot] = useState<HTMLDivElement | null>(null);
  useWheelToCanvas(root, manager);
  /** The card whose settings are open. */
  const [selected, setSelected] = useState<string | null>(null);
  /** My drag in flight: where the moving cards are now (canvas units). */
  const [moving, setMoving] = useState<ReadonlyMap<string, Point> | null>(null);
  /** A wire being drawn from an output: where its loose end is (canvas units). */
  const [pending, setPending] = useState<{ from: string; to: Point } | null>(null);
  const [refusal, setRefusal] = useState<FlowIssueCode | null>(null);

  useEffect(() => {
    if (!refusal) return;
    const timer = setTimeout(() => setRefusal(null), 4000);
    return () => clearTimeout(timer);
  }, [refusal]);

  // The flow's cards join the canvas's selection (marquee, shift-click, Delete, group drags).
  const viewRef = useRef(view);
  useLayoutEffect(() => {
    viewRef.current = view;
  });
  useEffect(() => manager.setLayer(flowSelectableLayer(manager.doc, () => viewRef.current, setMoving)), [manager]);
  const chosen = useSelectedFlowCards(manager);
  const chosenSet = useMemo(() => new Set(chosen), [chosen]);

  // Selecting something on the canvas itself, or dropping the card from the selection, closes its settings.
  const canvasSelection = useCanvasSelection(manager);
  useEffect(() => {
    if (canvasSelection.length > 0) setSelected(null);
  }, [canvasSelection]);
  useEffect(() => {
    if (selected && !chosenSet.has(selected)) setSelected(null);
  }, [chosenSet, selected]);

  // A card someone removed is no longer selected.
  const selectedNode = view.nodes.find((n) => n.id === selected) ?? null;

  const toCanvas = (clientX: number, clientY: number): Point => {
    const box = root?.getBoundingClientRect() ?? { left: 0, top: 0 };
    return manager.viewport.screenToCanvas({ x: clientX - box.left, y: clientY - box.top });
  };

  const place = (node: FlowDocNode): FlowDocNode => {
    const at = moving?.get(node.id) ?? remoteDrags.get(node.id);
    return at ? { ...node, x: at.x, y: at.y } : node;
  };
  const keep = new Set([...chosen, ...(moving?.keys() ?? []), ...(pending ? [pending.from] : [])]);
  const scene = flowScene(view, cullWindow, place, keep);
  const pendingFrom = pending ? view.nodes.find((n) => n.id === pending.from) : undefined;

  /** Closing a card's settings lets go of the card when it is all that is selected (done with it). */
  const closeSettings = () => {
    const selection = manager.selection;
    if (selected && selection.ids.length === 0 && selection.layerIds.length === 1 && selection.hasLayer(selected)) selection.setLayer([]);
    setSelected(null);
  };

  /** Opens a card's settings, the card alone selected. */
  const open = (id: string) => {
    manager.selection.set([], [id]);
    setSelected(id);
  };

  // The latest render's handlers behind stable functions (memoised cards keep their props).
  const latest = {
    headerDown(e: ReactPointerEvent, id: string) {
      if (e.button !== 0) return;
      justDragged.current = false;
      const selection = manager.selection;
      if (e.shiftKey) {
        // Shift-click adds the card to the selection or takes it out (the canvas's nodes stay).
        e.preventDefault();
        selection.setLayer(selection.hasLayer(id) ? selection.layerIds.filter((x) => x !== id) : [...selection.layerIds, id]);
        setSelected(null);
        return;
      }
      // A card outside the selection is selected alone; one inside it drags the whole selection.
      if (!selection.hasLayer(id)) open(id);
      if (readOnly) return;
      e.preventDefault();
      const start = { x: e.clientX, y: e.clientY };
      const zoom = manager.viewport.camera.zoom;
      const target = e.currentTarget as HTMLElement;
      target.setPointerCapture(e.pointerId);
      const move = new SelectionMove(manager);
      let dragged = false;
      const onMove = (ev: PointerEvent) => {
        const dx = (ev.clientX - start.x) / zoom;
        const dy = (ev.clientY - start.y) / zoom;
        if (!dragged && Math.abs(ev.clientX - start.x) + Math.abs(ev.clientY - start.y) < 3) return;
        dragged = true;
        move.move(dx, dy);
      };
      const onUp = (ev: PointerEvent) => {
        target.removeEventListener('pointermove', onMove);
        target.removeEventListener('pointerup', onUp);
        target.removeEventListener('pointercancel', onCancel);
        onMove(ev);
        justDragged.current = dragged;
        if (dragged) move.commit();
        else {
          // A press without a move is a click (the captured pointer's click may not reach the
          // card's button): the card alone, its settings open — as a click on a selected node.
          move.cancel();
          open(id);
        }
      };
      const onCancel = () => {
        target.removeEventListener('pointermove', onMove);
        target.removeEventListener('pointerup', onUp);
        target.removeEventListener('pointercancel', onCancel);
        move.cancel();
      };
      target.addEventListener('pointermove', onMove);
      target.addEventListener('pointerup', onUp);
      target.addEventListener('pointercancel', onCancel);
    },
    outputDown(e: ReactPointerEvent, id: string) {
      if (readOnly || e.button !== 0) return;
      e.preventDefault();
      e.stopPropagation();
      const target = e.currentTarget as HTMLElement;
      target.setPointerCapture(e.pointerId);
      setPending({ from: id, to: toCanvas(e.clientX, e.clientY) });
      const onMove = (ev: PointerEvent) => setPending({ from: id, to: toCanvas(ev.clientX, ev.clientY) });
      const onUp = (ev: PointerEvent) => {
        target.removeEventListener('pointermove', onMove);
        target.removeEventListener('pointerup', onUp);
        setPending(null);
        const port = document.elementFromPoint(ev.clientX, ev.clientY)?.closest<HTMLElement>('[data-flow-port]');
        if (!port) return;
        const [to = '', toPort = ''] = (port.dataset.flowPort ?? '').split('|');
        setRefusal(wire(manager.doc, manager.localOrigin, id, to, toPort));
      };
      target.addEventListener('pointermove', onMove);
      target.addEventListener('pointerup', onUp);
    },
    open(e: { shiftKey: boolean }, id: string) {
      // The click that ends a drag, or a shift-click (handled on press), opens nothing.
      if (justDragged.current || e.shiftKey) return;
      open(id);
    },
    deleteKey(id: string) {
      if (readOnly) return;
      // Delete on a focused card removes it — with the rest of the selection when it is part of it (one undo step).
      if (manager.selection.hasLayer(id)) manager.deleteSelection();
      else removeNode(manager.doc, manager.localOrigin, id);
      setSelected(null);
    },
  };
  const justDragged = useRef(false);
  const latestRef = useRef(latest);
  useLayoutEffect(() => {
    latestRef.current = latest;
  });
  const actions = useMemo<CardActions>(
    () => ({
      headerDown: (e, id) => latestRef.current.headerDown(e, id),
      outputDown: (e, id) => latestRef.current.outputDown(e, id),
      open: (e, id) => latestRef.current.open(e, id),
      deleteKey: (id) => latestRef.current.deleteKey(id),
    }),
    [],
  );

  return (
    <div
      ref={setRoot}
      className="absolute inset-0"
      data-testid="flow-layer"
      data-flow-nodes={view.nodes.length}
      data-flow-drawn={scene.cards.length}
      onKeyDown={(e) => {
        // Undo/redo from the flow's cards and panels too (the stage's keys work only on the stage).
        const target = e.target as HTMLElement;
        if (readOnly || !(e.ctrlKey || e.metaKey) || e.key.toLowerCase() !== 'z' || target.closest('input,textarea,select')) return;
        e.preventDefault();
        if (e.shiftKey) manager.history.redo();
        else manager.history.undo();
      }}
    >
      <div ref={setPlane} className="pointer-events-none absolute left-0 top-0 origin-top-left">
        <svg className="pointer-events-none absolute left-0 top-0 overflow-visible" width="1" height="1" aria-hidden>
          {far
            ? // Zoomed far out: one path per wire colour (hundreds of wires, three elements to paint).
              wiresByColour(scene.wires).map(([colour, d]) => <path key={colour} d={d} stroke={colour} strokeWidth={3} fill="none" data-flow-wires={colour} />)
            : scene.wires.map(({ edge, from, a, b }) => (
                <path key={edge.id} d={wirePath(a, b)} stroke={PORT_COLORS[outputOf(from)]} strokeWidth={3} fill="none" data-flow-wire={edge.id} />
              ))}
          {pending && pendingFrom && (
            <path d={wirePath(outputPortPoint(place(pendingFrom)), pending.to)} stroke={PORT_COLORS[outputOf(pendingFrom)]} strokeWidth={3} strokeDasharray="6 4" fill="none" />
          )}
        </svg>
        {!readOnly &&
          !far &&
          scene.wires.map(({ edge, a, b }) => (
            <button
              key={edge.id}
              type="button"
              className="pointer-events-auto absolute flex size-5 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full border border-border bg-surface text-muted shadow hover:text-danger focus-visible:ring-2 focus-visible:ring-accent"
              style={{ left: (a.x + b.x) / 2, top: (a.y + b.y) / 2 }}
              aria-label={t('wire.remove')}
              title={t('wire.remove')}
              data-flow-wire={edge.id}
              data-testid="flow-wire-remove"
              onClick={() => removeEdge(manager.doc, manager.localOrigin, edge.id)}
            >
              <X size={12} aria-hidden />
            </button>
          ))}
        {scene.cards.map((node) => (
          <FlowCard
            key={node.id}
            node={node}
            run={view.runs[node.id]}
            state={node.type === 'step' ? (view.states.get(node.id) ?? 'ready') : null}
            selected={chosenSet.has(node.id)}
            readOnly={readOnly}
            progress={manager.progress.get(node.id)?.progress}
            wiring={Boolean(pending)}
            far={far}
            actions={actions}
          />
        ))}
      </div>
      {refusal && (
        <p role="alert" className="pointer-events-none absolute left-1/2 top-16 z-20 -translate-x-1/2 rounded-lg bg-red-600 px-3 py-2 text-sm text-white shadow-lg" data-testid="flow-refusal">
          {t(`refused.${refusal}`, { defaultValue: t('refused.other') })}
        </p>
      )}
      <FlowBar view={view} onAdded={open} empty={view.nodes.length === 0} />
      {selectedNode && <FlowInspector key={selectedNode.id} node={selectedNode} view={view} onClose={closeSettings} />}
    </div>
  );
}

const FlowCard = memo(function FlowCard({
  node,
  run,
  state,
  selected,
  readOnly,
  progress,
  wiring,
  far,
  actions,
}: {
  node: FlowDocNode;
  run: StepRun | undefined;
  state: StepState | null;
  selected: boolean;
  readOnly: boolean;
  progress: number | undefined;
  wiring: boolean;
  /** Zoomed far out: title, state colour and port dots only (the rest is too small to read). */
  far: boolean;
  actions: CardActions;
}) {
  const { t } = useTranslation(['flows', 'common']);
  const outputs = node.type === 'step' ? (run?.outputs ?? []) : [];
  const height = cardHeight(node, outputs.length > 0);
  const title = cardTitle(t, node);
  const out = outputOf(node);
  const OutIcon = PORT_ICONS[out];
  return (
    <section
      className={cn(
        'pointer-events-auto absolute flex flex-col rounded-xl border-2 bg-surface text-fg',
        !far && 'shadow-lg',
        selected ? 'border-accent' : 'border-border',
      )}
      style={{ left: node.x, top: node.y, width: CARD_WIDTH, height }}
      aria-label={title}
      data-flow-card={node.id}
      data-testid="flow-card"
      data-kind={node.type === 'step' ? node.kind : `input-${node.port}`}
      data-state={state ?? undefined}
      data-selected={selected || undefined}
    >
      <div className="flex cursor-grab items-start gap-2 px-3 pt-2 active:cursor-grabbing" style={{ height: CARD_HEADER }} onPointerDown={(e) => actions.headerDown(e, node.id)}>
        <button type="button" className="min-w-0 flex-1 text-start outline-none focus-visible:ring-2 focus-visible:ring-accent" onClick={(e) => actions.open(e, node.id)}
          onKeyDown={(e) => {
            // Delete on a focused card removes it (as on the canvas).
            if (e.key === 'Delete' || e.key === 'Backspace') actions.deleteKey(node.id);
          }}
          data-testid="flow-card-open"
        >
          <span className="block truncate text-sm font-semibold">{title}</span>
          {far ? null : node.type === 'step' ? (
            <span className="block truncate text-xs text-muted">{node.model ?? t('card.defaultModel')}</span>
          ) : (
            <span className="block truncate text-xs text-muted">{t('card.input')}</span>
          )}
        </button>
        {state && far && <span className={cn('size-4 shrink-0 rounded-full', STATE_STYLE[state])} title={t(`state.${state}`)} data-testid="flow-state" />}
        {state && !far && (
          <span className={cn('shrink-0 rounded-full px-2 py-0.5 text-[11px] font-medium', STATE_STYLE[state])} data-testid="flow-state">
            {state === 'running' && progress !== undefined ? `${t('state.running')} ${Math.round(progress)}%` : t(`state.${state}`)}
          </span>
        )}
      </div>
      {state === 'running' && progress !== undefined && (
        <div className="absolute inset-x-3 top-[52px] h-1 overflow-hidden rounded bg-surface-2" aria-hidden>
          <div className="h-full bg-sky-500 transition-[width]" style={{ width: `${Math.min(100, progress)}%` }} />
        </div>
      )}
      {!far &&
        node.type === 'step' &&
        portsOf(node).map((port) => {
          const Icon = PORT_ICONS[port.type];
          return (
            <div key={port.name} className="relative flex items-center gap-1.5 px-3 text-xs text-muted" style={{ height: PORT_ROW }}>
              <span
                className={cn('absolute -start-2 size-4 rounded-full border-2 border-surface', wiring && 'ring-2 ring-accent/50')}
                style={{ background: PORT_COLORS[port.type] }}
                data-flow-port={`${node.id}|${port.name}`}
                data-testid="flow-port"
                data-port-type={port.type}
                title={t(`port.${port.type}`)}
              />
              <Icon size={12} aria-hidden style={{ color: PORT_COLORS[port.type] }} />
              <span className="truncate">{port.name}</span>
            </div>
          );
        })}
      {!far && node.type === 'step' && state === 'failed' && run?.error && (
        <p className="mx-3 flex items-start gap-1 truncate text-xs text-danger" title={run.error.message} data-testid="flow-error">
          <AlertTriangle size={12} aria-hidden className="mt-0.5 shrink-0" /> {run.error.message}
        </p>
      )}
      {!far && outputs.length > 0 && node.type === 'step' && (
        <div className="mt-auto flex gap-1 overflow-hidden px-3 pb-2" data-testid="flow-results">
          {outputs.slice(0, 4).map((key) =>
            isVideoKind(node.kind) ? (
              <video key={key} src={`/api/media/${key}`} muted preload="metadata" className="size-16 rounded-md bg-black object-cover" />
            ) : (
              <img key={key} src={`/api/media/${key}`} alt="" className="size-16 rounded-md bg-surface-2 object-cover" data-testid="flow-thumb" />
            ),
          )}
        </div>
      )}
      {!far && node.type === 'input' && <InputPreview node={node} />}
      {!far && (
        <span
          role="presentation"
          className={cn('absolute -end-2 size-4 rounded-full border-2 border-surface', !readOnly && 'cursor-crosshair')}
          style={{ top: CARD_HEADER / 2 - 8, background: PORT_COLORS[out] }}
          title={t('port.output', { type: t(`port.${out}`) })}
          data-flow-output={node.id}
          data-testid="flow-output"
          onPointerDown={(e) => actions.outputDown(e, node.id)}
        >
          <OutIcon size={0} aria-hidden />
        </span>
      )}
    </section>
  );
});

function InputPreview({ node }: { node: Extract<FlowDocNode, { type: 'input' }> }) {
  const { t } = useTranslation('flows');
  const url = node.port === 'text' ? null : mediaUrl(node.value);
  if (node.port === 'text')
    return <p className="mx-3 line-clamp-3 text-xs text-fg/80" data-testid="flow-input-text">{node.value?.trim() || <span className="text-muted">{t('card.emptyText')}</span>}</p>;
  if (!url) return <p className="mx-3 text-xs text-muted">{t('card.emptyMedia')}</p>;
  return node.port === 'image' ? (
    <img src={url} alt="" className="mx-3 h-16 w-16 rounded-md bg-surface-2 object-cover" />
  ) : (
    <video src={url} muted preload="metadata" className="mx-3 h-16 w-28 rounded-md bg-black object-cover" />
  );
}
