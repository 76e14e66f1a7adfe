/** §2: a render crash shows this fallback; the boundary resets on the next route change. */
import type { FallbackProps } from 'react-error-boundary';
import { useTranslation } from 'react-i18next';
import { Button } from '../components/ui/Button.tsx';

export function CrashFallback({ resetErrorBoundary }: FallbackProps) {
  const { t } = useTranslation('common');
  return (
    <main role="alert" className="mx-auto flex min-h-[50vh] max-w-lg flex-col items-center justify-center gap-4 px-4 text-center">
      <img src="/logo.svg" alt="" width={56} height={56} />
      <h1 className="text-xl font-semibold">{t('crash.title', 'Oh snap! There was a problem loading this content')}</h1>
      <Button variant="outline" onClick={resetErrorBoundary}>
        {t('actions.tryAgain')}
      </Button>
    </main>
  );
}
