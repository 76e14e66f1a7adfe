/**
 * The easy-mode form every template page shares: an optional template picker, the image inputs
 * the template's type needs (upload, my creations or URL), the Generate button with the
 * template's cost, live progress and the result. Failed calls go to the one error reaction
 * (NOT_ENOUGH_CREDITS and PRO_FEATURE open the upgrade popup, the parallel limit the concurrency popup).
 */
import { TEMPLATE_KIND, type TemplateDto, type TemplateType } from '@tessera/shared/catalog';
import { parseImageRef } from '@tessera/shared/generation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Crown, Sparkles } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../../app/useLanguage.ts';
import { Button } from '../../components/ui/Button.tsx';
import { TaskResult } from '../generate/TaskResult.tsx';
import type { SampleId } from '../showcase/samples.ts';
import { useGenerationTask } from '../generate/useGenerationTask.ts';
import { ImageInput, type ImageValue } from '../media/ImageInput.tsx';
import { useCreateFlow } from '../../lib/analytics/useCreateFlow.ts';
import { useTRPC, useTRPCClient } from '../../lib/trpc.ts';
import { ModelPicker } from '../models/ModelPicker.tsx';
import { type PickerModel, templatePrice } from '../models/modelChoice.ts';
import { useModelChoice } from '../models/useModelChoice.ts';
import { startTemplateTask, type TemplateImages, templateImageSlots } from './startTemplateTask.ts';

type Slot = keyof TemplateImages;

/** What each template type makes, shown as a sample until the first result. */
const TEMPLATE_SAMPLES: Partial<Record<TemplateType, SampleId>> = {
  video_effect: 'videoEffects',
  pro_effect: 'proEffects',
  photo_effect: 'photoEffects',
  product_photo: 'productPhoto',
  model_fitting: 'modelFitting',
};

export function TemplateForm({
  template,
  type,
  labels,
  picker,
  preset,
  resultEmpty,
}: {
  /** The chosen template; undefined while the picker's list loads. */
  template: TemplateDto | undefined;
  /** The template type the page works with (fixes the inputs before a template is chosen). */
  type: TemplateType;
  /** The label of each image input the type needs. */
  labels: Partial<Record<Slot, string>>;
  picker?: ReactNode;
  /** `?image=` of the page: preselects the main image. */
  preset?: string | null;
  resultEmpty: string;
}) {
  const { t } = useTranslation('effects');
  const to = useLocalizedPath();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const gen = useGenerationTask();
  const kind = TEMPLATE_KIND[type];
  const flow = useCreateFlow(kind);
  const choice = useModelChoice(kind);
  const slots = templateImageSlots(type);
  const [images, setImages] = useState<Partial<Record<Slot, ImageValue | null>>>(() =>
    preset && parseImageRef(preset) ? { image: { url: preset } } : {},
  );
  const [problem, setProblem] = useState<string | null>(null);

  const create = useMutation({
    mutationFn: (vars: { template: TemplateDto; images: TemplateImages }) => startTemplateTask(client, vars.template, vars.images, choice.field),
    onSuccess: ({ id }) => {
      gen.follow(id);
      void queryClient.invalidateQueries({ queryKey: trpc.task.pathKey() });
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    if (!template) return setProblem(t('form.needTemplate'));
    const image = images.image?.url;
    const garment = images.garment?.url;
    if (!image || (slots.includes('garment') && !garment)) return setProblem(t('form.needImage'));
    flow.submit({ resource_type: 'template', resource_id: template.id, model_name: choice.field.model ?? null });
    create.mutate({ template, images: { image, ...(garment ? { garment } : {}) } });
  }

  // The input the server prices a hosted run on: the photo (a per-second model bills its default length).
  const costOn = (model: PickerModel | undefined) => templatePrice(template?.cost ?? 0, model, kind, { image: 'u/cost/cost.png' });
  const cost = costOn(choice.model);
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <form onSubmit={submit} {...flow.formProps} noValidate className="flex flex-col gap-5 rounded-[var(--radius-card)] border border-border bg-surface p-6" data-testid="effect-form">
        {picker}
        {slots.map((slot) => (
          <ImageInput
            key={slot}
            label={labels[slot] ?? slot}
            value={images[slot] ?? null}
            onChange={(value) => setImages((prev) => ({ ...prev, [slot]: value }))}
            testId={`effect-${slot}`}
          />
        ))}
        {template?.pro && (
          <p className="flex items-start gap-2 text-xs text-muted" data-testid="pro-note">
            <Crown size={14} aria-hidden className="mt-px shrink-0 text-amber-400" />
            <span>
              {t('form.proNote')}{' '}
              <Link to={to('/pricing')} className="font-medium text-accent-fg hover:underline">
                {t('form.seePlans')}
              </Link>
            </span>
          </p>
        )}
        <ModelPicker kind={kind} unavailable={choice.unavailable} models={choice.models} model={choice.model} onPick={choice.pick} costOf={costOn} />
        <Button type="submit" size="lg" loading={create.isPending} disabled={gen.running || !template || choice.unavailable} onClick={() => flow.click('generate')} data-testid="generate">
          <Sparkles size={16} aria-hidden />{' '}
          <span data-testid="generate-cost" data-cost={cost}>
            {t('form.generate', { count: cost })}
          </span>
        </Button>
        {problem && (
          <p role="alert" className="text-sm text-danger">
            {problem}
          </p>
        )}
      </form>
      <TaskResult gen={gen} empty={resultEmpty} alt={t('form.resultAlt', { name: template?.name ?? '' })} sample={TEMPLATE_SAMPLES[type]} />
    </div>
  );
}
