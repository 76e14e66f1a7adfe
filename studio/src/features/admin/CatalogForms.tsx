/**
 * Create/edit dialogs for the catalogue (shared/catalog schemas): categories, positions, special
 * topics and templates. Input is checked with the same zod schema the server uses, then sent;
 * what the server refuses (§8: "Template already exists.", "Category not found.", "A position or
 * template type must match its category type.") is shown inside the form. Mount a dialog only
 * while it is open (with a key) so each opening starts from the row being edited.
 */
import {
  type CategoryDto,
  type PositionDto,
  type SpecialTopicDto,
  TEMPLATE_STATUSES,
  TEMPLATE_TYPES,
  type TemplateDto,
  type TemplateType,
  zCategoryInput,
  zPositionInput,
  zSpecialTopicInput,
  zTemplateInput,
} from '@tessera/shared/catalog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { toast } from '../../lib/toast.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { describeError, issuesByField } from './adminErrors.ts';
import { CONTROL, Field, FormError, TEXTAREA } from './AdminUi.tsx';
import { formatList, formatOptionsJson, isoToLocalInput, localInputToIso, parseList, parseOptionsJson } from './catalogFormValues.ts';
import { fieldErrors, type IssueLike } from './formIssues.ts';

interface FormProps<T> {
  /** The row being edited, or null to create one. */
  editing: T | null;
  onClose: () => void;
}

type Errors = Record<string, string>;

