/**
 * A template kind's step (photo effect, video effect, product scene, model fitting) takes a
 * template, not a free-text id (issue 24): the inspector offers the catalogue's active templates
 * of the kind — the `catalog.templates` list the easy-mode pages show — by name, with the chosen
 * one's preview. A template no longer listed (retired, or from an older flow) stays shown by id.
 */
import { TEMPLATE_KIND, TEMPLATE_TYPES, type TemplateType } from '@tessera/shared/catalog';
import type { TemplateGenerationKind } from '@tessera/shared/generation';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useTRPC } from '../../lib/trpc.ts';
import { listInput } from '../effects/effectRules.ts';

/** The template types whose templates a step of `kind` runs. */
export function templateTypesOf(kind: TemplateGenerationKind): TemplateType[] {
  return TEMPLATE_TYPES.filter((type) => TEMPLATE_KIND[type] === kind);
}

/** How many templates the picker lists (the catalogue's page limit). */
const LIMIT = 60;

export function TemplateSelect({
  id,
  kind,
  value,
  disabled,
  className,
  onChange,
}: {
  id: string;
  kind: TemplateGenerationKind;
  value: string | undefined;
  disabled: boolean;
  className: string;
  onChange(id: string | undefined): void;
}) {
  const { t } = useTranslation('flows');
  const trpc = useTRPC();
  const list = useQuery({ ...trpc.catalog.templates.queryOptions(listInput(templateTypesOf(kind), { limit: LIMIT })), staleTime: 5 * 60_000 });
  const items = list.data?.items ?? [];
  const chosen = items.find((template) => template.id === value);
  return (
    <>
      <select
        id={id}
        className={className}
        value={value ?? ''}
        disabled={disabled || list.isPending}
        aria-busy={list.isPending}
        data-testid="flow-setting-templateId"
        onChange={(e) => onChange(e.target.value || undefined)}
      >
        <option value="">{list.isPending ? t('inspector.templatesLoading') : items.length === 0 ? t('inspector.templatesNone') : t('inspector.pick')}</option>
        {items.map((template) => (
          <option key={template.id} value={template.id}>
            {template.pro ? `${template.name} · PRO` : template.name}
          </option>
        ))}
        {value && !chosen && !list.isPending && <option value={value}>{value}</option>}
      </select>
      {chosen &&
        (chosen.previewMediaType === 'video' ? (
          <video src={chosen.previewUrl} muted loop autoPlay playsInline className="h-20 w-20 rounded-lg bg-black object-cover" aria-hidden />
        ) : (
          <img src={chosen.previewUrl} alt="" loading="lazy" className="h-20 w-20 rounded-lg bg-surface-2 object-cover" />
        ))}
    </>
  );
}
