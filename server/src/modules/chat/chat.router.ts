/** `chat.*` RPCs: chat to image on a project's canvas (chat.service holds the rules). */
import {
  zChatCreateInput,
  zChatIdInput,
  zChatListInput,
  zChatMoveInput,
  zChatRunProposalInput,
  zChatSendInput,
} from '@tessera/shared/chat';
import { router } from '../../trpc/init.ts';
import { authedProcedure } from '../../trpc/procedures.ts';
import { chatHistory, createChat, deleteChat, listChats, moveChat, runChatProposal, sendChatMessage } from './chat.service.ts';

export const chatRouter = router({
  list: authedProcedure.input(zChatListInput).query(({ ctx, input }) => listChats(ctx.services, ctx.session.user.id, input.projectId)),
  create: authedProcedure.input(zChatCreateInput).mutation(({ ctx, input }) => createChat(ctx.services, ctx.session.user.id, input)),
  messages: authedProcedure.input(zChatIdInput).query(({ ctx, input }) => chatHistory(ctx.services, ctx.session.user.id, input.chatId)),
  send: authedProcedure.input(zChatSendInput).mutation(({ ctx, input }) => sendChatMessage(ctx.services, ctx.session.user.id, input)),
  runProposal: authedProcedure.input(zChatRunProposalInput).mutation(({ ctx, input }) => runChatProposal(ctx.services, ctx.session.user.id, input)),
  move: authedProcedure.input(zChatMoveInput).mutation(({ ctx, input }) => moveChat(ctx.services, ctx.session.user.id, input)),
  delete: authedProcedure.input(zChatIdInput).mutation(({ ctx, input }) => deleteChat(ctx.services, ctx.session.user.id, input.chatId)),
});
