/**
 * Chat to image (canvas mode, §1). A chat belongs to one user in one project (§6 "Chat access
 * only for the chat's owner"): every call checks that the caller owns the chat AND is still a
 * member of its project; anyone else is told the chat does not exist. A message is stored, the
 * planner (an LLM when configured, else the local one) answers with prompt proposals, the answer
 * is stored, and the first `count` proposals (or as many as the message asks for in words) run
 * as canvas generations whose placeholders land together in free space nearest the centre of the
 * sender's view (the chat's anchor when the studio sends no view): never over existing work.
 */
import { type CanvasNode, readNodes } from '@tessera/shared/canvas';
import { placeInFreeSpace } from '@tessera/shared/canvas/placement';
import type { ChatDto, ChatMessageDto, ChatSendInput, PromptProposal } from '@tessera/shared/chat';
import { AppError } from '@tessera/shared/errors';
import { ASPECT_RATIOS } from '@tessera/shared/generation';
import { canEdit, type ProjectRole } from '@tessera/shared/projects';
import * as Y from 'yjs';
import type { AppServices } from '../../services.ts';
import type { CollabService } from '../../collab/collab.types.ts';
import { moderateTexts } from '../../generation/moderation.ts';
import { type CanvasServices, requesterOf, startCanvasTask } from '../canvas/canvas.service.ts';
import { findRole } from '../projects/projects.api.ts';
import {
  appendMessageTasks,
  type ChatMessageRecord,
  type ChatRecord,
  deleteChat as deleteChatRow,
  findChat,
  findMessage,
  insertChat,
  insertMessage,
  listChats as listChatRows,
  listMessages,
  updateChat,
} from './chat.repo.ts';
import { OpenAiCompatiblePlanner } from './planner/llmPlanner.ts';
import { LocalPromptPlanner } from './planner/localPlanner.ts';
import type { ChatPlanner, PlannerTurn } from './planner/planner.ts';
import { requestedImageCount } from './planner/requestedCount.ts';

/** What the chat needs from the app: the canvas (to place results), moderation and the planner's configuration. */
export type ChatServices = CanvasServices & Pick<AppServices, 'config'>;

/** Results are this wide on the canvas (the height follows the aspect ratio). */
export const CHAT_RESULT_WIDTH = 512;
/** Space between results, and between them and what is already on the canvas. */
export const CHAT_RESULT_GAP = 24;
const TITLE_MAX = 80;

/** The LLM planner when OPENAI_API_KEY is configured (falling back to the local one), else the local planner. */
export function createChatPlanner(config: Pick<AppServices['config'], 'openai'>): ChatPlanner {
  const local = new LocalPromptPlanner();
  return config.openai ? new OpenAiCompatiblePlanner({ ...config.openai, fallback: local }) : local;
}

// ——— DTOs ———

function toChatDto(chat: ChatRecord): ChatDto {
  return {
    id: chat.id,
    projectId: chat.projectId,
    title: chat.title,
    anchor: chat.anchor,
    createdAt: chat.createdAt.toISOString(),
    updatedAt: chat.updatedAt.toISOString(),
  };
}

function toMessageDto(message: ChatMessageRecord): ChatMessageDto {
  return {
    id: message.id,
    role: message.role,
    text: message.text,
    proposals: message.proposals,
    tasks: message.tasks,
    planner: message.planner,
    createdAt: message.createdAt.toISOString(),
  };
}

// ——— Access ———

/**
 * The caller's chat and their current role in its project. A chat of someone else, or of a
 * project the caller was removed from, is CHAT_NOT_FOUND: its existence is not revealed.
 */
async function ownChat(db: ChatServices['db'], userId: string, chatId: string): Promise<{ chat: ChatRecord; role: ProjectRole }> {
  const chat = await findChat(db, chatId);
  if (!chat || chat.userId !== userId) throw new AppError('CHAT_NOT_FOUND');
  const role = await findRole(db, chat.projectId, userId);
  if (!role) throw new AppError('CHAT_NOT_FOUND');
  return { chat, role };
}

async function requireMember(db: ChatServices['db'], projectId: string, userId: string): Promise<void> {
  if (!(await findRole(db, projectId, userId))) throw new AppError('PROJECT_NOT_FOUND');
}

// ——— The canvas ———

