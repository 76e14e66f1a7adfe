import type { ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useLocation } from 'react-router';
import { CrashFallback } from '../pages/CrashFallback.tsx';

/** §2: a render crash shows the fallback; it resets on the next route change. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary
      FallbackComponent={CrashFallback}
      resetKeys={[pathname]}
      onError={(error) => console.error('[tessera] render crashed', error)}
    >
      {children}
    </ErrorBoundary>
  );
}
