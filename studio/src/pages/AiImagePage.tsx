/**
 * Easy mode: text to image and image to image. The cost is on the button; progress is pushed
 * over the socket. `?mode=image&image=<url>` opens image to image with that image; `?prompt=`
 * fills in the prompt. Published image flows are offered above as one-form presets (issue 24).
 */
import {
  ASPECT_RATIOS,
  type AspectRatio,
  IMAGE_STYLES,
  type ImageStyle,
  parseImageRef,
  zImageToImageInput,
  zTextToImageInput,
} from '@tessera/shared/generation';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Sparkles } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '../components/ui/Button.tsx';
import { FlowPresets } from '../features/flow-templates/FlowPresets.tsx';
import { GuestGate } from '../features/generate/GuestGate.tsx';
import { TaskResult } from '../features/generate/TaskResult.tsx';
import { LoraPicker } from '../features/generate/LoraPicker.tsx';
import { useGenerationTask } from '../features/generate/useGenerationTask.ts';
import { ImageInput, type ImageValue } from '../features/media/ImageInput.tsx';
import { ChoiceField, PromptField } from '../features/tools/ToolFields.tsx';
import { ModelPicker } from '../features/models/ModelPicker.tsx';
import { keepOption, narrowTo, type PickerModel, priceFor } from '../features/models/modelChoice.ts';
import { useModelChoice } from '../features/models/useModelChoice.ts';
import { useCreateFlow } from '../lib/analytics/useCreateFlow.ts';
import { useTRPC } from '../lib/trpc.ts';

const RATIOS = Object.keys(ASPECT_RATIOS) as AspectRatio[];
type Mode = 'text' | 'image';

