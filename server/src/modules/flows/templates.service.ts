/**
 * Flow templates (issue 24, shared/src/flows/templates.ts): a project's flow (or a selection of
 * it) saved apart from the project — shared with the project's members, published to the explore
 * feed, inserted into any project the caller edits, or started as a new project (and run).
 *
 * Who sees a template: the members of the project it was saved in, its owner, and — once
 * published — everyone. Anyone else gets FLOW_TEMPLATE_NOT_FOUND, so its existence never leaks.
 * Only the owner renames, publishes or deletes it.
 */
import { randomUUID } from 'node:crypto';
import { AppError } from '@tessera/shared/errors';
import { type FlowGraph, outputTypeOf, type PortType, topologicalOrder, validateFlow } from '@tessera/shared/flows';
import { asGraphNode, connect, type FlowDocNode, type FlowEstimate, writeFlowNode } from '@tessera/shared/flows/document';
import {
  FLOW_TEMPLATE_NODES_MAX,
  type FlowTemplateDetail,
  type FlowTemplateGraph,
  type FlowTemplateInput,
  type FlowTemplatePage,
  type FlowTemplateSummary,
  type zFlowTemplateCreateInput,
  type zFlowTemplateEstimateInput,
  type zFlowTemplateExploreInput,
  type zFlowTemplateInsertInput,
  type zFlowTemplatePublishInput,
  type zFlowTemplateStartInput,
  type zFlowTemplateUpdateInput,
  zFlowTemplateGraph,
} from '@tessera/shared/flows/templates';
import { GENERATION_KINDS, parseImageRef, parseVideoRef } from '@tessera/shared/generation';
import { PROJECT_NAME_MAX } from '@tessera/shared/projects';
import { z } from 'zod';
import { mayUseMedia, projectMediaScope } from '../../generation/inputs.ts';
import { moderateTexts } from '../../generation/moderation.ts';
import { findMediaObject } from '../../media/media.api.ts';
import { createMediaLinks } from '../../media/signedLinks.ts';
import type { AppServices } from '../../services.ts';
import { findRole, recordProjectMedia } from '../projects/projects.api.ts';
import { createProject, deleteProject } from '../projects/projects.service.ts';
import { findUserById } from '../users/users.api.ts';
import { estimateFrom, type FlowServices, requireEditor, snapshot, startFlowRun } from './flows.service.ts';
import {
  countOwnedTemplates,
  countUse,
  deleteTemplate,
  type ExploreCursor,
  findTemplate,
  insertTemplate,
  listProjectTemplates,
  listPublicTemplates,
  setPublished,
  type TemplateRecord,
  updateTemplate,
} from './templates.repo.ts';

export type TemplateServices = FlowServices & Pick<AppServices, 'config' | 'outbox'>;

/** How many templates one person may keep (FORBIDDEN beyond). */
export const FLOW_TEMPLATES_PER_OWNER = 200;
/** How long a template card's preview link opens its file. */
const PREVIEW_LINK_TTL_S = 6 * 60 * 60;

type CreateInput = z.output<typeof zFlowTemplateCreateInput>;
type ExploreInput = z.output<typeof zFlowTemplateExploreInput>;
type UpdateInput = z.output<typeof zFlowTemplateUpdateInput>;
type PublishInput = z.output<typeof zFlowTemplatePublishInput>;
type InsertInput = z.output<typeof zFlowTemplateInsertInput>;
type EstimateInput = z.output<typeof zFlowTemplateEstimateInput>;
type StartInput = z.output<typeof zFlowTemplateStartInput>;
type Graph = FlowGraph & { nodes: FlowDocNode[] };

// ——— Reading a template ———

/** The stored graph (written by create, so valid; an unreadable one is a bug, not the caller's fault). */
function graphOf(record: TemplateRecord): FlowTemplateGraph {
  return zFlowTemplateGraph.parse(record.graph);
}

const asFlowGraph = (graph: FlowTemplateGraph): FlowGraph => ({ nodes: graph.nodes.map(asGraphNode), edges: graph.edges });

/** The nodes in the flow's order (what runs first comes first). */
function orderedNodes(graph: FlowTemplateGraph): FlowDocNode[] {
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  return topologicalOrder(asFlowGraph(graph)).flatMap((id) => byId.get(id) ?? []);
}

