/**
 * /app/admin/catalog: the template catalogue (shared/catalog) — categories, positions, special
 * topics and templates — each a table with create, edit and delete. The tab is kept in `?tab=`.
 */
import type { CategoryDto, PositionDto, SpecialTopicDto, TemplateDto } from '@tessera/shared/catalog';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/ui/Button.tsx';
import { cn } from '../../components/ui/cn.ts';
import { describeError } from '../../features/admin/adminErrors.ts';
import { AdminPageHeader, CARD, ConfirmDialog, EmptyState, ListSkeleton, QueryError, StatusBadge, TABLE, TD, TH, Thumb } from '../../features/admin/AdminUi.tsx';
import { CategoryForm, PositionForm, SpecialTopicForm, TemplateForm } from '../../features/admin/CatalogForms.tsx';
import { useAdminFormat } from '../../features/admin/useAdminFormat.ts';
import { toast } from '../../lib/toast.tsx';
import { useTRPC } from '../../lib/trpc.ts';

const TABS = ['categories', 'positions', 'topics', 'templates'] as const;
type Tab = (typeof TABS)[number];
const parseTab = (value: string | null): Tab => TABS.find((t) => t === value) ?? 'categories';

/** Which entity a tab edits (the i18n key and the delete mutation). */
const ENTITY = { categories: 'category', positions: 'position', topics: 'specialTopic', templates: 'template' } as const;

