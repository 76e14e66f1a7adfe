/**
 * Worker-thread entry of the engine pool (piscina). Models load once per thread and stay
 * loaded. Progress goes back over the MessagePort the caller passed; a domain error (no face
 * found …) is returned as its catalogue code, because class identity does not survive the thread
 * boundary.
 */
import type { MessagePort } from 'node:worker_threads';
import { AppError } from '@tessera/shared/errors';
import { runTool, type ToolArgs, type ToolName, type ToolResult } from './tools.ts';

export interface ThreadRequest<T extends ToolName = ToolName> {
  tool: T;
  args: ToolArgs[T];
  port: MessagePort;
}

/** `value`: the tool's answer, an image or plain data (tools.ts ToolResult), structured-cloned back. */
export type ThreadResult = { ok: true; value: ToolResult<ToolName> } | { ok: false; code: string };

export default async function run(request: ThreadRequest): Promise<ThreadResult> {
  try {
    const value = await runTool(request.tool, request.args, (fraction, stage) => request.port.postMessage({ fraction, stage }));
    return { ok: true, value };
  } catch (error) {
    if (error instanceof AppError) return { ok: false, code: error.catalogueCode };
    throw error;
  } finally {
    request.port.close();
  }
}
