/**
 * The kind switcher of a video page (/app/ai-video, /app/ai-avatar): one tab per form spec, kept
 * in `?kind=` so a link can open a given form; each tab holds its own VideoKindForm.
 */
import { Tabs } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { VideoKindForm } from './VideoKindForm.tsx';
import type { VideoFormSpec } from './videoForms.ts';

export function FormSwitcher({ forms, label, labelOf }: { forms: readonly VideoFormSpec[]; label: string; labelOf(id: string): string }) {
  const { t } = useTranslation('videoForms');
  const [search, setSearch] = useSearchParams();
  const current = forms.find((f) => f.id === search.get('kind')) ?? forms[0]!;
  return (
    <Tabs.Root value={current.id} onValueChange={(id) => setSearch(id === forms[0]!.id ? {} : { kind: id }, { replace: true })} className="mt-8">
      <Tabs.List aria-label={label} className="flex max-w-full gap-1 overflow-x-auto rounded-xl border border-border bg-surface p-1 sm:inline-flex">
        {forms.map((form) => (
          <Tabs.Trigger
            key={form.id}
            value={form.id}
            className="shrink-0 rounded-lg px-4 py-2 text-sm text-muted transition focus-visible:outline-2 focus-visible:outline-accent data-[state=active]:bg-surface-2 data-[state=active]:text-fg"
            data-testid={`kind-${form.id}`}
          >
            {labelOf(form.id)}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {forms.map((form) => (
        <Tabs.Content key={form.id} value={form.id}>
          <p className="mt-4 max-w-2xl text-sm text-muted">{t(`kinds.${form.id}.description`)}</p>
          <VideoKindForm spec={form} />
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
