/**
 * Runs a generation on the canvas (`canvas.generate`): the server writes the placeholder into
 * the project document at once, so every collaborator sees it, and fills it when the task ends.
 * Errors (not enough credits, parallel limit, PRO feature …) go through the app's one error
 * reaction (the mutation cache), so the same popups open as on the other pages.
 */
import type { GenerationKind } from '@tessera/shared/generation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTRPC } from '../../../lib/trpc.ts';
import type { CanvasManager } from '../engine/CanvasManager.ts';
import type { Rect } from '../engine/types.ts';
import { roundRect } from './canvasMath.ts';
import { useCanvasSession } from './canvasSession.ts';

export interface CanvasGenerateRequest {
  kind: GenerationKind;
  /** Already validated with the kind's schema by the form. */
  input: Record<string, unknown>;
  placement: Rect;
  parentNodeId?: string | null;
  /** Regenerate into this existing node instead of placing a new one. */
  nodeId?: string;
  /** Make the new node a child of this frame once it appears (prompt into a frame). */
  intoFrameId?: string;
}

/** How long to wait for the server's placeholder to reach this client before giving up parenting it. */
const APPEAR_TIMEOUT_MS = 10_000;

/** Resolves when the node is in the local document (the server wrote it), or false after a timeout. */
export function whenNodeAppears(manager: CanvasManager, nodeId: string, timeoutMs = APPEAR_TIMEOUT_MS): Promise<boolean> {
  if (manager.store.get(nodeId)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const stop = manager.store.subscribe(() => {
      if (!manager.store.get(nodeId)) return;
      done(true);
    });
    const timer = setTimeout(() => done(false), timeoutMs);
    function done(found: boolean) {
      stop();
      clearTimeout(timer);
      resolve(found);
    }
  });
}

export function useCanvasGenerate() {
  const { manager, projectId } = useCanvasSession();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const mutation = useMutation(
    trpc.canvas.generate.mutationOptions({
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: trpc.canvas.tasks.queryKey({ projectId }) });
      },
    }),
  );
  const { mutateAsync } = mutation;

  const generate = useCallback(
    async (request: CanvasGenerateRequest): Promise<{ taskId: string; nodeId: string } | null> => {
      try {
        const result = await mutateAsync({
          projectId,
          kind: request.kind,
          input: request.input,
          placement: roundRect(request.placement),
          parentNodeId: request.parentNodeId ?? null,
          ...(request.nodeId ? { nodeId: request.nodeId } : {}),
        });
        const frameId = request.intoFrameId;
        if (frameId) {
          void whenNodeAppears(manager, result.nodeId).then((found) => {
            if (found && manager.store.get(frameId)) manager.updateNodes({ [result.nodeId]: { parentId: frameId } });
          });
        }
        return result;
      } catch {
        // Already shown by the error reaction.
        return null;
      }
    },
    [manager, mutateAsync, projectId],
  );

  return { generate, pending: mutation.isPending };
}
