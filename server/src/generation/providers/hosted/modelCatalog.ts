/**
 * The catalogue this server runs on, and provider selection in one place.
 *
 * `ModelCatalog` is the built-in catalogue (shared/generation/models) with the operator's changes:
 * first the JSON file named by MODEL_CATALOG_FILE (read at start-up), then the admin console's
 * overrides (table model_overrides, re-read every RELOAD_MS on every node, and at once on the node
 * that saved them). It answers which models make a kind here (only hosted ones whose provider key
 * is set), which one a task runs on, and what it costs.
 *
 * Workers put the hosted providers ahead of the local engine; each provider `supports` exactly
 * the tasks whose chosen model is one of its own.
 */
import { readFileSync } from 'node:fs';
import type { Database } from '@tessera/db/connect';
import {
  applyOverrides,
  chooseModel,
  findModel,
  MODEL_CATALOG,
  type ModelEntry,
  type ModelOverride,
  type ModelProvider,
  modelsForKind,
  zModelOverride,
} from '@tessera/shared/generation/models';
import { z } from 'zod';
import type { Config } from '../../../config.ts';
import { createSafeImageFetcher } from '../../../media/safeFetch.ts';
import type { GenerationProvider, ProviderTask } from '../provider.ts';
import { FalProvider } from './fal.ts';
import { FAL_WEBHOOK_PATH } from './falWebhook.ts';
import type { HostedDeps, HostedProvider } from './hostedProvider.ts';
import { DEFAULT_HTTP_POLICY, type HttpPolicy } from './http.ts';
import { OpenAiImagesProvider } from './openaiImages.ts';
import { ReplicateProvider } from './replicate.ts';
import { deleteOverride, findOverride, listOverrides, upsertOverride } from './modelOverrides.repo.ts';
import { PredictionWaiters, REPLICATE_WEBHOOK_PATH } from './replicateWebhook.ts';

type HostedConfig = Pick<Config, 'hosted' | 'openai' | 'publicUrl' | 'providerDownloadAllowList' | 'modelCatalogFile' | 'localEngineOff'>;

/** How often every node re-reads the admin console's overrides. */
const RELOAD_MS = 30_000;

/** The hosted providers whose keys are set. */
export function configuredProviders(config: Pick<Config, 'hosted' | 'openai'>): Set<ModelProvider> {
  const set = new Set<ModelProvider>();
  if (config.hosted.fal) set.add('fal');
  if (config.hosted.replicate) set.add('replicate');
  if (config.openai && config.hosted.openaiImages) set.add('openai');
  return set;
}

const zCatalogFile = z.object({ models: z.array(zModelOverride) });

/** The operator's catalogue file: `{ "models": [ { "id": "fal-wan-t2v", "disabled": true }, … ] }`. */
export function readCatalogFile(path: string | undefined): ModelOverride[] {
  if (!path) return [];
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`MODEL_CATALOG_FILE ${path} could not be read as JSON: ${(error as Error).message}`);
  }
  const parsed = zCatalogFile.safeParse(json);
  if (!parsed.success) throw new Error(`MODEL_CATALOG_FILE ${path} is not a valid catalogue: ${z.prettifyError(parsed.error)}`);
  // Applying them once here reports an unknown id that is not a whole entry at start-up.
  applyOverrides(MODEL_CATALOG, parsed.data.models);
  return parsed.data.models;
}

export class ModelCatalog {
  private readonly fromFile: readonly ModelEntry[];
  private current: readonly ModelEntry[];
  private timer: NodeJS.Timeout | null = null;

  constructor(
    readonly configured: ReadonlySet<ModelProvider>,
    fileOverrides: readonly ModelOverride[] = [],
    /** Kinds the local engine does not make here (LOCAL_ENGINE_OFF); `*` for all. */
    private readonly localOff: readonly string[] = [],
  ) {
    this.fromFile = applyOverrides(MODEL_CATALOG, fileOverrides);
    this.current = this.fromFile;
  }

  /** Every entry with the overrides applied, disabled ones included (the admin console lists them). */
  entries(): readonly ModelEntry[] {
    return this.current;
  }

  find(id: string): ModelEntry | undefined {
    return findModel(id, this.current);
  }

  /** Enabled models that make `kind` here, default first, the local engine last (unless the operator turned it off). */
  forKind(kind: string): ModelEntry[] {
    const models = modelsForKind(kind, this.configured, this.current);
    return this.localRuns(kind) ? models : models.filter((model) => model.provider !== 'local');
  }

  /** False when the operator turned the local engine off for `kind`. */
  localRuns(kind: string): boolean {
    return !this.localOff.includes('*') && !this.localOff.includes(kind);
  }

  /** The model a task runs on: its pick when available here, else the kind's default. */
  choose(kind: string, requested: string | undefined): ModelEntry {
    const available = this.forKind(kind);
    // Nothing offered (the local engine off, no hosted model): accepting refuses such tasks.
    return (requested ? available.find((model) => model.id === requested) : undefined) ?? available[0] ?? chooseModel(kind, requested, this.configured, this.current);
  }

