/**
 * The canvas's Templates panel (issue 24): the templates shared in this project (and my own) and
 * the published ones, in two tabs. "Insert" copies one into this project's flow in the middle of
 * the visible canvas (`flowTemplate.insert`; the server writes it into the document, so every
 * collaborator sees it). My own templates can be published or taken back, and deleted after a
 * confirmation. Viewers may browse but not insert.
 */
import type { FlowTemplateSummary } from '@tessera/shared/flows/templates';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, Globe, Lock, Plus, Trash2, Workflow } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { Sheet } from '../../components/ui/Sheet.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { TOAST_DURATION_MS } from '../../lib/site.ts';
import { toast } from '../../lib/toast.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { useCanvasSession } from '../canvas/ui/canvasSession.ts';
import { KindChips, TemplatePreview } from './TemplateCard.tsx';
import { estimatedSize, insertionPoint } from './templateModel.ts';
import { usePublishedTemplates } from './usePublishedTemplates.ts';

type Tab = 'project' | 'published';
const TAB_CLASS = 'flex-1 rounded-lg px-3 py-1.5 text-sm text-muted transition data-[state=active]:bg-surface-2 data-[state=active]:text-fg focus-visible:outline-2 focus-visible:outline-accent';

export function TemplatesPanel({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const { t } = useTranslation('flowTemplates');
  const { projectId } = useCanvasSession();
  const trpc = useTRPC();
  const [tab, setTab] = useState<Tab>('project');
  const project = useQuery({ ...trpc.flowTemplate.list.queryOptions({ projectId }), enabled: open, meta: { skipError: true } });
  const published = usePublishedTemplates({ sort: 'popular' }, open && tab === 'published');

  return (
    <Sheet open={open} onOpenChange={onOpenChange} title={t('panel.title')} description={t('panel.description')} testId="flow-templates-panel">
      <Tabs.Root value={tab} onValueChange={(value) => setTab(value as Tab)}>
        <Tabs.List aria-label={t('panel.tabs')} className="mb-4 flex gap-1 rounded-xl border border-border bg-surface p-1">
          <Tabs.Trigger value="project" className={TAB_CLASS} data-testid="flow-templates-tab-project">
            {t('panel.project')}
          </Tabs.Trigger>
          <Tabs.Trigger value="published" className={TAB_CLASS} data-testid="flow-templates-tab-published">
            {t('panel.published')}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="project">
          <TemplateRows items={project.data} loading={project.isPending} error={project.isError} retry={() => void project.refetch()} empty={t('panel.emptyProject')} onDone={() => onOpenChange(false)} />
        </Tabs.Content>
        <Tabs.Content value="published">
          <TemplateRows
            items={published.data?.pages.flatMap((p) => p.items)}
            loading={published.isPending}
            error={published.isError}
            retry={() => void published.refetch()}
            empty={t('panel.emptyPublished')}
            onDone={() => onOpenChange(false)}
          />
          {published.hasNextPage && (
            <Button variant="outline" className="mt-3 w-full" loading={published.isFetchingNextPage} onClick={() => void published.fetchNextPage()}>
              {t('list.more')}
            </Button>
          )}
        </Tabs.Content>
      </Tabs.Root>
    </Sheet>
  );
}

function TemplateRows({ items, loading, error, retry, empty, onDone }: { items: FlowTemplateSummary[] | undefined; loading: boolean; error: boolean; retry(): void; empty: string; onDone(): void }) {
  const { t } = useTranslation('flowTemplates');
  if (loading) return <Spinner label={t('list.loading')} />;
  if (error && !items)
    return (
      <div role="alert" className="flex flex-col items-start gap-2 text-sm text-danger">
        <span className="flex items-center gap-2">
          <AlertTriangle size={14} aria-hidden /> {t('list.errorTitle')}
        </span>
        <Button variant="outline" size="sm" onClick={retry}>
          {t('list.retry')}
        </Button>
      </div>
    );
  if (!items || items.length === 0)
    return (
      <p className="flex flex-col items-center gap-2 py-8 text-center text-sm text-muted" data-testid="flow-templates-empty">
        <Workflow size={24} aria-hidden /> {empty}
      </p>
    );
  return (
    <ul className="flex flex-col gap-3" data-testid="flow-templates">
      {items.map((template) => (
        <TemplateRow key={template.id} template={template} onDone={onDone} />
      ))}
    </ul>
  );
}

function TemplateRow({ template, onDone }: { template: FlowTemplateSummary; onDone(): void }) {
  const { t } = useTranslation('flowTemplates');
  const { manager, projectId, readOnly } = useCanvasSession();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.flowTemplate.pathKey() });
  const insert = useMutation(
    trpc.flowTemplate.insert.mutationOptions({
      onSuccess: () => {
        toast.success(t('panel.inserted', { name: template.name }), { duration: TOAST_DURATION_MS });
        refresh();
        onDone();
      },
    }),
  );
  const publish = useMutation(
    trpc.flowTemplate.publish.mutationOptions({
      onSuccess: (_data, { published }) => {
        toast.success(t(published ? 'panel.publishedDone' : 'panel.unpublishedDone', { name: template.name }), { duration: TOAST_DURATION_MS });
        refresh();
      },
    }),
  );
  const remove = useMutation(
    trpc.flowTemplate.remove.mutationOptions({
      onSuccess: () => {
        setConfirming(false);
        toast.success(t('panel.deleted', { name: template.name }), { duration: TOAST_DURATION_MS });
        refresh();
      },
    }),
  );
  const isPublic = template.visibility === 'public';

  return (
    <li className="overflow-hidden rounded-xl border border-border bg-surface" data-testid="flow-template-row" data-template-id={template.id} data-visibility={template.visibility}>
      <TemplatePreview template={template} eager className="aspect-[3/1]" />
      <div className="flex flex-col gap-2 p-3">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <p className="font-medium break-words">{template.name}</p>
            <p className="text-xs text-muted">
              {template.mine ? t('panel.mine') : t('detail.by', { name: template.author.name })} · {t(isPublic ? 'panel.public' : 'panel.private')}
            </p>
          </div>
          {!readOnly && (
            <Button
              size="sm"
              loading={insert.isPending}
              onClick={() => insert.mutate({ templateId: template.id, projectId, at: insertionPoint(manager.viewport.visibleRect(), estimatedSize(template.steps, template.inputs.length)) })}
              data-testid="flow-template-insert"
            >
              <Plus size={14} aria-hidden /> {t('panel.insert')}
            </Button>
          )}
        </div>
        {template.description && <p className="line-clamp-2 text-xs text-muted">{template.description}</p>}
        <KindChips kinds={template.kinds} />
        {template.mine && (
          <div className="flex flex-wrap gap-2 border-t border-border pt-2">
            <Button variant="outline" size="sm" loading={publish.isPending} onClick={() => publish.mutate({ templateId: template.id, published: !isPublic })} data-testid="flow-template-publish">
              {isPublic ? <Lock size={14} aria-hidden /> : <Globe size={14} aria-hidden />} {t(isPublic ? 'panel.unpublish' : 'panel.publish')}
            </Button>
            <Button variant="ghost" size="sm" className="text-danger" onClick={() => setConfirming(true)} data-testid="flow-template-delete">
              <Trash2 size={14} aria-hidden /> {t('panel.delete')}
            </Button>
          </div>
        )}
      </div>
      {confirming && (
        <Dialog open onOpenChange={(open) => !open && setConfirming(false)} title={t('panel.deleteTitle')} description={t('panel.deleteText', { name: template.name })}>
          <div className="flex justify-end gap-2" data-testid="flow-template-delete-confirm">
            <Button variant="outline" onClick={() => setConfirming(false)}>
              {t('save.cancel')}
            </Button>
            <Button variant="danger" loading={remove.isPending} onClick={() => remove.mutate({ templateId: template.id })} data-testid="flow-template-delete-yes">
              {t('panel.delete')}
            </Button>
          </div>
        </Dialog>
      )}
    </li>
  );
}
