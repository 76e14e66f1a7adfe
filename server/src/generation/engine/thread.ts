/**
 * Worker-thread entry of the engine pool (piscina). Models load once per thread and stay
 * loaded. Progress goes back over the MessagePort the caller passed; a domain error (no face
 * found …) is returned as its catalogue code, because class identity does not survive the thread
 * boundary.
 */
import type { MessagePort } from 'node:worker_threads';
import { AppError } from '@tessera/shared/errors';
import { runTool, type ToolArgs, type ToolName } from './tools.ts';
import type { EngineImage } from './types.ts';

export interface ThreadRequest<T extends ToolName = ToolName> {
  tool: T;
  args: ToolArgs[T];
  port: MessagePort;
}

export type ThreadResult = { ok: true; image: EngineImage } | { ok: false; code: string };

export default async function run(request: ThreadRequest): Promise<ThreadResult> {
  try {
    const image = await runTool(request.tool, request.args, (fraction, stage) => request.port.postMessage({ fraction, stage }));
    return { ok: true, image };
  } catch (error) {
    if (error instanceof AppError) return { ok: false, code: error.catalogueCode };
    throw error;
  } finally {
    request.port.close();
  }
}
