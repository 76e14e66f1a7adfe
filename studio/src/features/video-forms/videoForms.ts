/**
 * The easy-mode video forms, one small spec each: which video kind it creates (and its V2 kind),
 * which inputs it takes (a video with its §5 length, images), its other fields and their
 * defaults. One generic form renders them all (VideoKindForm); the input schemas, the §5 rules
 * and the costs come from shared/generation and shared/credits, so the form shows exactly what
 * the server will accept and charge.
 */
import { GENERATION_KINDS, type GenerationInput, SPEECH_VOICES, VIDEO_SUBTITLE_REGIONS, type VideoGenerationKind, videoFieldsOf } from '@tessera/shared/generation';
import {
  AI_SHORTS_DURATIONS,
  checkGeneralVideo,
  checkLipSyncVideo,
  EXTEND_DURATIONS,
  GENERAL_VIDEO_MAX_S,
  GENERAL_VIDEO_MIN_S,
  isExtendable,
  LIP_SYNC_MAX_S,
  LIP_SYNC_MIN_S,
  VIDEO_ASPECT_RATIOS,
  VIDEO_DURATIONS,
  VIDEO_DURATIONS_V2,
  VIDEO_MODES,
  VIDEO_RESOLUTIONS,
  VIDEO_STYLES,
  VIDEO_UPSCALE_TARGETS,
  type VideoSource,
  type VideoUpscaleTarget,
  videoUpscalePlan,
} from '@tessera/shared/generation/video';
import type { ModelChoice, ModelLimits } from '@tessera/shared/generation/models';
import type { z } from 'zod';
import { narrowTo, priceFor } from '../models/modelChoice.ts';

export type VideoFormField =
  /** A text box: `prompt` (the kind may make it optional), `topic` (AI shorts) or `text` (the script to speak). */
  | { type: 'prompt'; name: 'prompt' | 'topic' | 'text'; required: boolean }
  | { type: 'choice'; name: string; options: readonly (string | number)[] }
  /** Clip length: 5/10 s, or 5/8/10 s with the V2 models, narrowed to what the chosen model makes. */
  | { type: 'duration'; options: readonly number[]; v2Options?: readonly number[] }
  | { type: 'toggle'; name: string }
  | { type: 'slider'; name: string; min: number; max: number; step: number }
  | { type: 'seed' }
  | { type: 'model' }
  | { type: 'background' };

/** Image inputs a video form can take; `subjects` is a list of 1–4 photos. */
export type VideoImageSlot = 'image' | 'face' | 'subjects';
export const MAX_SUBJECTS = 4;

export interface VideoFormSpec {
  /** The switcher's key on /app/ai-video, or the tool's slug. */
  id: string;
  kind: VideoGenerationKind;
  /** The V2 model's kind (text and image to video): chosen with the form's V2 switch. */
  v2Kind?: VideoGenerationKind;
  /** The input video and the length (§5) the trimmed upload must have. */
  video?: { minS: number; maxS: number };
  images: readonly VideoImageSlot[];
  fields: readonly VideoFormField[];
  defaults: Record<string, unknown>;
}

const GENERAL = { minS: GENERAL_VIDEO_MIN_S, maxS: GENERAL_VIDEO_MAX_S };
const MODEL_FIELDS: readonly VideoFormField[] = [
  { type: 'model' },
  { type: 'choice', name: 'resolution', options: VIDEO_RESOLUTIONS },
  { type: 'choice', name: 'mode', options: VIDEO_MODES },
];
const DURATION: VideoFormField = { type: 'duration', options: VIDEO_DURATIONS, v2Options: VIDEO_DURATIONS_V2 };
const ASPECT: VideoFormField = { type: 'choice', name: 'aspectRatio', options: VIDEO_ASPECT_RATIOS };
const SEED: VideoFormField = { type: 'seed' };
const CLIP_DEFAULTS = { resolution: '720p', mode: 'std' };

