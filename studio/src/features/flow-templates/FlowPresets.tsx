/**
 * Flow presets on an easy-mode page (/app/ai-image, /app/ai-video; issue 24): a strip of the
 * published templates whose flow makes that page's media (hidden when there are none). Choosing
 * one replaces the page's form (`children`) with ONE form: a field per template input (a text box,
 * or the usual image/video input), the price of the whole flow (`flowTemplate.estimate`, once the
 * fields settle) and Generate — a new project holding the flow, started at that price
 * (`flowTemplate.start` with `run`), whose canvas opens to show it run live. A price that changed
 * meanwhile (FLOW_COST_CHANGED) is priced again and asked again; other failures (not enough
 * credits, the parallel limit…) get the app's usual reaction.
 */
import type { FlowTemplateInput, FlowTemplateSummary } from '@tessera/shared/flows/templates';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { ArrowLeft, Sparkles, Workflow } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLocalizedPath } from '../../app/useLanguage.ts';
import { Button } from '../../components/ui/Button.tsx';
import { cn } from '../../components/ui/cn.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { reactToError } from '../errors/errorReactions.ts';
import { ImageInput, type ImageValue } from '../media/ImageInput.tsx';
import { projectCanvasPath } from '../projects/ProjectCards.tsx';
import { writeSelectedProject } from '../projects/selectedProject.ts';
import { VideoInput, type VideoValue } from '../video-input/VideoInput.tsx';
import { KindChips, TemplatePreview } from './TemplateCard.tsx';
import { appCodeOf, presetReady, presetValues } from './templateModel.ts';
import { useDebouncedValue } from './useDebouncedValue.ts';
import { usePublishedTemplates } from './usePublishedTemplates.ts';

