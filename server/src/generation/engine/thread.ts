/**
 * Worker-thread entry of the engine pool (piscina). Models load once per thread and stay
 * loaded. Progress goes back over the MessagePort the caller passed; a domain error (no face
 * found …) is returned as its catalogue code, because class identity does not survive the thread
 * boundary.
 */
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import type { MessagePort } from 'node:worker_threads';
import { AppError } from '@tessera/shared/errors';
import { runTool, type ToolArgs, type ToolName, type ToolResult } from './tools.ts';

/** Niceness of engine threads: behind the process's event loop when they compete for a core. */
const ENGINE_NICE = 10;

/**
 * On Linux a thread has its own nice value: this one (and the threads it starts, which inherit it)
 * yields the CPU to the event loop — HTTP, sockets, heartbeats — when they compete for a core, and
 * gets it all when the loop is idle. /proc/thread-self names the calling thread's id. Elsewhere
 * (or without /proc) the thread keeps the process's priority.
 */
function lowerPriority(): void {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0 && tid !== process.pid) setPriority(tid, ENGINE_NICE);
  } catch {
    // not Linux, or not allowed: run at the process's priority
  }
}
lowerPriority();

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