const spec = (s: VideoFormSpec) => s;

/** The extension form: on /app/ai-video (`extend`) and as the video extender tool. */
const extend = (id: string) =>
  spec({
    id,
    kind: 'video_extend',
    video: GENERAL,
    images: [],
    fields: [{ type: 'prompt', name: 'prompt', required: false }, { type: 'model' }, { type: 'duration', options: EXTEND_DURATIONS }],
    defaults: { duration: 5 },
  });

/** /app/ai-video's kind switcher, in order. */
export const AI_VIDEO_FORMS = [
  spec({
    id: 'text',
    kind: 'text_to_video',
    v2Kind: 'text_to_video_v2',
    images: [],
    fields: [{ type: 'prompt', name: 'prompt', required: true }, DURATION, ASPECT, ...MODEL_FIELDS, SEED],
    defaults: { duration: 5, aspectRatio: '16:9', ...CLIP_DEFAULTS },
  }),
  spec({
    id: 'image',
    kind: 'image_to_video',
    v2Kind: 'image_to_video_v2',
    images: ['image'],
    fields: [{ type: 'prompt', name: 'prompt', required: false }, DURATION, ...MODEL_FIELDS, SEED],
    defaults: { duration: 5, ...CLIP_DEFAULTS },
  }),
  spec({
    id: 'video',
    kind: 'video_to_video',
    video: GENERAL,
    images: [],
    fields: [{ type: 'prompt', name: 'prompt', required: false }, { type: 'choice', name: 'style', options: VIDEO_STYLES }, ...MODEL_FIELDS, SEED],
    defaults: { style: 'auto', ...CLIP_DEFAULTS },
  }),
  spec({
    id: 'subjects',
    kind: 'video_subjects',
    images: ['subjects'],
    fields: [{ type: 'prompt', name: 'prompt', required: true }, DURATION, ASPECT, ...MODEL_FIELDS, SEED],
    defaults: { duration: 5, aspectRatio: '16:9', ...CLIP_DEFAULTS },
  }),
  spec({ id: 'motion', kind: 'action_imitation', video: GENERAL, images: ['image'], fields: [...MODEL_FIELDS, SEED], defaults: { ...CLIP_DEFAULTS } }),
  spec({
    id: 'anime',
    kind: 'anime_video',
    video: GENERAL,
    images: [],
    fields: [{ type: 'prompt', name: 'prompt', required: false }, ...MODEL_FIELDS, SEED],
    defaults: { ...CLIP_DEFAULTS },
  }),
  extend('extend'),
] as const satisfies readonly VideoFormSpec[];

const SPEECH_FIELDS: readonly VideoFormField[] = [
  { type: 'prompt', name: 'text', required: true },
  { type: 'choice', name: 'voice', options: SPEECH_VOICES },
  { type: 'choice', name: 'resolution', options: VIDEO_RESOLUTIONS },
];

/** AI avatar: a portrait speaks the script. */
export const AVATAR_FORM = spec({ id: 'avatar', kind: 'lip_sync', images: ['image'], fields: SPEECH_FIELDS, defaults: { voice: 'female', resolution: '720p' } });
/**
 * Lip sync on a video (§5: longer than 2 s, shorter than 10 s, and the size rule). Every upload is
 * also a general video upload (§5: 3 to 30 s), so the clips the form takes last 3 to 10 s.
 */
export const LIP_SYNC_FORM = spec({
  id: 'lip-sync',
  kind: 'lip_sync',
  video: { minS: Math.max(LIP_SYNC_MIN_S, GENERAL_VIDEO_MIN_S), maxS: LIP_SYNC_MAX_S },
  images: [],
  fields: SPEECH_FIELDS,
  defaults: { voice: 'female', resolution: '720p' },
});

