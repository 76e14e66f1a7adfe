/**
 * A template opened from a card: its preview (or a drawing of its steps), description, author,
 * steps in the order they run and the inputs it asks for, with "Use this flow" — a new project
 * holding the flow (`flowTemplate.start`, nothing run) whose canvas opens next. Failed calls go to
 * the app's error reactions (signed-out visitors get the log-in popup).
 */
import type { FlowTemplateSummary } from '@tessera/shared/flows/templates';
import { useMutation, useQuery } from '@tanstack/react-query';
import { AlertTriangle, ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLocalizedPath } from '../../app/useLanguage.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { AuthorAvatar } from '../explore/AuthorAvatar.tsx';
import { projectCanvasPath } from '../projects/ProjectCards.tsx';
import { writeSelectedProject } from '../projects/selectedProject.ts';
import { KindChips, TemplatePreview } from './TemplateCard.tsx';
import { GraphSketch } from './TemplateSketch.tsx';
import { stepsInOrder } from './templateModel.ts';

export function TemplateDetailDialog({ template, onClose }: { template: FlowTemplateSummary; onClose(): void }) {
  const { t } = useTranslation(['flowTemplates', 'common']);
  const trpc = useTRPC();
  const navigate = useNavigate();
  const to = useLocalizedPath();
  const detail = useQuery({ ...trpc.flowTemplate.get.queryOptions({ templateId: template.id }), meta: { skipError: true } });
  const start = useMutation(
    trpc.flowTemplate.start.mutationOptions({
      onSuccess: ({ projectId }) => {
        writeSelectedProject(projectId);
        onClose();
        void navigate(to(projectCanvasPath(projectId)));
      },
    }),
  );
  const shown = detail.data ?? template;
  const steps = detail.data ? stepsInOrder(detail.data.graph) : null;

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={shown.name} className="max-h-[calc(100dvh-2rem)] max-w-2xl overflow-y-auto">
      <div className="flex flex-col gap-4 text-sm" data-testid="flow-template-detail" data-template-id={template.id}>
        {shown.preview || !detail.data ? (
          <TemplatePreview template={shown} playing eager className="rounded-lg" />
        ) : (
          <GraphSketch graph={detail.data.graph} className="aspect-[2/1] w-full rounded-lg bg-surface-2" />
        )}
        <div className="flex flex-wrap items-center justify-between gap-2 text-muted">
          <span className="flex items-center gap-2">
            <AuthorAvatar author={shown.author} size="sm" />
            {t('detail.by', { name: shown.author.name })}
          </span>
          <span>{t('card.uses', { count: shown.uses })}</span>
        </div>
        {shown.description && (
          <p className="whitespace-pre-line break-words" data-testid="flow-template-description">
            {shown.description}
          </p>
        )}
        <KindChips kinds={shown.kinds} />

        <section aria-labelledby={`${template.id}-steps`}>
          <h3 id={`${template.id}-steps`} className="mb-1 font-semibold">
            {t('detail.steps', { count: shown.steps })}
          </h3>
          {detail.isPending && <Spinner label={t('detail.loading')} />}
          {detail.isError && (
            <p role="alert" className="flex items-center gap-2 text-danger">
              <AlertTriangle size={14} aria-hidden /> {t('detail.error')}
            </p>
          )}
          {steps && (
            <ol className="flex flex-col gap-1" data-testid="flow-template-steps">
              {steps.map((step, i) => (
                <li key={step.id} className="flex flex-wrap items-baseline gap-x-2 rounded-lg bg-surface-2 px-3 py-1.5" data-testid="flow-template-step" data-kind={step.kind}>
                  <span className="tabular-nums text-muted">{i + 1}.</span>
                  <span className="font-medium">{step.name || t(`common:kinds.${step.kind}`)}</span>
                  {step.name && <span className="text-muted">{t(`common:kinds.${step.kind}`)}</span>}
                  <span className="ms-auto text-xs text-muted">{step.model ?? t('detail.defaultModel')}</span>
                </li>
              ))}
            </ol>
          )}
        </section>

        <section aria-labelledby={`${template.id}-inputs`}>
          <h3 id={`${template.id}-inputs`} className="mb-1 font-semibold">
            {t('detail.inputs')}
          </h3>
          {shown.inputs.length === 0 ? (
            <p className="text-muted">{t('detail.noInputs')}</p>
          ) : (
            <ul className="flex flex-col gap-1" data-testid="flow-template-inputs">
              {shown.inputs.map((input) => (
                <li key={input.id} className="flex flex-wrap gap-x-2 rounded-lg border border-border px-3 py-1.5">
                  <span className="font-medium">{input.name || t(`port.${input.port}`)}</span>
                  {input.name && input.name !== t(`port.${input.port}`) && <span className="text-muted">{t(`port.${input.port}`)}</span>}
                  {input.port === 'text' && input.value && <span className="w-full truncate text-muted">“{input.value}”</span>}
                </li>
              ))}
            </ul>
          )}
        </section>

        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            {t('detail.close')}
          </Button>
          <Button loading={start.isPending} onClick={() => start.mutate({ templateId: template.id, inputs: {} })} data-testid="flow-template-use">
            {t('detail.use')} <ArrowRight size={16} aria-hidden className="rtl:rotate-180" />
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
