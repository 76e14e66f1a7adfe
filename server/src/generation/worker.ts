/**
 * The worker pool: `concurrency` loops claim queued tasks (SKIP LOCKED), run their provider,
 * store the outputs and settle the credits. Each running task holds a lease renewed by a
 * heartbeat; a reaper returns tasks whose lease expired (crashed or hung worker) to the queue,
 * up to their attempt limit, then fails them and releases the hold.
 *
 * Exactly-once settlement: completing and capturing happen in one transaction that succeeds only
 * while this worker still holds the task; outputs are stored under keys derived from the task
 * id, so a re-run after a crash overwrites rather than duplicates.
 *
 * Idle loops sleep until woken: directly by this process (a task accepted here, a lease reaped
 * here) or, with `databaseUrl`, by PostgreSQL NOTIFY on TASKS_CHANNEL, sent in the transaction
 * that queues a task in any process (tasks.repo.ts), so separate `npm run worker` processes
 * start a task as soon as it is accepted. Polling stays as the fallback: every `pollMs`, by
 * default 1 s without a live notification connection and 15 s with one.
 *
 * Events go to the requester's room and, for a project's task, to the project's room with who
 * asked; once a task is settled `onSettled` lets the app write a canvas task's outcome into
 * the project document.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '@tessera/db/connect';
import type { TaskOutput } from '@tessera/db/schema';
import { type CatalogueCode, ERROR_CATALOGUE, isCatalogueCode } from '@tessera/shared/errors';
import { GENERATION_KINDS, isGenerationKind } from '@tessera/shared/generation';
import type { FastifyBaseLogger } from 'fastify';
import { recordCreations } from '../modules/creations/creations.service.ts';
import { publishCreditsChanged } from '../modules/credits/credits.events.ts';
import { captureHold, expireGrants, releaseHold } from '../modules/credits/credits.service.ts';
import { pgListen } from '../realtime/pgRelay.ts';
import type { Metrics } from '../plugins/metrics.ts';
import type { Realtime } from '../realtime/realtime.ts';
import { type GenerationProvider, type ProducedOutput, ProviderError } from './providers/provider.ts';
import {
  claimNextTask,
  completeTask,
  failTask,
  handBackTasks,
  heartbeat,
  lockExpiredLeases,
  requeueTask,
  TASKS_CHANNEL,
  type TaskRecord,
} from './tasks.repo.ts';
import { emitTaskEvent, mediaUrl, taskAudience } from './tasks.service.ts';

/** Stores one produced output under a key derived from the task; returns what the task records. */
export type OutputStore = (task: TaskRecord, output: ProducedOutput, index: number) => Promise<TaskOutput>;

export interface WorkerPoolOptions {
  db: Database;
  realtime: Realtime;
  providers: GenerationProvider[];
  store: OutputStore;
  /**
   * Checks each produced output before anything is stored (image moderation: imageModeration.ts);
   * throws a ProviderError with the catalogue code to fail the task, which releases its credits.
   */
  checkOutput?: (output: ProducedOutput) => Promise<void>;
  /** Reads a stored input image (providers get it through their run context). */
  loadMedia: (key: string) => Promise<Buffer>;
  /** Signed links to stored inputs for hosted providers (media/signedLinks.ts); absent without a public URL. */
  mediaUrl?: (key: string) => string;
  /** Stores and removes a run's scratch files (hosted providers' computed inputs). */
  scratch?: { put(key: string, data: Buffer, contentType: string): Promise<void>; delete(key: string): Promise<void> };
  logger: FastifyBaseLogger;
  concurrency: number;
  leaseMs?: number;
  heartbeatMs?: number;
  /** Sleep of an idle loop between claims; default 1 s, or 15 s while notifications are live. */
  pollMs?: number;
  reapMs?: number;
  workerId?: string;
  /** PostgreSQL URL: LISTEN for tasks queued by any process (absent on PGlite, which is single-process). */
  databaseUrl?: string;
  /** Releases what the pool's providers hold (engine threads) after the loops have stopped. */
  onStop?: () => Promise<void>;
  /**
   * Called after a task succeeded or failed here (the app writes a canvas task's result into its
   * project document). Not awaited by the loop; stop() waits for calls in flight.
   */
  onSettled?: (taskId: string) => Promise<unknown>;
  /** Provider timings and failures (plugins/metrics.ts), when the process exposes metrics. */
  metrics?: Pick<Metrics, 'providerDuration' | 'providerErrors'>;
}

interface Failure {
  code: CatalogueCode | 'CANCELED';
  message: string;
}

