/**
 * `flow.propose` (issue 24): a brief becomes a proposed flow drawn into the project document for
 * the team to review, edit and run — it never runs anything. The LLM planner plans when one is
 * configured (the chat's OpenAI-compatible configuration), the offline planner otherwise. Every
 * proposal is checked against this server's catalogue (validate.ts) and its texts moderated
 * before anything is drawn; an LLM proposal that cannot be repaired, or whose texts are refused,
 * is replaced by the offline planner's, with a note. The nodes land left to right in free space
 * nearest where the person is looking, clear of the canvas's nodes and the flow already there.
 */
import type { LanguageCode } from '@tessera/shared/i18n';
import { randomUUID } from 'node:crypto';
import { readNodes } from '@tessera/shared/canvas';
import { placeInFreeSpace } from '@tessera/shared/canvas/placement';
import { isProTemplateType, TEMPLATE_KIND, TEMPLATE_TYPES } from '@tessera/shared/catalog';
import { AppError } from '@tessera/shared/errors';
import { connect, type FlowDocNode, readFlow, writeFlowNode } from '@tessera/shared/flows/document';
import { FLOW_NODE_SIZE, type FlowPlanNote, type FlowProposal, type FlowProposeInput, type FlowProposeResult, flowNote, layoutProposal } from '@tessera/shared/flows/plan';
import { GENERATION_KINDS, type GenerationKind, isTemplateKind } from '@tessera/shared/generation';
import { canEdit } from '@tessera/shared/projects';
import { mayUseMedia, projectMediaScope } from '../../../generation/inputs.ts';
import { moderateTexts } from '../../../generation/moderation.ts';
import { findMediaObject } from '../../../media/media.api.ts';
import type { AppServices } from '../../../services.ts';
import { listTemplates } from '../../catalog/catalog.service.ts';
import { findRole } from '../../projects/projects.api.ts';
import { LlmFlowPlanner } from './llmFlowPlanner.ts';
import { OfflineFlowPlanner, planFlowOffline } from './offlinePlanner.ts';
import { type FlowPlanner, type PlannerCatalogue, UNPLANNED_KINDS } from './planner.ts';
import { checkProposal, type ProposalCheck, proposalTexts } from './validate.ts';

export type ProposeServices = Pick<AppServices, 'db' | 'collab' | 'moderation' | 'models' | 'config'>;

/** Templates offered to a planner per template kind. */
const TEMPLATES_PER_KIND = 12;

/** The LLM planner when OPENAI_API_KEY is configured (falling back to the offline one), else the offline planner. */
export function createFlowPlanner(config: Pick<AppServices['config'], 'openai'>): FlowPlanner {
  const offline = new OfflineFlowPlanner();
  return config.openai ? new LlmFlowPlanner({ ...config.openai, fallback: offline }) : offline;
}

/** What this server offers: kinds with a model here, their models, and the active templates of template kinds (pro effects left out). */
export async function plannerCatalogue(services: Pick<ProposeServices, 'db' | 'models'>): Promise<PlannerCatalogue> {
  const kinds = (Object.keys(GENERATION_KINDS) as GenerationKind[]).filter((kind) => !UNPLANNED_KINDS.has(kind) && services.models.forKind(kind).length > 0);
  const models = Object.fromEntries(kinds.map((kind) => [kind, services.models.forKind(kind).map((m) => m.id)]));
  const templates: PlannerCatalogue['templates'] = {};
  for (const kind of kinds.filter(isTemplateKind)) {
    const types = TEMPLATE_TYPES.filter((type) => TEMPLATE_KIND[type] === kind && !isProTemplateType(type));
    if (types.length === 0) continue;
    const page = await listTemplates(services.db, { types, limit: TEMPLATES_PER_KIND });
    templates[kind] = page.items.map((t) => ({ id: t.id, name: t.name }));
  }
  return { kinds, models, templates };
}

async function requireEditor(services: Pick<ProposeServices, 'db'>, projectId: string, userId: string): Promise<void> {
  const role = await findRole(services.db, projectId, userId);
  if (!role) throw new AppError('PROJECT_NOT_FOUND');
  if (!canEdit(role)) throw new AppError('PROJECT_READ_ONLY');
}

/** The image a brief starts from must be a stored image the caller may use in this project. */
async function requireImage(services: ProposeServices, userId: string, projectId: string, key: string): Promise<void> {
  const object = await findMediaObject(services.db, key);
  if (!object || !object.contentType.startsWith('image/')) throw new AppError('IMAGE_NOT_FOUND');
  if (!(await mayUseMedia(services, userId, object, await projectMediaScope(services, userId, projectId)))) throw new AppError('IMAGE_NOT_FOUND');
}

/** Whether moderation lets every text of a proposal through (its refusal is not thrown: the offline plan replaces it). */
async function textsAllowed(services: Pick<ProposeServices, 'moderation'>, proposal: FlowProposal): Promise<boolean> {
  try {
    await moderateTexts(services.moderation, proposalTexts(proposal));
    return true;
  } catch (error) {
    // A refused text; a moderation service that fails is the caller's error, as for the brief.
    if (error instanceof AppError && error.catalogueCode === 'SENSITIVE_TEXT') return false;
    throw error;
  }
}