/** The project document's nodes as stored or as open right now (read from a throwaway copy). */
async function readProjectNodes(collab: CollabService | null, projectId: string): Promise<CanvasNode[]> {
  if (!collab) throw new AppError('SERVICE_UNAVAILABLE');
  const state = await collab.encodeState(projectId);
  const doc = new Y.Doc();
  try {
    if (state) Y.applyUpdate(doc, state);
    return readNodes(doc);
  } finally {
    doc.destroy();
  }
}

/** The image node a message starts from; it must still be on the canvas and be an image. */
function sourceImage(nodes: CanvasNode[], nodeId: string): Extract<CanvasNode, { type: 'image' }> {
  const node = nodes.find((n) => n.id === nodeId);
  if (!node) throw new AppError('CANVAS_NODE_NOT_FOUND');
  if (node.type !== 'image') throw new AppError('IMAGE_REQUIRED');
  return node;
}

/** A result's size on the canvas: 512 px wide, as tall as its aspect. */
function resultSize(aspect: { width: number; height: number }): { width: number; height: number } {
  return { width: CHAT_RESULT_WIDTH, height: Math.round((CHAT_RESULT_WIDTH * aspect.height) / aspect.width) };
}

/**
 * Runs proposals as canvas generations side by side in free space nearest `near` (see
 * placeInFreeSpace), recording each started task on the message as it starts. The first refusal (credits, parallel limit, read-only …) stops the run
 * and is thrown; tasks started before it stay on the message.
 */
async function runProposals(
  services: ChatServices,
  userId: string,
  chat: ChatRecord,
  message: ChatMessageRecord,
  proposals: readonly PromptProposal[],
  /** The model the user picked for these runs (the task's `model`: the server's usual model choice applies). */
  model: string | undefined,
  /** The centre of the sender's view (canvas units); the chat's anchor without one. */
  near: { x: number; y: number } | undefined,
): Promise<ChatMessageRecord> {
  const nodes = await readProjectNodes(services.collab, chat.projectId);
  const sources = proposals.map((p) => (p.imageNodeId ? sourceImage(nodes, p.imageNodeId) : null));
  // Image to image keeps the source's shape.
  const sizes = proposals.map((p, i) => {
    const source = sources[i];
    const [w, h] = ASPECT_RATIOS[p.aspectRatio];
    return resultSize(source ? { width: source.width, height: source.height } : { width: w, height: h });
  });
  const placements = placeInFreeSpace(sizes, nodes, near ?? chat.anchor, { gap: CHAT_RESULT_GAP });
  const user = await requesterOf(services.db, userId);
  let current = message;
  for (const [column, proposal] of proposals.entries()) {
    const source = sources[column] ?? null;
    const started = await startCanvasTask(services, {
      user,
      projectId: chat.projectId,
      ...(source
        ? { kind: 'image_to_image' as const, input: { image: source.src, prompt: proposal.prompt, ...(model ? { model } : {}) }, parentNodeId: source.id }
        : {
            kind: 'text_to_image' as const,
            input: {
              prompt: proposal.prompt,
              aspectRatio: proposal.aspectRatio,
              ...(proposal.negativePrompt ? { negativePrompt: proposal.negativePrompt } : {}),
              ...(model ? { model } : {}),
            },
            parentNodeId: null,
          }),
      placement: placements[column] as (typeof placements)[number],
    });
    current = (await appendMessageTasks(services.db, message.id, [started])) ?? current;
  }
  return current;
}

// ——— RPCs ———

/** `chat.list`: the caller's chats in a project (a member's; others get PROJECT_NOT_FOUND). */
export async function listChats(services: Pick<ChatServices, 'db'>, userId: string, projectId: string): Promise<ChatDto[]> {
  await requireMember(services.db, projectId, userId);
  return (await listChatRows(services.db, projectId, userId)).map(toChatDto);
}

/**
 * `chat.create`: any member may chat (viewers too: they get prompts, generating needs edit
 * rights). Without a title the first message names the chat.
 */
export async function createChat(
  services: Pick<ChatServices, 'db'>,
  userId: string,
  input: { projectId: string; anchor: { x: number; y: number }; title?: string | undefined },
): Promise<ChatDto> {
  await requireMember(services.db, input.projectId, userId);
  return toChatDto(await insertChat(services.db, { projectId: input.projectId, userId, title: input.title ?? '', anchor: input.anchor }));
}

/** `chat.messages`: the chat's history, oldest first. */
export async function chatHistory(services: Pick<ChatServices, 'db'>, userId: string, chatId: string): Promise<ChatMessageDto[]> {
  const { chat } = await ownChat(services.db, userId, chatId);
  return (await listMessages(services.db, chat.id)).map(toMessageDto);
}

