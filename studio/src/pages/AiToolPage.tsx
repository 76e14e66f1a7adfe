/**
 * One page for every image tool (/app/ai-tools/<slug>), driven by its descriptor: image inputs
 * (upload, my creations or URL; `?image=` preselects the main one), a mask painter when the tool
 * needs one, the other fields, the cost on the button, live progress and the result. A video
 * tool's slug opens VideoToolPage.
 */
import { type AspectRatio, isProFeature, parseImageRef, uncropLayout } from '@tessera/shared/generation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Sparkles } from 'lucide-react';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { useLocalizedPath } from '../app/useLanguage.ts';
import { Button } from '../components/ui/Button.tsx';
import { GuestGate } from '../features/generate/GuestGate.tsx';
import { TaskResult } from '../features/generate/TaskResult.tsx';
import { FORM_SAMPLES } from '../features/showcase/creationCatalog.ts';
import { useGenerationTask } from '../features/generate/useGenerationTask.ts';
import { MaskEditor } from '../features/mask/MaskEditor.tsx';
import { MaskPainter } from '../features/mask/MaskPainter.ts';
import { ImageInput, type ImageValue } from '../features/media/ImageInput.tsx';
import { uploadMedia } from '../features/media/uploadImage.ts';
import { BackgroundField, type BackgroundDraft } from '../features/tools/BackgroundField.tsx';
import { startToolTask } from '../features/tools/startToolTask.ts';
import { ToolFieldInput } from '../features/tools/ToolFields.tsx';
import { findVideoTool } from '../features/video-forms/videoForms.ts';
import { buildToolInput, findTool, type ImageSlot, type ToolDescriptor, toolCost, toolFieldOptions, toolValuesFor } from '../features/tools/toolDescriptors.ts';
import { ModelPicker } from '../features/models/ModelPicker.tsx';
import { useModelChoice } from '../features/models/useModelChoice.ts';
import { useCreateFlow } from '../lib/analytics/useCreateFlow.ts';
import { useTRPC, useTRPCClient } from '../lib/trpc.ts';
import { NotFoundPage } from './StatusPage.tsx';
import { VideoToolPage } from './VideoToolPage.tsx';

export function AiToolPage() {
  const { slug } = useParams();
  const tool = findTool(slug);
  const { t } = useTranslation('aiTools');
  const to = useLocalizedPath();
  const [search] = useSearchParams();
  if (!tool) {
    // The video tools share the tools' paths; their form is the video form.
    const videoTool = findVideoTool(slug);
    return videoTool ? <VideoToolPage tool={videoTool} /> : <NotFoundPage />;
  }
  const preset = search.get('image');
  const title = t(`tools.${tool.slug}.title`);
  const Icon = tool.icon;

  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <title>{`${title} · Tessera`}</title>
      <Link to={to('/app/ai-tools')} className="inline-flex items-center gap-1.5 text-sm text-muted hover:text-fg">
        <ArrowLeft size={14} aria-hidden className="rtl:rotate-180" /> {t('index.title')}
      </Link>
      <h1 className="mt-3 flex items-center gap-3 text-3xl font-bold">
        <Icon className="text-accent-fg" aria-hidden /> {title}
      </h1>
      <p className="mt-2 max-w-2xl text-muted">{t(`tools.${tool.slug}.description`)}</p>
      <GuestGate>
        {/* A new tool or a new preselected image starts a fresh form. */}
        <ToolForm key={`${tool.slug}|${preset ?? ''}`} tool={tool} preset={preset && parseImageRef(preset) ? preset : null} />
      </GuestGate>
    </main>
  );
}

type Images = Partial<Record<ImageSlot, ImageValue | null>>;