function failureOf(error: unknown, task: TaskRecord): Failure {
  if (error instanceof ProviderError && isCatalogueCode(error.code)) return { code: error.code, message: error.message };
  // Otherwise the kind's own §8 failure ("Upscale failed." …), never the internal error.
  const failure = isGenerationKind(task.kind) ? GENERATION_KINDS[task.kind].failure : 'IMAGE_GENERATION_FAILED';
  const code: CatalogueCode = isCatalogueCode(failure) ? failure : 'IMAGE_GENERATION_FAILED';
  return { code, message: ERROR_CATALOGUE[code].message };
}

export class WorkerPool {
  readonly workerId: string;
  private readonly leaseMs: number;
  private readonly heartbeatMs: number;
  private readonly pollMs: number | undefined;
  private readonly reapMs: number;
  /** True while the LISTEN connection is up (tasks queued elsewhere wake this pool). */
  private notified = false;
  private unlisten: (() => Promise<void>) | null = null;
  private listening: Promise<void> = Promise.resolve();
  private relisten: NodeJS.Timeout | null = null;
  private readonly idleWaiters = new Set<() => void>();
  /**
   * A wake-up came while no loop slept (each was claiming or running): the next loop about to
   * sleep claims once more instead, since the claim it just made may predate that task's commit.
   */
  private missedWake = false;
  private running = false;
  private loops: Promise<void>[] = [];
  private reaper: NodeJS.Timeout | null = null;
  private wakers = new Set<() => void>();
  private readonly inFlight = new Map<string, AbortController>();
  private readonly settling = new Set<Promise<void>>();

  constructor(private readonly opts: WorkerPoolOptions) {
    this.workerId = opts.workerId ?? `worker-${randomUUID().slice(0, 8)}`;
    this.leaseMs = opts.leaseMs ?? 30_000;
    this.heartbeatMs = opts.heartbeatMs ?? 5_000;
    this.pollMs = opts.pollMs;
    this.reapMs = opts.reapMs ?? 5_000;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    if (this.opts.databaseUrl) this.listening = this.listen(this.opts.databaseUrl, 0);
    this.loops = Array.from({ length: this.opts.concurrency }, () => this.loop());
    this.reaper = setInterval(() => {
      void this.reap().catch((err) => this.opts.logger.error({ err }, 'reaper failed'));
      void this.expireCredits().catch((err) => this.opts.logger.error({ err }, 'credit expiry sweep failed'));
    }, this.reapMs);
  }

  /** Lets idle loops look for work now. */
  wake(): void {
    if (this.wakers.size === 0) this.missedWake = true;
    for (const wake of this.wakers) wake();
  }

  /**
   * Resolves once the pool can be woken by a task queued elsewhere: its LISTEN is up (or failed,
   * leaving polling) and every loop has looked for work once and sleeps.
   */
  async ready(): Promise<void> {
    await this.listening;
    if (!this.running || this.wakers.size >= this.opts.concurrency) return;
    await new Promise<void>((resolve) => this.idleWaiters.add(resolve));
  }

  /** One notification is one queued task: one idle loop is enough (others may take the next). */
  private wakeOne(): void {
    const [first] = this.wakers;
    if (first) first();
    else this.missedWake = true;
  }

  /** LISTENs for queued tasks; a failed first connection is retried while polling covers. */
  private async listen(databaseUrl: string, attempt: number): Promise<void> {
    const { logger } = this.opts;
    try {
      const unlisten = await pgListen(databaseUrl, TASKS_CHANNEL, {
        onNotify: () => this.wakeOne(),
        onError: (err) => logger.warn({ err }, 'task notifications: connection lost'),
        // Up (again): anything queued while it was down was not announced here.
        onListening: () => {
          this.notified = true;
          this.wake();
        },
        // Down: idle loops go back to the short poll until it is back.
        onLost: () => {
          this.notified = false;
          this.wake();
        },
      });
      if (this.running) this.unlisten = unlisten;
      else await unlisten();
    } catch (err) {
      logger.warn({ err }, 'task notifications unavailable, polling');
      if (this.running) this.relisten = setTimeout(() => void this.listen(databaseUrl, attempt + 1), Math.min(30_000, 1_000 * 2 ** attempt));
    }
  }

