/**
 * The studio's side of flow templates (issue 24, item 5), without React: where an inserted
 * template lands on the canvas, its steps in the order they run, the small drawing of its steps a
 * card shows when it has no preview, and whether a preset's form is complete. Types only from the
 * contract (`@tessera/shared/flows/templates` brings Yjs with its values; the explore and
 * easy-mode pages must not).
 */
import { type FlowGraph, type FlowNode, topologicalOrder } from '@tessera/shared/flows';
import type { FlowTemplateGraph, FlowTemplateInput } from '@tessera/shared/flows/templates';

type Rect = { x: number; y: number; width: number; height: number };
type TemplateNode = FlowTemplateGraph['nodes'][number];
type TemplateStep = Extract<TemplateNode, { type: 'step' }>;

/** The app error code (§8 catalogue) a failed tRPC call carries, if any. */
export function appCodeOf(error: unknown): string | undefined {
  const data = (error as { data?: { appCode?: unknown } } | null)?.data;
  return typeof data?.appCode === 'string' ? data.appCode : undefined;
}

/**
 * Where to put a template's top-left corner so that a flow of `size` sits in the middle of the
 * visible canvas (canvas units); rounded, so inserted cards line up with the grid they came in.
 */
export function insertionPoint(visible: Rect, size: { width: number; height: number }): { x: number; y: number } {
  return {
    x: Math.round(visible.x + (visible.width - size.width) / 2),
    y: Math.round(visible.y + (visible.height - size.height) / 2),
  };
}

/** A template's likely size before its graph is read: one column of cards per step, two rows at most. */
export function estimatedSize(steps: number, inputs: number): { width: number; height: number } {
  const columns = Math.max(1, Math.min(steps + (inputs > 0 ? 1 : 0), 4));
  return { width: columns * 300 - 60, height: inputs > 1 ? 360 : 220 };
}

/** The template's steps in the order a run takes them (inputs left out); in saved order if it has a loop. */
export function stepsInOrder(graph: FlowTemplateGraph): TemplateStep[] {
  const steps = new Map(graph.nodes.filter((n): n is TemplateStep => n.type === 'step').map((n) => [n.id, n]));
  let order: string[];
  try {
    order = topologicalOrder(graph as FlowGraph & { nodes: readonly FlowNode[] });
  } catch {
    order = [...steps.keys()];
  }
  return order.flatMap((id) => steps.get(id) ?? []);
}

interface Sketch {
  nodes: { id: string; x: number; y: number; width: number; height: number; step: boolean }[];
  wires: { id: string; x1: number; y1: number; x2: number; y2: number }[];
}

/**
 * The flow drawn small: its cards as boxes and its wires as lines, scaled into a `width`×`height`
 * box (aspect kept, centred, `pad` around). Cards stand for the flow layer's 240-unit-wide cards.
 */
export function sketch(graph: FlowTemplateGraph, width: number, height: number, pad = 8): Sketch {
  const CARD = { width: 240, height: 140 };
  if (graph.nodes.length === 0) return { nodes: [], wires: [] };
  const x0 = Math.min(...graph.nodes.map((n) => n.x));
  const y0 = Math.min(...graph.nodes.map((n) => n.y));
  const x1 = Math.max(...graph.nodes.map((n) => n.x + CARD.width));
  const y1 = Math.max(...graph.nodes.map((n) => n.y + CARD.height));
  const scale = Math.min((width - 2 * pad) / (x1 - x0), (height - 2 * pad) / (y1 - y0));
  const dx = (width - (x1 - x0) * scale) / 2;
  const dy = (height - (y1 - y0) * scale) / 2;
  const boxes = new Map(
    graph.nodes.map((n) => [
      n.id,
      { id: n.id, x: dx + (n.x - x0) * scale, y: dy + (n.y - y0) * scale, width: CARD.width * scale, height: CARD.height * scale, step: n.type === 'step' },
    ]),
  );
  const wires = graph.edges.flatMap((edge) => {
    const from = boxes.get(edge.from);
    const to = boxes.get(edge.to);
    if (!from || !to) return [];
    return [{ id: edge.id, x1: from.x + from.width, y1: from.y + from.height / 2, x2: to.x, y2: to.y + to.height / 2 }];
  });
  return { nodes: [...boxes.values()], wires };
}

/** Whether every input of a preset has a value (text not blank). */
export function presetReady(inputs: readonly FlowTemplateInput[], values: Readonly<Record<string, string>>): boolean {
  return inputs.every((input) => (values[input.id] ?? '').trim() !== '');
}

/** The values sent to estimate/start: the filled-in ones, texts trimmed. */
export function presetValues(inputs: readonly FlowTemplateInput[], values: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(
    inputs.flatMap((input) => {
      const value = (values[input.id] ?? '').trim();
      return value ? [[input.id, value]] : [];
    }),
  );
}
