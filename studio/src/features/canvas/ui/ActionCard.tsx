/**
 * The form of the action in progress, in a card next to its node (or a dialog when it needs room:
 * painting a mask, choosing a face). Each form shows its cost, validates with the kind's schema
 * and runs `canvas.generate`; the result's placeholder appears on the canvas for everyone.
 */
import { type CanvasNode } from '@tessera/shared/canvas';
import { ASPECT_RATIOS, type AspectRatio, IMAGE_STYLES, type ImageStyle, isProFeature, UPSCALE_MODES } from '@tessera/shared/generation';
import { Sparkles, X } from 'lucide-react';
import { type FormEvent, type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button.tsx';
import { BackgroundField, type BackgroundDraft } from '../../tools/BackgroundField.tsx';
import { buildToolInput, toolForKind } from '../../tools/toolDescriptors.ts';
import type { Rect } from '../engine/types.ts';
import { actionCost, validateInput } from './actionCost.ts';
import { DefaultEngineNote, ModelPicker } from '../../models/ModelPicker.tsx';
import { keepOption, narrowTo } from '../../models/modelChoice.ts';
import { useModelChoice } from '../../models/useModelChoice.ts';
import { centreOf, fitInside, nearestAspectRatio, sizeForAspect, uncropFromExpand } from './canvasMath.ts';
import { useCanvasSession } from './canvasSession.ts';
import { type ActionRequest, useCanvasUi } from './canvasUiStore.ts';
import { FaceSwapDialog } from './FaceSwapDialog.tsx';
import { MaskActionDialog } from './MaskActionDialog.tsx';
import { imageInputOf } from './nodeMedia.ts';
import { cardPosition, toScreenRect } from './overlayPosition.ts';
import { useCanvasGenerate } from './useCanvasGenerate.ts';
import { useCanvasState } from './useCanvasState.ts';

const RATIOS = Object.keys(ASPECT_RATIOS) as AspectRatio[];
const CARD = { width: 360, height: 260 };
const FIELD = 'w-full rounded-lg border border-border bg-surface-2 p-2 text-sm placeholder:text-muted focus:border-accent focus:outline-none';

function targetIdOf(action: ActionRequest): string | null {
  if (action.kind === 'frame_prompt') return action.frameId;
  if (action.kind === 'text_to_image') return null;
  return action.nodeId;
}

export function ActionCard() {
  const { manager, readOnly, focusStage } = useCanvasSession();
  const action = useCanvasUi((s) => s.action);
  const close = useCanvasUi((s) => s.closeAction);
  // Closed by me (done, cancel, Esc): the keyboard goes back to the canvas.
  const done = useCallback(() => {
    close();
    focusStage();
  }, [close, focusStage]);
  const targetId = action ? targetIdOf(action) : null;
  const target = useCanvasState(manager.store, () => (targetId ? (manager.store.get(targetId) ?? null) : null));
  const gone = Boolean(action && targetId && !target);
  const selectionVersion = useCanvasState(manager.selection, () => manager.selection.version);
  const openedAt = useRef<{ action: ActionRequest; version: number } | null>(null);
  if (action && openedAt.current?.action !== action) openedAt.current = { action, version: selectionVersion };

  // A collaborator deleted the node, or I became a viewer: the form has nothing to act on.
  useEffect(() => {
    if (gone || (action && readOnly)) close();
  }, [gone, action, readOnly, close]);

  // Selecting something else puts the form away (it may open on an unselected node: "use settings").
  useEffect(() => {
    const opened = openedAt.current;
    if (!action || !targetId || !opened || opened.version === selectionVersion) return;
    if (!manager.selection.has(targetId)) close();
  }, [action, targetId, selectionVersion, manager, close]);

  if (!action || gone || readOnly) return null;
  switch (action.kind) {
    case 'object_remover':
    case 'inpaint':
      return target ? <MaskActionDialog key={target.id} kind={action.kind} node={target} initialPrompt={action.kind === 'inpaint' ? action.prompt : undefined} onClose={done} /> : null;
    case 'face_swap':
      return target ? <FaceSwapDialog key={target.id} node={target} onClose={done} /> : null;
    default:
      return (
        <FloatingCard target={target} onClose={done}>
          <CardForm action={action} target={target} onDone={done} />
        </FloatingCard>
      );
  }
}

function FloatingCard({ target, onClose, children }: { target: CanvasNode | null; onClose(): void; children: ReactNode }) {
  const { manager } = useCanvasSession();
  const camera = useCanvasState(manager.viewport, () => manager.viewport.camera);
  const screen = target ? toScreenRect(target, camera) : null;
  const position = cardPosition(screen, manager.viewport.size, CARD);
  return (
    <div
      className="pointer-events-auto absolute z-30 flex w-[min(360px,calc(100%-1rem))] -translate-x-1/2 flex-col gap-3 rounded-2xl border border-border bg-surface/95 p-4 shadow-2xl backdrop-blur"
      style={{ left: position.left, top: position.top, bottom: position.bottom }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onClose();
        }
      }}
      data-testid="action-card"
    >
      {children}
    </div>
  );
}

