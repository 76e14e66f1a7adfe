/**
 * Provider selection, in one place: which hosted providers are configured (their key is set),
 * and for each task which model — and so which provider — runs it (shared/generation/models
 * `chooseModel`: the requested model when available, else the kind's default; the local engine
 * when no configured hosted model makes the kind). Workers put these providers ahead of the
 * local engine; each one `supports` exactly the tasks chosen for it.
 */
import { chooseModel, type ModelEntry, type ModelProvider } from '@tessera/shared/generation/models';
import type { Config } from '../../../config.ts';
import { createSafeImageFetcher } from '../../../media/safeFetch.ts';
import type { GenerationProvider, ProviderTask } from '../provider.ts';
import { FalProvider } from './fal.ts';
import type { HostedDeps } from './hostedProvider.ts';
import { DEFAULT_HTTP_POLICY, type HttpPolicy } from './http.ts';
import { OpenAiImagesProvider } from './openaiImages.ts';
import { ReplicateProvider } from './replicate.ts';
import { PredictionWaiters, REPLICATE_WEBHOOK_PATH } from './replicateWebhook.ts';

type HostedConfig = Pick<Config, 'hosted' | 'openai' | 'publicUrl' | 'providerDownloadAllowList'>;

/** The hosted providers whose keys are set. */
export function configuredProviders(config: HostedConfig): Set<ModelProvider> {
  const set = new Set<ModelProvider>();
  if (config.hosted.fal) set.add('fal');
  if (config.hosted.replicate) set.add('replicate');
  if (config.openai && config.hosted.openaiImages) set.add('openai');
  return set;
}

/** The model `task` runs on; `model` in the input is the studio's pick, if any. */
export function modelForTask(task: Pick<ProviderTask, 'kind' | 'input'>, configured: ReadonlySet<ModelProvider>): ModelEntry {
  const requested = task.input !== null && typeof task.input === 'object' ? (task.input as { model?: unknown }).model : undefined;
  return chooseModel(task.kind, typeof requested === 'string' ? requested : undefined, configured);
}

export interface HostedSetup {
  /** Configured hosted providers, to be placed ahead of the local engine. */
  providers: GenerationProvider[];
  /** Tasks waiting on Replicate predictions in this process (the webhook route wakes them). */
  waiters: PredictionWaiters;
}

/** Builds the configured hosted providers; `overrides` let tests shorten polling and backoff. */
export function createHostedProviders(config: HostedConfig, overrides: { pollMs?: number; http?: Partial<HttpPolicy> } = {}): HostedSetup {
  const configured = configuredProviders(config);
  const waiters = new PredictionWaiters();
  const deps: HostedDeps = {
    download: createSafeImageFetcher({}, { allowOrigins: config.providerDownloadAllowList }),
    http: { ...DEFAULT_HTTP_POLICY, ...overrides.http },
    pollMs: overrides.pollMs ?? 2_000,
    modelFor: (task, provider) => {
      const model = modelForTask(task, configured);
      return model.provider === provider ? model : null;
    },
  };
  const providers: GenerationProvider[] = [];
  const { fal, replicate } = config.hosted;
  if (fal) providers.push(new FalProvider(deps, fal));
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
  return { providers, waiters };
}