function toSummary(services: Pick<TemplateServices, 'config'>, record: TemplateRecord, viewerId: string | null): FlowTemplateSummary {
  const graph = graphOf(record);
  const ordered = orderedNodes(graph);
  const steps = ordered.filter((n): n is Extract<FlowDocNode, { type: 'step' }> => n.type === 'step');
  const inputs: FlowTemplateInput[] = ordered.flatMap((n) => (n.type === 'input' ? [{ id: n.id, port: n.port, name: n.name ?? null, value: n.value }] : []));
  const links = createMediaLinks({ publicUrl: services.config.publicUrl, secret: services.config.authSecret });
  return {
    id: record.id,
    name: record.name,
    description: record.description,
    visibility: record.visibility,
    projectId: record.projectId,
    author: { id: record.ownerId, name: record.author.name, image: record.author.image },
    mine: viewerId === record.ownerId,
    steps: steps.length,
    kinds: [...new Set(steps.map((s) => s.kind))],
    output: record.output as PortType,
    inputs,
    withMedia: record.withMedia,
    // A signed link: the card shows it to visitors who may not read the original otherwise.
    preview: record.previewKey && record.previewMediaType ? { url: links.url(record.previewKey, PREVIEW_LINK_TTL_S), mediaType: record.previewMediaType } : null,
    uses: record.uses,
    createdAt: record.createdAt.toISOString(),
  };
}

const toDetail = (services: Pick<TemplateServices, 'config'>, record: TemplateRecord, viewerId: string | null): FlowTemplateDetail => ({
  ...toSummary(services, record, viewerId),
  graph: graphOf(record),
});

/** The template when the caller may see it (see the module comment); FLOW_TEMPLATE_NOT_FOUND otherwise. */
async function visibleTemplate(services: Pick<TemplateServices, 'db'>, id: string, userId: string | null): Promise<TemplateRecord> {
  const record = await findTemplate(services.db, id);
  if (!record) throw new AppError('FLOW_TEMPLATE_NOT_FOUND');
  if (userId === record.ownerId) return record;
  if (record.visibility === 'public' && !record.author.banned) return record;
  if (userId && record.projectId && (await findRole(services.db, record.projectId, userId))) return record;
  throw new AppError('FLOW_TEMPLATE_NOT_FOUND');
}

/** The template when the caller owns it; FORBIDDEN for others who see it, not found for the rest. */
async function ownTemplate(services: Pick<TemplateServices, 'db'>, id: string, userId: string): Promise<TemplateRecord> {
  const record = await visibleTemplate(services, id, userId);
  if (record.ownerId !== userId) throw new AppError('FORBIDDEN');
  return record;
}

// ——— Saving ———

/** The media key an input value names (an image or a video of ours), or null (text, a URL, a task). */
function mediaKeyOf(port: PortType, value: string | null): string | null {
  if (!value || port === 'text') return null;
  const ref = port === 'image' ? parseImageRef(value) : parseVideoRef(value);
  return ref?.kind === 'key' ? ref.key : null;
}

/**
 * Saves the project's flow — or the listed nodes of it, with the edges between them — as a
 * template (project editors). Without media its inputs are emptied; with media they keep their
 * values and the template keeps the first result of the last step that has one as its preview
 * (both only when the author may share that file, see below); those files are its samples.
 */