function CardHeader({ title, onClose }: { title: string; onClose(): void }) {
  const { t } = useTranslation('canvas');
  return (
    <div className="flex items-center justify-between gap-2">
      <h2 className="text-sm font-semibold">{title}</h2>
      <button type="button" onClick={onClose} className="rounded-md p-1 text-muted hover:bg-surface-2 hover:text-fg" aria-label={t('actions.close')} data-testid="action-close">
        <X size={16} aria-hidden />
      </button>
    </div>
  );
}

function SubmitRow({ cost, pending, disabled, problem, testId }: { cost: number; pending: boolean; disabled?: boolean; problem: string | null; testId?: string }) {
  const { t } = useTranslation('canvas');
  return (
    <>
      {problem && (
        <p role="alert" className="text-xs text-danger">
          {problem}
        </p>
      )}
      <Button type="submit" size="sm" loading={pending} disabled={disabled} data-testid={testId ?? 'action-submit'}>
        <Sparkles size={14} aria-hidden />{' '}
        <span data-testid="generate-cost" data-cost={cost}>
          {t('actions.generate', { count: cost })}
        </span>
      </Button>
    </>
  );
}

function CardForm({ action, target, onDone }: { action: ActionRequest; target: CanvasNode | null; onDone(): void }) {
  const { t } = useTranslation(['canvas', 'common']);
  switch (action.kind) {
    case 'frame_prompt':
      return target ? <FramePromptForm frame={target} initialPrompt={action.prompt ?? ''} onDone={onDone} /> : null;
    case 'text_to_image':
      return <TextToImageForm request={action} onDone={onDone} />;
    case 'image_to_image':
      return target ? <ImageToImageForm node={target} request={action} onDone={onDone} /> : null;
    case 'upscale':
      return target ? <UpscaleForm node={target} onDone={onDone} /> : null;
    case 'background_changer':
      return target ? <BackgroundForm node={target} onDone={onDone} /> : null;
    case 'uncrop':
      return target ? <UncropWaiting node={target} onDone={onDone} /> : null;
    default:
      return <CardHeader title={t(`common:kinds.${action.kind}`)} onClose={onDone} />;
  }
}

/** Where a result made from `node` goes: a free spot to its right, the node's own size. */
function useBeside() {
  const { manager } = useCanvasSession();
  return (node: Rect, size: { width: number; height: number } = { width: node.width, height: node.height }) => manager.findFreeSpot(node, size);
}

function PromptArea({ id, value, onChange, onSubmit, placeholder, testId }: { id: string; value: string; onChange(v: string): void; onSubmit(): void; placeholder: string; testId?: string }) {
  return (
    <textarea
      id={id}
      value={value}
      rows={3}
      maxLength={2000}
      autoFocus
      placeholder={placeholder}
      onChange={(e) => onChange(e.target.value)}
      onKeyDown={(e) => {
        // Enter runs it, as in the chat; Shift+Enter is a new line.
        if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
          e.preventDefault();
          onSubmit();
        }
      }}
      className={`${FIELD} resize-none`}
      data-testid={testId}
    />
  );
}

function FramePromptForm({ frame, initialPrompt, onDone }: { frame: CanvasNode; initialPrompt: string; onDone(): void }) {
  const { t } = useTranslation('canvas');
  const id = useId();
  const { generate, pending } = useCanvasGenerate();
  const [prompt, setPrompt] = useState(initialPrompt);
  const [problem, setProblem] = useState<string | null>(null);
  const aspectRatio = nearestAspectRatio(frame.width, frame.height);
  const choice = useModelChoice('text_to_image');
  const cost = actionCost('text_to_image', { aspectRatio }, choice.model);

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    const valid = validateInput('text_to_image', { prompt, aspectRatio, ...choice.field });
    if (!valid.ok) return setProblem(valid.message);
    setProblem(null);
    const result = await generate({ kind: 'text_to_image', input: valid.input, placement: fitInside(frame, aspectRatio), parentNodeId: null, intoFrameId: frame.id });
    if (result) onDone();
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-3" data-testid="frame-prompt">
      <CardHeader title={t('frame.title')} onClose={onDone} />
      <label htmlFor={id} className="sr-only">
        {t('frame.prompt')}
      </label>
      <PromptArea id={id} value={prompt} onChange={setPrompt} onSubmit={() => void submit()} placeholder={t('frame.placeholder')} testId="frame-prompt-input" />
      <p className="text-xs text-muted">{t('frame.aspect', { aspect: aspectRatio })}</p>
      <ModelPicker kind="text_to_image" unavailable={choice.unavailable} models={choice.models} model={choice.model} onPick={choice.pick} costOf={(m) => actionCost('text_to_image', { aspectRatio }, m)} />
      <SubmitRow cost={cost} pending={pending} disabled={!prompt.trim() || choice.unavailable} problem={problem} testId="frame-prompt-submit" />
    </form>
  );
}