/** The dialog, form and buttons every catalogue form shares. */
function FormDialog({
  title,
  onClose,
  onSubmit,
  pending,
  serverError,
  testId,
  children,
}: {
  title: string;
  onClose: () => void;
  onSubmit: () => void;
  pending: boolean;
  serverError: string | null;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={title} className="max-h-[calc(100vh-2rem)] max-w-2xl overflow-y-auto">
      <form
        className="flex flex-col gap-4"
        noValidate
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          onSubmit();
        }}
        data-testid={testId}
      >
        <div className="grid gap-4 sm:grid-cols-2">{children}</div>
        <FormError message={serverError} />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={pending} data-testid="catalog-save">
            {t('actions.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/**
 * Create or update through the entity's mutations; on success the catalogue lists refresh and
 * the dialog closes, on failure the message (and any field issues) stay in the form.
 */
function useSave(kind: 'category' | 'position' | 'specialTopic' | 'template', editing: boolean, onClose: () => void) {
  const { t } = useTranslation('admin');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<Errors>({});
  const onSuccess = () => {
    toast.success(t(editing ? 'catalog.updated' : 'catalog.created', { entity: t(`catalog.entity.${kind}`) }));
    void queryClient.invalidateQueries(trpc.admin.catalog.pathFilter());
    void queryClient.invalidateQueries(trpc.admin.audit.pathFilter());
    onClose();
  };
  const onError = (error: unknown) => setErrors(issuesByField(describeError(error).issues));
  const check = (issues: readonly IssueLike[]) => setErrors(fieldErrors(issues, t));
  return { errors, setErrors, onSuccess, onError, check };
}

const numberOrNaN = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

function TypeSelect({ value, onChange, error }: { value: string; onChange: (type: TemplateType) => void; error?: string | undefined }) {
  const { t } = useTranslation('admin');
  return (
    <Field label={t('catalog.field.type')} error={error}>
      {(props) => (
        <select {...props} className={CONTROL} value={value} onChange={(e) => onChange(e.target.value as TemplateType)} data-testid="field-type">
          {TEMPLATE_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`catalog.type.${type}`)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** Categories of `type` only: a position or template must share its category's type. */
function CategorySelect({ categories, type, value, onChange, error }: { categories: CategoryDto[]; type: string; value: string; onChange: (id: string) => void; error?: string | undefined }) {
  const { t } = useTranslation('admin');
  const options = categories.filter((c) => c.type === type);
  return (
    <Field label={t('catalog.field.category')} error={error} hint={options.length === 0 ? t('catalog.noCategoryOfType') : undefined}>
      {(props) => (
        <select {...props} className={CONTROL} value={value} onChange={(e) => onChange(e.target.value)} data-testid="field-category">
          <option value="">{t('catalog.chooseCategory')}</option>
          {options.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name} ({c.id})
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

function IdField({ value, onChange, editing, error }: { value: string; onChange: (id: string) => void; editing: boolean; error?: string | undefined }) {
  const { t } = useTranslation('admin');
  return (
    <Field label={t('catalog.field.id')} error={error} hint={editing ? t('catalog.idFixed') : t('catalog.idHint')}>
      {(props) => (
        <input {...props} className={CONTROL} value={value} onChange={(e) => onChange(e.target.value)} readOnly={editing} maxLength={64} autoComplete="off" data-testid="field-id" />
      )}
    </Field>
  );
}

export function CategoryForm({ editing, onClose }: FormProps<CategoryDto>) {
  const { t } = useTranslation('admin');
  const trpc = useTRPC();
  const [v, setV] = useState({ id: editing?.id ?? '', type: editing?.type ?? TEMPLATE_TYPES[0], name: editing?.name ?? '', sortOrder: String(editing?.sortOrder ?? 0) });
  const save = useSave('category', Boolean(editing), onClose);
  const create = useMutation({ ...trpc.admin.catalog.categories.create.mutationOptions({ onSuccess: save.onSuccess, onError: save.onError }), meta: { skipError: true } });
  const update = useMutation({ ...trpc.admin.catalog.categories.update.mutationOptions({ onSuccess: save.onSuccess, onError: save.onError }), meta: { skipError: true } });
  const mutation = editing ? update : create;
  const submit = () => {
    const parsed = zCategoryInput.safeParse({ ...v, sortOrder: numberOrNaN(v.sortOrder) });
    if (!parsed.success) return save.check(parsed.error.issues);
    save.setErrors({});
    mutation.mutate(parsed.data);
  };
  const e = save.errors;
  return (
    <FormDialog
      title={editing ? t('catalog.edit', { entity: t('catalog.entity.category') }) : t('catalog.new', { entity: t('catalog.entity.category') })}
      onClose={onClose}
      onSubmit={submit}
      pending={mutation.isPending}
      serverError={mutation.isError ? describeError(mutation.error).message : null}
      testId="category-form"
    >
      <IdField value={v.id} onChange={(id) => setV({ ...v, id })} editing={Boolean(editing)} error={e.id} />
      <TypeSelect value={v.type} onChange={(type) => setV({ ...v, type })} error={e.type} />
      <Field label={t('catalog.field.name')} error={e.name}>
        {(props) => <input {...props} className={CONTROL} value={v.name} onChange={(ev) => setV({ ...v, name: ev.target.value })} maxLength={80} data-testid="field-name" />}
      </Field>
      <Field label={t('catalog.field.sortOrder')} error={e.sortOrder}>
        {(props) => <input {...props} type="number" min={0} max={10000} className={CONTROL} value={v.sortOrder} onChange={(ev) => setV({ ...v, sortOrder: ev.target.value })} />}
      </Field>
    </FormDialog>
  );
}

export function PositionForm({ editing, onClose, categories }: FormProps<PositionDto> & { categories: CategoryDto[] }) {
  const { t } = useTranslation('admin');
  const trpc = useTRPC();
  const [v, setV] = useState({
    id: editing?.id ?? '',
    type: editing?.type ?? TEMPLATE_TYPES[0],
    categoryId: editing?.categoryId ?? '',
    name: editing?.name ?? '',
    templateIds: formatList(editing?.templateIds ?? []),
  });
  const save = useSave('position', Boolean(editing), onClose);
  const create = useMutation({ ...trpc.admin.catalog.positions.create.mutationOptions({ onSuccess: save.onSuccess, onError: save.onError }), meta: { skipError: true } });
  const update = useMutation({ ...trpc.admin.catalog.positions.update.mutationOptions({ onSuccess: save.onSuccess, onError: save.onError }), meta: { skipError: true } });
  const mutation = editing ? update : create;
  const submit = () => {
    const parsed = zPositionInput.safeParse({ ...v, templateIds: parseList(v.templateIds) });
    if (!parsed.success) return save.check(parsed.error.issues);
    save.setErrors({});
    mutation.mutate(parsed.data);
  };
  const e = save.errors;
  return (
    <FormDialog
      title={editing ? t('catalog.edit', { entity: t('catalog.entity.position') }) : t('catalog.new', { entity: t('catalog.entity.position') })}
      onClose={onClose}
      onSubmit={submit}
      pending={mutation.isPending}
      serverError={mutation.isError ? describeError(mutation.error).message : null}
      testId="position-form"
    >
      <IdField value={v.id} onChange={(id) => setV({ ...v, id })} editing={Boolean(editing)} error={e.id} />
      <Field label={t('catalog.field.name')} error={e.name}>
        {(props) => <input {...props} className={CONTROL} value={v.name} onChange={(ev) => setV({ ...v, name: ev.target.value })} maxLength={80} data-testid="field-name" />}
      </Field>
      <TypeSelect value={v.type} onChange={(type) => setV({ ...v, type, categoryId: categories.some((c) => c.id === v.categoryId && c.type === type) ? v.categoryId : '' })} error={e.type} />
      <CategorySelect categories={categories} type={v.type} value={v.categoryId} onChange={(categoryId) => setV({ ...v, categoryId })} error={e.categoryId} />
      <Field label={t('catalog.field.templateIds')} hint={t('catalog.listHint')} error={e.templateIds} className="sm:col-span-2">
        {(props) => <textarea {...props} rows={3} className={TEXTAREA} value={v.templateIds} onChange={(ev) => setV({ ...v, templateIds: ev.target.value })} />}
      </Field>
    </FormDialog>
  );
}

export function SpecialTopicForm({ editing, onClose }: FormProps<SpecialTopicDto>) {
  const { t } = useTranslation('admin');
  const trpc = useTRPC();
  const [v, setV] = useState({
    id: editing?.id ?? '',
    title: editing?.title ?? '',
    description: editing?.description ?? '',
    templateIds: formatList(editing?.templateIds ?? []),
    startsAt: isoToLocalInput(editing?.startsAt ?? null),
    endsAt: isoToLocalInput(editing?.endsAt ?? null),
  });
  const save = useSave('specialTopic', Boolean(editing), onClose);
  const create = useMutation({ ...trpc.admin.catalog.specialTopics.create.mutationOptions({ onSuccess: save.onSuccess, onError: save.onError }), meta: { skipError: true } });
  const update = useMutation({ ...trpc.admin.catalog.specialTopics.update.mutationOptions({ onSuccess: save.onSuccess, onError: save.onError }), meta: { skipError: true } });
  const mutation = editing ? update : create;
  const submit = () => {
    const startsAt = localInputToIso(v.startsAt);
    const endsAt = localInputToIso(v.endsAt);
    const parsed = zSpecialTopicInput.safeParse({ ...v, templateIds: parseList(v.templateIds), startsAt, endsAt });
    if (!parsed.success) return save.check(parsed.error.issues);
    if (startsAt && endsAt && endsAt <= startsAt) return save.setErrors({ endsAt: t('catalog.endsBeforeStart') });
    save.setErrors({});
    mutation.mutate(parsed.data);
  };
  const e = save.errors;
  return (
    <FormDialog
      title={editing ? t('catalog.edit', { entity: t('catalog.entity.specialTopic') }) : t('catalog.new', { entity: t('catalog.entity.specialTopic') })}
      onClose={onClose}
      onSubmit={submit}
      pending={mutation.isPending}
      serverError={mutation.isError ? describeError(mutation.error).message : null}
      testId="topic-form"
    >
      <IdField value={v.id} onChange={(id) => setV({ ...v, id })} editing={Boolean(editing)} error={e.id} />
      <Field label={t('catalog.field.title')} error={e.title}>
        {(props) => <input {...props} className={CONTROL} value={v.title} onChange={(ev) => setV({ ...v, title: ev.target.value })} maxLength={80} data-testid="field-title" />}
      </Field>
      <Field label={t('catalog.field.description')} error={e.description} className="sm:col-span-2">
        {(props) => <textarea {...props} rows={2} maxLength={500} className={TEXTAREA} value={v.description} onChange={(ev) => setV({ ...v, description: ev.target.value })} />}
      </Field>
      <Field label={t('catalog.field.templateIds')} hint={t('catalog.listHint')} error={e.templateIds} className="sm:col-span-2">
        {(props) => <textarea {...props} rows={3} className={TEXTAREA} value={v.templateIds} onChange={(ev) => setV({ ...v, templateIds: ev.target.value })} />}
      </Field>
      <Field label={t('catalog.field.startsAt')} hint={t('catalog.localTime')} error={e.startsAt}>
        {(props) => <input {...props} type="datetime-local" className={CONTROL} value={v.startsAt} onChange={(ev) => setV({ ...v, startsAt: ev.target.value })} />}
      </Field>
      <Field label={t('catalog.field.endsAt')} hint={t('catalog.localTime')} error={e.endsAt}>
        {(props) => <input {...props} type="datetime-local" className={CONTROL} value={v.endsAt} onChange={(ev) => setV({ ...v, endsAt: ev.target.value })} />}
      </Field>
    </FormDialog>
  );
}

export function TemplateForm({ editing, onClose, categories }: FormProps<TemplateDto> & { categories: CategoryDto[] }) {
  const { t } = useTranslation('admin');
  const trpc = useTRPC();
  const [v, setV] = useState({
    id: editing?.id ?? '',
    type: editing?.type ?? TEMPLATE_TYPES[0],
    categoryId: editing?.categoryId ?? '',
    name: editing?.name ?? '',
    description: editing?.description ?? '',
    recipe: editing?.recipe ?? '',
    options: formatOptionsJson(editing?.options ?? {}),
    cost: String(editing?.cost ?? ''),
    status: editing?.status ?? TEMPLATE_STATUSES[0],
    sortOrder: String(editing?.sortOrder ?? 0),
    tags: formatList(editing?.tags ?? []),
  });
  const save = useSave('template', Boolean(editing), onClose);
  const create = useMutation({ ...trpc.admin.catalog.templates.create.mutationOptions({ onSuccess: save.onSuccess, onError: save.onError }), meta: { skipError: true } });
  const update = useMutation({ ...trpc.admin.catalog.templates.update.mutationOptions({ onSuccess: save.onSuccess, onError: save.onError }), meta: { skipError: true } });
  const mutation = editing ? update : create;
  const submit = () => {
    const options = parseOptionsJson(v.options);
    const parsed = zTemplateInput.safeParse({
      ...v,
      options: options.ok ? options.value : {},
      cost: numberOrNaN(v.cost),
      sortOrder: numberOrNaN(v.sortOrder),
      tags: parseList(v.tags, { spaces: false }),
    });
    const errors: Errors = parsed.success ? {} : fieldErrors(parsed.error.issues, t);
    if (!options.ok) errors.options = t(`catalog.options.${options.code}`, { key: 'key' in options ? options.key : '' });
    save.setErrors(errors);
    if (!parsed.success || !options.ok) return;
    mutation.mutate(parsed.data);
  };
  const e = save.errors;
  return (
    <FormDialog
      title={editing ? t('catalog.edit', { entity: t('catalog.entity.template') }) : t('catalog.new', { entity: t('catalog.entity.template') })}
      onClose={onClose}
      onSubmit={submit}
      pending={mutation.isPending}
      serverError={mutation.isError ? describeError(mutation.error).message : null}
      testId="template-form"
    >
      <IdField value={v.id} onChange={(id) => setV({ ...v, id })} editing={Boolean(editing)} error={e.id} />
      <Field label={t('catalog.field.name')} error={e.name}>
        {(props) => <input {...props} className={CONTROL} value={v.name} onChange={(ev) => setV({ ...v, name: ev.target.value })} maxLength={80} data-testid="field-name" />}
      </Field>
      <TypeSelect value={v.type} onChange={(type) => setV({ ...v, type, categoryId: categories.some((c) => c.id === v.categoryId && c.type === type) ? v.categoryId : '' })} error={e.type} />
      <CategorySelect categories={categories} type={v.type} value={v.categoryId} onChange={(categoryId) => setV({ ...v, categoryId })} error={e.categoryId} />
      <Field label={t('catalog.field.recipe')} hint={t('catalog.recipeHint')} error={e.recipe}>
        {(props) => <input {...props} className={CONTROL} value={v.recipe} onChange={(ev) => setV({ ...v, recipe: ev.target.value })} maxLength={64} autoComplete="off" data-testid="field-recipe" />}
      </Field>
      <Field label={t('catalog.field.cost')} error={e.cost}>
        {(props) => (
          <input {...props} type="number" min={0} max={1000} inputMode="numeric" className={CONTROL} value={v.cost} onChange={(ev) => setV({ ...v, cost: ev.target.value })} data-testid="field-cost" />
        )}
      </Field>
      <Field label={t('catalog.field.status')} error={e.status}>
        {(props) => (
          <select {...props} className={CONTROL} value={v.status} onChange={(ev) => setV({ ...v, status: ev.target.value as (typeof TEMPLATE_STATUSES)[number] })} data-testid="field-status">
            {TEMPLATE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`statuses.${s}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('catalog.field.sortOrder')} error={e.sortOrder}>
        {(props) => <input {...props} type="number" min={0} max={10000} className={CONTROL} value={v.sortOrder} onChange={(ev) => setV({ ...v, sortOrder: ev.target.value })} />}
      </Field>
      <Field label={t('catalog.field.description')} error={e.description} className="sm:col-span-2">
        {(props) => <textarea {...props} rows={2} maxLength={500} className={TEXTAREA} value={v.description} onChange={(ev) => setV({ ...v, description: ev.target.value })} />}
      </Field>
      <Field label={t('catalog.field.tags')} hint={t('catalog.tagsHint')} error={e.tags} className="sm:col-span-2">
        {(props) => <input {...props} className={CONTROL} value={v.tags} onChange={(ev) => setV({ ...v, tags: ev.target.value })} data-testid="field-tags" />}
      </Field>
      <Field label={t('catalog.field.options')} hint={t('catalog.optionsHint')} error={e.options} className="sm:col-span-2">
        {(props) => (
          <textarea
            {...props}
            rows={5}
            spellCheck={false}
            className={`${TEXTAREA} font-mono`}
            value={v.options}
            onChange={(ev) => setV({ ...v, options: ev.target.value })}
            placeholder='{ "seconds": 4 }'
            data-testid="field-options"
          />
        )}
      </Field>
    </FormDialog>
  );
}
