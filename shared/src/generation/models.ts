/**
 * The model catalogue: every model a creation kind can run on, as data with behaviour per entry.
 * An entry says which kinds it makes, how a task's input becomes the provider's parameters
 * (`input`), where the provider's answer holds the result files (`output`), what it can make
 * (`limits`, checked before any credits are held) and what it costs (`price`, in credits).
 *
 * The studio's pickers and price labels, the server's provider selection and the hosted adapters
 * all read it. A hosted model is used only when its provider's key is configured; the built-in
 * local engine serves every kind. Operators add, disable or reprice entries without code through
 * a JSON file (MODEL_CATALOG_FILE) or the admin catalogue (see `applyOverrides`).
 *
 * The entries live in ./catalog/ by output (images, videos, pipeline steps). Pure data and rules.
 */
import { z } from 'zod';
import { costOf } from '../credits/costs.ts';
import { type GenerationKind, GENERATION_KINDS, readField } from './generation.ts';
import { estimateSpeechSeconds } from './video.ts';
import { IMAGE_MODELS } from './catalog/image.ts';
import { STEP_MODELS } from './catalog/steps.ts';
import { VIDEO_MODELS } from './catalog/video.ts';

export const MODEL_PROVIDERS = ['local', 'fal', 'replicate', 'openai'] as const;
export type ModelProvider = (typeof MODEL_PROVIDERS)[number];
export const zModelProvider = z.enum(MODEL_PROVIDERS);

/**
 * Steps of pipelines that are not creation kinds of their own: AI shorts writes a script, speaks
 * it and scores it; lip sync and avatars speak the user's text before the model moves the mouth.
 */
export const STEP_KINDS = ['script', 'speech', 'music'] as const;
export type StepKind = (typeof STEP_KINDS)[number];

const zJson: z.ZodType<unknown> = z.json();

/**
 * Where one provider parameter's value comes from:
 *  - `{ const }` a fixed value;
 *  - `{ from, as?, map?, scale?, default? }` a field of the task input (a dotted path:
 *    `prompt`, `image`, `subjects`, `source.durationS`, `template.name`), optionally converted:
 *    `url` turns a stored media key into a short-lived URL the provider fetches, `urls` a list of
 *    keys into a list of URLs, `string`/`number`/`int` coerce, `map` translates values (`'1:1'` →
 *    `'square_hd'`), `scale` multiplies numbers. Computed inputs start with `$`: `$speech` is the
 *    audio of the input's `text` spoken in its `voice` (a URL), `$lastFrame` the input video's last
 *    frame (a URL), `$sourceSeconds` the input video's length.
 *  - `{ template }` text with `{path}` placeholders (`{path|fallback}` tries the next path when the
 *    first is empty), for models that take an instruction where Tessera has a template or option.
 * Parameter names may be dotted (`input.prompt`) to build nested objects.
 */
export const zParamSource = z.union([
  z.object({ const: zJson }).strict(),
  z
    .object({
      from: z.string().min(1),
      as: z.enum(['value', 'url', 'urls', 'string', 'number', 'int']).optional(),
      map: z.record(z.string(), zJson).optional(),
      scale: z.number().positive().optional(),
      default: zJson.optional(),
    })
    .strict(),
  z.object({ template: z.string().min(1) }).strict(),
]);
export type ParamSource = z.infer<typeof zParamSource>;

export const zModelLimits = z
  .object({
    /** Output lengths in seconds the model makes; a task's `duration` must be one of them. */
    durations: z.array(z.number().positive()).optional(),
    /** Output resolutions (`480p`, `720p`, `1080p`); a task's `resolution` must be one of them. */
    resolutions: z.array(z.string().min(1)).optional(),
    /** Shapes (`16:9`, …); a task's `aspectRatio` must be one of them. */
    aspectRatios: z.array(z.string().min(1)).optional(),
    /** Longest input video, in seconds (the server's ffprobe reading). */
    maxSourceSeconds: z.number().positive().optional(),
    /** Longest spoken text, in estimated seconds of speech. */
    maxSpeechSeconds: z.number().positive().optional(),
    /** Upscale factors the model makes. */
    scales: z.array(z.number().positive()).optional(),
    /** Largest input file the provider takes, in megabytes. */
    maxInputMb: z.number().positive().optional(),
  })
  .strict();
export type ModelLimits = z.infer<typeof zModelLimits>;

/**
 * The price of a run in credits: `credits` per run, or per second of output (or of the input
 * video for tools that work on one), times a factor for the resolution asked. Rounded up, at
 * least 1. A model without a price costs what its kind costs on the local engine.
 */