/**
 * `chat.send`: stores the message, plans, stores the answer and runs its first `count` proposals
 * — the number the message asks for in words when it names one — repeating them when the planner
 * proposed fewer. Returns the answer with its tasks.
 *
 * Refusals that concern the request itself come before anything is stored: a viewer asking for
 * images (PROJECT_READ_ONLY — they may still chat with `count: 0`), moderated text, a missing
 * source image. A generation refused once the answer exists (NOT_ENOUGH_CREDITS,
 * PARALLEL_TASK_LIMIT …) is thrown after both messages are saved, so the studio shows the error
 * and the proposals are there to run later with `chat.runProposal`.
 */
export async function sendChatMessage(services: ChatServices, userId: string, input: ChatSendInput, planner?: ChatPlanner): Promise<ChatMessageDto> {
  const { chat, role } = await ownChat(services.db, userId, input.chatId);
  if (input.count > 0 && !canEdit(role)) throw new AppError('PROJECT_READ_ONLY');
  await moderateTexts(services.moderation, [input.text]);
  if (input.imageNodeId) sourceImage(await readProjectNodes(services.collab, chat.projectId), input.imageNodeId);

  const history: PlannerTurn[] = (await listMessages(services.db, chat.id)).map((m) => ({ role: m.role, text: m.text, proposals: m.proposals }));
  await insertMessage(services.db, { chatId: chat.id, role: 'user', text: input.text });
  if (chat.title === '') await updateChat(services.db, chat.id, { title: titleFrom(input.text) });

  // "two images of …" makes two, whatever the composer's count said (0 still means only talk).
  const count = input.count > 0 ? (requestedImageCount(input.text) ?? input.count) : 0;
  const answer = await (planner ?? createChatPlanner(services.config)).plan(history, input.text, {
    count,
    aspectRatio: input.aspectRatio,
    fromImage: Boolean(input.imageNodeId),
  });
  // The source image is the message's, not the planner's to choose.
  const proposals = answer.plan.proposals.map(({ imageNodeId: _ignored, ...p }) => (input.imageNodeId ? { ...p, imageNodeId: input.imageNodeId } : p));
  const reply = await insertMessage(services.db, { chatId: chat.id, role: 'assistant', text: answer.plan.reply, proposals, planner: answer.planner });
  if (count === 0) return toMessageDto(reply);

  const toRun = Array.from({ length: count }, (_, i) => proposals[i % proposals.length] as PromptProposal);
  return toMessageDto(await runProposals(services, userId, chat, reply, toRun, undefined, input.view));
}

/** `chat.runProposal`: runs one more proposal of an earlier answer, in a new row (on the picked model, if any). */
export async function runChatProposal(
  services: ChatServices,
  userId: string,
  input: { chatId: string; messageId: string; index: number; model?: string | undefined; view?: { x: number; y: number } | undefined },
): Promise<ChatMessageDto> {
  const { chat, role } = await ownChat(services.db, userId, input.chatId);
  const message = await findMessage(services.db, chat.id, input.messageId);
  const proposal = message?.role === 'assistant' ? message.proposals[input.index] : undefined;
  if (!message || !proposal) throw new AppError('NOT_FOUND');
  if (!canEdit(role)) throw new AppError('PROJECT_READ_ONLY');
  return toMessageDto(await runProposals(services, userId, chat, message, [proposal], input.model, input.view));
}

/** `chat.move`: results from now on land beside the new anchor. */
export async function moveChat(services: Pick<ChatServices, 'db'>, userId: string, input: { chatId: string; anchor: { x: number; y: number } }): Promise<ChatDto> {
  const { chat } = await ownChat(services.db, userId, input.chatId);
  const moved = await updateChat(services.db, chat.id, { anchor: input.anchor });
  if (!moved) throw new AppError('CHAT_NOT_FOUND');
  return toChatDto(moved);
}

/** `chat.delete`: the chat and its history go; results already on the canvas stay. */
export async function deleteChat(services: Pick<ChatServices, 'db'>, userId: string, chatId: string): Promise<{ ok: true }> {
  const { chat } = await ownChat(services.db, userId, chatId);
  await deleteChatRow(services.db, chat.id);
  return { ok: true };
}

/** A chat's name from its first message: the first line, shortened. */
function titleFrom(text: string): string {
  const line = text.split('\n')[0]?.trim() ?? '';
  return line.length <= TITLE_MAX ? line : `${line.slice(0, TITLE_MAX - 1).trimEnd()}…`;
}
