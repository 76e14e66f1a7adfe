/**
 * Chat to image (canvas mode, §1): a chat belongs to one user in one project (§6 "Chat access
 * only for the chat's owner"). The user describes what they want; the assistant answers with
 * prompt proposals and runs the generations, whose results land on the canvas beside the chat's
 * anchor point.
 */
import { z } from 'zod';
import { ASPECT_RATIOS, type AspectRatio, zModelId } from '../generation/generation.ts';
import { zProjectId } from '../projects/projects.ts';

export const CHAT_MESSAGE_MAX = 2000;
/** Images one message may ask for at once. */
export const CHAT_MAX_IMAGES = 4;
const ASPECTS = Object.keys(ASPECT_RATIOS) as [AspectRatio, ...AspectRatio[]];

export const zChatId = z.string().uuid('Chat not found.');
export const zAnchor = z.object({ x: z.number().finite().min(-1e7).max(1e7), y: z.number().finite().min(-1e7).max(1e7) });

export const zChatListInput = z.object({ projectId: zProjectId });
export const zChatCreateInput = z.object({ projectId: zProjectId, anchor: zAnchor, title: z.string().trim().max(80).optional() });
export const zChatIdInput = z.object({ chatId: zChatId });
export const zChatSendInput = z.object({
  chatId: zChatId,
  text: z.string().trim().min(1, 'Please type a message.').max(CHAT_MESSAGE_MAX),
  /** How many images to make now (0: only propose prompts). */
  count: z.number().int().min(0).max(CHAT_MAX_IMAGES).default(1),
  /** A canvas image node to start from (image to image). */
  imageNodeId: z.string().min(1).max(100).optional(),
  aspectRatio: z.enum(ASPECTS).optional(),
  /** The centre of the sender's view (canvas units): results go in free space nearest it. */
  view: zAnchor.optional(),
});
/**
 * Run one of an earlier assistant message's proposals, on `model` when the user picked one (the
 * catalogue id, as every kind's `model` field; without it the kind's default model runs).
 */
export const zChatRunProposalInput = z.object({
  chatId: zChatId,
  messageId: z.string().uuid(),
  index: z.number().int().min(0).max(9),
  model: zModelId.optional(),
  /** As in `chat.send`: where the sender is looking. */
  view: zAnchor.optional(),
});
export const zChatMoveInput = z.object({ chatId: zChatId, anchor: zAnchor });
export type ChatSendInput = z.infer<typeof zChatSendInput>;

/** A prompt the assistant suggests. */
export const zPromptProposal = z.object({
  prompt: z.string().min(1).max(2000),
  negativePrompt: z.string().max(1000).optional(),
  aspectRatio: z.enum(ASPECTS),
  /** Short label shown on the chip ("Watercolour", "Close-up" …). */
  label: z.string().max(60),
  /**
   * The canvas image this proposal transforms (image to image). Set by the server from the
   * message's `imageNodeId`, never by a planner, so running the proposal later starts from the
   * same image.
   */
  imageNodeId: z.string().min(1).max(100).optional(),
});
export type PromptProposal = z.infer<typeof zPromptProposal>;

/** What a planner (an LLM or the local one) answers for one user message. */
export const zChatPlan = z.object({
  reply: z.string().min(1).max(2000),
  proposals: z.array(zPromptProposal).min(1).max(6),
});
export type ChatPlan = z.infer<typeof zChatPlan>;

export interface ChatDto {
  id: string;
  projectId: string;
  title: string;
  anchor: { x: number; y: number };
  createdAt: string;
  updatedAt: string;
}

export interface ChatMessageDto {
  id: string;
  role: 'user' | 'assistant';
  text: string;
  proposals: PromptProposal[];
  /** Tasks this message started, with the canvas nodes they fill. */
  tasks: { taskId: string; nodeId: string }[];
  /** `llm` or `local`: which planner answered (assistant messages). */
  planner: 'llm' | 'local' | null;
  createdAt: string;
}
