/**
 * Agent planning of flows (issue 24): a brief ("a 15-second product teaser from this photo, with
 * voice-over") becomes a proposed flow — input nodes, steps and wires — drawn into the project
 * document for the team to review, edit and run. This file holds what the server and the studio
 * share: the RPC's input and answer, the shape a planner proposes in, and the left-to-right
 * layout of a proposal (pure, so it is tested without a document).
 */
import { z } from 'zod';
import { MEDIA_KEY_PATTERN } from '../generation/generation.ts';
import { PORT_TYPES } from './graph.ts';

/**
 * The box a flow node is given when laid out: the studio's cards are 240 wide and, with three
 * ports and a row of results, about 220 tall (studio/src/features/flows/flowModel.ts).
 */
export const FLOW_NODE_SIZE = { width: 240, height: 240 } as const;
/** Space between proposed nodes: columns leave room for the wires, rows a margin. */
export const FLOW_LAYOUT_GAP = { x: 100, y: 40 } as const;
export const FLOW_BRIEF_MAX = 2000;

export const zFlowProposeInput = z.object({
  projectId: z.string().min(1).max(128),
  brief: z.string().trim().min(1).max(FLOW_BRIEF_MAX),
  /** A stored image the brief works from ("from this photo"): a media key the caller may use. */
  imageKey: z.string().regex(MEDIA_KEY_PATTERN, 'Image not found.').optional(),
  /** Where the person is looking (canvas units): the flow lands in free space nearest it. */
  placement: z.object({ x: z.number().finite(), y: z.number().finite() }).optional(),
});
export type FlowProposeInput = z.infer<typeof zFlowProposeInput>;

export interface FlowProposeResult {
  /** The document ids of the nodes written (inputs, then steps, in the proposal's order). */
  nodeIds: string[];
  edgeIds: string[];
  /** `local` also when the LLM failed, or its proposal could not be repaired and the offline planner replaced it. */
  planner: 'llm' | 'local';
  /** What the planner could not do, and what validation repaired. */
  notes: string[];
}

const zLocalId = z.string().trim().min(1).max(64);

/**
 * A proposal as a planner writes it (the LLM is asked for exactly this JSON). Ids are the
 * proposal's own; the server gives the nodes fresh document ids when it writes them.
 */
export const zFlowProposal = z.object({
  steps: z
    .array(
      z.object({
        id: zLocalId,
        kind: z.string().min(1).max(64),
        settings: z.record(z.string(), z.unknown()).default({}),
        model: z.string().max(64).optional(),
        variations: z.object({ seeds: z.number().int().min(1).max(16).optional() }).optional(),
        name: z.string().max(200).optional(),
      }),
    )
    .max(24),
  inputs: z
    .array(z.object({ id: zLocalId, port: z.enum(PORT_TYPES), value: z.string().max(10_000).nullable(), name: z.string().max(200).optional() }))
    .max(12)
    .default([]),
  wires: z.array(z.object({ from: zLocalId, to: zLocalId, toPort: z.string().min(1).max(64) })).max(64).default([]),
  notes: z.array(z.string().max(500)).max(20).default([]),
});
export type FlowProposal = z.infer<typeof zFlowProposal>;

/**
 * Positions for a proposal's nodes: one column per depth (a node sits one column right of the
 * deepest node feeding it), nodes of a column stacked in the proposal's order. Relative to the
 * top-left of the proposal's box, which is also answered.
 */
export function layoutProposal(
  ids: readonly string[],
  wires: readonly { from: string; to: string }[],
): { positions: Map<string, { x: number; y: number }>; width: number; height: number } {
  const depth = new Map(ids.map((id) => [id, 0]));
  // Longest path by relaxation; a proposal is acyclic once validated, and ids.length rounds bound it anyway.
  for (let round = 0; round < ids.length; round++) {
    let changed = false;
    for (const wire of wires) {
      const from = depth.get(wire.from);
      const to = depth.get(wire.to);
      if (from === undefined || to === undefined || to >= from + 1) continue;
      depth.set(wire.to, from + 1);
      changed = true;
    }
    if (!changed) break;
  }
  const rows = new Map<number, number>();
  const positions = new Map<string, { x: number; y: number }>();
  for (const id of ids) {
    const column = depth.get(id) ?? 0;
    const row = rows.get(column) ?? 0;
    rows.set(column, row + 1);
    positions.set(id, { x: column * (FLOW_NODE_SIZE.width + FLOW_LAYOUT_GAP.x), y: row * (FLOW_NODE_SIZE.height + FLOW_LAYOUT_GAP.y) });
  }
  const columns = ids.length === 0 ? 0 : Math.max(...depth.values()) + 1;
  const tallest = Math.max(0, ...rows.values());
  return {
    positions,
    width: columns * FLOW_NODE_SIZE.width + Math.max(0, columns - 1) * FLOW_LAYOUT_GAP.x,
    height: tallest * FLOW_NODE_SIZE.height + Math.max(0, tallest - 1) * FLOW_LAYOUT_GAP.y,
  };
}
