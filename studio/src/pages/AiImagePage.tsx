/** Easy mode: text to image. The cost is on the button; progress is pushed over the socket. */
import { costOf } from '@tessera/shared/credits/costs';
import { ASPECT_RATIOS, type AspectRatio, zTextToImageInput } from '@tessera/shared/generation';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, ImageIcon, Sparkles } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../components/ui/Button.tsx';
import { cn } from '../components/ui/cn.ts';
import { useViewer } from '../features/auth/useViewer.ts';
import { ProgressBar } from '../features/generate/ProgressBar.tsx';
import { useGuestAccess } from '../features/generate/useGuestAccess.ts';
import { usePopupStore } from '../features/popups/popupStore.ts';
import { useTaskProgress } from '../features/realtime/useRealtime.ts';
import { useTRPC } from '../lib/trpc.ts';

const RATIOS = Object.keys(ASPECT_RATIOS) as AspectRatio[];

export function AiImagePage() {
  const { t } = useTranslation('aiImage');
  const viewer = useViewer();
  const guest = useGuestAccess();
  const open = usePopupStore((s) => s.open);
  const hasSession = viewer.status === 'anonymous' || viewer.status === 'signedIn';

  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <title>{t('meta.title')}</title>
      <h1 className="text-3xl font-bold">{t('title')}</h1>
      <p className="mt-2 text-muted">{t('subtitle')}</p>
      {viewer.status === 'loading' ? null : hasSession ? (
        <Generator />
      ) : (
        <section className="mt-10 flex flex-col items-center gap-4 rounded-[var(--radius-card)] border border-border bg-surface p-10 text-center">
          <Sparkles className="text-accent" aria-hidden />
          <p className="max-w-md text-muted">{t('guest.text')}</p>
          <div className="flex gap-3">
            <Button onClick={() => void guest.continueAsGuest()} loading={guest.pending} data-testid="continue-as-guest">
              {t('guest.continue')}
            </Button>
            <Button variant="outline" onClick={() => open('signUp')}>
              {t('guest.signUp')}
            </Button>
          </div>
        </section>
      )}
    </main>
  );
}

function Generator() {
  const { t } = useTranslation('aiImage');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [prompt, setPrompt] = useState('');
  const [aspectRatio, setAspectRatio] = useState<AspectRatio>('1:1');
  const [currentId, setCurrentId] = useState<string | null>(null);
  const live = useTaskProgress((s) => (currentId ? s.tasks[currentId] : undefined));
  const cost = costOf('text_to_image', zTextToImageInput.parse({ prompt: prompt.trim() || 'x', aspectRatio }));

  const create = useMutation(
    trpc.text2Image.create.mutationOptions({
      onSuccess: ({ id }) => {
        setCurrentId(id);
        void queryClient.invalidateQueries({ queryKey: trpc.task.pathKey() });
      },
    }),
  );
  const current = useQuery({
    ...trpc.task.get.queryOptions({ id: currentId ?? '00000000-0000-4000-8000-000000000000' }),
    enabled: Boolean(currentId),
  });
  const tasks = useQuery(trpc.task.list.queryOptions({ limit: 12 }));

  // The socket says when the task finished; the query then brings its outputs.
  const liveStatus = live?.status;
  const refetchCurrent = current.refetch;
  useEffect(() => {
    if (liveStatus && liveStatus !== 'running') void refetchCurrent();
  }, [liveStatus, refetchCurrent]);
  const finished = Boolean(current.data && ['succeeded', 'failed', 'canceled'].includes(current.data.status));
  const running = Boolean(currentId) && !finished;
  const output = current.data?.status === 'succeeded' ? current.data.outputs[0] : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!prompt.trim()) return;
    create.mutate({ prompt: prompt.trim(), aspectRatio });
  }

  return (
    <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <form onSubmit={submit} className="flex flex-col gap-5 rounded-[var(--radius-card)] border border-border bg-surface p-6">
        <label className="flex flex-col gap-2 text-sm font-medium">
          {t('form.prompt')}
          <textarea
            value={prompt}
            onChange={(e) => setPrompt(e.target.value)}
            rows={5}
            maxLength={2000}
            placeholder={t('form.placeholder')}
            className="resize-y rounded-lg border border-border bg-surface-2 p-3 text-sm font-normal placeholder:text-muted focus:border-accent focus:outline-none"
            data-testid="prompt"
          />
        </label>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-sm font-medium">{t('form.aspectRatio')}</legend>
          <div className="flex flex-wrap gap-2">
            {RATIOS.map((ratio) => (
              <button
                key={ratio}
                type="button"
                aria-pressed={aspectRatio === ratio}
                onClick={() => setAspectRatio(ratio)}
                className={cn(
                  'rounded-lg border px-3 py-1.5 text-sm transition',
                  aspectRatio === ratio ? 'border-accent bg-accent/15 text-fg' : 'border-border text-muted hover:text-fg',
                )}
              >
                {ratio}
              </button>
            ))}
          </div>
        </fieldset>
        <Button type="submit" size="lg" loading={create.isPending} disabled={!prompt.trim() || running} data-testid="generate">
          <Sparkles size={16} aria-hidden /> {t('form.generate', { count: cost })}
        </Button>
        <p className="text-xs text-muted">{t('form.localEngine')}</p>
      </form>

      <section
        aria-live="polite"
        className="flex min-h-80 flex-col items-center justify-center gap-4 rounded-[var(--radius-card)] border border-border bg-surface p-6"
      >
        {output ? (
          <>
            <img src={output.url} alt={t('result.alt')} className="max-h-[60vh] rounded-xl" data-testid="result-image" />
            <Button asChild variant="outline" size="sm">
              <a href={output.url} download>
                <Download size={14} aria-hidden /> {t('result.download')}
              </a>
            </Button>
          </>
        ) : running ? (
          <ProgressBar value={live?.progress ?? current.data?.progress ?? 0} label={t(`stage.${live?.stage ?? 'queued'}`, { defaultValue: live?.stage ?? t('stage.queued') })} />
        ) : current.data?.status === 'failed' ? (
          <p role="alert" className="text-danger">
            {current.data.error?.message ?? t('result.failed')}
          </p>
        ) : (
          <div className="flex flex-col items-center gap-2 text-muted">
            <ImageIcon aria-hidden />
            <p>{t('result.empty')}</p>
          </div>
        )}
      </section>

      <section className="lg:col-span-2">
        <h2 className="mb-3 text-lg font-semibold">{t('recent.title')}</h2>
        {tasks.isPending ? (
          <div className="h-24 animate-pulse rounded-xl bg-surface" />
        ) : !tasks.data?.length ? (
          <p className="text-sm text-muted">{t('recent.empty')}</p>
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-6">
            {tasks.data.map((task) => (
              <li key={task.id} className="overflow-hidden rounded-xl border border-border bg-surface">
                {task.outputs[0] ? (
                  <img src={task.outputs[0].url} alt="" className="aspect-square w-full object-cover" loading="lazy" />
                ) : (
                  <div className="flex aspect-square items-center justify-center text-xs text-muted">{t(`status.${task.status}`)}</div>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
