import type { AppRouter } from '@tessera/server/router';
import type { inferRouterOutputs } from '@trpc/server';

/** user.find's answer (§3 "User"). */
export type AccountUser = inferRouterOutputs<AppRouter>['user']['find'];