function AspectPicker({ value, onChange }: { value: AspectRatio; onChange(v: AspectRatio): void }) {
  const { t } = useTranslation('canvas');
  return (
    <fieldset className="flex flex-wrap items-center gap-1.5">
      <legend className="sr-only">{t('actions.aspect')}</legend>
      {RATIOS.map((ratio) => (
        <button
          key={ratio}
          type="button"
          aria-pressed={value === ratio}
          onClick={() => onChange(ratio)}
          className={value === ratio ? 'rounded-md border border-accent bg-accent/15 px-2 py-1 text-xs' : 'rounded-md border border-border px-2 py-1 text-xs text-muted hover:text-fg'}
        >
          {ratio}
        </button>
      ))}
    </fieldset>
  );
}

function TextToImageForm({ request, onDone }: { request: Extract<ActionRequest, { kind: 'text_to_image' }>; onDone(): void }) {
  const { t } = useTranslation(['canvas', 'common']);
  const id = useId();
  const { manager } = useCanvasSession();
  const { generate, pending } = useCanvasGenerate();
  const [prompt, setPrompt] = useState(request.prompt);
  const [aspectRatio, setAspectRatio] = useState<AspectRatio>(request.aspectRatio);
  const [problem, setProblem] = useState<string | null>(null);
  const choice = useModelChoice('text_to_image');
  const cost = actionCost('text_to_image', { aspectRatio }, choice.model);

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    const valid = validateInput('text_to_image', { prompt, aspectRatio, ...(request.negativePrompt ? { negativePrompt: request.negativePrompt } : {}), ...choice.field });
    if (!valid.ok) return setProblem(valid.message);
    setProblem(null);
    const size = sizeForAspect(aspectRatio, request.near?.width ?? 512);
    const near = request.near ?? (() => {
      const c = centreOf(manager.viewport.visibleRect());
      return { x: c.x - size.width / 2, y: c.y - size.height / 2, width: 0, height: 0 };
    })();
    const placement = request.near ? manager.findFreeSpot(near, size) : { ...near, ...size };
    const result = await generate({ kind: 'text_to_image', input: valid.input, placement, parentNodeId: request.parentNodeId });
    if (result) onDone();
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-3" data-testid="prompt-form">
      <CardHeader title={t('common:kinds.text_to_image')} onClose={onDone} />
      <label htmlFor={id} className="sr-only">
        {t('frame.prompt')}
      </label>
      <PromptArea id={id} value={prompt} onChange={setPrompt} onSubmit={() => void submit()} placeholder={t('frame.placeholder')} testId="prompt-input" />
      <AspectPicker value={aspectRatio} onChange={setAspectRatio} />
      <ModelPicker kind="text_to_image" unavailable={choice.unavailable} models={choice.models} model={choice.model} onPick={choice.pick} costOf={(m) => actionCost('text_to_image', { aspectRatio }, m)} />
      <SubmitRow cost={cost} pending={pending} disabled={!prompt.trim() || choice.unavailable} problem={problem} />
    </form>
  );
}