  /** Stops claiming, aborts running tasks (their leases expire and the reaper re-queues them). */
  /**
   * Stops claiming. Tasks running here get `graceMs` to finish (a rolling restart: SIGTERM on a
   * worker); those still running then are aborted and handed back to the queue at once without
   * spending an attempt, so another worker starts them now instead of after the lease. A crash
   * (no stop) still relies on the lease and the reaper.
   */
  async stop(graceMs = 0): Promise<void> {
    this.running = false;
    if (this.reaper) clearInterval(this.reaper);
    if (graceMs > 0 && this.inFlight.size > 0) {
      this.wake();
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([Promise.allSettled(this.loops), new Promise((resolve) => (timer = setTimeout(resolve, graceMs)))]);
      clearTimeout(timer);
    }
    const unfinished = [...this.inFlight.keys()];
    for (const controller of this.inFlight.values()) controller.abort();
    this.wake();
    for (const resolve of this.idleWaiters) resolve();
    this.idleWaiters.clear();
    if (this.relisten) clearTimeout(this.relisten);
    await this.listening;
    await this.unlisten?.();
    this.unlisten = null;
    this.notified = false;
    await Promise.allSettled(this.loops);
    this.loops = [];
    if (unfinished.length > 0) {
      const handed = await handBackTasks(this.opts.db, unfinished, this.workerId).catch((err: unknown) => {
        this.opts.logger.error({ err }, 'handing back tasks failed (their leases will expire)');
        return [];
      });
      if (handed.length > 0) this.opts.logger.info({ tasks: handed }, 'handed back unfinished tasks');
    }
    await Promise.allSettled([...this.settling]);
    await this.opts.onStop?.();
  }

  /** Runs the settle hook without holding up the loop; a failure is logged (document loads reconcile). */
  private settled(taskId: string): void {
    const hook = this.opts.onSettled;
    if (!hook) return;
    const call = hook(taskId)
      .then(() => undefined)
      .catch((err: unknown) => this.opts.logger.error({ err, taskId }, 'settle hook failed'));
    this.settling.add(call);
    void call.finally(() => this.settling.delete(call));
  }

