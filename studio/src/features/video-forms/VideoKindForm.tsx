/**
 * The one easy-mode form behind every video page and video tool, driven by its spec
 * (videoForms.ts): the input video (trimmed in the browser to its §5 length before upload) with
 * the kind's rule checked inline, the images, the fields, the model picker, the cost on the
 * Generate button (disabled while the request is incomplete or breaks a rule), live progress and
 * the result player. Failed calls go to the one error reaction (PRO_FEATURE and
 * NOT_ENOUGH_CREDITS open the upgrade popup).
 */
import { parseVideoRef } from '@tessera/shared/generation';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Clapperboard, Sparkles } from 'lucide-react';
import { type FormEvent, Fragment, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../../app/useLanguage.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { TaskResult } from '../generate/TaskResult.tsx';
import { useGenerationTask } from '../generate/useGenerationTask.ts';
import { ImageInput, type ImageValue } from '../media/ImageInput.tsx';
import { BackgroundField, type BackgroundDraft } from '../tools/BackgroundField.tsx';
import { ChoiceField, PromptField, SliderField } from '../tools/ToolFields.tsx';
import { VideoInput, type VideoValue } from '../video-input/VideoInput.tsx';
import { useCreateFlow } from '../../lib/analytics/useCreateFlow.ts';
import { useTRPC, useTRPCClient } from '../../lib/trpc.ts';
import { ModelPicker } from '../models/ModelPicker.tsx';
import type { PickerModel } from '../models/modelChoice.ts';
import { useModelChoice } from '../models/useModelChoice.ts';
import { FORM_SAMPLES } from '../showcase/creationCatalog.ts';
import { startVideoTask } from './startVideoTask.ts';
import { usePresetVideo } from './usePresetVideo.ts';
import {
  buildVideoInput,
  choiceOptions,
  durationOptions,
  effectiveValues,
  kindOf,
  MAX_SUBJECTS,
  missingInputs,
  type ModelOption,
  type VideoFormField,
  type VideoFormRefs,
  type VideoFormSpec,
  videoFormCost,
  videoRuleProblem,
  videoUpscaleSize,
} from './videoForms.ts';

type Images = { image?: ImageValue | null; face?: ImageValue | null; subjects: (ImageValue | null)[] };

export function VideoKindForm({ spec, resultEmpty }: { spec: VideoFormSpec; resultEmpty?: string }) {
  const { t } = useTranslation(['videoForms', 'video']);
  const to = useLocalizedPath();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const gen = useGenerationTask();
  const [v2, setV2] = useState(false);
  const kind = kindOf(spec, v2);
  const flow = useCreateFlow(kind);
  const [values, setValues] = useState<Record<string, unknown>>(() => ({ ...spec.defaults }));
  const [video, setVideo] = useState<VideoValue | null>(null);
  const [images, setImages] = useState<Images>({ subjects: [] });
  // A video result's "Use in" opens the form with that video (`?video=<task id>`).
  const presetLoading = usePresetVideo(setVideo);

  // Every video kind has the picker (issue 18): in its spec's place, else before Generate.
  const choice = useModelChoice(kind);
  const { model } = choice;
  const sent = effectiveValues(spec, { ...values, model: choice.field.model }, v2, model);
  const hasModelField = spec.fields.some((f) => f.type === 'model');

  const createdAt = useVideoCreatedAt(spec.kind === 'video_extend' ? video : null);
  const rule = video ? videoRuleProblem(kind, sent, video, createdAt) : null;
  const refs: VideoFormRefs = {
    video: video?.ref,
    image: images.image?.url,
    face: images.face?.url,
    subjects: images.subjects.flatMap((s) => (s ? [s.url] : [])),
  };
  const missing = missingInputs(spec, sent, refs);
  const parsed = buildVideoInput(spec, v2, sent, refs);
  const cost = videoFormCost(spec, v2, sent, video, model);
  // Each option's own price for the same inputs, so the list compares models honestly.
  const costOn = (m: PickerModel) => videoFormCost(spec, v2, effectiveValues(spec, { ...values, model: m.id }, v2, m), video, m);
  const picker = <ModelPicker kind={kind} unavailable={choice.unavailable} models={choice.models} model={model} onPick={choice.pick} costOf={costOn} />;
  const ready = parsed.success && !rule && missing.length === 0;

  const create = useMutation({
    mutationFn: () => {
      if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? t('form.invalid'));
      // An upscale carries the price shown, so the server refuses rather than charge much more.
      return startVideoTask(client, kind, kind === 'video_upscale' ? { ...(parsed.data as object), expectedCost: cost } : parsed.data);
    },
    onSuccess: ({ id }) => {
      gen.follow(id);
      void queryClient.invalidateQueries({ queryKey: trpc.task.pathKey() });
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!ready || gen.running) return;
    flow.submit({ model_name: typeof sent.model === 'string' ? sent.model : null });
    create.mutate();
  }

  const set = (name: string, value: unknown) => setValues((prev) => ({ ...prev, [name]: value }));
  const upscaleNote = kind === 'video_upscale' && video ? videoUpscaleSize(video, sent) : null;

  return (
    <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <form
        onSubmit={submit}
        {...flow.formProps}
        noValidate
        className="flex min-w-0 flex-col gap-5 rounded-[var(--radius-card)] border border-border bg-surface p-6"
        data-testid="video-form"
        data-kind={kind}
      >
        {spec.video && (
          <div className="flex flex-col gap-2">
            <VideoInput
              label={t(`inputs.${spec.kind === 'lip_sync' ? 'lipSyncVideo' : 'video'}`)}
              value={video}
              onChange={setVideo}
              minS={spec.video.minS}
              maxS={spec.video.maxS}
              testId="form-video"
            />
            {presetLoading && !video && <Spinner label={t('video:input.reading')} />}
            {rule && (
              <p role="alert" className="text-sm text-danger" data-testid="video-rule">
                {t(`rules.${rule}`)}
              </p>
            )}
          </div>
        )}
        {spec.images.map((slot) =>
          slot === 'subjects' ? (
            <SubjectsInput key={slot} value={images.subjects} onChange={(subjects) => setImages((prev) => ({ ...prev, subjects }))} />
          ) : (
            <ImageInput
              key={slot}
              label={t(`inputs.${spec.kind === 'lip_sync' ? 'portrait' : slot}`)}
              value={images[slot] ?? null}
              onChange={(value) => setImages((prev) => ({ ...prev, [slot]: value }))}
              testId={`form-${slot}`}
            />
          ),
        )}
        {spec.v2Kind && <ToggleField name="v2" label={t('fields.v2')} hint={t('fields.v2Hint')} checked={v2} onChange={setV2} />}
        {spec.fields.map((field) =>
          field.type === 'model' ? (
            <Fragment key="model">{picker}</Fragment>
          ) : (
            <VideoField key={fieldKey(field)} field={field} values={sent} v2={v2} model={model} onChange={set} />
          ),
        )}
        {!hasModelField && picker}
        {upscaleNote && (
          <p className="text-xs tabular-nums text-muted" data-testid="upscale-size">
            {t('form.resultSize', upscaleNote)}
          </p>
        )}
        {sent.mode === 'pro' && (
          <p className="text-xs text-muted" data-testid="pro-feature-note">
            {t('form.proFeature')}{' '}
            <Link to={to('/pricing')} className="font-medium text-accent-fg hover:underline">
              {t('form.seePlans')}
            </Link>
          </p>
        )}
        <Button type="submit" size="lg" loading={create.isPending} disabled={!ready || gen.running || choice.unavailable} onClick={() => flow.click('generate')} data-testid="generate">
          <Sparkles size={16} aria-hidden />{' '}
          <span data-testid="generate-cost" data-cost={cost}>
            {t('form.generate', { count: cost })}
          </span>
        </Button>
        {missing.length > 0 && (
          <p className="text-xs text-muted" data-testid="form-missing">
            {t('form.needs', { list: missing.map((need) => t(`needs.${need}`)).join(', ') })}
          </p>
        )}
      </form>
      <TaskResult gen={gen} empty={resultEmpty ?? t('result.empty')} alt={t('result.alt')} emptyIcon={Clapperboard} currentTool={spec.id} sample={FORM_SAMPLES[spec.id]} />
    </div>
  );
}

const fieldKey = (field: VideoFormField) => ('name' in field ? field.name : field.type);

/** When the chosen video was made: a clip made here is as old as its task; an upload is new. */
function useVideoCreatedAt(video: VideoValue | null): Date | null {
  const trpc = useTRPC();
  const ref = video ? parseVideoRef(video.ref) : null;
  const taskId = ref?.kind === 'task' ? ref.taskId : null;
  const task = useQuery({ ...trpc.task.get.queryOptions({ id: taskId ?? '00000000-0000-4000-8000-000000000000' }), enabled: Boolean(taskId) });
  return task.data ? new Date(task.data.createdAt) : null;
}

function VideoField({
  field,
  values,
  v2,
  model,
  onChange,
}: {
  field: VideoFormField;
  values: Record<string, unknown>;
  v2: boolean;
  model: ModelOption | undefined;
  onChange(name: string, value: unknown): void;
}) {
  const { t } = useTranslation('videoForms');
  const option = (name: string) => (o: string | number) => t(`options.${name}.${o}`, { defaultValue: String(o) });
  switch (field.type) {
    case 'prompt':
      return (
        <PromptField
          label={t(`fields.${field.name}${field.required ? '' : 'Optional'}`)}
          placeholder={t(`placeholders.${field.name}`)}
          value={String(values[field.name] ?? '')}
          onChange={(v) => onChange(field.name, v)}
          rows={field.name === 'text' ? 5 : 3}
        />
      );
    case 'choice':
      return (
        <ChoiceField
          name={field.name}
          label={t(`fields.${field.name}`)}
          format={option(field.name)}
          options={choiceOptions(field, model)}
          value={values[field.name]}
          onChange={(v) => onChange(field.name, v)}
        />
      );
    case 'duration':
      return (
        <ChoiceField
          name="duration"
          label={t('fields.duration')}
          format={(s) => t('options.seconds', { count: Number(s) })}
          options={durationOptions(field, v2, model)}
          value={values.duration}
          onChange={(v) => onChange('duration', v)}
        />
      );
    case 'toggle':
      return <ToggleField name={field.name} label={t(`fields.${field.name}`)} checked={values[field.name] === true} onChange={(v) => onChange(field.name, v)} />;
    case 'slider':
      return (
        <SliderField
          field={field}
          label={t(`fields.${field.name}`)}
          format={(v) => `${Math.round(v * 100)}%`}
          value={Number(values[field.name] ?? field.min)}
          onChange={(v) => onChange(field.name, v)}
        />
      );
    case 'seed':
      return <SeedField value={values.seed} onChange={(v) => onChange('seed', v)} />;
    case 'model':
      // Rendered by the form itself (ModelPicker).
      return null;
    case 'background':
      return <BackgroundField value={values.background as BackgroundDraft} onChange={(v) => onChange('background', v)} />;
  }
}

function ToggleField({ name, label, hint, checked, onChange }: { name: string; label: string; hint?: string; checked: boolean; onChange(value: boolean): void }) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        role="switch"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="mt-0.5 h-5 w-5 shrink-0 accent-[var(--color-accent)]"
        data-testid={`toggle-${name}`}
      />
      <label htmlFor={id} className="flex flex-col text-sm">
        <span className="font-medium">{label}</span>
        {hint && <span className="text-xs text-muted">{hint}</span>}
      </label>
    </div>
  );
}

