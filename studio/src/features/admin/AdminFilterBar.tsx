/**
 * The filter bar of the tasks and creations lists: user (id or e-mail), kind, status, from/to
 * (UTC days). Edits stay local until "Apply" so typing an e-mail does not query per keystroke;
 * the page keeps the applied filters in the URL (adminFilters.ts). Remount it (key) when the
 * URL changes to pick the new values up.
 */
import { GENERATION_KINDS } from '@tessera/shared/generation';
import { Filter, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { cn } from '../../components/ui/cn.ts';
import { type AdminListFilters, hasFilters, isInvertedRange } from './adminFilters.ts';
import { CARD, CONTROL, Field } from './AdminUi.tsx';

const KINDS = Object.keys(GENERATION_KINDS);

export function AdminFilterBar({
  value,
  statuses,
  statusLabel,
  onApply,
}: {
  value: AdminListFilters;
  statuses: readonly string[];
  statusLabel: string;
  onApply: (filters: AdminListFilters) => void;
}) {
  const { t } = useTranslation('admin');
  const [draft, setDraft] = useState<AdminListFilters>(value);
  const set = (key: keyof AdminListFilters) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: e.target.value }));
  const inverted = isInvertedRange(draft);

  return (
    <form
      className={cn(CARD, 'mt-6 grid grid-cols-1 gap-3 p-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_1fr_auto] lg:items-end')}
      aria-label={t('filters.label')}
      onSubmit={(event) => {
        event.preventDefault();
        if (!inverted) onApply(draft);
      }}
      data-testid="admin-filters"
    >
      <Field label={t('filters.user')}>
        {(props) => (
          <input {...props} className={CONTROL} value={draft.user ?? ''} onChange={set('user')} placeholder={t('filters.userPlaceholder')} maxLength={200} data-testid="filter-user" />
        )}
      </Field>
      <Field label={t('filters.kind')}>
        {(props) => (
          <select {...props} className={CONTROL} value={draft.kind ?? ''} onChange={set('kind')} data-testid="filter-kind">
            <option value="">{t('filters.any')}</option>
            {KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`common:kinds.${k}`, { defaultValue: k.replaceAll('_', ' ') })}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={statusLabel}>
        {(props) => (
          <select {...props} className={CONTROL} value={draft.status ?? ''} onChange={set('status')} data-testid="filter-status">
            <option value="">{t('filters.any')}</option>
            {statuses.map((s) => (
              <option key={s} value={s}>
                {t(`statuses.${s}`, { defaultValue: s })}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('filters.from')}>
        {(props) => <input {...props} type="date" className={CONTROL} value={draft.from ?? ''} onChange={set('from')} data-testid="filter-from" />}
      </Field>
      <Field label={t('filters.to')} error={inverted ? t('filters.inverted') : undefined}>
        {(props) => <input {...props} type="date" className={CONTROL} value={draft.to ?? ''} onChange={set('to')} data-testid="filter-to" />}
      </Field>
      <div className="flex gap-2 sm:col-span-2 lg:col-span-1">
        <Button type="submit" disabled={inverted} data-testid="filter-apply">
          <Filter size={16} aria-hidden /> {t('filters.apply')}
        </Button>
        {hasFilters(value) && (
          <Button
            type="button"
            variant="ghost"
            onClick={() => {
              setDraft({});
              onApply({});
            }}
            data-testid="filter-clear"
          >
            <X size={16} aria-hidden /> {t('filters.clear')}
          </Button>
        )}
      </div>
      <p className="text-xs text-muted sm:col-span-2 lg:col-span-6">{t('filters.utc')}</p>
    </form>
  );
}