function ToolForm({ tool, preset }: { tool: ToolDescriptor; preset: string | null }) {
  const { t } = useTranslation('aiTools');
  const to = useLocalizedPath();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const gen = useGenerationTask();
  const flow = useCreateFlow(tool.kind);
  const [images, setImages] = useState<Images>(() => (preset ? { image: { url: preset } } : {}));
  const [picked, setValues] = useState<Record<string, unknown>>(() => ({ ...tool.defaults }));
  const choice = useModelChoice(tool.kind);
  // What is sent: the choices moved onto what the chosen model makes, and the model when picked.
  const values: Record<string, unknown> = { ...toolValuesFor(tool, picked, choice.model?.limits), ...choice.field };
  const [problem, setProblem] = useState<string | null>(null);
  const [phase, setPhase] = useState<'idle' | 'mask' | 'submit'>('idle');
  const main = images.image ?? null;

  const painter = useMemo(
    () => (tool.mask && main?.width && main.height ? new MaskPainter(main.width, main.height) : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- main.url on purpose: another image of the same size starts with an empty mask
    [tool.mask, main?.url, main?.width, main?.height],
  );

  const cost = toolCost(tool, values, choice.model);
  const refs = Object.fromEntries(Object.entries(images).flatMap(([slot, v]) => (v ? [[slot, v.url]] : []))) as Partial<Record<ImageSlot, string>>;
  const missingImage = tool.images.some((slot) => !refs[slot]);
  const background = values.background as BackgroundDraft | undefined;
  const missingBackground = background?.type === 'image' && !background.image;

  const create = useMutation({
    mutationFn: async () => {
      let mask: string | undefined;
      if (tool.mask) {
        if (!painter || painter.isEmpty) throw new Error(t('form.needMask'));
        setPhase('mask');
        const media = await uploadMedia(await painter.exportPng(), { filename: 'mask.png' });
        mask = media.url;
      }
      setPhase('submit');
      const parsed = buildToolInput(tool, values, { ...refs, ...(mask ? { mask } : {}) });
      if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? t('form.invalid'));
      return startToolTask(client, tool.kind, parsed.data);
    },
    onSuccess: ({ id }) => {
      gen.follow(id);
      void queryClient.invalidateQueries({ queryKey: trpc.task.pathKey() });
    },
    onSettled: () => setPhase('idle'),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    if (missingImage || missingBackground) return setProblem(t('form.needImage'));
    if (tool.mask && (!painter || painter.isEmpty)) return setProblem(t('form.needMask'));
    // The catalogue model when one was picked; the upscaler's local modes are models of their own (ESRGAN `quality` or `fast` resampling).
    flow.submit({ model_name: choice.field.model ?? (tool.kind === 'upscale' ? String(values.mode ?? 'quality') : null) });
    create.mutate();
  }

  const uncropSize =
    tool.kind === 'uncrop' && main?.width && main.height
      ? uncropLayout(main.width, main.height, values.aspectRatio as AspectRatio, Number(values.zoomOut))
      : null;

  return (
    <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <form onSubmit={submit} {...flow.formProps} noValidate className="flex flex-col gap-5 rounded-[var(--radius-card)] border border-border bg-surface p-6" data-testid="tool-form">
        {tool.images.map((slot) => (
          <ImageInput
            key={slot}
            label={t(`images.${tool.slug === 'face-swap' ? `faceSwap.${slot}` : slot}`)}
            value={images[slot] ?? null}
            onChange={(value) => setImages((prev) => ({ ...prev, [slot]: value }))}
            testId={`tool-${slot}`}
          />
        ))}
        {tool.mask && main && (
          <section className="flex flex-col gap-2">
            <h2 className="text-sm font-medium">{t(tool.kind === 'inpaint' ? 'mask.inpaint' : 'mask.remove')}</h2>
            {painter ? <MaskEditor painter={painter} imageUrl={main.url} /> : <div className="h-40 animate-pulse rounded-xl bg-surface-2" aria-hidden />}
          </section>
        )}
        {tool.fields.map((field) =>
          field.type === 'background' ? (
            <BackgroundField key="background" value={values.background as BackgroundDraft} onChange={(v) => setValues((prev) => ({ ...prev, background: v }))} />
          ) : (
            <ToolFieldInput
              key={field.name}
              field={field.type === 'choice' ? { ...field, options: toolFieldOptions(field, choice.model?.limits) } : field}
              values={values}
              onChange={(name, v) => setValues((prev) => ({ ...prev, [name]: v }))}
            />
          ),
        )}
        {uncropSize && (
          <p className="text-xs tabular-nums text-muted" data-testid="uncrop-size">
            {t('form.resultSize', { width: uncropSize.width, height: uncropSize.height })}
          </p>
        )}
        {isProFeature(tool.kind, values) && (
          <p className="text-xs text-muted" data-testid="pro-feature-note">
            {t('form.proFeature')}{' '}
            <Link to={to('/pricing')} className="font-medium text-accent-fg hover:underline">
              {t('form.seePlans')}
            </Link>
          </p>
        )}
        <ModelPicker kind={tool.kind} unavailable={choice.unavailable} models={choice.models} model={choice.model} onPick={choice.pick} costOf={(m) => toolCost(tool, toolValuesFor(tool, picked, m.limits), m)} />
        <Button type="submit" size="lg" loading={create.isPending} disabled={gen.running || choice.unavailable} onClick={() => flow.click('generate')} data-testid="generate">
          <Sparkles size={16} aria-hidden />{' '}
          {phase === 'mask' ? (
            t('form.uploadingMask')
          ) : (
            <span data-testid="generate-cost" data-cost={cost}>
              {t('form.generate', { count: cost })}
            </span>
          )}
        </Button>
        {problem && (
          <p role="alert" className="text-sm text-danger">
            {problem}
          </p>
        )}
      </form>
      <TaskResult
        gen={gen}
        empty={t('result.empty')}
        alt={t('result.alt', { tool: t(`tools.${tool.slug}.title`) })}
        currentTool={tool.slug}
        sample={FORM_SAMPLES[tool.slug]}
      />
    </div>
  );
}
