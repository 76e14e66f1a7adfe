/**
 * Live reads for the flow layer: the flow in the project document (again on every change, local
 * or a collaborator's or the server's run records, at most once a frame), the canvas camera and
 * the steps' task progress (the project room's `task:progress` events, keyed by step id).
 */
import { FLOW_EDGES, FLOW_NODES, FLOW_RUNS } from '@tessera/shared/flows/document';
import { useEffect, useState, useSyncExternalStore } from 'react';
import type * as Y from 'yjs';
import type { CanvasManager } from '../canvas/engine/CanvasManager.ts';
import { type FlowView, readFlowView } from './flowModel.ts';

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

/** The camera, as a string that changes when it does (x, y, zoom). */
export function useCamera(manager: CanvasManager): { x: number; y: number; zoom: number } {
  const key = useSyncExternalStore(
    (listener) => manager.viewport.subscribe(listener),
    () => {
      const { x, y, zoom } = manager.viewport.camera;
      return `${x}|${y}|${zoom}`;
    },
  );
  const [x, y, zoom] = key.split('|').map(Number) as [number, number, number];
  return { x, y, zoom };
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