export async function createFlowTemplate(services: TemplateServices, userId: string, input: CreateInput): Promise<FlowTemplateDetail> {
  await requireEditor(services.db, input.projectId, userId);
  await moderateTexts(services.moderation, [input.name, input.description]);
  if ((await countOwnedTemplates(services.db, userId)) >= FLOW_TEMPLATES_PER_OWNER) throw new AppError('FORBIDDEN');
  const { flow, runs } = await snapshot(services, input.projectId);
  const keep = input.nodeIds ? new Set(input.nodeIds) : null;
  const all: FlowDocNode[] = flow.nodes;
  const nodes = keep ? all.filter((n) => keep.has(n.id)) : all;
  const kept = new Set(nodes.map((n) => n.id));
  const edges = flow.edges.filter((e) => kept.has(e.from) && kept.has(e.to));
  // A template makes something: at least one step, and a flow that could run as drawn.
  if (!nodes.some((n) => n.type === 'step') || nodes.length > FLOW_TEMPLATE_NODES_MAX) throw new AppError('FLOW_INVALID');
  if (validateFlow({ nodes: nodes.map(asGraphNode), edges }).length > 0) throw new AppError('FLOW_INVALID');

  // Media is kept only when the author may share it: what they could feed into a step
  // themselves (theirs, published and not copy-protected, or a teammate's shown in this project).
  const scope = input.withMedia ? await projectMediaScope(services, userId, input.projectId) : null;
  const shareable = async (key: string) => {
    const object = await findMediaObject(services.db, key);
    return object !== null && (await mayUseMedia(services, userId, object, scope));
  };
  const sampleKeys = new Set<string>();
  const left = Math.min(...nodes.map((n) => n.x));
  const top = Math.min(...nodes.map((n) => n.y));
  const placed: FlowDocNode[] = [];
  for (const n of nodes) {
    const moved = { ...n, x: n.x - left, y: n.y - top };
    if (moved.type !== 'input') {
      placed.push(moved);
      continue;
    }
    const key = input.withMedia ? mediaKeyOf(moved.port, moved.value) : null;
    const keepValue = input.withMedia && (key === null || (await shareable(key)));
    if (key && keepValue) sampleKeys.add(key);
    placed.push({ ...moved, value: keepValue ? moved.value : null });
  }
  const graph: FlowTemplateGraph = { nodes: placed, edges };
  const steps = orderedNodes(graph).filter((n) => n.type === 'step');
  const last = steps.at(-1)!;

  let preview: { key: string; mediaType: 'image' | 'video' } | null = null;
  if (input.withMedia) {
    const made = [...steps].reverse().find((s) => (runs[s.id]?.outputs.length ?? 0) > 0);
    const key = made ? runs[made.id]?.outputs[0] : undefined;
    if (made?.type === 'step' && key && (await shareable(key))) {
      preview = { key, mediaType: GENERATION_KINDS[made.kind].output === 'video' ? 'video' : 'image' };
      sampleKeys.add(key);
    }
  }

  const id = await insertTemplate(services.db, {
    ownerId: userId,
    projectId: input.projectId,
    name: input.name,
    description: input.description,
    graph,
    withMedia: input.withMedia,
    sampleKeys: [...sampleKeys],
    output: outputTypeOf(asGraphNode(last)),
    previewKey: preview?.key ?? null,
    previewMediaType: preview?.mediaType ?? null,
  });
  return getFlowTemplate(services, userId, id);
}

// ——— Lists ———

/** Templates saved in a project plus the caller's own (members of the project). */
export async function listFlowTemplates(services: TemplateServices, userId: string, projectId: string): Promise<FlowTemplateSummary[]> {
  if (!(await findRole(services.db, projectId, userId))) throw new AppError('PROJECT_NOT_FOUND');
  const rows = await listProjectTemplates(services.db, projectId, userId, FLOW_TEMPLATES_PER_OWNER);
  return rows.map((r) => toSummary(services, r, userId));
}

export async function getFlowTemplate(services: TemplateServices, userId: string | null, id: string): Promise<FlowTemplateDetail> {
  return toDetail(services, await visibleTemplate(services, id, userId), userId);
}

// Cursors are opaque to clients: the last item's sort key and id.
const zCursor = z.discriminatedUnion('sort', [
  z.object({ sort: z.literal('popular'), uses: z.number().int().min(0), id: z.uuid() }),
  z.object({ sort: z.literal('new'), at: z.iso.datetime(), id: z.uuid() }),
]);

function decodeCursor(cursor: string, sort: ExploreInput['sort']): ExploreCursor {
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(cursor, 'base64url').toString());
  } catch {
    throw new AppError('INCORRECT_PARAMETER');
  }
  const parsed = zCursor.safeParse(raw);
  if (!parsed.success || parsed.data.sort !== sort) throw new AppError('INCORRECT_PARAMETER');
  return parsed.data;
}

function cursorAfter(record: TemplateRecord, sort: ExploreInput['sort']): string | null {
  const value: ExploreCursor | null = sort === 'popular' ? { sort, uses: record.uses, id: record.id } : record.cursorAt ? { sort, at: record.cursorAt, id: record.id } : null;
  return value ? Buffer.from(JSON.stringify(value)).toString('base64url') : null;
}

/** Published templates, most used or newest first (anyone, no session needed). */
export async function exploreFlowTemplates(services: TemplateServices, viewerId: string | null, input: ExploreInput): Promise<FlowTemplatePage> {
  const after = input.cursor ? decodeCursor(input.cursor, input.sort) : undefined;
  const rows = await listPublicTemplates(services.db, { sort: input.sort, ...(input.output ? { output: input.output } : {}), ...(after ? { after } : {}), limit: input.limit + 1 });
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    items: page.map((r) => toSummary(services, r, viewerId)),
    nextCursor: rows.length > input.limit && last ? cursorAfter(last, input.sort) : null,
  };
}

