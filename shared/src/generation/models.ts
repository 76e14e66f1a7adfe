/**
 * The model catalogue: every model a creation kind can run on, with the provider that serves it.
 * It drives the studio's model pickers (name, durations, resolutions, cost note) and the server's
 * provider selection (a hosted model is used only when its provider's key is configured; the
 * built-in local engine serves everything else). Pure data and rules, no I/O.
 */
import { z } from 'zod';

export const MODEL_PROVIDERS = ['local', 'fal', 'replicate', 'openai'] as const;
export type ModelProvider = (typeof MODEL_PROVIDERS)[number];

export const zModelProvider = z.enum(MODEL_PROVIDERS);

export const zModelEntry = z.object({
  /** Stable id the studio sends (`model` in a task input) and the server records. */
  id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/),
  name: z.string().min(1),
  provider: zModelProvider,
  /** The provider's own model identifier (fal endpoint id, Replicate `owner/name`, OpenAI model). */
  remoteId: z.string().min(1),
  /**
   * Creation kinds the model makes. Video kinds are named as in shared/generation once they land
   * there; a kind listed here that the catalogue of kinds does not know is simply never asked for.
   */
  kinds: z.array(z.string().min(1)).min(1),
  /** Output durations in seconds (video models); empty for images. */
  durations: z.array(z.number().positive()),
  /** Output resolutions the model offers (`720p`, `1024x1024` …). */
  resolutions: z.array(z.string().min(1)),
  /** What the provider charges us, for operators (credits are priced in shared/credits). */
  costNote: z.string(),
});
export type ModelEntry = z.infer<typeof zModelEntry>;

/**
 * Hosted models come first within a kind: a kind's default is the first entry whose provider is
 * configured. The `local` entries describe the built-in engine and are always available.
 */
export const MODEL_CATALOG: readonly ModelEntry[] = [
  {
    id: 'fal-flux-schnell',
    name: 'FLUX.1 [schnell] (fal)',
    provider: 'fal',
    remoteId: 'fal-ai/flux/schnell',
    kinds: ['text_to_image'],
    durations: [],
    resolutions: ['1024x1024', '1024x768', '768x1024', '1344x768', '768x1344'],
    costNote: 'about $0.003 per megapixel',
  },
  {
    id: 'fal-kling-video',
    name: 'Kling 2.1 Standard (fal)',
    provider: 'fal',
    remoteId: 'fal-ai/kling-video/v2.1/standard/image-to-video',
    kinds: ['image_to_video', 'image_to_video_v2'],
    durations: [5, 10],
    resolutions: ['720p'],
    costNote: 'about $0.05 per video second',
  },
  {
    id: 'fal-wan-t2v',
    name: 'Wan 2.1 text-to-video (fal)',
    provider: 'fal',
    remoteId: 'fal-ai/wan-t2v',
    kinds: ['text_to_video', 'text_to_video_v2'],
    durations: [5],
    resolutions: ['480p', '720p'],
    costNote: 'about $0.20–0.40 per video',
  },
  {
    id: 'replicate-flux-schnell',
    name: 'FLUX.1 [schnell] (Replicate)',
    provider: 'replicate',
    remoteId: 'black-forest-labs/flux-schnell',
    kinds: ['text_to_image'],
    durations: [],
    resolutions: ['1:1', '4:3', '3:4', '16:9', '9:16'],
    costNote: 'about $0.003 per image',
  },
  {
    id: 'replicate-minimax-video',
    name: 'MiniMax Video-01 (Replicate)',
    provider: 'replicate',
    remoteId: 'minimax/video-01',
    kinds: ['text_to_video', 'image_to_video'],
    durations: [6],
    resolutions: ['720p'],
    costNote: 'about $0.50 per video',
  },
  {
    id: 'openai-gpt-image-1',
    name: 'GPT Image 1 (OpenAI)',
    provider: 'openai',
    remoteId: 'gpt-image-1',
    kinds: ['text_to_image'],
    durations: [],
    resolutions: ['1024x1024', '1536x1024', '1024x1536'],
    costNote: 'about $0.01–0.17 per image by quality',
  },
  {
    id: 'local',
    name: 'Tessera local engine',
    provider: 'local',
    remoteId: 'local',
    kinds: ['*'],
    durations: [],
    resolutions: [],
    costNote: 'runs on this server’s CPU; no provider charge',
  },
];

const servesKind = (model: ModelEntry, kind: string) => model.kinds.includes(kind) || model.kinds.includes('*');

/** The catalogue entry with this id, or undefined. */
export function findModel(id: string): ModelEntry | undefined {
  return MODEL_CATALOG.find((model) => model.id === id);
}

/** Models that can make `kind` with the providers configured here, default first (local last). */
export function modelsForKind(kind: string, configured: ReadonlySet<ModelProvider>): ModelEntry[] {
  return MODEL_CATALOG.filter((model) => servesKind(model, kind) && (model.provider === 'local' || configured.has(model.provider)));
}

/**
 * The model a task runs on: the one it asked for when that model makes the kind and its provider
 * is configured, otherwise the kind's default (the first configured hosted model, else local).
 */
export function chooseModel(kind: string, requested: string | undefined, configured: ReadonlySet<ModelProvider>): ModelEntry {
  const available = modelsForKind(kind, configured);
  const asked = requested ? available.find((model) => model.id === requested) : undefined;
  // The local entry serves every kind, so `available` is never empty.
  return asked ?? available[0]!;
}
