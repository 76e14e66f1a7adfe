/** §2 report popup: why this content should be looked at, with optional details (§8 "Report already exists."). */
import { CheckCircle2, Info } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { cn } from '../../components/ui/cn.ts';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { Label } from '../../components/ui/Input.tsx';
import { usePopupStore } from '../popups/popupStore.ts';
import { serverMessage } from '../explore/serverMessage.ts';
import { isReportExistsError, REPORT_DETAILS_MAX, REPORT_REASONS, type ReportReason, type ReportSubmit, useReportSubmit } from './useReportSubmit.ts';

type Phase = 'form' | 'submitting' | 'success' | 'exists' | 'error';

export default function ReportDialog() {
  const { t } = useTranslation('popups');
  const current = usePopupStore((s) => s.current);
  const close = usePopupStore((s) => s.close);
  const submit = useReportSubmit();
  if (current?.name !== 'report') return null;
  return (
    <Dialog open onOpenChange={(o) => !o && close()} title={t('report.title')} description={t('report.text')} className="sm:max-w-lg">
      <ReportForm key={current.props.contentId} contentId={current.props.contentId} submit={submit} onDone={close} />
    </Dialog>
  );
}

function ReportForm({ contentId, submit, onDone }: { contentId: string; submit: ReportSubmit; onDone(): void }) {
  const { t } = useTranslation('popups');
  const id = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [phase, setPhase] = useState<Phase>('form');
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!reason || phase === 'submitting') return;
    setPhase('submitting');
    setError(null);
    try {
      await submit({ contentId, reason, ...(details.trim() ? { details: details.trim() } : {}) });
      setPhase('success');
    } catch (failure) {
      if (isReportExistsError(failure)) setPhase('exists');
      else {
        setError(serverMessage(failure));
        setPhase('error');
      }
    }
  }

  if (phase === 'success' || phase === 'exists') {
    return (
      <div className="flex flex-col items-center gap-4 py-2 text-center" role="status" data-testid={`report-${phase}`}>
        {phase === 'success' ? <CheckCircle2 size={36} className="text-success" aria-hidden /> : <Info size={36} className="text-muted" aria-hidden />}
        <p className="text-sm">{phase === 'success' ? t('report.success') : t('report.exists')}</p>
        <Button size="sm" onClick={onDone}>
          {t('report.ok')}
        </Button>
      </div>
    );
  }

  const submitting = phase === 'submitting';
  return (
    <form onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4" data-testid="report-popup">
      <fieldset className="flex flex-col gap-1.5" disabled={submitting}>
        <legend className="mb-1.5 text-sm font-medium">{t('report.reasonLabel')}</legend>
        {REPORT_REASONS.map((value) => (
          <label
            key={value}
            className={cn('flex cursor-pointer items-center gap-3 rounded-lg border px-3 py-2 text-sm', reason === value ? 'border-accent bg-accent/10' : 'border-border')}
          >
            <input type="radio" name={`${id}-reason`} value={value} checked={reason === value} onChange={() => setReason(value)} className="accent-[var(--color-accent)]" required />
            {t(`report.reasons.${value}`)}
          </label>
        ))}
      </fieldset>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-details`}>{t('report.detailsLabel')}</Label>
        <textarea
          id={`${id}-details`}
          value={details}
          maxLength={REPORT_DETAILS_MAX}
          onChange={(e) => setDetails(e.target.value)}
          rows={3}
          disabled={submitting}
          placeholder={t('report.detailsPlaceholder')}
          aria-describedby={`${id}-count`}
          className="w-full resize-none rounded-lg border border-border bg-surface-2 px-3 py-2 text-sm text-fg placeholder:text-muted focus:border-accent focus:outline-none"
        />
        <p id={`${id}-count`} className="self-end text-xs tabular-nums text-muted">
          {t('report.count', { count: details.length, max: REPORT_DETAILS_MAX })}
        </p>
      </div>
      {phase === 'error' && (
        <p className="text-sm text-danger" role="alert" data-testid="report-error">
          {error ?? t('report.failed')}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="ghost" onClick={onDone} disabled={submitting}>
          {t('report.cancel')}
        </Button>
        <Button type="submit" variant="danger" disabled={!reason} loading={submitting} data-testid="report-submit">
          {phase === 'error' ? t('report.retry') : t('report.submit')}
        </Button>
      </div>
    </form>
  );
}
