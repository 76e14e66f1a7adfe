/** `canvas.*` RPCs. */
import { router } from '../../trpc/init.ts';

export const canvasRouter = router({});