// ——— The owner's changes ———

export async function updateFlowTemplate(services: TemplateServices, userId: string, input: UpdateInput): Promise<FlowTemplateDetail> {
  await ownTemplate(services, input.templateId, userId);
  await moderateTexts(services.moderation, [input.name, input.description]);
  await updateTemplate(services.db, input.templateId, { ...(input.name !== undefined ? { name: input.name } : {}), ...(input.description !== undefined ? { description: input.description } : {}) });
  return getFlowTemplate(services, userId, input.templateId);
}

/** Shows the template on the explore feed, or takes it back (the author; showing it needs a verified e-mail, as publishing a creation does). */
export async function publishFlowTemplate(services: TemplateServices, userId: string, input: PublishInput): Promise<FlowTemplateDetail> {
  const record = await ownTemplate(services, input.templateId, userId);
  if (input.published && !(await findUserById(services.db, userId))?.emailVerified) throw new AppError('EMAIL_NOT_VERIFIED');
  // A teammate's media shared in the project is not the author's to show everyone: published
  // samples are the author's own or already public (and not copy-protected).
  if (input.published) {
    for (const key of record.sampleKeys) {
      const object = await findMediaObject(services.db, key);
      if (!object || !(await mayUseMedia(services, userId, object, null))) throw new AppError('FLOW_TEMPLATE_FOREIGN_MEDIA');
    }
  }
  await setPublished(services.db, input.templateId, input.published);
  return getFlowTemplate(services, userId, input.templateId);
}

export async function removeFlowTemplate(services: TemplateServices, userId: string, templateId: string): Promise<{ ok: true }> {
  await ownTemplate(services, templateId, userId);
  await deleteTemplate(services.db, templateId);
  return { ok: true };
}

// ——— Using a template ———

/** A text input's value must be plain text: no control characters but line breaks and tabs. */
// eslint-disable-next-line no-control-regex -- the point is to find control characters
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/**
 * Checks the values a person gives the template's inputs: each names one of its input nodes; a
 * text is plain text; an image or a video is a stored file of its type that the caller may use
 * (as a generation input: theirs, or published and not copy-protected) — an image may also be a
 * web address, fetched when its step runs, as on the canvas. Throws the issues together (400).
 */
async function checkInputs(services: TemplateServices, userId: string, graph: FlowTemplateGraph, inputs: Record<string, string>): Promise<void> {
  const issues: z.core.$ZodIssue[] = [];
  const issue = (id: string, message: string) => issues.push({ code: 'custom', path: ['inputs', id], message, input: inputs[id] });
  for (const [id, value] of Object.entries(inputs)) {
    const node = graph.nodes.find((n) => n.id === id);
    if (node?.type !== 'input') {
      issue(id, 'This template has no such input.');
      continue;
    }
    if (node.port === 'text') {
      if (!value.trim() || CONTROL_CHARACTERS.test(value)) issue(id, 'Enter plain text.');
      continue;
    }
    const ref = node.port === 'image' ? parseImageRef(value) : parseVideoRef(value);
    if (ref?.kind === 'url') continue;
    const object = ref?.kind === 'key' ? await findMediaObject(services.db, ref.key) : null;
    if (!object || !object.contentType.startsWith(`${node.port}/`) || !(await mayUseMedia(services, userId, object, null))) {
      issue(id, node.port === 'image' ? 'Image not found.' : 'Video not found.');
    }
  }
  if (issues.length > 0) throw new z.ZodError(issues);
}

/**
 * The price of running the whole template with `inputs`. A sample file kept in an input that the
 * caller may not feed into a step (the author's own upload) is shown, not run: it is an issue
 * to fill in, before anything is charged.
 */
async function priceOf(services: TemplateServices, userId: string, graph: FlowTemplateGraph, inputs: Record<string, string>): Promise<FlowEstimate> {
  const estimate = await estimateFrom(services, userId, filled(graph, inputs), {}, { kind: 'all' });
  const issues = [...estimate.issues];
  for (const node of graph.nodes) {
    const key = node.type === 'input' && inputs[node.id] === undefined ? mediaKeyOf(node.port, node.value) : null;
    if (!key) continue;
    const object = await findMediaObject(services.db, key);
    if (!object || !(await mayUseMedia(services, userId, object, null))) issues.push({ code: 'empty_input', id: node.id, message: 'This sample is only shown. Choose your own file.' });
  }
  return { ...estimate, issues };
}

