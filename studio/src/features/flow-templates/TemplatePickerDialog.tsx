/**
 * "Start from a template" on the Projects page: the published templates and my own in two tabs;
 * a card opens its detail, whose "Use this flow" starts a new project from it. My own are read
 * through a project I belong to (`flowTemplate.list` answers that project's and the caller's).
 */
import type { FlowTemplateSummary } from '@tessera/shared/flows/templates';
import { useQuery } from '@tanstack/react-query';
import { Tabs } from 'radix-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { TemplateDetailDialog } from './TemplateDetailDialog.tsx';
import { TemplateGrid } from './TemplateGrid.tsx';
import { usePublishedTemplates } from './usePublishedTemplates.ts';

type Tab = 'published' | 'mine';
const TAB_CLASS = 'rounded-lg px-4 py-1.5 text-sm text-muted transition data-[state=active]:bg-surface-2 data-[state=active]:text-fg focus-visible:outline-2 focus-visible:outline-accent';

export function TemplatePickerDialog({ projectId, onClose }: { projectId: string | null; onClose(): void }) {
  const { t } = useTranslation('flowTemplates');
  const trpc = useTRPC();
  const [tab, setTab] = useState<Tab>('published');
  const [open, setOpen] = useState<FlowTemplateSummary | null>(null);
  const published = usePublishedTemplates({ sort: 'popular' });
  const mine = useQuery({ ...trpc.flowTemplate.list.queryOptions({ projectId: projectId ?? '' }), enabled: Boolean(projectId) && tab === 'mine', meta: { skipError: true } });

  if (open) return <TemplateDetailDialog template={open} onClose={() => setOpen(null)} />;
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={t('picker.title')} description={t('picker.description')} className="max-h-[calc(100dvh-2rem)] max-w-3xl overflow-y-auto">
      <Tabs.Root value={tab} onValueChange={(value) => setTab(value as Tab)} data-testid="flow-template-picker">
        <Tabs.List aria-label={t('panel.tabs')} className="mb-4 inline-flex gap-1 rounded-xl border border-border bg-surface p-1">
          <Tabs.Trigger value="published" className={TAB_CLASS} data-testid="flow-template-picker-published">
            {t('panel.published')}
          </Tabs.Trigger>
          {projectId && (
            <Tabs.Trigger value="mine" className={TAB_CLASS} data-testid="flow-template-picker-mine">
              {t('picker.mine')}
            </Tabs.Trigger>
          )}
        </Tabs.List>
        <Tabs.Content value="published">
          <TemplateGrid
            compact
            items={published.data?.pages.flatMap((p) => p.items)}
            loading={published.isPending}
            error={published.isError}
            retry={() => void published.refetch()}
            onOpen={setOpen}
            empty={{ title: t('explore.emptyTitle'), text: t('explore.emptyText') }}
            more={{ has: Boolean(published.hasNextPage), loading: published.isFetchingNextPage, failed: published.isFetchNextPageError, load: () => void published.fetchNextPage() }}
          />
        </Tabs.Content>
        {projectId && (
          <Tabs.Content value="mine">
            <TemplateGrid
              compact
              items={mine.data?.filter((template) => template.mine)}
              loading={mine.isPending}
              error={mine.isError}
              retry={() => void mine.refetch()}
              onOpen={setOpen}
              empty={{ title: t('picker.emptyMineTitle'), text: t('picker.emptyMineText') }}
            />
          </Tabs.Content>
        )}
      </Tabs.Root>
    </Dialog>
  );
}
