/** `project.*` RPCs. */
import { router } from '../../trpc/init.ts';

export const projectRouter = router({});
