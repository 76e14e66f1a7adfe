/**
 * Chat to image (canvas mode, §1): my chats in this project, one open at a time. The assistant
 * answers with prompt proposals and runs the generations, which land on the canvas beside the
 * chat's anchor; a chat is visible to its owner only (the server enforces it). The canvas is
 * reached through props, so this feature knows nothing of the engine.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MessageSquarePlus, Trash2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { useModelChoice } from '../models/useModelChoice.ts';
import { ChatComposer } from './ChatComposer.tsx';
import { ChatMessages } from './ChatMessages.tsx';

export interface ChatCanvasBridge {
  /** The centre of the current view (canvas units): a new chat's anchor, and where each message's results go. */
  anchor(): { x: number; y: number };
  /** The one selected image node, offered as "use selected image". */
  selectedImageNodeId: string | null;
  /** Whether a node is still on the canvas. */
  hasNode(nodeId: string): boolean;
  /** Pans the camera to a node and selects it. */
  showNode(nodeId: string): void;
  /** Editors may generate; viewers only talk (the server refuses their generations). */
  canGenerate: boolean;
}

export function ChatPanel({ projectId, canvas }: { projectId: string; canvas: ChatCanvasBridge }) {
  const { t } = useTranslation('canvas');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const selectId = useId();
  const chats = useQuery(trpc.chat.list.queryOptions({ projectId }));
  const [chatId, setChatId] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const list = chats.data ?? [];
  const current = list.find((c) => c.id === chatId) ?? list[0] ?? null;

  const firstChatId = list[0]?.id;
  useEffect(() => {
    if (!chatId && firstChatId) setChatId(firstChatId);
  }, [chatId, firstChatId]);

  const create = useMutation(
    trpc.chat.create.mutationOptions({
      onSuccess: (chat) => {
        setChatId(chat.id);
        void queryClient.invalidateQueries({ queryKey: trpc.chat.list.queryKey({ projectId }) });
      },
    }),
  );
  const remove = useMutation(
    trpc.chat.delete.mutationOptions({
      onSuccess: () => {
        setChatId(null);
        setConfirmDelete(false);
        void queryClient.invalidateQueries({ queryKey: trpc.chat.list.queryKey({ projectId }) });
      },
    }),
  );
  const startChat = () => create.mutate({ projectId, anchor: roundPoint(canvas.anchor()) });

  return (
    <section className="flex h-full min-h-0 flex-col" data-testid="chat-panel" aria-label={t('chat.title')}>
      <div className="flex items-center gap-2 border-b border-border p-3">
        {list.length > 0 ? (
          <>
            <label htmlFor={selectId} className="sr-only">
              {t('chat.pick')}
            </label>
            <select
              id={selectId}
              value={current?.id ?? ''}
              onChange={(e) => setChatId(e.target.value)}
              className="h-8 min-w-0 flex-1 truncate rounded-lg border border-border bg-surface-2 px-2 text-sm"
              data-testid="chat-select"
            >
              {list.map((chat) => (
                <option key={chat.id} value={chat.id}>
                  {chat.title || t('chat.untitled')}
                </option>
              ))}
            </select>
          </>
        ) : (
          <span className="flex-1 text-sm font-medium">{t('chat.title')}</span>
        )}
        <Button variant="ghost" size="icon" className="h-8 w-8" title={t('chat.new')} aria-label={t('chat.new')} loading={create.isPending} onClick={startChat} data-testid="chat-new">
          <MessageSquarePlus size={16} aria-hidden />
        </Button>
        {current && (
          <Button
            variant="ghost"
            size="icon"
            className="h-8 w-8"
            title={t('chat.delete')}
            aria-label={t('chat.delete')}
            aria-expanded={confirmDelete}
            onClick={() => setConfirmDelete((v) => !v)}
          >
            <Trash2 size={16} aria-hidden />
          </Button>
        )}
      </div>
      {current && confirmDelete && (
        <div role="alert" className="flex items-center gap-2 border-b border-border bg-danger/10 px-3 py-2 text-sm">
          <span className="flex-1">{t('chat.deleteConfirm')}</span>
          <Button variant="ghost" size="sm" onClick={() => setConfirmDelete(false)}>
            {t('actions.cancel')}
          </Button>
          <Button variant="danger" size="sm" loading={remove.isPending} onClick={() => remove.mutate({ chatId: current.id })} data-testid="chat-delete-confirm">
            {t('chat.delete')}
          </Button>
        </div>
      )}
      {chats.isPending ? (
        <div className="m-3 h-24 animate-pulse rounded-xl bg-surface-2" aria-hidden />
      ) : current ? (
        <ChatThread key={current.id} chatId={current.id} canvas={canvas} />
      ) : (
        <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center">
          <p className="text-sm text-muted">{t('chat.empty')}</p>
          <Button size="sm" onClick={startChat} loading={create.isPending} data-testid="chat-start">
            <MessageSquarePlus size={14} aria-hidden /> {t('chat.start')}
          </Button>
        </div>
      )}
    </section>
  );
}

function ChatThread({ chatId, canvas }: { chatId: string; canvas: ChatCanvasBridge }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const messages = useQuery(trpc.chat.messages.queryOptions({ chatId }));
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.chat.messages.queryKey({ chatId }) });
    void queryClient.invalidateQueries({ queryKey: trpc.canvas.tasks.pathKey() });
  };
  // The server keeps both messages even when a generation could not start (credits …): refetch either way.
  const send = useMutation(trpc.chat.send.mutationOptions({ onSettled: refresh }));
  const run = useMutation(trpc.chat.runProposal.mutationOptions({ onSettled: refresh }));
  // The models a proposal can run on (issue 18): one choice per kind, shared by every answer.
  const choices = { text_to_image: useModelChoice('text_to_image', canvas.canGenerate), image_to_image: useModelChoice('image_to_image', canvas.canGenerate) };

  return (
    <>
      <ChatMessages
        messages={messages.data ?? []}
        loading={messages.isPending}
        pendingText={send.isPending ? send.variables.text : null}
        canvas={canvas}
        runningProposal={run.isPending ? run.variables : null}
        onRunProposal={(messageId, index, field) => run.mutate({ chatId, messageId, index, ...field, view: roundPoint(canvas.anchor()) })}
        choices={choices}
      />
      <ChatComposer
        canvas={canvas}
        sending={send.isPending}
        // Results go in free space nearest where I am looking now, not where the chat started.
        onSend={(input) => send.mutateAsync({ chatId, ...input, view: roundPoint(canvas.anchor()) }).then(
          () => true,
          () => false,
        )}
      />
    </>
  );
}

const roundPoint = (p: { x: number; y: number }) => ({ x: Math.round(p.x), y: Math.round(p.y) });
