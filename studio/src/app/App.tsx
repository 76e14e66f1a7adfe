import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { RouterProvider } from 'react-router';
import { PageLoading } from '../components/ui/Spinner.tsx';
import { reactToError } from '../features/errors/errorReactions.ts';
import { createQueryClient, createTrpcClient, TRPCProvider } from '../lib/trpc.ts';
import { LazyToaster } from '../lib/toast.tsx';
import { createAppRouter } from './router.tsx';

export function App() {
  const [queryClient] = useState(() => createQueryClient(reactToError));
  const [trpcClient] = useState(() => createTrpcClient());
  const [router] = useState(createAppRouter);
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        <Suspense fallback={<PageLoading />}>
          <RouterProvider router={router} />
        </Suspense>
        <LazyToaster />
      </TRPCProvider>
    </QueryClientProvider>
  );
}
