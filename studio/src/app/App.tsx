import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { PageLoading } from '../components/ui/Spinner.tsx';
import { createQueryClient, createTrpcClient, TRPCProvider } from '../lib/trpc.ts';
import { TOAST_DURATION_MS } from '../lib/site.ts';
import { createAppRouter } from './router.tsx';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(() => createTrpcClient());
  const [router] = useState(createAppRouter);
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        <Suspense fallback={<PageLoading />}>
          <RouterProvider router={router} />
        </Suspense>
        <Toaster theme="dark" position="top-center" duration={TOAST_DURATION_MS} richColors closeButton />
      </TRPCProvider>
    </QueryClientProvider>
  );
}
