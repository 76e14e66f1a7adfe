/** The cancel dialog: at least one reason (checkboxes) and an optional comment. */
import { CANCEL_REASONS, type CancelReason } from '@tessera/shared/plans';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { Label } from '../../components/ui/Input.tsx';

export function CancelSubscriptionDialog({
  open,
  onOpenChange,
  endDate,
  busy,
  onConfirm,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  endDate: string;
  busy: boolean;
  onConfirm(reasons: CancelReason[], comment: string): void;
}) {
  const { t } = useTranslation('pricing');
  const commentId = useId();
  const hintId = useId();
  const [reasons, setReasons] = useState<CancelReason[]>([]);
  const [comment, setComment] = useState('');
  const [tried, setTried] = useState(false);

  function change(next: boolean) {
    if (busy) return;
    if (!next) {
      setReasons([]);
      setComment('');
      setTried(false);
    }
    onOpenChange(next);
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    setTried(true);
    if (reasons.length > 0 && !busy) onConfirm(reasons, comment.trim());
  }

  const toggle = (reason: CancelReason, on: boolean) =>
    setReasons((r) => (on ? [...r, reason] : r.filter((x) => x !== reason)));

  return (
    <Dialog open={open} onOpenChange={change} title={t('cancelDialog.title')} description={t('cancelDialog.text', { date: endDate })}>
      <form onSubmit={onSubmit} className="flex flex-col gap-4" data-testid="cancel-dialog" noValidate>
        <fieldset className="flex flex-col gap-2" aria-describedby={hintId}>
          <legend className="mb-1 text-sm font-medium">{t('cancelDialog.reasonsLabel')}</legend>
          {CANCEL_REASONS.map((reason) => (
            <label key={reason} className="flex cursor-pointer items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={reasons.includes(reason)}
                onChange={(e) => toggle(reason, e.target.checked)}
                className="h-4 w-4 accent-[var(--color-accent)]"
                data-testid={`cancel-reason-${reason}`}
              />
              {t(`cancelDialog.reasons.${reason}`)}
            </label>
          ))}
          <p id={hintId} className={tried && reasons.length === 0 ? 'text-sm text-danger' : 'text-xs text-muted'} role={tried && reasons.length === 0 ? 'alert' : undefined}>
            {t('cancelDialog.pickOne')}
          </p>
        </fieldset>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={commentId}>{t('cancelDialog.commentLabel')}</Label>
          <textarea
            id={commentId}
            value={comment}
            maxLength={1000}
            rows={3}
            onChange={(e) => setComment(e.target.value)}
            className="rounded-lg border border-border bg-surface-2 px-3 py-2 text-sm outline-none focus:border-accent"
          />
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="ghost" disabled={busy} onClick={() => change(false)}>
            {t('cancelDialog.keep')}
          </Button>
          <Button type="submit" variant="danger" disabled={reasons.length === 0} loading={busy} data-testid="cancel-confirm">
            {t('cancelDialog.confirm')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