  /** The model `task` runs on; `model` in the input is the studio's pick, if any. */
  forTask(task: Pick<ProviderTask, 'kind' | 'input'>): ModelEntry {
    const requested = task.input !== null && typeof task.input === 'object' ? (task.input as { model?: unknown }).model : undefined;
    return this.choose(task.kind, typeof requested === 'string' ? requested : undefined);
  }

  /**
   * Re-reads the admin overrides. A row that no longer makes a valid entry (say, the built-in
   * entry it changed was removed in an upgrade) is skipped and reported, never fatal.
   */
  async reload(db: Database, onBadRow: (id: string, error: unknown) => void = () => {}): Promise<void> {
    const rows = await listOverrides(db);
    let next = [...this.fromFile];
    for (const row of rows) {
      try {
        next = applyOverrides(next, [zModelOverride.parse({ ...(row.override as object), id: row.id })]);
      } catch (error) {
        onBadRow(row.id, error);
      }
    }
    this.current = next;
  }

  /** The admin console's change to `id` as stored, or null. */
  async storedOverride(db: Database, id: string): Promise<Record<string, unknown> | null> {
    return ((await findOverride(db, id))?.override as Record<string, unknown> | undefined) ?? null;
  }

  /** Ids the admin console changed. */
  async overriddenIds(db: Database): Promise<Set<string>> {
    return new Set((await listOverrides(db)).map((row) => row.id));
  }

  /** Stores an admin change (in the caller's transaction); `reload` applies it. */
  saveOverride(db: Database, id: string, override: Record<string, unknown>, updatedBy: string): Promise<void> {
    return upsertOverride(db, id, override, updatedBy);
  }

  /** Drops an admin change (in the caller's transaction); answers it, or null when there was none. */
  dropOverride(db: Database, id: string): Promise<unknown> {
    return deleteOverride(db, id);
  }

  /** Keeps this node's copy fresh; `stop` ends it. */
  startReloading(db: Database, onError: (error: unknown) => void): void {
    this.stop();
    const tick = () => void this.reload(db, (id, error) => onError(Object.assign(new Error(`model override ${id} skipped`), { cause: error }))).catch(onError);
    tick();
    this.timer = setInterval(tick, RELOAD_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}

/** The catalogue for `config` (file overrides applied; call `startReloading` for the admin's). */
export function createModelCatalog(config: Pick<Config, 'hosted' | 'openai' | 'modelCatalogFile' | 'localEngineOff'>): ModelCatalog {
  return new ModelCatalog(configuredProviders(config), readCatalogFile(config.modelCatalogFile), config.localEngineOff);
}

export interface HostedSetup {
  /** The catalogue the providers choose models from. */
  catalog: ModelCatalog;
  /** Configured hosted providers, to be placed ahead of the local engine. */
  providers: GenerationProvider[];
  /** Tasks waiting on fal requests and Replicate predictions in this process (the webhook routes wake them). */
  waiters: PredictionWaiters;
}

/** Builds the configured hosted providers; `overrides` let tests shorten polling and backoff. */
export function createHostedProviders(
  config: HostedConfig,
  overrides: { pollMs?: number; http?: Partial<HttpPolicy>; catalog?: ModelCatalog } = {},
): HostedSetup {
  const catalog = overrides.catalog ?? createModelCatalog(config);
  const waiters = new PredictionWaiters();
  const deps: HostedDeps = {
    download: createSafeImageFetcher({}, { allowOrigins: config.providerDownloadAllowList }),
    http: { ...DEFAULT_HTTP_POLICY, ...overrides.http },
    pollMs: overrides.pollMs ?? 2_000,
    modelFor: (task, provider) => {
      const model = catalog.forTask(task);
      return model.provider === provider ? model : null;
    },
  };
  const providers: HostedProvider[] = [];
  const { fal, replicate } = config.hosted;
  if (fal) providers.push(new FalProvider(deps, fal, { url: fal.webhookJwksUrl ? `${config.publicUrl}${FAL_WEBHOOK_PATH}` : undefined, waiters }));
  if (replicate) {
    providers.push(
      new ReplicateProvider(deps, {
        token: replicate.token,
        baseUrl: replicate.baseUrl,
        webhookUrl: replicate.webhookSecret ? `${config.publicUrl}${REPLICATE_WEBHOOK_PATH}` : undefined,
        waiters,
      }),
    );
  }
  if (config.openai && config.hosted.openaiImages) providers.push(new OpenAiImagesProvider(deps, config.openai));
  // Pipelines (AI shorts) run several models, each on its own provider.
  deps.pipeline = { catalog, providers: new Map(providers.map((provider) => [provider.name, provider])) };
  return { catalog, providers, waiters };
}
