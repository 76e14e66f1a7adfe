/**
 * One creation, large: its media once, fitted to the dialog; the prompt and the settings as
 * labelled, translated values (creationDetails.ts); engine, size, parent; download, publish, use
 * in a tool (images and videos), delete.
 */
import type { CreationDto } from '@tessera/shared/creations';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, Send, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { cn } from '../../components/ui/cn.ts';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { track } from '../../lib/analytics/tracker.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { EngineNote } from '../generate/EngineNote.tsx';
import { usePopupStore } from '../popups/popupStore.ts';
import { UseInToolMenu, VideoUseInMenu } from '../tools/UseInToolMenu.tsx';
import { creationDetails, type DetailValue } from './creationDetails.ts';

const NO_ID = '00000000-0000-4000-8000-000000000000';

/** One setting's value: text, a translated phrase, an input image's thumbnail or a colour swatch. */
function DetailValueView({ value, alt }: { value: DetailValue; alt: string }) {
  const { t } = useTranslation(['creations', 'videoForms', 'aiTools']);
  if ('image' in value) return <img src={value.image} alt={alt} className="h-16 w-16 rounded-md border border-border object-cover" loading="lazy" />;
  if ('color' in value) {
    return (
      <span className="inline-flex items-center gap-2">
        <span className="h-4 w-4 rounded border border-border" style={{ background: value.color }} aria-hidden /> <span dir="ltr">{value.color}</span>
      </span>
    );
  }
  if ('key' in value) return <span>{t(value.key, { ...value.values, defaultValue: value.fallback ?? '' })}</span>;
  return <span className="whitespace-pre-wrap break-words">{value.text}</span>;
}