/** The planner's proposal, checked, repaired or replaced; notes say what happened. */
async function checkedProposal(
  services: ProposeServices,
  input: FlowProposeInput,
  planner: FlowPlanner,
  lang: LanguageCode | undefined,
): Promise<{ proposal: FlowProposal; planner: 'llm' | 'local'; notes: FlowPlanNote[] }> {
  const catalogue = await plannerCatalogue(services);
  const request = { brief: input.brief, imageKey: input.imageKey, catalogue, lang };
  const answer = await planner.plan(request);
  const check = checkProposal(answer.proposal, { catalogue, imageKey: input.imageKey });
  if (check.ok && (answer.planner === 'local' || (await textsAllowed(services, check.proposal)))) {
    return { proposal: check.proposal, planner: answer.planner, notes: [...check.proposal.notes, ...check.notes] };
  }
  if (answer.planner === 'local') return offlineOutcome(answer.proposal, check, []);
  const replaced = check.ok ? [flowNote('llm_refused')] : [flowNote('llm_unusable', { reason: check.reason }), ...check.notes];
  const proposal = planFlowOffline(request);
  return offlineOutcome(proposal, checkProposal(proposal, { catalogue, imageKey: input.imageKey }), replaced);
}

/**
 * The offline planner's proposal as checked. It always holds when it has steps (its unit tests
 * check the common briefs); with none — nothing it needs is offered here — nothing is drawn and
 * the notes say why.
 */
function offlineOutcome(proposal: FlowProposal, check: ProposalCheck, before: FlowPlanNote[]): { proposal: FlowProposal; planner: 'local'; notes: FlowPlanNote[] } {
  if (check.ok) return { proposal: check.proposal, planner: 'local', notes: [...before, ...check.proposal.notes, ...check.notes] };
  if (proposal.steps.length > 0) throw new AppError('FLOW_INVALID');
  return { proposal: { steps: [], inputs: [], wires: [], notes: [] }, planner: 'local', notes: [...before, ...proposal.notes, flowNote('nothing_fits')] };
}

/**
 * `flow.propose`: plans a flow from a brief and writes it into the project's document (editors
 * and the owner). Answers the new nodes' and wires' ids, which planner made it and its notes.
 */
export async function proposeFlow(services: ProposeServices, userId: string, input: FlowProposeInput, planner?: FlowPlanner, lang?: LanguageCode): Promise<FlowProposeResult> {
  await requireEditor(services, input.projectId, userId);
  await moderateTexts(services.moderation, [input.brief]);
  if (input.imageKey) await requireImage(services, userId, input.projectId, input.imageKey);
  if (!services.collab) throw new AppError('SERVICE_UNAVAILABLE');

  const { proposal, planner: used, notes } = await checkedProposal(services, input, planner ?? createFlowPlanner(services.config), lang);
  const order = [...proposal.inputs.map((i) => i.id), ...proposal.steps.map((s) => s.id)];
  if (order.length === 0) return { nodeIds: [], edgeIds: [], steps: [], planner: used, notes };
  const layout = layoutProposal(order, proposal.wires);
  const docId = new Map(order.map((id) => [id, randomUUID()]));
  const nodeIds = order.map((id) => docId.get(id)!);
  const edgeIds: string[] = [];

  await services.collab.transact(input.projectId, (doc) => {
    const drawn: readonly FlowDocNode[] = readFlow(doc).nodes;
    const existing = drawn.map((n) => ({ x: n.x, y: n.y, ...FLOW_NODE_SIZE }));
    const [box] = placeInFreeSpace([{ width: Math.max(1, layout.width), height: Math.max(1, layout.height) }], [...readNodes(doc), ...existing], input.placement ?? { x: 0, y: 0 });
    const origin = box ?? { x: 0, y: 0 };
    const at = (id: string) => {
      const p = layout.positions.get(id)!;
      return { x: origin.x + p.x, y: origin.y + p.y };
    };
    for (const node of proposal.inputs) {
      writeFlowNode(doc, { id: docId.get(node.id)!, type: 'input', port: node.port, value: node.value, ...(node.name ? { name: node.name } : {}), ...at(node.id) });
    }
    for (const step of proposal.steps) {
      writeFlowNode(doc, {
        id: docId.get(step.id)!,
        type: 'step',
        kind: step.kind as GenerationKind,
        settings: step.settings,
        ...(step.variations ? { variations: step.variations } : {}),
        ...(step.model ? { model: step.model } : {}),
        ...(step.name ? { name: step.name } : {}),
        ...at(step.id),
      });
    }
    for (const wire of proposal.wires) {
      const id = randomUUID();
      // Checked already; connect checks again against the document as it is.
      const problem = connect(doc, { id, from: docId.get(wire.from)!, to: docId.get(wire.to)!, toPort: wire.toPort });
      if (problem) notes.push(flowNote('wire_not_drawn', { to: wire.to, port: wire.toPort, problem }));
      else edgeIds.push(id);
    }
  });
  const steps = proposal.steps.map((s) => ({ id: docId.get(s.id)!, kind: s.kind as GenerationKind, ...(s.name ? { name: s.name } : {}) }));
  return { nodeIds, edgeIds, steps, planner: used, notes };
}
