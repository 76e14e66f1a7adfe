/**
 * Object remover and inpaint on a canvas image: paint the area on the image (the studio's
 * MaskEditor, at the image's own pixel size), then the mask is uploaded and the tool runs with
 * the node as its source; the result lands beside it.
 */
import type { CanvasNode } from '@tessera/shared/canvas';
import { Sparkles } from 'lucide-react';
import { type FormEvent, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button.tsx';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { reactToError } from '../../errors/errorReactions.ts';
import { MaskEditor } from '../../mask/MaskEditor.tsx';
import { MaskPainter } from '../../mask/MaskPainter.ts';
import { uploadMedia } from '../../media/uploadImage.ts';
import { DefaultEngineNote } from '../../models/ModelPicker.tsx';
import { useModelChoice } from '../../models/useModelChoice.ts';
import { buildToolInput, toolForKind } from '../../tools/toolDescriptors.ts';
import { actionCost } from './actionCost.ts';
import { useCanvasSession } from './canvasSession.ts';
import { imageInputOf } from './nodeMedia.ts';
import { useCanvasGenerate } from './useCanvasGenerate.ts';

/** The image's natural size (the mask must match it), or null while loading / on error. */
function useNaturalSize(src: string | null): { width: number; height: number } | null | 'error' {
  const [size, setSize] = useState<{ width: number; height: number } | null | 'error'>(null);
  useEffect(() => {
    if (!src) return;
    let live = true;
    const img = new Image();
    img.onload = () => live && setSize({ width: img.naturalWidth, height: img.naturalHeight });
    img.onerror = () => live && setSize('error');
    img.src = src;
    return () => {
      live = false;
    };
  }, [src]);
  return size;
}

export function MaskActionDialog({ kind, node, initialPrompt, onClose }: { kind: 'object_remover' | 'inpaint'; node: CanvasNode; initialPrompt?: string; onClose(): void }) {
  const { t } = useTranslation(['canvas', 'common', 'aiTools']);
  const { manager } = useCanvasSession();
  const promptId = useId();
  const { generate, pending } = useCanvasGenerate();
  const image = imageInputOf(node);
  const size = useNaturalSize(image);
  const painter = useMemo(() => (size && size !== 'error' ? new MaskPainter(size.width, size.height) : null), [size]);
  const [prompt, setPrompt] = useState(initialPrompt ?? '');
  const [phase, setPhase] = useState<'idle' | 'uploading'>('idle');
  const [problem, setProblem] = useState<string | null>(null);
  const tool = toolForKind(kind)!;
  const cost = actionCost(kind, {});
  const choice = useModelChoice(kind);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!image || !painter) return;
    if (painter.isEmpty) return setProblem(t('actions.needMask'));
    setProblem(null);
    setPhase('uploading');
    let mask: string;
    try {
      mask = (await uploadMedia(await painter.exportPng(), { filename: 'mask.png' })).url;
    } catch (error) {
      reactToError(error);
      setPhase('idle');
      return;
    }
    setPhase('idle');
    const parsed = buildToolInput(tool, kind === 'inpaint' ? { prompt } : {}, { image, mask });
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? t('actions.invalid'));
    const result = await generate({
      kind,
      input: parsed.data as Record<string, unknown>,
      placement: manager.findFreeSpot(node, { width: node.width, height: node.height }),
      parentNodeId: node.id,
    });
    if (result) onClose();
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t(`common:kinds.${kind}`)} description={t(kind === 'inpaint' ? 'actions.inpaintHelp' : 'actions.removeHelp')} className="max-h-[92vh] overflow-y-auto sm:max-w-2xl">
      <form onSubmit={submit} className="flex flex-col gap-4" data-testid="mask-action">
        {size === 'error' || !image ? (
          <p role="alert" className="text-sm text-danger">
            {t('actions.imageUnavailable')}
          </p>
        ) : painter ? (
          <MaskEditor painter={painter} imageUrl={image} />
        ) : (
          <div className="h-64 animate-pulse rounded-xl bg-surface-2" aria-hidden />
        )}
        {kind === 'inpaint' && (
          <div className="flex flex-col gap-1.5">
            <label htmlFor={promptId} className="text-sm font-medium">
              {t('actions.inpaintPrompt')}
            </label>
            <textarea
              id={promptId}
              value={prompt}
              rows={2}
              maxLength={2000}
              onChange={(e) => setPrompt(e.target.value)}
              placeholder={t('actions.inpaintPlaceholder')}
              className="w-full resize-none rounded-lg border border-border bg-surface-2 p-2 text-sm placeholder:text-muted focus:border-accent focus:outline-none"
              data-testid="inpaint-prompt"
            />
          </div>
        )}
        <DefaultEngineNote kind={kind} choice={choice} />
        {problem && (
          <p role="alert" className="text-sm text-danger">
            {problem}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={pending || phase === 'uploading'} disabled={!painter || choice.unavailable} data-testid="mask-action-submit">
            <Sparkles size={16} aria-hidden /> {phase === 'uploading' ? t('actions.uploadingMask') : t('actions.generate', { count: cost })}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
