/**
 * Agent planning of flows (issue 24): a brief ("a 15-second product teaser from this photo, with
 * voice-over") becomes a proposed flow — input nodes, steps and wires — drawn into the project
 * document for the team to review, edit and run. This file holds what the server and the studio
 * share: the RPC's input and answer, the shape a planner proposes in, and the left-to-right
 * layout of a proposal (pure, so it is tested without a document).
 */
import { z } from 'zod';
import { type GenerationKind, MEDIA_KEY_PATTERN } from '../generation/generation.ts';
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

/**
 * What a planner says about its proposal, as a code with parameters (the studio translates each
 * code) and the same in English (`message`, for API callers and logs). Parameters name local ids
 * of the proposal, kinds (`kind`), wire problems (`problem`, a FlowIssueCode) and numbers.
 */
export const FLOW_NOTE_MESSAGES = {
  // The offline planner.
  kind_not_offered: 'This server does not offer {{kind}}, so the flow leaves that step out.',
  photo_missing: 'The brief mentions a photo but none was given: the flow starts from a generated image. Pick an image to start from it instead.',
  output_unclear: 'The brief does not say whether it wants a picture or a video: the flow makes a picture.',
  no_subject: 'The brief names no subject: the prompt is the brief as written; say what the picture shows in the prompt input.',
  no_product_template: 'No product scene template is offered here, so the photo is used as it is.',
  clip_shortened: 'A clip is at most {{max}} seconds here: the flow makes a {{duration}}-second clip for the {{asked}} asked.',
  voice_needs_picture: 'A voice-over needs a picture or a clip to speak over, and this flow has none.',
  narration_draft: 'The narration is a draft: write what should be said in the narration input.',
  lip_sync_face: 'Lip sync moves the mouth of a face in the picture: it needs a visible face.',
  variations_capped: 'A step makes at most {{max}} results per run: the flow makes {{count}}.',
  cannot_music: 'Music is not something the offline planner adds; add a sound step yourself if you want one.',
  cannot_subtitles: 'Subtitles are not added by the offline planner.',
  cannot_overlay: 'Text and logos over the picture are added in the timeline editor, not by a flow step.',
  cannot_sequence: 'A sequence of scenes is edited in the timeline; this flow makes one clip.',
  cannot_translate: 'Translation is not a step the offline planner knows.',
  // The LLM planner and its replacement.
  llm_failed: 'The planning model did not answer usably; the offline planner made this flow.',
  llm_unusable: "The planning model's flow could not be used ({{reason}}); the offline planner made this one.",
  llm_refused: "The planning model's flow could not be used (its texts were refused by moderation); the offline planner made this one.",
  planner_note: '{{text}}',
  nothing_fits: 'Nothing this server offers fits the brief, so no flow was drawn.',
  // What validation repaired.
  empty_text_input: 'An empty text input ({{input}}) was left out.',
  image_input_replaced: 'The image input {{input}} uses the image you gave.',
  media_input_dropped: 'The {{port}} input {{input}} was left out: only the image you give can be used.',
  step_kind_dropped: 'The step {{step}} ({{kind}}) was left out: this server does not offer that kind.',
  setting_dropped: 'The setting {{setting}} of {{step}} ({{kind}}) was dropped: {{kind}} has no such setting.',
  template_not_offered: 'The step {{step}} ({{kind}}) was left out: no such template is offered.',
  model_not_offered: 'The model {{model}} is not offered for {{kind}}; {{step}} uses the default.',
  wire_dropped: 'The wire {{from}} → {{to}}.{{port}} was dropped ({{problem}}).',
  input_unused: 'The input {{input}} feeds nothing and was left out.',
  wire_not_drawn: 'The wire into {{to}}.{{port}} could not be drawn ({{problem}}).',
} as const;
export type FlowNoteCode = keyof typeof FLOW_NOTE_MESSAGES;
export const FLOW_NOTE_CODES = Object.keys(FLOW_NOTE_MESSAGES) as FlowNoteCode[];
export type FlowNoteParams = Record<string, string | number>;

export interface FlowPlanNote {
  code: FlowNoteCode;
  params: FlowNoteParams;
  /** The note in English. */
  message: string;
}

/** A note with its English message (a FlowIssueCode `problem` reads as words: `port_taken` → "port taken"). */
export function flowNote(code: FlowNoteCode, params: FlowNoteParams = {}): FlowPlanNote {
  const message = FLOW_NOTE_MESSAGES[code].replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) return '';
    return name === 'problem' ? String(value).replaceAll('_', ' ') : String(value);
  });
  return { code, params, message };
}

export interface FlowProposeResult {
  /** The document ids of the nodes written (inputs, then steps, in the proposal's order). */
  nodeIds: string[];
  edgeIds: string[];
  /** `local` also when the LLM failed, or its proposal could not be repaired and the offline planner replaced it. */
  planner: 'llm' | 'local';
  /** The steps drawn, in the proposal's order (ids as in nodeIds). */
  steps: { id: string; kind: GenerationKind; name?: string }[];
  /** What the planner could not do, and what validation repaired. */
  notes: FlowPlanNote[];
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
  /** An LLM writes its notes as sentences; the offline planner and validation write coded notes. */
  notes: z
    .array(z.string().max(500).transform((text) => flowNote('planner_note', { text })))
    .max(20)
    .default([]),
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