export function FlowPresets({ output, children }: { output: 'image' | 'video'; children: ReactNode }) {
  // No Suspense: the page's own form (`children`) stays mounted while these texts load.
  const { t, ready } = useTranslation('flowTemplates', { useSuspense: false });
  const list = usePublishedTemplates({ sort: 'popular', output });
  const [chosen, setChosen] = useState<FlowTemplateSummary | null>(null);
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <>
      {ready && items.length > 0 && (
        <section aria-labelledby={`presets-${output}`} className="mt-6" data-testid="flow-presets">
          <h2 id={`presets-${output}`} className="mb-2 flex items-center gap-2 text-sm font-semibold">
            <Workflow size={16} aria-hidden /> {t('presets.title')}
          </h2>
          <ul className="flex gap-3 overflow-x-auto pb-2">
            {items.map((template) => (
              <li key={template.id} className="w-44 shrink-0 sm:w-52">
                <button
                  type="button"
                  aria-pressed={chosen?.id === template.id}
                  onClick={() => setChosen(chosen?.id === template.id ? null : template)}
                  className={cn(
                    'block w-full overflow-hidden rounded-xl border bg-surface text-start transition focus-visible:outline-2 focus-visible:outline-accent',
                    chosen?.id === template.id ? 'border-accent' : 'border-border hover:border-accent',
                  )}
                  data-testid="flow-preset"
                  data-template-id={template.id}
                >
                  <TemplatePreview template={template} />
                  <span className="block truncate px-2 py-1.5 text-sm">{template.name}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      {chosen && ready ? <PresetForm key={chosen.id} template={chosen} onBack={() => setChosen(null)} /> : children}
    </>
  );
}

/** What each field holds: the value sent, and what the media inputs show. */
type Field = { value: string; image?: ImageValue; video?: VideoValue };

function PresetForm({ template, onBack }: { template: FlowTemplateSummary; onBack(): void }) {
  const { t } = useTranslation('flowTemplates');
  const trpc = useTRPC();
  const navigate = useNavigate();
  const to = useLocalizedPath();
  const [fields, setFields] = useState<Record<string, Field>>({});
  const [changed, setChanged] = useState(false);
  const values = Object.fromEntries(Object.entries(fields).map(([id, f]) => [id, f.value]));
  const ready = presetReady(template.inputs, values);
  const inputs = useDebouncedValue(presetValues(template.inputs, values), 400);
  const settled = JSON.stringify(inputs) === JSON.stringify(presetValues(template.inputs, values));
  const estimate = useQuery({
    ...trpc.flowTemplate.estimate.queryOptions({ templateId: template.id, inputs }),
    enabled: presetReady(template.inputs, inputs),
    placeholderData: keepPreviousData,
    staleTime: 0,
    meta: { skipError: true },
  });
  const start = useMutation({
    ...trpc.flowTemplate.start.mutationOptions(),
    meta: { skipError: true },
    onSuccess: ({ projectId }) => {
      writeSelectedProject(projectId);
      void navigate(to(projectCanvasPath(projectId)));
    },
    onError: (error) => {
      if (appCodeOf(error) === 'FLOW_COST_CHANGED') {
        setChanged(true);
        void estimate.refetch();
      } else reactToError(error);
    },
  });
  const set = (id: string, field: Field | null) => {
    setChanged(false);
    setFields((all) => {
      const next = { ...all };
      if (field) next[id] = field;
      else delete next[id];
      return next;
    });
  };
  const price = estimate.data && settled && !estimate.isPlaceholderData ? estimate.data : null;
  const blocked = !ready || !price || price.issues.length > 0 || estimate.isFetching;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (blocked || !price) return;
    setChanged(false);
    start.mutate({ templateId: template.id, inputs, name: template.name, run: { expectedCost: price.cost } });
  }

  return (
    <form onSubmit={submit} className="mt-6 flex min-w-0 flex-col gap-5 rounded-[var(--radius-card)] border border-border bg-surface p-4 sm:p-6" data-testid="flow-preset-form" data-template-id={template.id}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold break-words">{template.name}</h2>
          {template.description && <p className="mt-1 text-sm text-muted">{template.description}</p>}
          <KindChips kinds={template.kinds} className="mt-2" />
        </div>
        <Button type="button" variant="ghost" size="sm" onClick={onBack} data-testid="flow-preset-back">
          <ArrowLeft size={14} aria-hidden className="rtl:rotate-180" /> {t('presets.back')}
        </Button>
      </div>
      {template.inputs.length === 0 && <p className="text-sm text-muted">{t('presets.noInputs')}</p>}
      {template.inputs.map((input) => (
        <PresetField key={input.id} input={input} field={fields[input.id] ?? null} onChange={(field) => set(input.id, field)} />
      ))}
      <div aria-live="polite" className="flex flex-col gap-1 text-sm">
        {ready && !price && !estimate.isError && <span className="text-muted">{t('presets.pricing')}</span>}
        {estimate.isError && (
          <span role="alert" className="text-danger">
            {estimate.error.message}
          </span>
        )}
        {price && price.issues.length > 0 && (
          <ul role="alert" className="list-disc ps-5 text-danger" data-testid="flow-preset-issues">
            {price.issues.map((issue) => (
              <li key={`${issue.code}:${issue.id}`}>{issue.message}</li>
            ))}
          </ul>
        )}
        {changed && (
          <span role="status" className="text-amber-300" data-testid="flow-preset-price-changed">
            {t('presets.priceChanged')}
          </span>
        )}
      </div>
      <Button type="submit" size="lg" loading={start.isPending} disabled={blocked} data-testid="flow-preset-generate">
        <Sparkles size={16} aria-hidden />{' '}
        {price ? (
          <span data-testid="flow-preset-cost" data-cost={price.cost}>
            {t('presets.generate', { count: price.cost })}
          </span>
        ) : (
          t('presets.generateNoPrice')
        )}
      </Button>
      <p className="text-xs text-muted">{t('presets.note')}</p>
    </form>
  );
}

function PresetField({ input, field, onChange }: { input: FlowTemplateInput; field: Field | null; onChange(field: Field | null): void }) {
  const { t } = useTranslation('flowTemplates');
  const id = useId();
  const label = input.name || t(`port.${input.port}`);
  if (input.port === 'image')
    return <ImageInput label={label} value={field?.image ?? null} onChange={(image) => onChange(image ? { value: image.url, image } : null)} testId={`flow-preset-input-${input.id}`} />;
  if (input.port === 'video')
    return <VideoInput label={label} value={field?.video ?? null} onChange={(video) => onChange(video ? { value: video.ref, video } : null)} testId={`flow-preset-input-${input.id}`} />;
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <textarea
        id={id}
        value={field?.value ?? ''}
        onChange={(e) => onChange(e.target.value ? { value: e.target.value } : null)}
        rows={4}
        maxLength={10_000}
        placeholder={input.value ?? t('presets.textPlaceholder')}
        className="resize-y rounded-lg border border-border bg-surface-2 p-3 text-sm placeholder:text-muted focus:border-accent focus:outline-none"
        data-testid="flow-preset-text"
      />
    </div>
  );
}