export function AiImagePage() {
  const { t } = useTranslation('aiImage');
  const [search, setSearch] = useSearchParams();
  const mode: Mode = search.get('mode') === 'image' ? 'image' : 'text';
  const preset = search.get('image');
  const prompt = search.get('prompt') ?? '';
  const lora = search.get('lora');

  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <title>{t('meta.title')}</title>
      <h1 className="text-3xl font-bold">{t('title')}</h1>
      <p className="mt-2 text-muted">{t('subtitle')}</p>
      <GuestGate>
        <FlowPresets output="image">
          <Tabs.Root
            value={mode}
            onValueChange={(value) => setSearch(value === 'image' ? { mode: 'image', ...(preset ? { image: preset } : {}) } : {}, { replace: true })}
            className="mt-8"
          >
            <Tabs.List aria-label={t('modes.label')} className="inline-flex gap-1 rounded-xl border border-border bg-surface p-1">
              {(['text', 'image'] as const).map((value) => (
                <Tabs.Trigger
                  key={value}
                  value={value}
                  className="rounded-lg px-4 py-2 text-sm text-muted transition data-[state=active]:bg-surface-2 data-[state=active]:text-fg"
                  data-testid={`mode-${value}`}
                >
                  {t(`modes.${value}`)}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            <Tabs.Content value="text">
              <Generator key={`${prompt}|${lora ?? ''}`} mode="text" preset={null} initialPrompt={prompt} initialLora={lora} />
            </Tabs.Content>
            <Tabs.Content value="image">
              <Generator key={`${preset ?? ''}|${prompt}`} mode="image" preset={preset && parseImageRef(preset) ? preset : null} initialPrompt={prompt} />
            </Tabs.Content>
          </Tabs.Root>
        </FlowPresets>
      </GuestGate>
    </main>
  );
}

function Generator({ mode, preset, initialPrompt, initialLora = null }: { mode: Mode; preset: string | null; initialPrompt: string; initialLora?: string | null }) {
  const { t } = useTranslation('aiImage');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const gen = useGenerationTask();
  const kind = mode === 'text' ? 'text_to_image' : 'image_to_image';
  const flow = useCreateFlow(kind);
  const choice = useModelChoice(kind);
  const strengthId = useId();
  const [prompt, setPrompt] = useState(initialPrompt);
  const [pickedRatio, setAspectRatio] = useState<AspectRatio>('1:1');
  // The shapes follow the chosen model (a model that makes fewer moves the choice onto one it makes).
  const ratios = narrowTo(RATIOS, choice.model?.limits.aspectRatios);
  const aspectRatio = keepOption(ratios, pickedRatio);
  const [image, setImage] = useState<ImageValue | null>(preset ? { url: preset } : null);
  const [style, setStyle] = useState<ImageStyle>('auto');
  const [strength, setStrength] = useState(0.6);
  const [lora, setLora] = useState<string | null>(initialLora);
  // The price of the current inputs on a model, by the rule the server charges with.
  const costOn = (model: PickerModel | undefined) =>
    mode === 'text'
      ? priceFor(model, 'text_to_image', zTextToImageInput.parse({ prompt: 'x', aspectRatio: keepOption(narrowTo(RATIOS, model?.limits.aspectRatios), pickedRatio) }))
      : priceFor(model, 'image_to_image', zImageToImageInput.parse({ prompt: 'x', image: image?.url ?? 'u/cost/cost.png', style, strength }));
  const cost = costOn(choice.model);

  const onSuccess = ({ id }: { id: string }) => {
    gen.follow(id);
    void queryClient.invalidateQueries({ queryKey: trpc.task.pathKey() });
  };
  const textToImage = useMutation(trpc.text2Image.create.mutationOptions({ onSuccess }));
  const imageToImage = useMutation(trpc.image2Image.create.mutationOptions({ onSuccess }));
  const pending = textToImage.isPending || imageToImage.isPending;
  const ready = Boolean(prompt.trim()) && (mode === 'text' || Boolean(image));

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!ready) return;
    flow.submit({ model_name: choice.field.model ?? null });
    if (mode === 'text') textToImage.mutate({ prompt: prompt.trim(), aspectRatio, ...(lora ? { loraId: lora } : {}), ...choice.field });
    else if (image) imageToImage.mutate({ prompt: prompt.trim(), image: image.url, style, strength, ...choice.field });
  }

  return (
    <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <form onSubmit={submit} {...flow.formProps} className="flex min-w-0 flex-col gap-5 rounded-[var(--radius-card)] border border-border bg-surface p-6">
        {mode === 'image' && <ImageInput label={t('form.image')} value={image} onChange={setImage} testId="i2i-image" />}
        <PromptField
          label={t('form.prompt')}
          value={prompt}
          onChange={setPrompt}
          rows={mode === 'text' ? 5 : 3}
          placeholder={t(mode === 'text' ? 'form.placeholder' : 'form.imagePlaceholder')}
        />
        {mode === 'text' ? (
          <>
            <ChoiceFieldLocal<AspectRatio> label={t('form.aspectRatio')} options={ratios} value={aspectRatio} onChange={setAspectRatio} />
            <LoraPicker value={lora} onChange={setLora} />
          </>
        ) : (
          <>
            <ChoiceField name="style" options={IMAGE_STYLES} value={style} onChange={(v) => setStyle(v as ImageStyle)} />
            <div className="flex flex-col gap-2">
              <label htmlFor={strengthId} className="text-sm font-medium">
                {t('form.strength')}
              </label>
              <div className="flex items-center gap-3">
                <span className="text-xs text-muted">{t('form.strengthLow')}</span>
                <input
                  id={strengthId}
                  type="range"
                  min={0.1}
                  max={1}
                  step={0.05}
                  value={strength}
                  onChange={(e) => setStrength(Number(e.target.value))}
                  className="flex-1 accent-[var(--color-accent)]"
                  data-testid="strength"
                />
                <span className="text-xs text-muted">{t('form.strengthHigh')}</span>
                <span className="w-10 text-end text-sm tabular-nums">{Math.round(strength * 100)}%</span>
              </div>
            </div>
          </>
        )}
        <ModelPicker kind={kind} unavailable={choice.unavailable} models={choice.models} model={choice.model} onPick={choice.pick} costOf={costOn} />
        <Button type="submit" size="lg" loading={pending} disabled={!ready || gen.running || choice.unavailable} onClick={() => flow.click('generate')} data-testid="generate">
          <Sparkles size={16} aria-hidden />{' '}
          <span data-testid="generate-cost" data-cost={cost}>
            {t('form.generate', { count: cost })}
          </span>
        </Button>
      </form>

      <TaskResult
        gen={gen}
        empty={t('result.empty')}
        alt={t('result.alt')}
        currentTool={mode === 'image' ? 'image-to-image' : undefined}
        sample={mode === 'image' ? 'imageToImage' : 'textToImage'}
      />
      <RecentTasks />
    </div>
  );
}

function ChoiceFieldLocal<V extends string>({ label, options, value, onChange }: { label: string; options: readonly V[]; value: V; onChange(v: V): void }) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-medium">{label}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={value === option}
            onClick={() => onChange(option)}
            className={
              value === option
                ? 'rounded-lg border border-accent bg-accent/15 px-3 py-1.5 text-sm text-fg transition'
                : 'rounded-lg border border-border px-3 py-1.5 text-sm text-muted transition hover:text-fg'
            }
          >
            {option}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

function RecentTasks() {
  const { t } = useTranslation('aiImage');
  const trpc = useTRPC();
  const tasks = useQuery(trpc.task.list.queryOptions({ limit: 12 }));
  return (
    <section className="lg:col-span-2">
      <h2 className="mb-3 text-lg font-semibold">{t('recent.title')}</h2>
      {tasks.isPending ? (
        <div className="h-24 animate-pulse rounded-xl bg-surface" />
      ) : !tasks.data?.length ? (
        <p className="text-sm text-muted">{t('recent.empty')}</p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-6">
          {tasks.data.map((task) => (
            <li key={task.id} className="overflow-hidden rounded-xl border border-border bg-surface">
              {task.outputs[0] ? (
                <img src={task.outputs[0].url} alt="" className="aspect-square w-full object-cover" loading="lazy" />
              ) : (
                <div className="flex aspect-square items-center justify-center text-xs text-muted">{t(`status.${task.status}`)}</div>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