/** The template's graph with `inputs` written into its input nodes. */
function filled(graph: FlowTemplateGraph, inputs: Record<string, string>): Graph {
  return { nodes: graph.nodes.map((n) => (n.type === 'input' && inputs[n.id] !== undefined ? { ...n, value: inputs[n.id]! } : n)), edges: graph.edges };
}

/**
 * Copies a graph into the project's flow with new ids (edges follow them), its top-left at `at`,
 * and records the template's sample media as the project's. Answers the new node ids, in the
 * template's node order.
 */
async function copyInto(services: TemplateServices, projectId: string, graph: Graph, at: { x: number; y: number }, sampleKeys: string[]): Promise<string[]> {
  if (!services.collab) throw new AppError('SERVICE_UNAVAILABLE');
  const ids = new Map(graph.nodes.map((n) => [n.id, randomUUID()]));
  const newId = (id: string) => ids.get(id)!;
  await services.collab.transact(projectId, (doc) => {
    for (const node of graph.nodes) writeFlowNode(doc, { ...node, id: newId(node.id), x: node.x + at.x, y: node.y + at.y });
    // connect keeps the graph's rules; the template's own edges pass them (it was valid when saved).
    for (const edge of graph.edges) connect(doc, { id: randomUUID(), from: newId(edge.from), to: newId(edge.to), toPort: edge.toPort });
  });
  // The server vouches for these keys: the template's author shared them with it.
  await recordProjectMedia(services.db, projectId, sampleKeys, { vouched: true });
  return graph.nodes.map((n) => newId(n.id));
}

/** Copies the template into a project's flow (its editors); counts as a use. */
export async function insertFlowTemplate(services: TemplateServices, userId: string, input: InsertInput): Promise<{ nodeIds: string[] }> {
  await requireEditor(services.db, input.projectId, userId);
  const record = await visibleTemplate(services, input.templateId, userId);
  const nodeIds = await copyInto(services, input.projectId, graphOf(record), input.at, record.sampleKeys);
  await countUse(services.db, record.id);
  return { nodeIds };
}

/** The price of running the whole template with these inputs, as flow.estimate prices a project's flow. */
export async function estimateFlowTemplate(services: TemplateServices, userId: string, input: EstimateInput): Promise<FlowEstimate> {
  const record = await visibleTemplate(services, input.templateId, userId);
  const graph = graphOf(record);
  await checkInputs(services, userId, graph, input.inputs);
  return priceOf(services, userId, graph, input.inputs);
}

/**
 * Starts a template as a new project of the caller's, its inputs filled in; with `run`, the whole
 * flow starts at the confirmed price. The price is checked before the project exists, and a run
 * that still fails to start takes the new project with it: a refused start leaves nothing behind.
 */
export async function startFlowTemplate(
  services: TemplateServices,
  userId: string,
  input: StartInput,
  onAdvanceError: (error: unknown, runId: string) => void,
): Promise<{ projectId: string; runId: string | null }> {
  const record = await visibleTemplate(services, input.templateId, userId);
  const graph = graphOf(record);
  await checkInputs(services, userId, graph, input.inputs);
  const flow = filled(graph, input.inputs);
  if (input.run) {
    const estimate = await priceOf(services, userId, graph, input.inputs);
    if (estimate.issues.length > 0) throw new AppError('FLOW_INVALID');
    if (estimate.cost !== input.run.expectedCost) throw new AppError('FLOW_COST_CHANGED');
  }
  const project = await createProject(services.db, userId, (input.name ?? record.name).slice(0, PROJECT_NAME_MAX));
  try {
    await copyInto(services, project.id, flow, { x: 0, y: 0 }, record.sampleKeys);
    const runId = input.run ? (await startFlowRun(services, userId, { projectId: project.id, scope: { kind: 'all' }, expectedCost: input.run.expectedCost }, onAdvanceError)).runId : null;
    await countUse(services.db, record.id);
    return { projectId: project.id, runId };
  } catch (error) {
    await deleteProject(services, userId, project.id).catch(() => undefined);
    throw error;
  }
}
