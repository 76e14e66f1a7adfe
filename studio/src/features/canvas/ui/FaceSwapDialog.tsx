/**
 * Face swap on a canvas image: the face comes from another image on the canvas, or from an
 * upload (or one of my creations) through the studio's image input.
 */
import type { CanvasNode } from '@tessera/shared/canvas';
import { Check, Sparkles } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { ImageInput, type ImageValue } from '../../media/ImageInput.tsx';
import { DefaultEngineNote } from '../../models/ModelPicker.tsx';
import { useModelChoice } from '../../models/useModelChoice.ts';
import { buildToolInput, toolForKind } from '../../tools/toolDescriptors.ts';
import { actionCost } from './actionCost.ts';
import { useCanvasSession } from './canvasSession.ts';
import { resolveImageUrl } from './imageLod.ts';
import { imageInputOf } from './nodeMedia.ts';
import { useCanvasGenerate } from './useCanvasGenerate.ts';
import { useCanvasState } from './useCanvasState.ts';

/** Enough faces to choose from without turning the dialog into a gallery. */
const MAX_CANDIDATES = 24;

export function FaceSwapDialog({ node, onClose }: { node: CanvasNode; onClose(): void }) {
  const { t } = useTranslation(['canvas', 'common', 'aiTools']);
  const { manager } = useCanvasSession();
  const { generate, pending } = useCanvasGenerate();
  const choice = useModelChoice('face_swap');
  const [picked, setPicked] = useState<string | null>(null);
  const [uploaded, setUploaded] = useState<ImageValue | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const candidates = useCanvasState(manager.store, () =>
    manager.store
      .all()
      .filter((n) => n.id !== node.id && imageInputOf(n))
      .reverse()
      .slice(0, MAX_CANDIDATES),
  );
  const face = uploaded?.url ?? (picked ? imageInputOf(manager.store.get(picked)) : null);
  const image = imageInputOf(node);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!image || !face) return setProblem(t('actions.needFace'));
    const parsed = buildToolInput(toolForKind('face_swap')!, {}, { image, face });
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? t('actions.invalid'));
    setProblem(null);
    const result = await generate({
      kind: 'face_swap',
      input: parsed.data as Record<string, unknown>,
      placement: manager.findFreeSpot(node, { width: node.width, height: node.height }),
      parentNodeId: node.id,
    });
    if (result) onClose();
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t('common:kinds.face_swap')} description={t('actions.faceHelp')} className="max-h-[92vh] overflow-y-auto sm:max-w-xl">
      <form onSubmit={submit} className="flex flex-col gap-4" data-testid="face-swap">
        {candidates.length > 0 && (
          <fieldset>
            <legend className="mb-2 text-sm font-medium">{t('actions.faceFromCanvas')}</legend>
            <div className="grid grid-cols-4 gap-2 sm:grid-cols-6">
              {candidates.map((candidate) => {
                const src = imageInputOf(candidate)!;
                const active = picked === candidate.id && !uploaded;
                return (
                  <button
                    key={candidate.id}
                    type="button"
                    aria-pressed={active}
                    aria-label={candidate.name || t('nodeTypes.image')}
                    onClick={() => {
                      setPicked(candidate.id);
                      setUploaded(null);
                    }}
                    className={cn('relative aspect-square overflow-hidden rounded-lg border-2', active ? 'border-accent' : 'border-transparent hover:border-border')}
                  >
                    <img src={resolveImageUrl(src, 96)} alt="" className="h-full w-full object-cover" loading="lazy" />
                    {active && <Check size={16} className="absolute end-1 top-1 rounded-full bg-accent p-0.5 text-white" aria-hidden />}
                  </button>
                );
              })}
            </div>
          </fieldset>
        )}
        <ImageInput label={t('actions.faceUpload')} value={uploaded} onChange={setUploaded} testId="face-upload" />
        <DefaultEngineNote kind="face_swap" choice={choice} />
        {problem && (
          <p role="alert" className="text-sm text-danger">
            {problem}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={pending} disabled={!face || choice.unavailable} data-testid="face-swap-submit">
            <Sparkles size={16} aria-hidden /> {t('actions.generate', { count: actionCost('face_swap', {}) })}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
