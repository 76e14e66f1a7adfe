/**
 * "Save as template" from the flow bar: a name, a description, whether the template keeps its
 * sample media (input values and the last run's results, its card's preview) and — when flow
 * cards are selected on the canvas — whether to save only those (`flowTemplate.create`). Saved,
 * it is shared with the project's members; the Templates panel publishes it.
 */
import { FLOW_TEMPLATE_DESCRIPTION_MAX, FLOW_TEMPLATE_NAME_MAX } from '@tessera/shared/flows/templates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Switch } from 'radix-ui';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { Input, Label } from '../../components/ui/Input.tsx';
import { TOAST_DURATION_MS } from '../../lib/site.ts';
import { toast } from '../../lib/toast.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { useCanvasSession } from '../canvas/ui/canvasSession.ts';

const SWITCH = 'relative h-6 w-11 shrink-0 rounded-full bg-border transition data-[state=checked]:bg-accent disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-accent';
const THUMB = 'block h-5 w-5 translate-x-0.5 rounded-full bg-white shadow transition data-[state=checked]:translate-x-[22px] rtl:-translate-x-0.5 rtl:data-[state=checked]:-translate-x-[22px]';

function Toggle({ id, label, hint, checked, onChange, testId }: { id: string; label: string; hint: string; checked: boolean; onChange(v: boolean): void; testId: string }) {
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center justify-between gap-3">
        <Label htmlFor={id}>{label}</Label>
        <Switch.Root id={id} checked={checked} onCheckedChange={onChange} className={SWITCH} aria-describedby={`${id}-hint`} data-testid={testId}>
          <Switch.Thumb className={THUMB} />
        </Switch.Root>
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted">
        {hint}
      </p>
    </div>
  );
}

export function SaveTemplateDialog({ selected, onClose }: { selected: readonly string[]; onClose(): void }) {
  const { t } = useTranslation('flowTemplates');
  const { projectId } = useCanvasSession();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [withMedia, setWithMedia] = useState(false);
  const [onlySelected, setOnlySelected] = useState(selected.length > 0);
  const create = useMutation(
    trpc.flowTemplate.create.mutationOptions({
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: trpc.flowTemplate.list.queryKey({ projectId }) });
        toast.success(t('save.done', { name: name.trim() }), { duration: TOAST_DURATION_MS });
        onClose();
      },
    }),
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return;
    create.mutate({
      projectId,
      name: name.trim(),
      description: description.trim(),
      withMedia,
      ...(onlySelected && selected.length > 0 ? { nodeIds: [...selected] } : {}),
    });
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t('save.title')} description={t('save.description')}>
      <form onSubmit={submit} className="flex flex-col gap-4" data-testid="flow-template-save-dialog">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-name`}>{t('save.name')}</Label>
          <Input id={`${id}-name`} value={name} maxLength={FLOW_TEMPLATE_NAME_MAX} required autoFocus onChange={(e) => setName(e.target.value)} data-testid="flow-template-name-input" />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-description`}>{t('save.descriptionLabel')}</Label>
          <textarea
            id={`${id}-description`}
            value={description}
            maxLength={FLOW_TEMPLATE_DESCRIPTION_MAX}
            rows={3}
            onChange={(e) => setDescription(e.target.value)}
            className="w-full rounded-lg border border-border bg-surface-2 px-3 py-2 text-sm text-fg placeholder:text-muted focus:border-accent focus:outline-none"
            data-testid="flow-template-description-input"
          />
        </div>
        <Toggle id={`${id}-media`} label={t('save.withMedia')} hint={t(withMedia ? 'save.withMediaOn' : 'save.withMediaOff')} checked={withMedia} onChange={setWithMedia} testId="flow-template-with-media" />
        {selected.length > 0 && (
          <Toggle
            id={`${id}-selected`}
            label={t('save.onlySelected')}
            hint={t('save.onlySelectedHint', { count: selected.length })}
            checked={onlySelected}
            onChange={setOnlySelected}
            testId="flow-template-only-selected"
          />
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose}>
            {t('save.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending} disabled={!name.trim()} data-testid="flow-template-save">
            {t('save.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
