/** Chats and their messages: the only code that reads or writes their tables. */
import type { Database } from '@tessera/db/connect';
import { chatMessages, chats } from '@tessera/db/schema';
import { type PromptProposal, zPromptProposal } from '@tessera/shared/chat';
import { and, asc, desc, eq, sql } from 'drizzle-orm';

export interface ChatRecord {
  id: string;
  projectId: string;
  userId: string;
  title: string;
  anchor: { x: number; y: number };
  createdAt: Date;
  updatedAt: Date;
}

export interface ChatMessageRecord {
  id: string;
  chatId: string;
  role: 'user' | 'assistant';
  text: string;
  proposals: PromptProposal[];
  tasks: { taskId: string; nodeId: string }[];
  planner: 'llm' | 'local' | null;
  createdAt: Date;
}

const chatColumns = {
  id: chats.id,
  projectId: chats.projectId,
  userId: chats.userId,
  title: chats.title,
  anchorX: chats.anchorX,
  anchorY: chats.anchorY,
  createdAt: chats.createdAt,
  updatedAt: chats.updatedAt,
};

type ChatRow = { id: string; projectId: string; userId: string; title: string; anchorX: number; anchorY: number; createdAt: Date; updatedAt: Date };

const toChat = ({ anchorX, anchorY, ...row }: ChatRow): ChatRecord => ({ ...row, anchor: { x: anchorX, y: anchorY } });

/** Stored proposals were validated when written; anything unreadable (a hand-edited row) is left out. */
function toProposals(value: unknown): PromptProposal[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((p) => {
    const parsed = zPromptProposal.safeParse(p);
    return parsed.success ? [parsed.data] : [];
  });
}

export async function findChat(db: Database, id: string): Promise<ChatRecord | null> {
  const [row] = await db.select(chatColumns).from(chats).where(eq(chats.id, id)).limit(1);
  return row ? toChat(row) : null;
}

/** One user's chats in one project, most recently active first. */
export async function listChats(db: Database, projectId: string, userId: string): Promise<ChatRecord[]> {
  const rows = await db
    .select(chatColumns)
    .from(chats)
    .where(and(eq(chats.projectId, projectId), eq(chats.userId, userId)))
    .orderBy(desc(chats.updatedAt), desc(chats.createdAt));
  return rows.map(toChat);
}

export async function insertChat(db: Database, p: { projectId: string; userId: string; title: string; anchor: { x: number; y: number } }): Promise<ChatRecord> {
  const [row] = await db
    .insert(chats)
    .values({ projectId: p.projectId, userId: p.userId, title: p.title, anchorX: p.anchor.x, anchorY: p.anchor.y })
    .returning(chatColumns);
  if (!row) throw new Error('chat insert returned no row');
  return toChat(row);
}

export async function updateChat(db: Database, id: string, patch: { title?: string; anchor?: { x: number; y: number } }): Promise<ChatRecord | null> {
  const [row] = await db
    .update(chats)
    .set({
      ...(patch.title !== undefined ? { title: patch.title } : {}),
      ...(patch.anchor ? { anchorX: patch.anchor.x, anchorY: patch.anchor.y } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(chats.id, id))
    .returning(chatColumns);
  return row ? toChat(row) : null;
}

/** Deletes a chat and (by cascade) its messages. */
export async function deleteChat(db: Database, id: string): Promise<boolean> {
  const rows = await db.delete(chats).where(eq(chats.id, id)).returning({ id: chats.id });
  return rows.length > 0;
}

const messageColumns = {
  id: chatMessages.id,
  chatId: chatMessages.chatId,
  role: chatMessages.role,
  text: chatMessages.text,
  proposals: chatMessages.proposals,
  tasks: chatMessages.tasks,
  planner: chatMessages.planner,
  createdAt: chatMessages.createdAt,
};

type MessageRow = Omit<ChatMessageRecord, 'proposals'> & { proposals: unknown };
const toMessage = (row: MessageRow): ChatMessageRecord => ({ ...row, proposals: toProposals(row.proposals) });

/** A chat's messages, oldest first (`id` breaks ties between messages stored in the same instant). */
export async function listMessages(db: Database, chatId: string): Promise<ChatMessageRecord[]> {
  const rows = await db.select(messageColumns).from(chatMessages).where(eq(chatMessages.chatId, chatId)).orderBy(asc(chatMessages.createdAt), asc(chatMessages.id));
  return rows.map(toMessage);
}

export async function findMessage(db: Database, chatId: string, messageId: string): Promise<ChatMessageRecord | null> {
  const [row] = await db
    .select(messageColumns)
    .from(chatMessages)
    .where(and(eq(chatMessages.chatId, chatId), eq(chatMessages.id, messageId)))
    .limit(1);
  return row ? toMessage(row) : null;
}

/** Stores a message and marks the chat active (chat lists show the latest first). */
export async function insertMessage(
  db: Database,
  p: { chatId: string; role: 'user' | 'assistant'; text: string; proposals?: PromptProposal[]; planner?: 'llm' | 'local' | null },
): Promise<ChatMessageRecord> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(chatMessages)
      .values({
        chatId: p.chatId,
        role: p.role,
        text: p.text,
        proposals: p.proposals ?? [],
        planner: p.planner ?? null,
        // A clock reading per statement (not per transaction) keeps a user message before its reply.
        createdAt: sql`clock_timestamp()`,
      })
      .returning(messageColumns);
    if (!row) throw new Error('chat message insert returned no row');
    await tx.update(chats).set({ updatedAt: sql`now()` }).where(eq(chats.id, p.chatId));
    return toMessage(row);
  });
}

/** Appends started tasks to a message, in one statement so two runs of one message both keep theirs. */
export async function appendMessageTasks(db: Database, messageId: string, tasks: { taskId: string; nodeId: string }[]): Promise<ChatMessageRecord | null> {
  if (tasks.length === 0) return null;
  const [row] = await db
    .update(chatMessages)
    .set({ tasks: sql`${chatMessages.tasks} || ${JSON.stringify(tasks)}::jsonb` })
    .where(eq(chatMessages.id, messageId))
    .returning(messageColumns);
  return row ? toMessage(row) : null;
}
