/** The explore feed (shared/feed). Filled in by the feed module. */
import { router } from '../../trpc/init.ts';

export const feedRouter = router({});
export const reportRouter = router({});