export function AdminCatalogPage() {
  const { t } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const tab = parseTab(params.get('tab'));

  return (
    <div data-testid="page-admin-catalog">
      <AdminPageHeader title={t('catalog.title')} subtitle={t('catalog.subtitle')} />
      <div role="tablist" aria-label={t('catalog.tabsLabel')} className="mt-6 flex gap-1 overflow-x-auto rounded-xl border border-border bg-surface p-1 sm:inline-flex">
        {TABS.map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            id={`catalog-tab-${key}`}
            aria-selected={key === tab}
            aria-controls="catalog-panel"
            className={cn('shrink-0 rounded-lg px-3 py-1.5 text-sm transition', key === tab ? 'bg-surface-2 font-medium text-fg' : 'text-muted hover:text-fg')}
            onClick={() => setParams(key === 'categories' ? {} : { tab: key }, { replace: true })}
            data-testid={`catalog-tab-${key}`}
          >
            {t(`catalog.tabs.${key}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="catalog-panel" aria-labelledby={`catalog-tab-${tab}`}>
        {tab === 'categories' && <CategoriesTab />}
        {tab === 'positions' && <PositionsTab />}
        {tab === 'topics' && <TopicsTab />}
        {tab === 'templates' && <TemplatesTab />}
      </div>
    </div>
  );
}

/** The toolbar, states and table frame of a tab. */
function TabFrame<T extends { id: string }>({
  tab,
  query,
  onNew,
  head,
  row,
}: {
  tab: Tab;
  query: { isPending: boolean; isError: boolean; error: unknown; isFetching: boolean; data: T[] | undefined; refetch: () => unknown };
  onNew: () => void;
  head: ReactNode;
  row: (item: T) => ReactNode;
}) {
  const { t } = useTranslation('admin');
  const entity = t(`catalog.entity.${ENTITY[tab]}`);
  return (
    <>
      <div className="mt-4 flex justify-end">
        <Button onClick={onNew} data-testid={`catalog-new-${ENTITY[tab]}`}>
          <Plus size={16} aria-hidden /> {t('catalog.new', { entity })}
        </Button>
      </div>
      {query.isPending ? (
        <ListSkeleton />
      ) : query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : !query.data?.length ? (
        <EmptyState title={t(`catalog.empty.${tab}`)} testId={`catalog-empty-${tab}`} />
      ) : (
        <div className={`${CARD} mt-4 overflow-x-auto`}>
          <table className={TABLE} data-testid={`catalog-table-${tab}`}>
            <caption className="sr-only">{t(`catalog.tabs.${tab}`)}</caption>
            <thead>
              <tr>
                {head}
                <th scope="col" className={`${TH} text-end`}>
                  <span className="sr-only">{t('catalog.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>{query.data.map((item) => row(item))}</tbody>
          </table>
        </div>
      )}
    </>
  );
}

function Th({ children, end }: { children: ReactNode; end?: boolean }) {
  return (
    <th scope="col" className={cn(TH, end && 'text-end')}>
      {children}
    </th>
  );
}

function RowActions({ label, onEdit, onDelete }: { label: string; onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <td className={`${TD} whitespace-nowrap text-end`}>
      <Button size="icon" variant="ghost" aria-label={t('catalog.editRow', { name: label })} onClick={onEdit} data-testid="catalog-edit">
        <Pencil size={16} aria-hidden />
      </Button>
      <Button size="icon" variant="ghost" className="hover:text-danger" aria-label={t('catalog.deleteRow', { name: label })} onClick={onDelete} data-testid="catalog-delete">
        <Trash2 size={16} aria-hidden />
      </Button>
    </td>
  );
}

type FormState<T> = { editing: T | null; key: number } | null;

/** Deletes a row after a confirm; a refusal (e.g. still in use) stays in the dialog. */
function DeleteDialog({ tab, target, onClose }: { tab: Tab; target: { id: string; name: string } | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const entity = t(`catalog.entity.${ENTITY[tab]}`);
  const options = {
    onSuccess: () => {
      toast.success(t('catalog.deleted', { entity, name: target?.name ?? '' }));
      void queryClient.invalidateQueries(trpc.admin.catalog.pathFilter());
      void queryClient.invalidateQueries(trpc.admin.audit.pathFilter());
      onClose();
    },
  };
  const mutations = {
    categories: useMutation({ ...trpc.admin.catalog.categories.delete.mutationOptions(options), meta: { skipError: true } }),
    positions: useMutation({ ...trpc.admin.catalog.positions.delete.mutationOptions(options), meta: { skipError: true } }),
    topics: useMutation({ ...trpc.admin.catalog.specialTopics.delete.mutationOptions(options), meta: { skipError: true } }),
    templates: useMutation({ ...trpc.admin.catalog.templates.delete.mutationOptions(options), meta: { skipError: true } }),
  };
  const mutation = mutations[tab];
  return (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={(open) => {
        if (!open) {
          mutation.reset();
          onClose();
        }
      }}
      title={t('catalog.deleteTitle', { entity, name: target?.name ?? '' })}
      description={t('catalog.deleteText', { id: target?.id ?? '' })}
      confirmLabel={t('actions.delete')}
      destructive
      pending={mutation.isPending}
      error={mutation.isError ? describeError(mutation.error).message : null}
      onConfirm={() => target && mutation.mutate({ id: target.id })}
    />
  );
}

function useCatalogTab<T extends { id: string }>() {
  const [form, setForm] = useState<FormState<T>>(null);
  const [deleting, setDeleting] = useState<{ id: string; name: string } | null>(null);
  return {
    form,
    openNew: () => setForm({ editing: null, key: Date.now() }),
    openEdit: (item: T) => setForm({ editing: item, key: Date.now() }),
    closeForm: () => setForm(null),
    deleting,
    setDeleting,
  };
}

function CategoriesTab() {
  const { t } = useTranslation('admin');
  const trpc = useTRPC();
  const query = useQuery({ ...trpc.admin.catalog.categories.list.queryOptions(), meta: { skipError: true } });
  const state = useCatalogTab<CategoryDto>();
  return (
    <>
      <TabFrame<CategoryDto>
        tab="categories"
        query={query}
        onNew={state.openNew}
        head={
          <>
            <Th>{t('catalog.field.id')}</Th>
            <Th>{t('catalog.field.name')}</Th>
            <Th>{t('catalog.field.type')}</Th>
            <Th end>{t('catalog.field.sortOrder')}</Th>
            <Th end>{t('catalog.field.templateCount')}</Th>
          </>
        }
        row={(c) => (
          <tr key={c.id} data-testid="catalog-row" data-id={c.id}>
            <td className={`${TD} font-mono text-xs`}>{c.id}</td>
            <td className={TD}>{c.name}</td>
            <td className={TD}>{t(`catalog.type.${c.type}`)}</td>
            <td className={`${TD} text-end tabular-nums`}>{c.sortOrder}</td>
            <td className={`${TD} text-end tabular-nums`}>{c.templateCount}</td>
            <RowActions label={c.name} onEdit={() => state.openEdit(c)} onDelete={() => state.setDeleting({ id: c.id, name: c.name })} />
          </tr>
        )}
      />
      {state.form && <CategoryForm key={state.form.key} editing={state.form.editing} onClose={state.closeForm} />}
      <DeleteDialog tab="categories" target={state.deleting} onClose={() => state.setDeleting(null)} />
    </>
  );
}

/** Categories for the forms' category selects. */
function useCategories() {
  const trpc = useTRPC();
  return useQuery({ ...trpc.admin.catalog.categories.list.queryOptions(), meta: { skipError: true } }).data ?? [];
}

function PositionsTab() {
  const { t } = useTranslation('admin');
  const trpc = useTRPC();
  const query = useQuery({ ...trpc.admin.catalog.positions.list.queryOptions(), meta: { skipError: true } });
  const categories = useCategories();
  const state = useCatalogTab<PositionDto>();
  return (
    <>
      <TabFrame<PositionDto>
        tab="positions"
        query={query}
        onNew={state.openNew}
        head={
          <>
            <Th>{t('catalog.field.id')}</Th>
            <Th>{t('catalog.field.name')}</Th>
            <Th>{t('catalog.field.type')}</Th>
            <Th>{t('catalog.field.category')}</Th>
            <Th>{t('catalog.field.templateIds')}</Th>
          </>
        }
        row={(p) => (
          <tr key={p.id} data-testid="catalog-row" data-id={p.id}>
            <td className={`${TD} font-mono text-xs`}>{p.id}</td>
            <td className={TD}>{p.name}</td>
            <td className={TD}>{t(`catalog.type.${p.type}`)}</td>
            <td className={`${TD} font-mono text-xs`}>{p.categoryId}</td>
            <td className={`${TD} max-w-72 text-xs text-muted`}>{p.templateIds.join(', ') || '—'}</td>
            <RowActions label={p.name} onEdit={() => state.openEdit(p)} onDelete={() => state.setDeleting({ id: p.id, name: p.name })} />
          </tr>
        )}
      />
      {state.form && <PositionForm key={state.form.key} editing={state.form.editing} onClose={state.closeForm} categories={categories} />}
      <DeleteDialog tab="positions" target={state.deleting} onClose={() => state.setDeleting(null)} />
    </>
  );
}

function TopicsTab() {
  const { t } = useTranslation('admin');
  const trpc = useTRPC();
  const format = useAdminFormat();
  const query = useQuery({ ...trpc.admin.catalog.specialTopics.list.queryOptions(), meta: { skipError: true } });
  const state = useCatalogTab<SpecialTopicDto>();
  return (
    <>
      <TabFrame<SpecialTopicDto>
        tab="topics"
        query={query}
        onNew={state.openNew}
        head={
          <>
            <Th>{t('catalog.field.id')}</Th>
            <Th>{t('catalog.field.title')}</Th>
            <Th>{t('catalog.field.templateIds')}</Th>
            <Th>{t('catalog.field.window')}</Th>
          </>
        }
        row={(s) => (
          <tr key={s.id} data-testid="catalog-row" data-id={s.id}>
            <td className={`${TD} font-mono text-xs`}>{s.id}</td>
            <td className={TD}>
              {s.title}
              {s.description && <p className="mt-0.5 text-xs text-muted">{s.description}</p>}
            </td>
            <td className={`${TD} max-w-72 text-xs text-muted`}>{s.templateIds.join(', ') || '—'}</td>
            <td className={`${TD} text-xs`}>
              {s.startsAt || s.endsAt ? t('catalog.window', { from: s.startsAt ? format.dateTime(s.startsAt) : '…', to: s.endsAt ? format.dateTime(s.endsAt) : '…' }) : t('catalog.always')}
            </td>
            <RowActions label={s.title} onEdit={() => state.openEdit(s)} onDelete={() => state.setDeleting({ id: s.id, name: s.title })} />
          </tr>
        )}
      />
      {state.form && <SpecialTopicForm key={state.form.key} editing={state.form.editing} onClose={state.closeForm} />}
      <DeleteDialog tab="topics" target={state.deleting} onClose={() => state.setDeleting(null)} />
    </>
  );
}

/** A template's preview: video previews play muted while pointed at or focused. */
function Preview({ template }: { template: TemplateDto }) {
  const { t } = useTranslation('admin');
  const label = t('catalog.preview', { name: template.name });
  if (template.previewMediaType === 'video') {
    return (
      <video
        src={template.previewUrl}
        muted
        loop
        playsInline
        preload="metadata"
        aria-label={label}
        className="h-14 w-14 rounded-md bg-surface-2 object-cover"
        onMouseEnter={(e) => void e.currentTarget.play().catch(() => undefined)}
        onMouseLeave={(e) => e.currentTarget.pause()}
        data-testid="template-preview"
      />
    );
  }
  return <Thumb src={template.previewUrl} alt={label} className="h-14 w-14 rounded-md bg-surface-2 object-cover" testId="template-preview" />;
}

function TemplatesTab() {
  const { t } = useTranslation('admin');
  const trpc = useTRPC();
  const query = useQuery({ ...trpc.admin.catalog.templates.list.queryOptions(), meta: { skipError: true } });
  const categories = useCategories();
  const state = useCatalogTab<TemplateDto>();
  return (
    <>
      <TabFrame<TemplateDto>
        tab="templates"
        query={query}
        onNew={state.openNew}
        head={
          <>
            <Th>{t('catalog.field.preview')}</Th>
            <Th>{t('catalog.field.name')}</Th>
            <Th>{t('catalog.field.type')}</Th>
            <Th>{t('catalog.field.category')}</Th>
            <Th>{t('catalog.field.recipe')}</Th>
            <Th end>{t('catalog.field.cost')}</Th>
            <Th>{t('catalog.field.status')}</Th>
            <Th end>{t('catalog.field.usage')}</Th>
          </>
        }
        row={(tpl) => (
          <tr key={tpl.id} data-testid="catalog-row" data-id={tpl.id}>
            <td className={TD}>
              <Preview template={tpl} />
            </td>
            <td className={TD}>
              <span className="font-medium">{tpl.name}</span>
              <span className="block font-mono text-xs text-muted">{tpl.id}</span>
              {tpl.tags.length > 0 && <span className="block text-xs text-muted">{tpl.tags.join(', ')}</span>}
            </td>
            <td className={TD}>{t(`catalog.type.${tpl.type}`)}</td>
            <td className={`${TD} font-mono text-xs`}>{tpl.categoryId}</td>
            <td className={`${TD} font-mono text-xs`}>{tpl.recipe}</td>
            <td className={`${TD} text-end tabular-nums`}>{tpl.cost}</td>
            <td className={TD}>
              <StatusBadge status={tpl.status} />
            </td>
            <td className={`${TD} text-end tabular-nums`}>{tpl.usageCount}</td>
            <RowActions label={tpl.name} onEdit={() => state.openEdit(tpl)} onDelete={() => state.setDeleting({ id: tpl.id, name: tpl.name })} />
          </tr>
        )}
      />
      {state.form && <TemplateForm key={state.form.key} editing={state.form.editing} onClose={state.closeForm} categories={categories} />}
      <DeleteDialog tab="templates" target={state.deleting} onClose={() => state.setDeleting(null)} />
    </>
  );
}
