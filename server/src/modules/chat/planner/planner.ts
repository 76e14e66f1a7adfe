/**
 * The chat's prompt planner: turns what the user wrote (with the chat so far) into a friendly
 * reply and a few prompt proposals. An OpenAI-compatible LLM plans when one is configured; the
 * local planner (no network) plans otherwise and whenever the LLM fails. This file is only the
 * contract; chat.service picks the planner from the configuration.
 */
import type { ChatPlan, PromptProposal } from '@tessera/shared/chat';
import type { AspectRatio } from '@tessera/shared/generation';

/** One earlier message of the chat, oldest first. */
export interface PlannerTurn {
  role: 'user' | 'assistant';
  text: string;
  /** The proposals an assistant message made (empty for user messages). */
  proposals: PromptProposal[];
}

export interface PlanOptions {
  /** How many proposals are generated right away (the reply says so); 0 = only propose. */
  count: number;
  /** The aspect the user picked in the studio; it wins over words in the message. */
  aspectRatio?: AspectRatio | undefined;
  /** The message works from an image on the canvas (image to image). */
  fromImage?: boolean | undefined;
}

export interface PlannerAnswer {
  plan: ChatPlan;
  /** Which planner answered: `local` also when the LLM failed and the local planner stood in. */
  planner: 'llm' | 'local';
}

export interface ChatPlanner {
  plan(history: readonly PlannerTurn[], message: string, opts: PlanOptions): Promise<PlannerAnswer>;
}
