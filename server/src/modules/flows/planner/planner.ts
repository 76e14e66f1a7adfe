/**
 * The flow planner (issue 24): turns a brief into a proposed flow (zFlowProposal). An
 * OpenAI-compatible LLM plans when one is configured (the chat's configuration); the offline
 * planner plans otherwise, whenever the LLM fails, and whenever the LLM's proposal cannot be
 * repaired (see validate.ts). This file is only the contract; propose.ts picks the planner.
 */
import type { LanguageCode } from '@tessera/shared/i18n';
import type { FlowProposal } from '@tessera/shared/flows/plan';
import type { GenerationKind } from '@tessera/shared/generation';

/** What this server offers a planner to build with. */
export interface PlannerCatalogue {
  /** Kinds with at least one model here (services.models.forKind), in catalogue order. */
  kinds: GenerationKind[];
  /** The models offered per kind, default first. */
  models: Partial<Record<GenerationKind, string[]>>;
  /** Active templates of the template kinds (a product scene, an effect …), a few per kind. */
  templates: Partial<Record<GenerationKind, { id: string; name: string }[]>>;
}

export interface FlowPlanRequest {
  brief: string;
  /** The image the brief works from, when the person gave one (a media key). */
  imageKey?: string | undefined;
  catalogue: PlannerCatalogue;
  /** The asker's language: the offline planner names its cards in it (English when absent). */
  lang?: LanguageCode | undefined;
}

export interface FlowPlannerAnswer {
  proposal: FlowProposal;
  planner: 'llm' | 'local';
}

export interface FlowPlanner {
  plan(request: FlowPlanRequest): Promise<FlowPlannerAnswer>;
}

/** Input fields that are never a step's settings: the server or the run fills them. */
export const NOT_SETTINGS = new Set(['model', 'projectId', 'source', 'expectedCost']);
/** Kinds a flow does not plan: the timeline export takes a whole timeline, not ports. */
export const UNPLANNED_KINDS = new Set<string>(['video_edit']);