  private async loop(): Promise<void> {
    while (this.running) {
      let task: TaskRecord | null = null;
      try {
        task = await claimNextTask(this.opts.db, this.workerId, this.leaseMs);
      } catch (err) {
        this.opts.logger.error({ err }, 'claiming a task failed');
      }
      if (task) {
        await this.runTask(task);
        continue;
      }
      if (!this.running) break;
      if (this.missedWake) {
        this.missedWake = false;
        continue;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, this.pollMs ?? (this.notified ? 15_000 : 1_000));
        const wakers = this.wakers;
        function done() {
          clearTimeout(timer);
          wakers.delete(done);
          resolve();
        }
        wakers.add(done);
        if (wakers.size >= this.opts.concurrency) {
          for (const ready of this.idleWaiters) ready();
          this.idleWaiters.clear();
        }
      });
    }
  }

  /**
   * Writes off the unused part of grants whose expiry passed (expire entries). Runs with the
   * reaper; any process with workers does it, and the ledger makes concurrent sweeps harmless.
   */
  async expireCredits(now: Date = new Date()): Promise<number> {
    return expireGrants(this.opts.db, now);
  }

  /** Reaps once: expired leases go back to the queue or, out of attempts, fail with a refund. */
  async reap(): Promise<number> {
    const { db, realtime } = this.opts;
    const failed: TaskRecord[] = [];
    const handled = await db.transaction(async (tx) => {
      const expired = await lockExpiredLeases(tx, 50);
      for (const task of expired) {
        if (task.attempts < task.maxAttempts) {
          await requeueTask(tx, task.id);
        } else {
          const failure = failureOf(null, task);
          await failTask(tx, { id: task.id, code: failure.code, message: failure.message });
          await releaseHold(tx, task.id);
          failed.push(task);
        }
      }
      return expired.length;
    });
    for (const task of failed) {
      const failure = failureOf(null, task);
      emitTaskEvent(realtime, await taskAudience(db, task), 'task:failed', { id: task.id, projectId: task.projectId, ...failure });
      this.settled(task.id);
      await publishCreditsChanged({ db, realtime }, task.userId);
    }
    if (handled > 0) this.wake();
    return handled;
  }

  private async runTask(task: TaskRecord): Promise<void> {
    const { db, realtime, logger } = this.opts;
    const controller = new AbortController();
    this.inFlight.set(task.id, controller);
    let progress = 0;
    let stage = 'starting';
    const audience = await taskAudience(db, task);
    const emitProgress = () => emitTaskEvent(realtime, audience, 'task:progress', { id: task.id, projectId: task.projectId, progress, stage });
    emitProgress();

    const beat = setInterval(() => {
      void heartbeat(db, { id: task.id, workerId: this.workerId, leaseMs: this.leaseMs, progress, stage })
        .then((owned) => {
          // Canceled, or the lease went to another attempt: stop working on it.
          if (!owned) controller.abort();
        })
        .catch((err) => logger.warn({ err, taskId: task.id }, 'heartbeat failed'));
    }, this.heartbeatMs);

    let providerName = 'none';
    let ran = false;
    const scratchKeys: string[] = [];
    const { mediaUrl: linkOf, scratch } = this.opts;
    const started = performance.now();
    try {
      const provider = this.opts.providers.find((p) => p.supports(task.kind, task.input));
      if (!provider) throw new Error(`no provider for ${task.kind}`);
      providerName = provider.name;
      const produced = await provider.run(
        { id: task.id, kind: task.kind, input: task.input },
        {
          signal: controller.signal,
          loadMedia: this.opts.loadMedia,
          ...(linkOf ? { mediaUrl: async (key: string) => linkOf(key) } : {}),
          ...(scratch
            ? {
                putScratch: async (name: string, data: Buffer, contentType: string) => {
                  // Under the owner's prefix, so deleting the account deletes a leftover too.
                  const key = `u/${task.userId}/s${task.id.replaceAll('-', '')}-${name}`;
                  await scratch.put(key, data, contentType);
                  scratchKeys.push(key);
                  return key;
                },
              }
            : {}),
          reportProgress: (next, nextStage) => {
            const value = Math.max(0, Math.min(99, Math.round(next)));
            // Progress only moves forward, so every open tab sees the same bar.
            if (value <= progress && nextStage === stage) return;
            progress = Math.max(progress, value);
            stage = nextStage;
            emitProgress();
          },
        },
      );
      ran = true;
      this.opts.metrics?.providerDuration.observe({ provider: providerName, kind: task.kind, outcome: 'succeeded' }, (performance.now() - started) / 1000);
      controller.signal.throwIfAborted();
      // Every output is checked before any is stored: a refused result leaves no file behind.
      if (this.opts.checkOutput) for (const output of produced) await this.opts.checkOutput(output);
      controller.signal.throwIfAborted();
      const outputs: TaskOutput[] = [];
      for (const [index, output] of produced.entries()) outputs.push(await this.opts.store(task, output, index));

      // One transaction: the task completes, its credits are captured and its creations are
      // recorded — all or nothing, and only while this worker still holds the task.
      const creationIds = await db.transaction(async (tx) => {
        if (!(await completeTask(tx, { id: task.id, workerId: this.workerId, outputs }))) return null;
        await captureHold(tx, task.id);
        return recordCreations(tx, task, outputs, provider.labelFor?.(task) ?? provider.name);
      });
      if (!creationIds) return;
      emitTaskEvent(realtime, audience, 'task:succeeded', {
        id: task.id,
        projectId: task.projectId,
        outputs: outputs.map((o, index) => ({
          url: mediaUrl(o.key),
          mediaType: o.mediaType,
          ...(o.width ? { width: o.width } : {}),
          ...(o.height ? { height: o.height } : {}),
          ...(creationIds[index] ? { creationId: creationIds[index] } : {}),
        })),
      });
      this.settled(task.id);
      await publishCreditsChanged({ db, realtime }, task.userId);
    } catch (error) {
      const outcome = controller.signal.aborted ? 'aborted' : 'failed';
      if (!ran) this.opts.metrics?.providerDuration.observe({ provider: providerName, kind: task.kind, outcome }, (performance.now() - started) / 1000);
      // Aborted: canceled by the user (already refunded) or the lease is gone (the reaper decides).
      if (controller.signal.aborted) return;
      logger.warn({ err: error, taskId: task.id, kind: task.kind }, 'generation failed');
      const failure = failureOf(error, task);
      if (!ran) this.opts.metrics?.providerErrors.inc({ provider: providerName, kind: task.kind, code: failure.code });
      const failed = await db.transaction(async (tx) => {
        if (!(await failTask(tx, { id: task.id, workerId: this.workerId, code: failure.code, message: failure.message }))) return false;
        await releaseHold(tx, task.id);
        return true;
      });
      if (!failed) return;
      emitTaskEvent(realtime, audience, 'task:failed', { id: task.id, projectId: task.projectId, ...failure });
      this.settled(task.id);
      await publishCreditsChanged({ db, realtime }, task.userId);
    } finally {
      clearInterval(beat);
      this.inFlight.delete(task.id);
      for (const key of scratchKeys) await scratch?.delete(key).catch((err: unknown) => logger.warn({ err, key }, 'scratch file not deleted'));
    }
  }
}
