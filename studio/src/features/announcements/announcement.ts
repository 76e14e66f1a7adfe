/** The site-wide announcement as system.announcement returns it (§2 announcement popup). */
import type { AppRouter } from '@tessera/server/router';
import type { inferRouterOutputs } from '@trpc/server';

export type Announcement = NonNullable<inferRouterOutputs<AppRouter>['system']['announcement']>;