export const zModelPrice = z
  .object({
    credits: z.number().positive(),
    per: z.enum(['run', 'second']),
    resolution: z.record(z.string(), z.number().positive()).optional(),
  })
  .strict();
export type ModelPrice = z.infer<typeof zModelPrice>;

export const zModelEntry = z
  .object({
    /** Stable id the studio sends (`model` in a task input) and creations record. */
    id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/).max(64),
    name: z.string().min(1),
    /** Who made the model (Black Forest Labs, Kuaishou …). */
    vendor: z.string().min(1),
    provider: zModelProvider,
    /** The provider's model id: a fal endpoint id, a Replicate `owner/name`, an OpenAI model. */
    remoteId: z.string().min(1),
    /** Creation kinds (shared/generation) and pipeline steps (STEP_KINDS) it serves; `*` = all (the local engine). */
    kinds: z.array(z.string().min(1)).min(1),
    /** Provider parameter → where its value comes from. */
    input: z.record(z.string(), zParamSource),
    output: z
      .object({
        /**
         * Paths in the provider's answer holding result files, tried in order: `images[].url`,
         * `video.url`, `audio.url`, `output` (Replicate's string), `output[]` (a list of URLs),
         * `data[].b64_json` (base64 instead of a URL). `[]` takes every element.
         */
        files: z.array(z.string()).min(1),
        /** A path whose truthy value means the provider flagged the result unsafe (fal's `has_nsfw_concepts[]`). */
        unsafe: z.string().optional(),
        /** For `output` holding text (a script step): the answer is text, not files. */
        text: z.boolean().optional(),
      })
      .strict(),
    /**
     * What the server does around the call: `background` puts the model's cut-out on the chosen
     * background; `append` plays the model's clip after the source video (extension); `mux`
     * lays the model's audio onto the source video (sound effects).
     */
    post: z.enum(['background', 'append', 'mux']).optional(),
    limits: zModelLimits.default({}),
    price: zModelPrice.optional(),
    /** Seconds a run may take before it is given up (and refunded). */
    timeoutS: z.number().int().positive().default(600),
    speed: z.enum(['fast', 'standard', 'slow']).default('standard'),
    /** Where the input and output schema above come from (the provider's model page or API docs). */
    source: z.url(),
    disabled: z.boolean().optional(),
  })
  .strict();
export type ModelEntry = z.infer<typeof zModelEntry>;
export type ModelEntryInput = z.input<typeof zModelEntry>;

/** The built-in engine: every kind, on this server's CPU, priced per kind (shared/credits/costs). */
export const LOCAL_MODEL: ModelEntry = zModelEntry.parse({
  id: 'local',
  name: 'Tessera local engine',
  vendor: 'Tessera',
  provider: 'local',
  remoteId: 'local',
  kinds: ['*'],
  input: {},
  output: { files: ['local'] },
  speed: 'fast',
  source: 'https://github.com/tessera-studio/tessera/blob/main/docs/engine.md',
});

/**
 * The built-in catalogue. Hosted models come first within a kind: a kind's default is the first
 * enabled entry whose provider is configured; the local engine is always last.
 */
export const MODEL_CATALOG: readonly ModelEntry[] = [...[...IMAGE_MODELS, ...VIDEO_MODELS, ...STEP_MODELS].map((entry) => zModelEntry.parse(entry)), LOCAL_MODEL];

/**
 * An operator's change to the catalogue: a whole new entry, or a known id with the fields to
 * change (`disabled`, `price`, `limits`, `name`, `timeoutS` …).
 */
export const zModelOverride = zModelEntry.partial().extend({ id: zModelEntry.shape.id });
export type ModelOverride = z.infer<typeof zModelOverride>;

/** The catalogue with operators' overrides applied in order; throws on an unknown id that is not a whole entry. */
export function applyOverrides(base: readonly ModelEntry[], overrides: readonly ModelOverride[]): ModelEntry[] {
  const byId = new Map(base.map((entry) => [entry.id, entry]));
  for (const override of overrides) {
    const current = byId.get(override.id);
    byId.set(override.id, zModelEntry.parse(current ? { ...current, ...override } : override));
  }
  // The local engine stays last whatever was added.
  const local = byId.get('local');
  byId.delete('local');
  return [...byId.values(), ...(local ? [local] : [])];
}

const servesKind = (model: ModelEntry, kind: string) => model.kinds.includes(kind) || model.kinds.includes('*');

/** The catalogue entry with this id, or undefined. */
export function findModel(id: string, catalog: readonly ModelEntry[] = MODEL_CATALOG): ModelEntry | undefined {
  return catalog.find((model) => model.id === id);
}