export const AI_SHORTS_FORM = spec({
  id: 'shorts',
  kind: 'ai_shorts',
  images: [],
  fields: [
    { type: 'prompt', name: 'topic', required: true },
    { type: 'choice', name: 'duration', options: AI_SHORTS_DURATIONS },
    { type: 'toggle', name: 'captions' },
    { type: 'toggle', name: 'music' },
    { type: 'choice', name: 'resolution', options: ['720p', '1080p'] },
    SEED,
  ],
  defaults: { duration: 30, captions: true, music: true, resolution: '720p' },
});

/** The video tools (/app/ai-tools/<slug>), listed on /app/ai-tools after the image tools. */
export const VIDEO_TOOLS = [
  spec({
    id: 'video-upscaler',
    kind: 'video_upscale',
    video: GENERAL,
    images: [],
    fields: [{ type: 'choice', name: 'target', options: VIDEO_UPSCALE_TARGETS }],
    defaults: { target: '1080p' },
  }),
  spec({
    id: 'video-background-remover',
    kind: 'video_background_remover',
    video: GENERAL,
    images: [],
    fields: [{ type: 'background' }],
    defaults: { background: { type: 'color', color: '#00b140' } },
  }),
  spec({
    id: 'subtitle-remover',
    kind: 'video_subtitles_remove',
    video: GENERAL,
    images: [],
    fields: [{ type: 'choice', name: 'region', options: VIDEO_SUBTITLE_REGIONS }],
    defaults: { region: 'auto' },
  }),
  spec({
    id: 'sound-effects',
    kind: 'sound_effects',
    video: GENERAL,
    images: [],
    fields: [{ type: 'prompt', name: 'prompt', required: true }, { type: 'slider', name: 'volume', min: 0, max: 1, step: 0.05 }, { type: 'toggle', name: 'keepOriginalAudio' }, SEED],
    defaults: { volume: 0.8, keepOriginalAudio: true },
  }),
  LIP_SYNC_FORM,
  spec({ id: 'video-face-swap', kind: 'video_face_swap', video: GENERAL, images: ['face'], fields: [], defaults: {} }),
  extend('video-extender'),
] as const satisfies readonly VideoFormSpec[];

export function findVideoTool(slug: string | undefined): VideoFormSpec | undefined {
  return (VIDEO_TOOLS as readonly VideoFormSpec[]).find((tool) => tool.id === slug);
}

/** Where a video can go next: a form or tool that takes a video, with its label's key and the link that preselects it. */
export interface VideoUseTarget {
  id: string;
  labelKey: string;
  href: string;
}

/**
 * Every form and tool whose kind takes a video as input (shared/generation's video fields), one
 * per kind — the tools first (the extender stands for /app/ai-video's extend tab) — each linked
 * with `video=<taskId>`, which the form preselects.
 */
const USE_FIRST = ['video-extender', 'video-upscaler', 'lip-sync', 'video'];

export function videoUseTargets(taskId: string): VideoUseTarget[] {
  const video = encodeURIComponent(taskId);
  const seen = new Set<VideoGenerationKind>();
  const targets: VideoUseTarget[] = [];
  const takesVideo = (spec: VideoFormSpec) => Boolean(spec.video) && videoFieldsOf(spec.kind).length > 0 && !seen.has(spec.kind);
  for (const spec of VIDEO_TOOLS as readonly VideoFormSpec[]) {
    if (!takesVideo(spec)) continue;
    seen.add(spec.kind);
    targets.push({ id: spec.id, labelKey: `tools.${spec.id}.title`, href: `/app/ai-tools/${spec.id}?video=${video}` });
  }
  for (const spec of AI_VIDEO_FORMS as readonly VideoFormSpec[]) {
    if (!takesVideo(spec)) continue;
    seen.add(spec.kind);
    targets.push({ id: spec.id, labelKey: `kinds.${spec.id}.title`, href: `/app/ai-video?kind=${spec.id}&video=${video}` });
  }
  // What people reach for first with a finished clip leads the list; the rest keep their order.
  const rank = (id: string) => (USE_FIRST.includes(id) ? USE_FIRST.indexOf(id) : USE_FIRST.length);
  return targets.sort((a, b) => rank(a.id) - rank(b.id));
}