function ImageToImageForm({ node, request, onDone }: { node: CanvasNode; request: Extract<ActionRequest, { kind: 'image_to_image' }>; onDone(): void }) {
  const { t } = useTranslation(['canvas', 'common', 'aiTools']);
  const ids = { prompt: useId(), style: useId(), strength: useId() };
  const beside = useBeside();
  const { generate, pending } = useCanvasGenerate();
  const [prompt, setPrompt] = useState(request.prompt ?? '');
  const [style, setStyle] = useState<ImageStyle>(request.style ?? 'auto');
  const [strength, setStrength] = useState(request.strength ?? 0.6);
  const [problem, setProblem] = useState<string | null>(null);
  const choice = useModelChoice('image_to_image');
  const cost = actionCost('image_to_image', { style, strength }, choice.model);

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    const valid = validateInput('image_to_image', { prompt, image: imageInputOf(node) ?? '', style, strength, ...choice.field });
    if (!valid.ok) return setProblem(valid.message);
    setProblem(null);
    const result = await generate({ kind: 'image_to_image', input: valid.input, placement: beside(node), parentNodeId: node.id });
    if (result) onDone();
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-3" data-testid="i2i-form">
      <CardHeader title={t('common:kinds.image_to_image')} onClose={onDone} />
      <label htmlFor={ids.prompt} className="sr-only">
        {t('frame.prompt')}
      </label>
      <PromptArea id={ids.prompt} value={prompt} onChange={setPrompt} onSubmit={() => void submit()} placeholder={t('actions.i2iPlaceholder')} testId="i2i-prompt" />
      <div className="grid grid-cols-2 gap-2 text-xs">
        <label htmlFor={ids.style} className="flex flex-col gap-1 text-muted">
          {t('aiTools:fields.style', { defaultValue: t('actions.style') })}
          <select id={ids.style} value={style} onChange={(e) => setStyle(e.target.value as ImageStyle)} className="h-8 rounded-md border border-border bg-surface-2 px-1 text-fg">
            {IMAGE_STYLES.map((s) => (
              <option key={s} value={s}>
                {t(`aiTools:options.style.${s}`, { defaultValue: s })}
              </option>
            ))}
          </select>
        </label>
        <label htmlFor={ids.strength} className="flex flex-col gap-1 text-muted">
          {t('actions.strength', { value: Math.round(strength * 100) })}
          <input id={ids.strength} type="range" min={0.1} max={1} step={0.05} value={strength} onChange={(e) => setStrength(Number(e.target.value))} className="h-8 accent-[var(--color-accent)]" />
        </label>
      </div>
      <ModelPicker kind="image_to_image" unavailable={choice.unavailable} models={choice.models} model={choice.model} onPick={choice.pick} costOf={(m) => actionCost('image_to_image', { style, strength }, m)} />
      <SubmitRow cost={cost} pending={pending} disabled={!prompt.trim() || choice.unavailable} problem={problem} />
    </form>
  );
}

function UpscaleForm({ node, onDone }: { node: CanvasNode; onDone(): void }) {
  const { t } = useTranslation(['canvas', 'common', 'aiTools']);
  const beside = useBeside();
  const { generate, pending } = useCanvasGenerate();
  const [pickedScale, setScale] = useState<2 | 4>(2);
  const [mode, setMode] = useState<(typeof UPSCALE_MODES)[number]>('quality');
  const [problem, setProblem] = useState<string | null>(null);
  const tool = toolForKind('upscale')!;
  const models = useModelChoice('upscale');
  // The factors follow the chosen model (one that makes only 4× moves the choice there).
  const scales = narrowTo([2, 4] as const, models.model?.limits.scales);
  const scale = keepOption(scales, pickedScale);
  const values = { scale, mode, ...models.field };
  const cost = actionCost('upscale', values, models.model);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = buildToolInput(tool, values, { image: imageInputOf(node) ?? '' });
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? t('actions.invalid'));
    setProblem(null);
    const result = await generate({ kind: 'upscale', input: parsed.data as Record<string, unknown>, placement: beside(node), parentNodeId: node.id });
    if (result) onDone();
  }

  const choice = (active: boolean) => (active ? 'rounded-md border border-accent bg-accent/15 px-3 py-1 text-xs' : 'rounded-md border border-border px-3 py-1 text-xs text-muted hover:text-fg');
  return (
    <form onSubmit={submit} className="flex flex-col gap-3" data-testid="upscale-form">
      <CardHeader title={t('common:kinds.upscale')} onClose={onDone} />
      <div className="flex flex-wrap gap-1.5" role="group" aria-label={t('aiTools:fields.scale', { defaultValue: 'Scale' })}>
        {scales.map((s) => (
          <button key={s} type="button" aria-pressed={scale === s} onClick={() => setScale(s)} className={choice(scale === s)}>
            {s}×
          </button>
        ))}
        <span className="mx-1 w-px bg-border" aria-hidden />
        {UPSCALE_MODES.map((m) => (
          <button key={m} type="button" aria-pressed={mode === m} onClick={() => setMode(m)} className={choice(mode === m)}>
            {t(`aiTools:options.mode.${m}`, { defaultValue: m })}
          </button>
        ))}
      </div>
      {isProFeature('upscale', values) && <p className="text-xs text-muted">{t('actions.proFeature')}</p>}
      <ModelPicker kind="upscale" unavailable={models.unavailable} models={models.models} model={models.model} onPick={models.pick} costOf={(m) => actionCost('upscale', { scale, mode }, m)} />
      <SubmitRow cost={cost} pending={pending} disabled={models.unavailable} problem={problem} />
    </form>
  );
}

