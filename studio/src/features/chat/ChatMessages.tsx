/**
 * A chat's history: my messages, the assistant's replies with their prompt proposals as chips
 * ("Generate" runs one more), and the generations each message started ("placed on canvas",
 * with a button that takes the camera there).
 *
 * Model choice (issue 18): the newest answer shows the shared model picker for each kind its
 * proposals run as (text to image, or image to image from a canvas image), with the local
 * engine's expectation line when it would run there (issue 23); every "Generate" button shows the
 * picked model's price and sends the pick with the run.
 */
import type { ChatMessageDto, PromptProposal } from '@tessera/shared/chat';
import { Crosshair, Loader2, Sparkles } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { cn } from '../../components/ui/cn.ts';
import { priceFor } from '../models/modelChoice.ts';
import { ModelPicker } from '../models/ModelPicker.tsx';
import type { ModelChoiceState } from '../models/useModelChoice.ts';
import type { ChatCanvasBridge } from './ChatPanel.tsx';
import { type ProposalKind, proposalInput, proposalKind, proposalKinds } from './proposalRun.ts';

export function ChatMessages({
  messages,
  loading,
  pendingText,
  canvas,
  runningProposal,
  onRunProposal,
  choices,
}: {
  messages: readonly ChatMessageDto[];
  loading: boolean;
  /** My message on its way (shown at once, with the assistant "thinking"). */
  pendingText: string | null;
  canvas: ChatCanvasBridge;
  runningProposal: { messageId: string; index: number } | null;
  /** `field`: the `{ model }` the pick adds to the run (nothing when there is no choice). */
  onRunProposal(messageId: string, index: number, field: { model?: string }): void;
  /** The model choice of each kind a proposal runs as. */
  choices: Record<ProposalKind, ModelChoiceState>;
}) {
  const { t } = useTranslation('canvas');
  const endRef = useRef<HTMLDivElement>(null);
  // One set of pickers, under the newest answer: the pick applies to every proposal's run.
  const newest = messages.findLast((m) => m.proposals.length > 0)?.id;
  const costOf = (proposal: PromptProposal) => {
    const kind = proposalKind(proposal);
    return priceFor(choices[kind].model, kind, proposalInput(proposal));
  };

  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length, pendingText]);

  if (loading) return <div className="m-3 h-32 flex-1 animate-pulse rounded-xl bg-surface-2" aria-hidden />;

  return (
    <ol className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto p-3" aria-live="polite" aria-label={t('chat.messages')}>
      {messages.length === 0 && !pendingText && <li className="p-3 text-center text-sm text-muted">{t('chat.hint')}</li>}
      {messages.map((message) => (
        <li
          key={message.id}
          className={cn('flex flex-col gap-2', message.role === 'user' ? 'items-end' : 'items-start')}
          data-testid="chat-message"
          data-role={message.role}
        >
          <p
            className={cn(
              'max-w-[90%] whitespace-pre-wrap rounded-2xl px-3 py-2 text-sm',
              message.role === 'user' ? 'rounded-br-sm bg-accent text-white' : 'rounded-bl-sm bg-surface-2 text-fg',
            )}
          >
            {message.text}
          </p>
          {canvas.canGenerate && message.id === newest && (
            <div className="flex w-full flex-col gap-2" data-testid="chat-models">
              {proposalKinds(message.proposals).map((kind) => (
                <ModelPicker
                  key={kind}
                  kind={kind}
                  unavailable={choices[kind].unavailable}
                  models={choices[kind].models}
                  model={choices[kind].model}
                  onPick={choices[kind].pick}
                  costOf={(m) => priceFor(m, kind, proposalInput(message.proposals.find((p) => proposalKind(p) === kind) ?? message.proposals[0]!))}
                />
              ))}
            </div>
          )}
          {message.proposals.length > 0 && (
            <ul className="flex max-w-full flex-col gap-1.5" aria-label={t('chat.proposals')}>
              {message.proposals.map((proposal, index) => {
                const running = runningProposal?.messageId === message.id && runningProposal.index === index;
                const choice = choices[proposalKind(proposal)];
                const cost = costOf(proposal);
                return (
                  <li key={index} className="flex items-start gap-2 rounded-xl border border-border bg-surface p-2" data-testid="chat-proposal">
                    <span className="min-w-0 flex-1">
                      <span className="block text-xs font-semibold text-accent-fg">
                        {proposal.label} · {proposal.aspectRatio}
                      </span>
                      <span className="line-clamp-3 text-xs text-muted" title={proposal.prompt}>
                        {proposal.prompt}
                      </span>
                    </span>
                    {canvas.canGenerate && (
                      <Button
                        variant="outline"
                        size="sm"
                        className="h-7 shrink-0 px-2 text-xs"
                        loading={running}
                        disabled={(Boolean(runningProposal) && !running) || choice.unavailable}
                        onClick={() => onRunProposal(message.id, index, choice.field)}
                        data-testid="chat-run-proposal"
                      >
                        <Sparkles size={12} aria-hidden />{' '}
                        <span data-testid="generate-cost" data-cost={cost}>
                          {t('actions.generate', { count: cost })}
                        </span>
                      </Button>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
          {message.tasks.length > 0 && (
            <ul className="flex flex-wrap gap-1.5" aria-label={t('chat.placed')}>
              {message.tasks.map((task, i) => {
                const present = canvas.hasNode(task.nodeId);
                return (
                  <li key={task.taskId}>
                    <Button
                      variant="secondary"
                      size="sm"
                      className="h-7 px-2 text-xs"
                      disabled={!present}
                      title={present ? t('chat.show') : t('chat.removed')}
                      onClick={() => canvas.showNode(task.nodeId)}
                      data-testid="chat-placed"
                    >
                      <Crosshair size={12} aria-hidden /> {present ? t('chat.placedItem', { n: i + 1 }) : t('chat.removed')}
                    </Button>
                  </li>
                );
              })}
            </ul>
          )}
        </li>
      ))}
      {pendingText && (
        <>
          <li className="flex justify-end" data-testid="chat-message" data-role="user" data-pending="true">
            <p className="max-w-[90%] whitespace-pre-wrap rounded-2xl rounded-br-sm bg-accent/70 px-3 py-2 text-sm text-white">{pendingText}</p>
          </li>
          <li className="flex items-center gap-2 text-sm text-muted" role="status" data-testid="chat-thinking">
            <Loader2 size={14} className="animate-spin" aria-hidden /> {t('chat.thinking')}
          </li>
        </>
      )}
      <div ref={endRef} />
    </ol>
  );
}
