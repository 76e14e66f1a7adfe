/**
 * Flow templates (issue 24): a flow saved apart from its project, to be inserted into any project,
 * shared with the project's members, published to the explore feed, started from the catalogue as
 * a new project, or run from an easy-mode page as a one-form preset.
 *
 * A template holds the flow's nodes and edges (positions relative to the flow's top-left corner)
 * and never its run records. Saved "without media", its input nodes are emptied (the person who
 * uses it fills them in); saved "with sample media", the inputs keep their values and the template
 * keeps the results of its last run as samples (the preview on its card).
 */
import { z } from 'zod';
import type { GenerationKind } from '../generation/generation.ts';
import { zFlowEdge, zFlowNode } from './document.ts';
import type { PortType } from './graph.ts';

export const FLOW_TEMPLATE_NAME_MAX = 80;
export const FLOW_TEMPLATE_DESCRIPTION_MAX = 500;
/** Templates are flows people can read at a glance: at most this many nodes. */
export const FLOW_TEMPLATE_NODES_MAX = 100;

/** Where a template is seen: by the members of the project it was saved in, or by everyone. */
export const FLOW_TEMPLATE_VISIBILITIES = ['project', 'public'] as const;
export type FlowTemplateVisibility = (typeof FLOW_TEMPLATE_VISIBILITIES)[number];

export const zFlowTemplateGraph = z.object({
  nodes: z.array(zFlowNode).min(1).max(FLOW_TEMPLATE_NODES_MAX),
  edges: z.array(zFlowEdge).max(FLOW_TEMPLATE_NODES_MAX * 4),
});
export type FlowTemplateGraph = z.infer<typeof zFlowTemplateGraph>;

const zId = z.uuid();
const zProjectRef = z.string().min(1).max(128);
const zName = z.string().trim().min(1).max(FLOW_TEMPLATE_NAME_MAX);
const zDescription = z.string().trim().max(FLOW_TEMPLATE_DESCRIPTION_MAX).default('');

/** `flowTemplate.create`: saves the project's flow (or the listed nodes of it, with the edges between them). */
export const zFlowTemplateCreateInput = z.object({
  projectId: zProjectRef,
  name: zName,
  description: zDescription,
  withMedia: z.boolean().default(false),
  nodeIds: z.array(z.string().min(1).max(128)).min(1).max(FLOW_TEMPLATE_NODES_MAX).optional(),
});

/** `flowTemplate.list`: the templates shared in a project (any member). */
export const zFlowTemplateListInput = z.object({ projectId: zProjectRef });

/**
 * `flowTemplate.explore`: published templates, newest or most used first; `output` keeps those
 * whose last step makes that kind of media (an easy-mode page asks for its own).
 */
export const zFlowTemplateExploreInput = z.object({
  sort: z.enum(['new', 'popular']).default('popular'),
  output: z.enum(['image', 'video']).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.number().int().min(1).max(50).default(24),
});

export const zFlowTemplateRef = z.object({ templateId: zId });
/** `flowTemplate.publish`: the author shows it on the explore feed (true) or takes it back (false). */
export const zFlowTemplatePublishInput = zFlowTemplateRef.extend({ published: z.boolean() });
/** `flowTemplate.update`: the author renames or re-describes it. */
export const zFlowTemplateUpdateInput = zFlowTemplateRef.extend({ name: zName.optional(), description: zDescription.optional() });

/** `flowTemplate.insert`: copies the template into a project's flow (new ids), its top-left at `at`. */
export const zFlowTemplateInsertInput = zFlowTemplateRef.extend({
  projectId: zProjectRef,
  at: z.object({ x: z.number().finite(), y: z.number().finite() }).default({ x: 0, y: 0 }),
});

/** Values for the template's input nodes, by input node id (text, or an image/video reference). */
const zInputValues = z.record(z.string().min(1).max(128), z.string().max(10_000)).default({});

/** `flowTemplate.estimate`: the price of running the whole template with these inputs. */
export const zFlowTemplateEstimateInput = zFlowTemplateRef.extend({ inputs: zInputValues });

/**
 * `flowTemplate.start`: a new project holding the template's flow with these inputs filled in;
 * with `run`, the whole flow starts at once at the confirmed price (`expectedCost`).
 */
export const zFlowTemplateStartInput = zFlowTemplateRef.extend({
  inputs: zInputValues,
  name: z.string().trim().min(1).max(100).optional(),
  run: z.object({ expectedCost: z.number().int().nonnegative() }).optional(),
});

/** One input a person fills in to use the template. */
export interface FlowTemplateInput {
  id: string;
  port: PortType;
  name: string | null;
  /** The sample value (templates saved with media), or null. */
  value: string | null;
}

/** A template as lists and cards show it. */
export interface FlowTemplateSummary {
  id: string;
  name: string;
  description: string;
  visibility: FlowTemplateVisibility;
  /** The project it was saved in (null once that project is gone). */
  projectId: string | null;
  author: { id: string; name: string; image: string | null };
  /** Whether the caller may publish, rename or delete it. */
  mine: boolean;
  steps: number;
  /** The kinds of its steps, in the flow's order, once each. */
  kinds: GenerationKind[];
  /** What the flow's last step makes. */
  output: PortType;
  inputs: FlowTemplateInput[];
  withMedia: boolean;
  /** A sample result to show on its card (signed link), or null. */
  preview: { url: string; mediaType: 'image' | 'video' } | null;
  /** How many times it was inserted or started. */
  uses: number;
  createdAt: string;
}

/** `flowTemplate.get` also answers the graph, to draw it before it is used. */
export interface FlowTemplateDetail extends FlowTemplateSummary {
  graph: FlowTemplateGraph;
}

export interface FlowTemplatePage {
  items: FlowTemplateSummary[];
  nextCursor: string | null;
}