export function CreationDialog({ id, onOpenChange, onOpen }: { id: string | null; onOpenChange(open: boolean): void; onOpen(id: string): void }) {
  const { t, i18n } = useTranslation(['creations', 'aiTools', 'videoForms', 'popups']);
  const openPopup = usePopupStore((s) => s.open);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const query = useQuery({ ...trpc.creation.get.queryOptions({ id: id ?? NO_ID }), enabled: Boolean(id) });
  const creation: CreationDto | undefined = query.data;
  const remove = useMutation(
    trpc.creation.delete.mutationOptions({
      onSuccess: () => {
        setConfirming(false);
        onOpenChange(false);
        void queryClient.invalidateQueries({ queryKey: trpc.creation.list.pathKey() });
      },
    }),
  );
  const details = creation ? creationDetails(creation.kind, creation.params) : [];

  return (
    <Dialog
      open={Boolean(id)}
      onOpenChange={(open) => {
        if (!open) setConfirming(false);
        onOpenChange(open);
      }}
      title={creation ? t(`common:kinds.${creation.kind}`) : t('dialog.loading')}
      className="max-h-[92vh] overflow-y-auto sm:max-w-3xl lg:max-w-4xl"
    >
      {!creation ? (
        <div className="aspect-video animate-pulse rounded-xl bg-surface-2" aria-busy />
      ) : (
        <div className="grid gap-6 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]" data-testid="creation-dialog">
          {/* The media once, never wider than its column nor taller than the screen allows. */}
          <div
            className={cn(
              'flex min-w-0 items-center justify-center overflow-hidden rounded-xl',
              creation.mediaType === 'image' ? 'bg-[conic-gradient(#2a2a3c_25%,#1c1c2a_0_50%,#2a2a3c_0_75%,#1c1c2a_0)] bg-[length:24px_24px]' : 'bg-black',
            )}
            data-testid="creation-media"
          >
            {creation.mediaType === 'image' ? (
              <img src={creation.url} alt={creation.prompt ?? t(`common:kinds.${creation.kind}`)} className="block max-h-[45vh] max-w-full object-contain md:max-h-[65vh]" />
            ) : creation.mediaType === 'video' ? (
              <video
                src={creation.url}
                poster={creation.thumbnailUrl !== creation.url ? creation.thumbnailUrl : undefined}
                controls
                playsInline
                preload="metadata"
                aria-label={creation.prompt ?? t(`common:kinds.${creation.kind}`)}
                className="block max-h-[45vh] w-full object-contain md:max-h-[65vh]"
                data-testid="creation-video"
              />
            ) : (
              <audio src={creation.url} controls className="w-full p-4" />
            )}
          </div>
          <div className="flex flex-col gap-4 text-sm">
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 break-words">
              {creation.prompt && (
                <>
                  <dt className="text-muted">{t('dialog.prompt')}</dt>
                  <dd className="min-w-0 whitespace-pre-wrap break-words">{creation.prompt}</dd>
                </>
              )}
              {creation.width && creation.height && (
                <>
                  <dt className="text-muted">{t('dialog.size')}</dt>
                  <dd className="tabular-nums">
                    {creation.width} × {creation.height}
                  </dd>
                </>
              )}
              <dt className="text-muted">{t('dialog.created')}</dt>
              <dd>{new Date(creation.createdAt).toLocaleString(i18n.language)}</dd>
              {details.map((detail) => (
                <div key={detail.field} className="contents" data-testid={`creation-detail-${detail.field}`}>
                  <dt className="text-muted">{t(detail.label)}</dt>
                  <dd className="min-w-0">
                    <DetailValueView value={detail.value} alt={t(detail.label)} />
                  </dd>
                </div>
              ))}
              {creation.parentId && (
                <>
                  <dt className="text-muted">{t('dialog.madeFrom')}</dt>
                  <dd>
                    <button type="button" className="text-accent-fg hover:underline" onClick={() => onOpen(creation.parentId!)} data-testid="open-parent">
                      {t('dialog.openParent')}
                    </button>
                  </dd>
                </>
              )}
            </dl>
            <EngineNote engine={creation.engine} />
            <div className="flex flex-wrap gap-2">
              <Button asChild size="sm">
                <a
                  href={creation.downloadUrl}
                  download
                  onClick={() => track('content', { action: 'download', content_id: creation.id, content_media_type: creation.mediaType, content_tags: [creation.kind] })}
                  data-testid="creation-download"
                >
                  <Download size={14} aria-hidden /> {t('dialog.download')}
                </a>
              </Button>
              {creation.mediaType !== 'audio' && (
                <Button variant="outline" size="sm" onClick={() => openPopup('publish', { creationId: creation.id, mediaType: creation.mediaType === 'video' ? 'video' : 'image' })} data-testid="creation-publish">
                  <Send size={14} aria-hidden /> {t('popups:publish.open')}
                </Button>
              )}
              {creation.mediaType === 'image' && <UseInToolMenu imageUrl={creation.url} />}
              {creation.mediaType === 'video' && <VideoUseInMenu taskId={creation.taskId} />}
              {!confirming && (
                <Button variant="ghost" size="sm" onClick={() => setConfirming(true)} data-testid="creation-delete">
                  <Trash2 size={14} aria-hidden /> {t('dialog.delete')}
                </Button>
              )}
            </div>
            {confirming && (
              <div role="alertdialog" aria-label={t('dialog.confirmTitle')} className="flex flex-col gap-3 rounded-xl border border-danger/50 bg-danger/10 p-4">
                <p>{t('dialog.confirmText')}</p>
                <div className="flex gap-2">
                  <Button variant="danger" size="sm" loading={remove.isPending} onClick={() => remove.mutate({ id: creation.id })} data-testid="confirm-delete" autoFocus>
                    {t('dialog.confirmDelete')}
                  </Button>
                  <Button variant="outline" size="sm" onClick={() => setConfirming(false)}>
                    {t('dialog.cancel')}
                  </Button>
                </div>
              </div>
            )}
          </div>
        </div>
      )}
    </Dialog>
  );
}
