/**
 * What I ask the assistant: the message, how many images to make now (0 = only propose),
 * an optional shape, and — when one image is selected on the canvas — whether to start from it.
 * Enter sends, Shift+Enter starts a new line.
 */
import { CHAT_MAX_IMAGES, CHAT_MESSAGE_MAX, type ChatSendInput } from '@tessera/shared/chat';
import { ASPECT_RATIOS, type AspectRatio } from '@tessera/shared/generation';
import { SendHorizontal } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import type { ChatCanvasBridge } from './ChatPanel.tsx';
import { ComposerTextarea } from './ComposerTextarea.tsx';

const ASPECTS = Object.keys(ASPECT_RATIOS) as AspectRatio[];
const COUNTS = Array.from({ length: CHAT_MAX_IMAGES + 1 }, (_, i) => i);

export type ChatComposerInput = Omit<ChatSendInput, 'chatId'>;

export function ChatComposer({ canvas, sending, onSend }: { canvas: ChatCanvasBridge; sending: boolean; onSend(input: ChatComposerInput): Promise<boolean> }) {
  const { t } = useTranslation('canvas');
  const ids = { text: useId(), count: useId(), aspect: useId(), image: useId() };
  const [text, setText] = useState('');
  const [count, setCount] = useState(1);
  const [aspect, setAspect] = useState<AspectRatio | ''>('');
  const [useImage, setUseImage] = useState(true);
  const imageNodeId = canvas.selectedImageNodeId;
  // Viewers may talk with the assistant but not generate.
  const effectiveCount = canvas.canGenerate ? count : 0;

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    const message = text.trim();
    if (!message || sending) return;
    const input: ChatComposerInput = {
      text: message,
      count: effectiveCount,
      ...(aspect ? { aspectRatio: aspect } : {}),
      ...(imageNodeId && useImage ? { imageNodeId } : {}),
    };
    setText('');
    // Keep what I typed if the message did not go through.
    if (!(await onSend(input))) setText((current) => current || message);
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-2 border-t border-border p-3">
      <ComposerTextarea
        id={ids.text}
        label={t('chat.input')}
        value={text}
        maxLength={CHAT_MESSAGE_MAX}
        placeholder={t('chat.placeholder')}
        onChange={setText}
        onSend={() => void submit()}
        testId="chat-input"
      />
      <div className="flex flex-wrap items-center gap-2 text-xs">
        {canvas.canGenerate && (
          <>
            <label htmlFor={ids.count} className="text-muted">
              {t('chat.count')}
            </label>
            <select id={ids.count} value={count} onChange={(e) => setCount(Number(e.target.value))} className="h-7 rounded-md border border-border bg-surface-2 px-1" data-testid="chat-count">
              {COUNTS.map((n) => (
                <option key={n} value={n}>
                  {n === 0 ? t('chat.countNone') : n}
                </option>
              ))}
            </select>
          </>
        )}
        <label htmlFor={ids.aspect} className="text-muted">
          {t('chat.aspect')}
        </label>
        <select id={ids.aspect} value={aspect} onChange={(e) => setAspect(e.target.value as AspectRatio | '')} className="h-7 rounded-md border border-border bg-surface-2 px-1" data-testid="chat-aspect">
          <option value="">{t('chat.aspectAuto')}</option>
          {ASPECTS.map((a) => (
            <option key={a} value={a}>
              {a}
            </option>
          ))}
        </select>
        {imageNodeId && (
          <label htmlFor={ids.image} className="flex items-center gap-1.5 text-muted">
            <input id={ids.image} type="checkbox" checked={useImage} onChange={(e) => setUseImage(e.target.checked)} className="accent-[var(--color-accent)]" data-testid="chat-use-image" />
            {t('chat.useSelected')}
          </label>
        )}
        <Button type="submit" size="sm" className="ms-auto" loading={sending} disabled={!text.trim()} data-testid="chat-send">
          <SendHorizontal size={14} aria-hidden /> {t('chat.send')}
        </Button>
      </div>
      {!canvas.canGenerate && <p className="text-xs text-muted">{t('chat.viewerNote')}</p>}
    </form>
  );
}
