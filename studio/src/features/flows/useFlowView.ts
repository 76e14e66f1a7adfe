/**
 * Live reads for the flow layer: the flow in the project document (again on every change, local
 * or a collaborator's or the server's run records, at most once a frame), the canvas camera and
 * the steps' task progress (the project room's `task:progress` events, keyed by step id).
 */
import { FLOW_EDGES, FLOW_NODES, FLOW_RUNS } from '@tessera/shared/flows/document';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type * as Y from 'yjs';
import type { CanvasManager } from '../canvas/engine/CanvasManager.ts';
import type { Point, Rect } from '../canvas/engine/types.ts';
import { flowBounds, type FlowView, readFlowView } from './flowModel.ts';
import { cullWindow, FAR_ZOOM } from './flowScene.ts';

export function useFlowView(doc: Y.Doc): FlowView {
  const [view, setView] = useState(() => readFlowView(doc));
  useEffect(() => {
    const maps = [doc.getMap(FLOW_NODES), doc.getMap(FLOW_EDGES), doc.getMap(FLOW_RUNS)];
    let frame: number | null = null;
    const refresh = () => {
      if (frame !== null) return;
      frame = requestAnimationFrame(() => {
        frame = null;
        setView(readFlowView(doc));
      });
    };
    maps.forEach((map) => map.observeDeep(refresh));
    setView(readFlowView(doc));
    return () => {
      maps.forEach((map) => map.unobserveDeep(refresh));
      if (frame !== null) cancelAnimationFrame(frame);
    };
  }, [doc]);
  return view;
}

/** Keeps `element`'s CSS transform on the canvas camera (screen = (canvas − camera) × zoom). */
export function useCameraTransform(manager: CanvasManager, element: HTMLElement | null): void {
  useEffect(() => {
    if (!element) return;
    const apply = () => {
      const { x, y, zoom } = manager.viewport.camera;
      element.style.transform = `translate(${-x * zoom}px, ${-y * zoom}px) scale(${zoom})`;
    };
    apply();
    return manager.viewport.subscribe(apply);
  }, [manager, element]);
}

/**
 * A project opened with a flow and nothing else on its canvas shows the flow (the page fits the
 * view to the canvas's own nodes only). Once, with the document as synced when the layer mounts:
 * cards a collaborator adds later never move my view.
 */
export function useFitFlowOnOpen(manager: CanvasManager, view: FlowView): void {
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    if (view.nodes.length === 0 || manager.store.count() > 0) return;
    const rect = manager.viewport.visibleRect();
    const bounds = flowBounds(view);
    const inside = bounds.x >= rect.x && bounds.y >= rect.y && bounds.x + bounds.width <= rect.x + rect.width && bounds.y + bounds.height <= rect.y + rect.height;
    if (inside) return;
    manager.viewport.fitTo(bounds);
    if (manager.viewport.camera.zoom > 1) manager.viewport.centreOn({ x: bounds.x + bounds.width / 2, y: bounds.y + bounds.height / 2 }, 1);
  }, [manager, view]);
}

/**
 * The part of the canvas whose cards are in the page (see cullWindow): a new value only when the
 * view nears its edge or zooms far in, so panning re-renders the layer every few hundred pixels.
 */
export function useCullWindow(manager: CanvasManager): Rect {
  const [area, setArea] = useState(() => cullWindow(null, manager.viewport.visibleRect(), manager.viewport.camera.zoom));
  useEffect(() => {
    const update = () => setArea((previous) => cullWindow(previous, manager.viewport.visibleRect(), manager.viewport.camera.zoom));
    update();
    return manager.viewport.subscribe(update);
  }, [manager]);
  return area;
}

/** Whether the camera is zoomed out past FAR_ZOOM (re-renders only when that changes). */
export function useFarZoom(manager: CanvasManager): boolean {
  return useSyncExternalStore(
    (listener) => manager.viewport.subscribe(listener),
    () => manager.viewport.camera.zoom < FAR_ZOOM,
  );
}

const NO_DRAGS: ReadonlyMap<string, Point> = new Map();

/**
 * Cards collaborators are dragging right now, where their pointer has them (their awareness
 * `drag`, ~30 updates a second): a new map only when one of those positions changes, so their
 * cursors alone re-render nothing. A peer that drops or leaves takes its drag with it.
 */
export function useRemoteFlowDrags(manager: CanvasManager): ReadonlyMap<string, Point> {
  const [drags, setDrags] = useState(NO_DRAGS);
  useEffect(() => {
    let key = '';
    const update = () => {
      const nodes = manager.doc.getMap(FLOW_NODES);
      const next = new Map<string, Point>();
      for (const peer of manager.presence.peers()) {
        for (const [id, p] of Object.entries(peer.drag ?? {})) if (nodes.has(id)) next.set(id, p);
      }
      const nextKey = [...next].map(([id, p]) => `${id}:${p.x},${p.y}`).join(';');
      if (nextKey === key) return;
      key = nextKey;
      setDrags(next.size ? next : NO_DRAGS);
    };
    update();
    return manager.presence.subscribe(update);
  }, [manager]);
  return drags;
}

/** Re-renders on task progress; read a step's with `manager.progress.get(stepId)`. */
export function useProgressVersion(manager: CanvasManager): number {
  return useSyncExternalStore(
    (listener) => manager.progress.subscribe(listener),
    () => manager.progress.version,
  );
}

/** Re-renders when my canvas selection changes. */
export function useCanvasSelection(manager: CanvasManager): readonly string[] {
  return useSyncExternalStore(
    (listener) => manager.selection.subscribe(listener),
    () => manager.selection.ids,
  );
}

/** The flow cards in my selection (the canvas's selectable layer's part of it); re-renders when it changes. */
export function useSelectedFlowCards(manager: CanvasManager): readonly string[] {
  return useSyncExternalStore(
    (listener) => manager.selection.subscribe(listener),
    () => manager.selection.layerIds,
  );
}

/** Whether the project's document has a flow (any card): the canvas's empty hint steps aside. */
export function useHasFlow(doc: Y.Doc): boolean {
  return useSyncExternalStore(
    (listener) => {
      const map = doc.getMap(FLOW_NODES);
      map.observe(listener);
      return () => map.unobserve(listener);
    },
    () => doc.getMap(FLOW_NODES).size > 0,
  );
}
