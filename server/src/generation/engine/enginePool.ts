/**
 * Runs local-engine tools off the HTTP event loop: a piscina pool of worker threads, each
 * loading the models it needs once and reusing them. Canceling a task aborts its run (piscina
 * ends that thread; the next run starts a fresh one).
 */
import { availableParallelism } from 'node:os';
import { MessageChannel } from 'node:worker_threads';
import { ERROR_CATALOGUE, isCatalogueCode } from '@tessera/shared/errors';
import { Piscina } from 'piscina';
import { ProviderError } from '../providers/provider.ts';
import type { ThreadRequest, ThreadResult } from './thread.ts';
import { runTool, type ToolArgs, type ToolName, type ToolResult } from './tools.ts';
import type { EngineImage, EngineProgress } from './types.ts';

export interface ToolRunner {
  run<T extends ToolName>(tool: T, args: ToolArgs[T], progress: EngineProgress, signal?: AbortSignal): Promise<ToolResult<T>>;
  close(): Promise<void>;
}

/** Runs a tool in `engine` when there is one, else inline on this thread (tests, scripts). */
export function runToolOn<T extends ToolName>(engine: ToolRunner | undefined, tool: T, args: ToolArgs[T], progress: EngineProgress = () => {}, signal?: AbortSignal): Promise<ToolResult<T>> {
  return engine ? engine.run(tool, args, progress, signal) : runTool(tool, args, progress);
}

/** An image answer's bytes come back from the thread as a Uint8Array: made a Buffer again (no copy). */
const isImage = (value: unknown): value is EngineImage => typeof value === 'object' && value !== null && 'contentType' in value && 'data' in value && value.data instanceof Uint8Array;

/** Threads: one per core but one, so the HTTP loop and the database driver keep a core. */
export function defaultEngineThreads(): number {
  return Math.max(1, availableParallelism() - 1);
}

/** `true` in the compiled build (scripts/build-server.mjs defines it); undeclared when the sources run through tsx or vitest. */
declare const TESSERA_COMPILED: boolean | undefined;

/** The module each thread loads, and the loader flags it needs. */
function threadModule(): { filename: string; execArgv: string[] } {
  if (typeof TESSERA_COMPILED !== 'undefined') {
    // Compiled: the thread is bundled as server/dist/engine-thread.js; this file's import.meta.url
    // still names its source (the build keeps source locations), so the path goes from here.
    return { filename: new URL('../../../dist/engine-thread.js', import.meta.url).href, execArgv: [...process.execArgv] };
  }
  // The sources are TypeScript run through tsx; threads need the same loader as the process.
  const argv = [...process.execArgv];
  const hasTsx = argv.some((arg, i) => arg.includes('tsx') && (argv[i - 1] === '--import' || arg.startsWith('--import')));
  return { filename: new URL('./thread.ts', import.meta.url).href, execArgv: hasTsx ? argv : [...argv, '--import', 'tsx'] };
}

export class EnginePool implements ToolRunner {
  private readonly piscina: Piscina;

  constructor(opts: { threads?: number; idleTimeoutMs?: number } = {}) {
    const threads = opts.threads ?? defaultEngineThreads();
    const { filename, execArgv } = threadModule();
    this.piscina = new Piscina({
      filename,
      minThreads: 0,
      maxThreads: threads,
      // Keep warm threads (and their loaded models) around between tasks.
      idleTimeout: opts.idleTimeoutMs ?? 10 * 60_000,
      execArgv,
    });
  }

  async run<T extends ToolName>(tool: T, args: ToolArgs[T], progress: EngineProgress, signal?: AbortSignal): Promise<ToolResult<T>> {
    const { port1, port2 } = new MessageChannel();
    port1.on('message', (message: { fraction: number; stage: string }) => progress(message.fraction, message.stage));
    try {
      const request: ThreadRequest<T> = { tool, args, port: port2 };
      const result = (await this.piscina.run(request, { transferList: [port2], ...(signal ? { signal } : {}) })) as ThreadResult;
      if (!result.ok) {
        const code = isCatalogueCode(result.code) ? result.code : 'IMAGE_GENERATION_FAILED';
        throw new ProviderError(code, ERROR_CATALOGUE[code].message);
      }
      const { value } = result;
      const revived = isImage(value) ? { ...value, data: Buffer.from(value.data.buffer, value.data.byteOffset, value.data.byteLength) } : value;
      return revived as ToolResult<T>;
    } finally {
      port1.close();
    }
  }

  async close(): Promise<void> {
    await this.piscina.destroy();
  }
}