function BackgroundForm({ node, onDone }: { node: CanvasNode; onDone(): void }) {
  const { t } = useTranslation(['canvas', 'common']);
  const beside = useBeside();
  const { generate, pending } = useCanvasGenerate();
  const [background, setBackground] = useState<BackgroundDraft>({ type: 'color', color: '#ffffff' });
  const [problem, setProblem] = useState<string | null>(null);
  const tool = toolForKind('background_changer')!;
  const choice = useModelChoice('background_changer');
  const cost = actionCost('background_changer', { background }, choice.model);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (background.type === 'image' && !background.image) return setProblem(t('actions.needBackgroundImage'));
    const value = background.type === 'image' ? { type: 'image' as const, image: background.image } : background;
    const parsed = buildToolInput(tool, { background: value, ...choice.field }, { image: imageInputOf(node) ?? '' });
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? t('actions.invalid'));
    setProblem(null);
    const result = await generate({ kind: 'background_changer', input: parsed.data as Record<string, unknown>, placement: beside(node), parentNodeId: node.id });
    if (result) onDone();
  }

  return (
    <form onSubmit={submit} className="flex max-h-[60vh] flex-col gap-3 overflow-y-auto" data-testid="background-form">
      <CardHeader title={t('common:kinds.background_changer')} onClose={onDone} />
      <BackgroundField value={background} onChange={setBackground} />
      <ModelPicker kind="background_changer" unavailable={choice.unavailable} models={choice.models} model={choice.model} onPick={choice.pick} costOf={(m) => actionCost('background_changer', { background }, m)} />
      <SubmitRow cost={cost} pending={pending} disabled={choice.unavailable} problem={problem} />
    </form>
  );
}

/** Uncrop: the expand tool is active on this image; dragging its edges out runs uncrop. */
function UncropWaiting({ node, onDone }: { node: CanvasNode; onDone(): void }) {
  const { t } = useTranslation(['canvas', 'common']);
  const { manager } = useCanvasSession();
  const { generate, pending } = useCanvasGenerate();
  const tool = useCanvasState(manager.tools, () => manager.tools.current);
  const choice = useModelChoice('uncrop');

  useEffect(() => {
    return manager.on('expandDrawn', (e) => {
      const source = manager.store.get(e.nodeId);
      const image = imageInputOf(source);
      if (!source || !image || choice.unavailable) return;
      const { aspectRatio, zoomOut, placement } = uncropFromExpand(source, e);
      const valid = validateInput('uncrop', { image, aspectRatio, zoomOut });
      if (!valid.ok) return;
      // The result grows the image where it is, unless that would cover other things (beside it then).
      const own = new Set([source.id]);
      for (let parent = source.parentId; parent && !own.has(parent); parent = manager.store.get(parent)?.parentId ?? null) own.add(parent);
      const free = manager.store.query(placement).every((n) => own.has(n.id));
      const where = free ? placement : manager.findFreeSpot(source, { width: placement.width, height: placement.height });
      void generate({ kind: 'uncrop', input: valid.input, placement: where, parentNodeId: source.id }).then((result) => {
        if (!result) return; // Refused (credits …): the draft stays for another try or Esc.
        // The expand tool keeps its draft until it is left: back to select, the placeholder takes over.
        if (manager.tools.current === 'expand') manager.tools.set('select');
        onDone();
      });
    });
  }, [manager, generate, onDone, choice.unavailable]);

  // Leaving the expand tool (another tool, Escape) cancels the action; while a generation starts
  // the card stays (it closes itself when the placeholder is there).
  useEffect(() => {
    if (tool === 'expand' || pending) return;
    const timer = setTimeout(onDone, 0);
    return () => clearTimeout(timer);
  }, [tool, pending, onDone]);

  const cancel = () => {
    if (manager.tools.current === 'expand') manager.tools.set('select');
    onDone();
  };
  return (
    <div className="flex flex-col gap-2" data-testid="uncrop-hint">
      <CardHeader title={t('common:kinds.uncrop')} onClose={cancel} />
      <p className="text-sm text-muted">{pending ? t('actions.starting') : t('actions.uncropHint', { count: actionCost('uncrop', {}) })}</p>
      <DefaultEngineNote kind="uncrop" choice={choice} />
      {node.locked && <p className="text-xs text-muted">{t('actions.locked')}</p>}
    </div>
  );
}