/** The kind a form creates: the V2 kind when the V2 switch is on and the form has one. */
export function kindOf(spec: VideoFormSpec, v2: boolean): VideoGenerationKind {
  return v2 && spec.v2Kind ? spec.v2Kind : spec.kind;
}

/** A model of the catalogue as `model.list` answers it (what the option lists read of it). */
export interface ModelOption {
  id: string;
  name: string;
  provider: string;
  durations?: number[];
  resolutions?: string[];
  limits?: ModelLimits;
}

/** Options narrowed to what a model offers; an empty or disjoint model list leaves them all. */
export const narrowOptions = narrowTo;

/** The clip lengths a duration field offers for this kind and model. */
export function durationOptions(field: Extract<VideoFormField, { type: 'duration' }>, v2: boolean, model: ModelOption | undefined): readonly number[] {
  return narrowOptions(v2 && field.v2Options ? field.v2Options : field.options, model?.durations ?? model?.limits?.durations);
}

/** The options a choice field offers with this model (resolutions and shapes follow the model). */
export function choiceOptions(field: Extract<VideoFormField, { type: 'choice' }>, model: ModelOption | undefined): readonly (string | number)[] {
  if (field.name === 'resolution') return narrowOptions(field.options, model?.resolutions ?? model?.limits?.resolutions);
  if (field.name === 'aspectRatio') return narrowOptions(field.options, model?.limits?.aspectRatios);
  return field.options;
}

/**
 * The values the form really sends: its values with every duration and resolution moved onto
 * an option the current kind and model offer (a V2 8 s clip becomes 5 s when V2 is switched off).
 */
export function effectiveValues(spec: VideoFormSpec, values: Record<string, unknown>, v2: boolean, model: ModelOption | undefined): Record<string, unknown> {
  const out = { ...spec.defaults, ...values };
  for (const field of spec.fields) {
    const options = field.type === 'duration' ? durationOptions(field, v2, model) : field.type === 'choice' ? choiceOptions(field, model) : null;
    const name = field.type === 'duration' ? 'duration' : field.type === 'choice' ? field.name : null;
    if (options && name && !options.includes(out[name] as never)) out[name] = options[0];
  }
  return out;
}

/** The chosen media: references as the RPCs take them. */
export interface VideoFormRefs {
  video?: string;
  image?: string;
  face?: string;
  subjects?: readonly string[];
}