/** Models that can make `kind` with the providers configured here, default first (local last). */
export function modelsForKind(kind: string, configured: ReadonlySet<ModelProvider>, catalog: readonly ModelEntry[] = MODEL_CATALOG): ModelEntry[] {
  return catalog.filter((model) => !model.disabled && servesKind(model, kind) && (model.provider === 'local' || configured.has(model.provider)));
}

/**
 * The model a task runs on: the one it asked for when that model makes the kind and its provider
 * is configured, otherwise the kind's default (the first configured hosted model, else local).
 */
export function chooseModel(kind: string, requested: string | undefined, configured: ReadonlySet<ModelProvider>, catalog: readonly ModelEntry[] = MODEL_CATALOG): ModelEntry {
  const available = modelsForKind(kind, configured, catalog);
  const asked = requested ? available.find((model) => model.id === requested) : undefined;
  return asked ?? available[0] ?? LOCAL_MODEL;
}

/** Seconds a task's price counts: the output's duration, else the input video's, else the speech's. */
export function billedSeconds(input: unknown): number {
  const duration = readField(input, 'duration');
  if (typeof duration === 'number') return duration;
  const source = readField(input, 'source.durationS');
  if (typeof source === 'number') return source;
  const text = readField(input, 'text');
  if (typeof text === 'string') return estimateSpeechSeconds(text);
  return 5;
}

/** What `model` charges for `input`, in credits. */
export function modelCost(model: ModelEntry, kind: GenerationKind, input: unknown): number {
  const price = model.price;
  if (!price) return costOf(kind, input as never);
  const resolution = readField(input, 'resolution') ?? readField(input, 'target');
  const factor = typeof resolution === 'string' ? (price.resolution?.[resolution] ?? 1) : 1;
  const units = price.per === 'second' ? Math.ceil(billedSeconds(input)) : 1;
  return Math.max(1, Math.ceil(price.credits * units * factor));
}

/** A limit a task breaks, as the catalogue code the server answers with. */
export type LimitBreach = 'MODEL_DURATION_UNSUPPORTED' | 'MODEL_SETTING_UNSUPPORTED' | 'MODEL_SOURCE_TOO_LONG' | 'MODEL_INPUT_TOO_LARGE';

/** The first limit of `model` that `input` breaks, or null. `inputBytes` is the largest input file. */
export function checkLimits(model: ModelEntry, input: unknown, inputBytes = 0): LimitBreach | null {
  const limits = model.limits;
  const value = (path: string) => readField(input, path);
  const duration = value('duration');
  if (limits.durations && typeof duration === 'number' && !limits.durations.includes(duration)) return 'MODEL_DURATION_UNSUPPORTED';
  const resolution = value('resolution');
  if (limits.resolutions && typeof resolution === 'string' && !limits.resolutions.includes(resolution)) return 'MODEL_SETTING_UNSUPPORTED';
  const aspectRatio = value('aspectRatio');
  if (limits.aspectRatios && typeof aspectRatio === 'string' && !limits.aspectRatios.includes(aspectRatio)) return 'MODEL_SETTING_UNSUPPORTED';
  const scale = value('scale');
  if (limits.scales && typeof scale === 'number' && !limits.scales.includes(scale)) return 'MODEL_SETTING_UNSUPPORTED';
  const source = value('source.durationS');
  if (limits.maxSourceSeconds && typeof source === 'number' && source > limits.maxSourceSeconds) return 'MODEL_SOURCE_TOO_LONG';
  const text = value('text');
  if (limits.maxSpeechSeconds && typeof text === 'string' && estimateSpeechSeconds(text) > limits.maxSpeechSeconds) return 'MODEL_SOURCE_TOO_LONG';
  if (limits.maxInputMb && inputBytes > limits.maxInputMb * 1024 * 1024) return 'MODEL_INPUT_TOO_LARGE';
  return null;
}

/** What the studio's pickers show of a model (`model.list`). */
export interface ModelChoice {
  id: string;
  name: string;
  vendor: string;
  provider: ModelProvider;
  speed: ModelEntry['speed'];
  limits: ModelLimits;
  price: ModelPrice | null;
}

export function toChoice(model: ModelEntry): ModelChoice {
  return { id: model.id, name: model.name, vendor: model.vendor, provider: model.provider, speed: model.speed, limits: model.limits, price: model.price ?? null };
}

/** The price a picker shows for `choice` (the same rule the server charges by). */
export function choiceCost(choice: ModelChoice, kind: GenerationKind, input: unknown): number {
  return modelCost({ ...LOCAL_MODEL, price: choice.price ?? undefined }, kind, input);
}

/** Kinds that need a hosted entry (the timeline export is composition and stays on ffmpeg). */
export const HOSTED_KINDS = (Object.keys(GENERATION_KINDS) as GenerationKind[]).filter((kind) => kind !== 'video_edit');
