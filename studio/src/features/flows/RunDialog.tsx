/**
 * The price before a run (issue 24): `flow.estimate` for the scope (the whole flow, one step, or
 * a step and what follows it), listed step by step — kind, model, results, credits — with the
 * total, the steps re-used as they are, and any problem that stops the run (then Run is off).
 * One confirmation starts `flow.run` with the price shown; a price that changed meanwhile
 * (FLOW_COST_CHANGED) re-estimates and asks again.
 */
import type { RunScope } from '@tessera/shared/flows';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { useCanvasSession } from '../canvas/ui/canvasSession.ts';
import type { FlowView } from './flowModel.ts';
import { cardTitle } from './flowStyles.ts';

function appCodeOf(error: unknown): string | undefined {
  const data = (error as { data?: { appCode?: unknown } } | null)?.data;
  return typeof data?.appCode === 'string' ? data.appCode : undefined;
}

export function RunDialog({ scope, view, onClose }: { scope: RunScope; view: FlowView; onClose(): void }) {
  const { t } = useTranslation(['flows', 'common']);
  const { projectId } = useCanvasSession();
  const trpc = useTRPC();
  const estimate = useQuery({ ...trpc.flow.estimate.queryOptions({ projectId, scope }), staleTime: 0, gcTime: 0, meta: { skipError: true } });
  const [changed, setChanged] = useState(false);
  const run = useMutation({
    ...trpc.flow.run.mutationOptions(),
    meta: { skipError: true },
    onSuccess: () => onClose(),
    onError: (error) => {
      if (appCodeOf(error) === 'FLOW_COST_CHANGED') {
        setChanged(true);
        void estimate.refetch();
      }
    },
  });
  const nameOf = (id: string) => {
    const node = view.nodes.find((n) => n.id === id);
    return node ? cardTitle(t, node) : id;
  };
  const data = estimate.data;
  const blocked = !data || data.issues.length > 0 || data.run.length === 0;
  const title = t(scope.kind === 'all' ? 'run.titleAll' : scope.kind === 'step' ? 'run.titleStep' : 'run.titleDownstream');

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={title} className="max-w-lg">
      <div className="flex flex-col gap-3 text-sm" data-testid="flow-run-dialog">
        {estimate.isPending && <Spinner label={t('run.estimating')} />}
        {estimate.isError && (
          <p role="alert" className="text-danger">
            {estimate.error.message}
          </p>
        )}
        {data && (
          <>
            {data.steps.length > 0 ? (
              <table className="w-full text-start">
                <thead className="text-xs text-muted">
                  <tr>
                    <th className="py-1 text-start font-medium">{t('run.step')}</th>
                    <th className="py-1 text-start font-medium">{t('run.model')}</th>
                    <th className="py-1 text-end font-medium">{t('run.results')}</th>
                    <th className="py-1 text-end font-medium">{t('run.credits')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.steps.map((step) => (
                    <tr key={step.stepId} className="border-t border-border" data-testid="flow-plan-step">
                      <td className="py-1.5">{nameOf(step.stepId)}</td>
                      <td className="py-1.5 text-muted">{step.model}</td>
                      <td className="py-1.5 text-end">{step.jobs}</td>
                      <td className="py-1.5 text-end">{step.cost}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : (
              <p className="text-muted">{t('run.nothing')}</p>
            )}
            {data.reuse.length > 0 && (
              <p className="text-muted" data-testid="flow-run-reuse">
                {t('run.reused', { steps: data.reuse.map(nameOf).join(', ') })}
              </p>
            )}
            {data.issues.length > 0 && (
              <ul role="alert" className="list-disc ps-5 text-danger" data-testid="flow-run-issues">
                {data.issues.map((issue) => (
                  <li key={`${issue.code}:${issue.id}`}>
                    {nameOf(issue.id)}: {issue.message}
                  </li>
                ))}
              </ul>
            )}
            <p className="text-base font-semibold" data-testid="flow-run-total" data-cost={data.cost}>
              {t('run.total', { credits: data.cost })}
            </p>
          </>
        )}
        {changed && (
          <p role="status" className="text-amber-300">
            {t('run.priceChanged')}
          </p>
        )}
        {run.isError && appCodeOf(run.error) !== 'FLOW_COST_CHANGED' && (
          <p role="alert" className="text-danger">
            {run.error.message}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            {t('run.close')}
          </Button>
          <Button
            disabled={blocked || run.isPending || estimate.isFetching}
            data-testid="flow-run-confirm"
            onClick={() => data && run.mutate({ projectId, scope, expectedCost: data.cost })}
          >
            {t('run.confirm')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