/** Same seed and settings → the same clip; empty → a random one. */
function SeedField({ value, onChange }: { value: unknown; onChange(value: number | undefined): void }) {
  const { t } = useTranslation('videoForms');
  const id = useId();
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        {t('fields.seed')}
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={0}
        max={2 ** 31 - 1}
        step={1}
        value={typeof value === 'number' ? value : ''}
        placeholder={t('placeholders.seed')}
        onChange={(e) => onChange(e.target.value === '' ? undefined : Math.max(0, Math.min(2 ** 31 - 1, Math.trunc(Number(e.target.value)))))}
        className="h-10 w-full rounded-lg border border-border bg-surface-2 px-3 text-sm placeholder:text-muted focus:border-accent focus:outline-none"
        data-testid="seed"
      />
    </div>
  );
}

/** Consistent character: one to four photos of the same subject(s); a new slot appears as each is filled. */
function SubjectsInput({ value, onChange }: { value: (ImageValue | null)[]; onChange(value: (ImageValue | null)[]): void }) {
  const { t } = useTranslation('videoForms');
  const filled = value.filter((v): v is ImageValue => Boolean(v));
  const slots = Math.min(MAX_SUBJECTS, filled.length + 1);
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 text-sm font-medium">{t('inputs.subjects', { max: MAX_SUBJECTS })}</legend>
      {Array.from({ length: slots }, (_, i) => (
        <ImageInput
          key={i}
          label={t('inputs.subject', { n: i + 1 })}
          value={filled[i] ?? null}
          onChange={(next) => {
            const list: (ImageValue | null)[] = [...filled];
            list[i] = next;
            onChange(list.filter(Boolean));
          }}
          testId={`form-subject-${i + 1}`}
        />
      ))}
    </fieldset>
  );
}