/** The request a form describes, validated with its kind's own schema. */
export function buildVideoInput(spec: VideoFormSpec, v2: boolean, values: Record<string, unknown>, refs: VideoFormRefs): ReturnType<z.ZodType['safeParse']> {
  const kind = kindOf(spec, v2);
  const input: Record<string, unknown> = { ...spec.defaults, ...values };
  if (spec.video && refs.video) input.video = refs.video;
  for (const slot of spec.images) {
    if (slot === 'subjects') input.subjects = refs.subjects?.length ? [...refs.subjects] : undefined;
    else if (refs[slot]) input[slot] = refs[slot];
  }
  // The picker sends a model only when there was a choice; an unset seed is random.
  if (!input.model) delete input.model;
  if (typeof input.seed !== 'number' || !Number.isFinite(input.seed)) delete input.seed;
  // Background remover's image background may still be a draft with its preview.
  if (isRecord(input.background) && input.background.type === 'image') input.background = { type: 'image', image: input.background.image };
  return GENERATION_KINDS[kind].input.safeParse(input);
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** What a form still needs before it can be sent, in form order (empty when it is complete). */
export type VideoFormNeed = 'video' | 'image' | 'face' | 'subjects' | 'prompt' | 'topic' | 'text' | 'backgroundImage';

export function missingInputs(spec: VideoFormSpec, values: Record<string, unknown>, refs: VideoFormRefs): VideoFormNeed[] {
  const missing: VideoFormNeed[] = [];
  if (spec.video && !refs.video) missing.push('video');
  for (const slot of spec.images) if (slot === 'subjects' ? !refs.subjects?.length : !refs[slot]) missing.push(slot);
  for (const field of spec.fields) {
    if (field.type === 'prompt' && field.required && !String(values[field.name] ?? '').trim()) missing.push(field.name);
    if (field.type === 'background' && isRecord(values.background) && values.background.type === 'image' && !values.background.image) missing.push('backgroundImage');
  }
  return missing;
}

/** The §5 rule an input video breaks for this kind (the catalogue code the server would answer), or null. */
export type VideoFormRule = NonNullable<ReturnType<typeof checkGeneralVideo>> | NonNullable<ReturnType<typeof checkLipSyncVideo>> | 'VIDEO_NOT_EXTENDABLE';

/**
 * Mirrors the server's checks (server/src/generation/videoInputs.ts) on what the browser knows of
 * the video: upscale plans the output size, extension needs a video of at most 3 minutes made in
 * the last 30 days (`createdAt`; an upload is new), lip sync has its own limits (its size in bytes
 * is checked on upload and by the server), every other kind takes a 3–30 s video.
 */
export function videoRuleProblem(
  kind: VideoGenerationKind,
  values: Record<string, unknown>,
  video: VideoSource,
  createdAt: Date | null = null,
  now: Date = new Date(),
): VideoFormRule | null {
  switch (kind) {
    case 'video_upscale': {
      const plan = videoUpscalePlan(video, (values.target ?? '1080p') as VideoUpscaleTarget);
      return plan.ok ? null : plan.error;
    }
    case 'video_extend':
      return isExtendable(video.durationS, createdAt ?? now, now) ? null : 'VIDEO_NOT_EXTENDABLE';
    case 'lip_sync':
      return checkLipSyncVideo({ ...video, sizeBytes: 0 });
    default:
      return checkGeneralVideo(video.durationS);
  }
}

/** The size a video upscale will produce with these values, or null when the plan breaks a rule. */
export function videoUpscaleSize(video: VideoSource, values: Record<string, unknown>): { width: number; height: number } | null {
  const plan = videoUpscalePlan(video, (values.target ?? '1080p') as VideoUpscaleTarget);
  return plan.ok ? { width: plan.width, height: plan.height } : null;
}

/** Stand-ins that satisfy the schemas when pricing a form before its media are chosen (the price does not depend on them). */
const STAND_IN = { image: 'u/cost/cost.png', video: 'u/cost/cost.mp4' };

/**
 * Credits the form's request costs on the chosen model (`choiceCost`; the kind's price table for
 * the local engine or while the list loads) for the values the form would send, with the chosen
 * video's length and size as `source` (source-priced kinds cost what the server will charge once
 * it probed the same video; before a video is chosen, the table's 5 s).
 */
export function videoFormCost(spec: VideoFormSpec, v2: boolean, values: Record<string, unknown>, video: VideoSource | null, model?: ModelChoice): number {
  const kind = kindOf(spec, v2);
  const filled: Record<string, unknown> = { ...values };
  for (const field of spec.fields) if (field.type === 'prompt' && !String(filled[field.name] ?? '').trim()) filled[field.name] = 'x';
  const refs = { video: STAND_IN.video, image: STAND_IN.image, face: STAND_IN.image, subjects: [STAND_IN.image] };
  const parsed = buildVideoInput(spec, v2, filled, refs);
  const input = (parsed.success ? parsed.data : buildVideoInput(spec, v2, {}, refs).data) as Record<string, unknown>;
  const source = video ? { durationS: video.durationS, width: video.width, height: video.height } : undefined;
  return priceFor(model, kind, { ...input, ...(spec.video && source ? { source } : {}) } as GenerationInput<typeof kind>);
}
