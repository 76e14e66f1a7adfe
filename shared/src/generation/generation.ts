/**
 * The catalogue of creation kinds (§1, §4, §7): for each public RPC its input schema, its
 * kind and what it outputs. The server validates with these schemas; the studio builds its
 * forms from them. Kinds are added here as their engines land.
 */
import { z } from 'zod';
import {
  AI_SHORTS_DURATIONS,
  EXTEND_DURATIONS,
  MAX_SPEECH_CHARS,
  VIDEO_ASPECT_RATIOS,
  VIDEO_MODES,
  VIDEO_RESOLUTIONS,
  VIDEO_STYLES,
  VIDEO_UPSCALE_TARGETS,
} from './video.ts';
import { zTimelineSnapshot } from '../timeline/timeline.ts';

export const ASPECT_RATIOS = {
  '1:1': [1024, 1024],
  '4:3': [1152, 864],
  '3:4': [864, 1152],
  '16:9': [1344, 768],
  '9:16': [768, 1344],
} as const satisfies Record<string, readonly [number, number]>;
export type AspectRatio = keyof typeof ASPECT_RATIOS;
const ASPECT_RATIO_KEYS = Object.keys(ASPECT_RATIOS) as [AspectRatio, ...AspectRatio[]];

const zPrompt = z.string().trim().min(1, 'Prompt is required').max(2000);
const zSeed = z.number().int().min(0).max(2 ** 31 - 1);
const zProjectId = z.string().max(100);
/**
 * The model picked in the studio (shared/generation/models); the server runs the task on it when
 * its provider is configured, else on the kind's default (see chooseModel).
 */
export const zModelId = z.string().trim().max(64).regex(/^[a-z0-9][a-z0-9-]*$/, 'The model used to create this video is currently unavailable. We suggest you try our other models.');

/** A stored media key: `u/<owner>/<name>.<ext>` (what uploads and imports answer). */
export const MEDIA_KEY_PATTERN = /^u\/[A-Za-z0-9_-]{1,64}\/[A-Za-z0-9_-]{1,128}\.(png|jpg|webp|gif|avif|mp4|webm|mp3|wav)$/;
const MEDIA_URL_PREFIX = '/api/media/';

/**
 * An input image: a key from an upload, our own media URL (`/api/media/<key>`, as shown in the
 * studio), or an http(s) URL the server fetches with SSRF protection and stores first.
 */
export const zImageRef = z
  .string({ error: 'Image is required.' })
  .trim()
  .min(1, 'Image is required.')
  .max(2048, 'Invalid image URL.')
  .refine((value) => parseImageRef(value) !== null, 'Invalid image URL.');

export type ImageRef = { kind: 'key'; key: string } | { kind: 'url'; url: string };

/** Classifies an image reference; null when it is neither a media key nor an http(s) URL. */
export function parseImageRef(value: string): ImageRef | null {
  const key = value.startsWith(MEDIA_URL_PREFIX) ? value.slice(MEDIA_URL_PREFIX.length) : value;
  if (MEDIA_KEY_PATTERN.test(key)) return { kind: 'key', key };
  // Shape only: the server parses the URL and checks where it really points (SSRF) before fetching.
  return /^https?:\/\/[^\s/?#@]+(?:[/?#]\S*)?$/i.test(value) ? { kind: 'url', url: value } : null;
}

const zHexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Colour must look like #12abef');

/** A catalogue id (template or LoRA): see shared/catalog. */
const zCatalogId = z
  .string()
  .trim()
  .min(2)
  .max(64)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Video template not found.');

export const zTextToImageInput = z.object({
  prompt: zPrompt,
  negativePrompt: z.string().trim().max(1000).optional(),
  aspectRatio: z.enum(ASPECT_RATIO_KEYS).default('1:1'),
  /** A LoRA style from the catalogue (/loras), applied over the picture. */
  loraId: zCatalogId.optional(),
  /** Same seed + prompt → same image. */
  seed: zSeed.optional(),
  model: zModelId.optional(),
  projectId: zProjectId.optional(),
});
export type TextToImageInput = z.infer<typeof zTextToImageInput>;

/** Styles image-to-image can apply; `auto` picks one from the prompt's words. */
export const IMAGE_STYLES = ['auto', 'watercolor', 'sketch', 'oil', 'comic', 'pixel', 'noir', 'vivid'] as const;
export type ImageStyle = (typeof IMAGE_STYLES)[number];

export const zImageToImageInput = z.object({
  model: zModelId.optional(),
  image: zImageRef,
  prompt: zPrompt,
  style: z.enum(IMAGE_STYLES).default('auto'),
  /** 0 keeps the original, 1 applies the style fully. */
  strength: z.number().min(0.1).max(1).default(0.6),
  seed: zSeed.optional(),
  projectId: zProjectId.optional(),
});

/** Largest image an upscale may produce (§5 "Image upscale size is too large."). */
export const MAX_UPSCALE_SIDE = 4096;
export const UPSCALE_MODES = ['quality', 'fast'] as const;

export const zUpscaleInput = z.object({
  model: zModelId.optional(),
  image: zImageRef,
  scale: z.union([z.literal(2), z.literal(4)], { error: 'Unsupported upscale mode or capability' }).default(2),
  /** `quality`: the ESRGAN model; `fast`: lanczos resampling. */
  mode: z.enum(UPSCALE_MODES, { error: 'Unsupported upscale mode or capability' }).default('quality'),
  projectId: zProjectId.optional(),
});

export const zUncropInput = z.object({
  model: zModelId.optional(),
  image: zImageRef,
  /** The shape of the result. */
  aspectRatio: z.enum(ASPECT_RATIO_KEYS).default('16:9'),
  /** How much larger than the original the result is along its growing side (1 = only reshape). */
  zoomOut: z.number().min(1).max(2).default(1.25),
  projectId: zProjectId.optional(),
});

/** A mask is an image of the same size as `image`: white (or opaque) where things go. */
export const zObjectRemoverInput = z.object({
  model: zModelId.optional(),
  image: zImageRef,
  mask: zImageRef,
  projectId: zProjectId.optional(),
});

export const zInpaintInput = z.object({
  model: zModelId.optional(),
  image: zImageRef,
  mask: zImageRef,
  /** What to paint in the masked area; without it the area is filled from its surroundings. */
  prompt: z.string().trim().max(2000).optional(),
  seed: zSeed.optional(),
  projectId: zProjectId.optional(),
});

export const zBackgroundRemoverInput = z.object({
  model: zModelId.optional(),
  image: zImageRef,
  projectId: zProjectId.optional(),
});

export const zBackground = z.discriminatedUnion('type', [
  z.object({ type: z.literal('color'), color: zHexColor }),
  z.object({ type: z.literal('gradient'), from: zHexColor, to: zHexColor, angle: z.number().int().min(0).max(359).default(90) }),
  z.object({ type: z.literal('image'), image: zImageRef }),
]);
export type Background = z.infer<typeof zBackground>;

export const zBackgroundChangerInput = z.object({
  model: zModelId.optional(),
  image: zImageRef,
  background: zBackground,
  projectId: zProjectId.optional(),
});

export const zFaceSwapInput = z.object({
  model: zModelId.optional(),
  /** The photo whose face is replaced. */
  image: zImageRef,
  /** The photo the new face comes from. */
  face: zImageRef,
  projectId: zProjectId.optional(),
});

/**
 * Template kinds (issue 7): the template (shared/catalog) says what to do; the server copies the
 * template's recipe, options and cost into the task (`template`) when it accepts it, so editing or
 * retiring a template later does not change work already paid for.
 */
export const zPhotoEffectInput = z.object({
  model: zModelId.optional(),
  templateId: zCatalogId,
  image: zImageRef,
  projectId: zProjectId.optional(),
});

/** A video effect animates a photo into a short clip (video effects and pro effects). */
export const zVideoEffectInput = z.object({
  model: zModelId.optional(),
  templateId: zCatalogId,
  image: zImageRef,
  projectId: zProjectId.optional(),
});

/**
 * An input video: a stored video's media key (or its `/api/media/` URL), or the id of one of the
 * caller's video tasks (a clip made here; a task still running is refused with VIDEO_PROCESSING).
 */
export const zVideoRef = z
  .string({ error: 'Video not found.' })
  .trim()
  .min(1, 'Video not found.')
  .max(2048, 'Video not found.')
  .refine((value) => parseVideoRef(value) !== null, 'Video not found.');

export type VideoRef = { kind: 'key'; key: string } | { kind: 'task'; taskId: string };
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Classifies a video reference; null when it is neither a video media key nor a task id. */
export function parseVideoRef(value: string): VideoRef | null {
  const key = value.startsWith(MEDIA_URL_PREFIX) ? value.slice(MEDIA_URL_PREFIX.length) : value;
  if (MEDIA_KEY_PATTERN.test(key) && /\.(mp4|webm)$/.test(key)) return { kind: 'key', key };
  return UUID_PATTERN.test(value) ? { kind: 'task', taskId: value.toLowerCase() } : null;
}

/**
 * What the server read from the input video with ffprobe when it accepted the task (prices and
 * output sizes depend on it). Any value a client sends is replaced.
 */
const zVideoSource = z.object({ durationS: z.number().positive(), width: z.number().int().positive(), height: z.number().int().positive() });

const zVideoOptions = {
  negativePrompt: z.string().trim().max(1000).optional(),
  resolution: z.enum(VIDEO_RESOLUTIONS).default('720p'),
  mode: z.enum(VIDEO_MODES).default('std'),
  seed: zSeed.optional(),
  model: zModelId.optional(),
  projectId: zProjectId.optional(),
};
const zDuration = z.union([z.literal(5), z.literal(10)], { error: 'Duration must be 5 or 10 seconds' }).default(5);
const zDurationV2 = z.union([z.literal(5), z.literal(8), z.literal(10)], { error: 'Duration must be 5, 8 or 10 seconds' }).default(5);

/** Text to video: a clip of `duration` seconds, `aspectRatio` shaped, `resolution` on its short side. */
export const zTextToVideoInput = z.object({ prompt: zPrompt, duration: zDuration, aspectRatio: z.enum(VIDEO_ASPECT_RATIOS).default('16:9'), ...zVideoOptions });
export type TextToVideoInput = z.infer<typeof zTextToVideoInput>;
export const zTextToVideoV2Input = zTextToVideoInput.extend({ duration: zDurationV2 });

/** Image to video: the photo brought to life; the clip keeps the photo's shape. The prompt steers the motion. */
export const zImageToVideoInput = z.object({ image: zImageRef, prompt: z.string().trim().max(2000).default(''), duration: zDuration, ...zVideoOptions });
export type ImageToVideoInput = z.infer<typeof zImageToVideoInput>;
export const zImageToVideoV2Input = zImageToVideoInput.extend({ duration: zDurationV2 });

/** Video to video (and anime): the whole source video restyled; it keeps the source's shape and length. */
export const zVideoToVideoInput = z.object({
  video: zVideoRef,
  prompt: z.string().trim().max(2000).default(''),
  style: z.enum(VIDEO_STYLES).default('auto'),
  ...zVideoOptions,
  source: zVideoSource.optional(),
});
export type VideoToVideoInput = z.infer<typeof zVideoToVideoInput>;
export const zAnimeVideoInput = z.object({ video: zVideoRef, prompt: z.string().trim().max(2000).default(''), ...zVideoOptions, source: zVideoSource.optional() });

export const zVideoUpscaleInput = z.object({
  model: zModelId.optional(),
  video: zVideoRef,
  target: z.enum(VIDEO_UPSCALE_TARGETS, { error: 'Unsupported upscale mode or capability' }).default('1080p'),
  /** The price the studio showed; the server refuses when the real one is well above it (UPSCALE_CREDIT_GAP). */
  expectedCost: z.number().int().min(0).optional(),
  projectId: zProjectId.optional(),
  source: zVideoSource.optional(),
});

/** Consistent character: 1–4 photos of the same subject(s), kept recognisable through a clip the prompt describes. */
export const zSubjectsVideoInput = z.object({
  subjects: z.array(zImageRef).min(1, 'Image is required.').max(4),
  prompt: zPrompt,
  duration: zDuration,
  aspectRatio: z.enum(VIDEO_ASPECT_RATIOS).default('16:9'),
  ...zVideoOptions,
});

/** Mimic motion: the person in `image` performs the motion of the reference `video` (its length, the photo's shape). */
export const zActionImitationInput = z.object({ image: zImageRef, video: zVideoRef, ...zVideoOptions, source: zVideoSource.optional() });

/**
 * Video extension: `duration` more seconds continuing the video's last frames (the result is the
 * whole video plus its continuation, at the source's size). §5: not for videos over 3 minutes or
 * created over 30 days ago.
 */
export const zVideoExtendInput = z.object({
  video: zVideoRef,
  prompt: z.string().trim().max(2000).default(''),
  duration: z.union([z.literal(EXTEND_DURATIONS[0]), z.literal(EXTEND_DURATIONS[1])], { error: 'Duration must be 5 or 10 seconds' }).default(5),
  model: zModelId.optional(),
  projectId: zProjectId.optional(),
  source: zVideoSource.optional(),
});

/** AI shorts: a vertical (9:16) short about `topic` — scenes, captions and a music bed. */
export const zAiShortsInput = z.object({
  model: zModelId.optional(),
  topic: zPrompt,
  duration: z.union([z.literal(AI_SHORTS_DURATIONS[0]), z.literal(AI_SHORTS_DURATIONS[1]), z.literal(AI_SHORTS_DURATIONS[2])], { error: 'Duration must be 15, 30 or 60 seconds' }).default(30),
  captions: z.boolean().default(true),
  music: z.boolean().default(true),
  resolution: z.enum(['720p', '1080p']).default('720p'),
  seed: zSeed.optional(),
  projectId: zProjectId.optional(),
});

/** Video background removal: the person kept, the background replaced (MP4 has no alpha; green screen by default). */
export const zVideoBackgroundRemoverInput = z.object({
  model: zModelId.optional(),
  video: zVideoRef,
  background: zBackground.default({ type: 'color', color: '#00b140' }),
  projectId: zProjectId.optional(),
  source: zVideoSource.optional(),
});

/** Subtitle removal: burnt-in text found and painted out; `region` limits the search (auto: the whole frame). */
export const VIDEO_SUBTITLE_REGIONS = ['auto', 'bottom', 'top'] as const;
export const zVideoSubtitlesRemoveInput = z.object({
  model: zModelId.optional(),
  video: zVideoRef,
  region: z.enum(VIDEO_SUBTITLE_REGIONS).default('auto'),
  projectId: zProjectId.optional(),
  source: zVideoSource.optional(),
});

/** Sound effects: audio synthesised from `prompt`, mixed onto the video (over its own sound, or replacing it). */
export const zSoundEffectsInput = z.object({
  model: zModelId.optional(),
  video: zVideoRef,
  prompt: zPrompt,
  /** Level of the effect, 0–1. */
  volume: z.number().min(0).max(1).default(0.8),
  keepOriginalAudio: z.boolean().default(true),
  seed: zSeed.optional(),
  projectId: zProjectId.optional(),
  source: zVideoSource.optional(),
});

/** Text-to-speech voices the lip-sync engine offers. */
export const SPEECH_VOICES = ['female', 'male', 'narrator'] as const;

/**
 * Lip sync (and AI avatar): `text` spoken by `voice`, with the mouth of the face in `video` (§5's
 * lip-sync limits) or in the portrait `image` (AI avatar; it must contain a face) moving to it.
 */
export const zLipSyncInput = z
  .object({
    video: zVideoRef.optional(),
    image: zImageRef.optional(),
    text: z.string().trim().min(1, 'Please enter the text to speak.').max(MAX_SPEECH_CHARS),
    voice: z.enum(SPEECH_VOICES).default('female'),
    model: zModelId.optional(),
    resolution: z.enum(VIDEO_RESOLUTIONS).default('720p'),
    projectId: zProjectId.optional(),
    source: zVideoSource.optional(),
  })
  .refine((i) => (i.video === undefined) !== (i.image === undefined), { message: 'Choose a video or a portrait photo.', path: ['video'] });

/** Face swap on a video: every frame's face replaced by the face in `face`. */
export const zVideoFaceSwapInput = z.object({ video: zVideoRef, model: zModelId.optional(), face: zImageRef, projectId: zProjectId.optional(), source: zVideoSource.optional() });

/** The product photo: cut out and placed into the template's scene. */
export const zProductPhotoInput = z.object({
  model: zModelId.optional(),
  templateId: zCatalogId,
  image: zImageRef,
  projectId: zProjectId.optional(),
});

/** Model fitting: `garment` dressed onto the person in `image`, styled by the template. */
export const zModelFittingInput = z.object({
  model: zModelId.optional(),
  templateId: zCatalogId,
  image: zImageRef,
  garment: zImageRef,
  projectId: zProjectId.optional(),
});

/**
 * Export of a project's timeline (`videoEdit.createVideoEdit`): a snapshot of the timeline as the
 * editor shows it (shared/timeline), rendered by the server into one MP4. Clip sources must be
 * our own stored media (keys or `/api/media/` URLs); the server checks the caller may use each.
 */
export const zVideoEditInput = z.object({
  timeline: zTimelineSnapshot.superRefine((t, ctx) => {
    for (const [i, clip] of t.clips.entries()) {
      if (parseImageRef(clip.src)?.kind !== 'key') ctx.addIssue({ code: 'custom', message: 'Video not found.', path: ['clips', i, 'src'] });
    }
  }),
  resolution: z.enum(VIDEO_RESOLUTIONS).default('720p'),
  aspectRatio: z.enum(VIDEO_ASPECT_RATIOS).default('16:9'),
  projectId: zProjectId.optional(),
});
export type VideoEditInput = z.infer<typeof zVideoEditInput>;

/** What the server copies from the template into a template task's input. */
export const zTemplateSnapshot = z.object({
  id: z.string(),
  type: z.string(),
  name: z.string(),
  recipe: z.string(),
  options: z.record(z.string(), z.union([z.number(), z.string(), z.boolean()])),
  cost: z.number().int().min(0),
});
export type TemplateSnapshot = z.infer<typeof zTemplateSnapshot>;

/** What the server copies from a LoRA into a text-to-image task's input. */
export const zLoraSnapshot = z.object({ id: z.string(), style: z.string(), trigger: z.string() });
export type LoraSnapshot = z.infer<typeof zLoraSnapshot>;

export const TEMPLATE_GENERATION_KINDS = ['photo_effect', 'video_effect', 'product_photo', 'model_fitting'] as const;
export type TemplateGenerationKind = (typeof TEMPLATE_GENERATION_KINDS)[number];
export const isTemplateKind = (kind: string): kind is TemplateGenerationKind => (TEMPLATE_GENERATION_KINDS as readonly string[]).includes(kind);

type KindDefinition = {
  rpcName: string;
  input: z.ZodType;
  output: 'image' | 'video' | 'audio';
  /** Input fields holding image references (dotted paths), resolved by the server before a task is accepted. */
  imageFields: readonly string[];
  /** Input fields holding video references (see zVideoRef), resolved and probed before a task is accepted. */
  videoFields?: readonly string[];
  /** The §8 message when the engine fails for a reason that is not the user's. */
  failure: string;
};

export const GENERATION_KINDS = {
  text_to_image: { rpcName: 'text2Image.create', input: zTextToImageInput, output: 'image', imageFields: [], failure: 'IMAGE_GENERATION_FAILED' },
  image_to_image: { rpcName: 'image2Image.create', input: zImageToImageInput, output: 'image', imageFields: ['image'], failure: 'IMAGE_GENERATION_FAILED' },
  upscale: { rpcName: 'imageTools.upscale', input: zUpscaleInput, output: 'image', imageFields: ['image'], failure: 'UPSCALE_FAILED' },
  uncrop: { rpcName: 'imageTools.uncrop', input: zUncropInput, output: 'image', imageFields: ['image'], failure: 'UNCROP_FAILED' },
  object_remover: { rpcName: 'imageTools.objectRemover', input: zObjectRemoverInput, output: 'image', imageFields: ['image', 'mask'], failure: 'OBJECT_REMOVER_FAILED' },
  background_remover: { rpcName: 'imageTools.backgroundRemover', input: zBackgroundRemoverInput, output: 'image', imageFields: ['image'], failure: 'BACKGROUND_REMOVER_FAILED' },
  background_changer: {
    rpcName: 'imageTools.backgroundChanger',
    input: zBackgroundChangerInput,
    output: 'image',
    imageFields: ['image', 'background.image'],
    failure: 'BACKGROUND_CHANGER_FAILED',
  },
  face_swap: { rpcName: 'imageTools.faceSwap', input: zFaceSwapInput, output: 'image', imageFields: ['image', 'face'], failure: 'FACE_SWAP_FAILED' },
  inpaint: { rpcName: 'imageTools.painting', input: zInpaintInput, output: 'image', imageFields: ['image', 'mask'], failure: 'PAINTING_FAILED' },
  photo_effect: { rpcName: 'template2Image.create', input: zPhotoEffectInput, output: 'image', imageFields: ['image'], failure: 'IMAGE_GENERATION_FAILED' },
  video_effect: { rpcName: 'video.createVideoByTemplate', input: zVideoEffectInput, output: 'video', imageFields: ['image'], failure: 'VIDEO_GENERATION_FAILED' },
  product_photo: {
    rpcName: 'template2Image.productPromotionalImage',
    input: zProductPhotoInput,
    output: 'image',
    imageFields: ['image'],
    failure: 'IMAGE_GENERATION_FAILED',
  },
  model_fitting: { rpcName: 'template2Image.modelFitting', input: zModelFittingInput, output: 'image', imageFields: ['image', 'garment'], failure: 'IMAGE_GENERATION_FAILED' },
  text_to_video: { rpcName: 'video.createVideoByText', input: zTextToVideoInput, output: 'video', imageFields: [], failure: 'VIDEO_GENERATION_FAILED' },
  text_to_video_v2: { rpcName: 'video.createVideoByTextV2', input: zTextToVideoV2Input, output: 'video', imageFields: [], failure: 'VIDEO_GENERATION_FAILED' },
  image_to_video: { rpcName: 'video.createVideoByImage', input: zImageToVideoInput, output: 'video', imageFields: ['image'], failure: 'VIDEO_GENERATION_FAILED' },
  image_to_video_v2: { rpcName: 'video.createVideoByImageV2', input: zImageToVideoV2Input, output: 'video', imageFields: ['image'], failure: 'VIDEO_GENERATION_FAILED' },
  video_to_video: {
    rpcName: 'video.createVideoByVideo',
    input: zVideoToVideoInput,
    output: 'video',
    imageFields: [],
    videoFields: ['video'],
    failure: 'VIDEO_GENERATION_FAILED',
  },
  anime_video: { rpcName: 'anime.createAnimatedVideo', input: zAnimeVideoInput, output: 'video', imageFields: [], videoFields: ['video'], failure: 'VIDEO_GENERATION_FAILED' },
  video_upscale: { rpcName: 'video.upscaleVideo', input: zVideoUpscaleInput, output: 'video', imageFields: [], videoFields: ['video'], failure: 'UPSCALE_FAILED' },
  video_subjects: {
    rpcName: 'video.createVideoBySubjects',
    input: zSubjectsVideoInput,
    output: 'video',
    imageFields: ['subjects.0', 'subjects.1', 'subjects.2', 'subjects.3'],
    failure: 'VIDEO_GENERATION_FAILED',
  },
  action_imitation: {
    rpcName: 'video.createActionImitation',
    input: zActionImitationInput,
    output: 'video',
    imageFields: ['image'],
    videoFields: ['video'],
    failure: 'VIDEO_GENERATION_FAILED',
  },
  video_extend: { rpcName: 'video.extendVideo', input: zVideoExtendInput, output: 'video', imageFields: [], videoFields: ['video'], failure: 'VIDEO_EXTENSION_FAILED' },
  ai_shorts: { rpcName: 'aiShorts.create', input: zAiShortsInput, output: 'video', imageFields: [], failure: 'VIDEO_GENERATION_FAILED' },
  video_background_remover: {
    rpcName: 'videoTools.videoBackgroundRemover',
    input: zVideoBackgroundRemoverInput,
    output: 'video',
    imageFields: ['background.image'],
    videoFields: ['video'],
    failure: 'BACKGROUND_REMOVER_FAILED',
  },
  video_subtitles_remove: {
    rpcName: 'videoTools.videoSubtitlesRemove',
    input: zVideoSubtitlesRemoveInput,
    output: 'video',
    imageFields: [],
    videoFields: ['video'],
    failure: 'VIDEO_GENERATION_FAILED',
  },
  sound_effects: { rpcName: 'audioVideo.createAudioVideo', input: zSoundEffectsInput, output: 'video', imageFields: [], videoFields: ['video'], failure: 'VIDEO_GENERATION_FAILED' },
  lip_sync: { rpcName: 'lipSync.createLipSyncTask', input: zLipSyncInput, output: 'video', imageFields: ['image'], videoFields: ['video'], failure: 'VIDEO_GENERATION_FAILED' },
  video_face_swap: {
    rpcName: 'task.createFaceSwapTask',
    input: zVideoFaceSwapInput,
    output: 'video',
    imageFields: ['face'],
    videoFields: ['video'],
    failure: 'FACE_SWAP_FAILED',
  },
  video_edit: { rpcName: 'videoEdit.createVideoEdit', input: zVideoEditInput, output: 'video', imageFields: [], failure: 'VIDEO_GENERATION_FAILED' },
} as const satisfies Record<string, KindDefinition>;

export type GenerationKind = keyof typeof GENERATION_KINDS;
export type GenerationInput<K extends GenerationKind> = z.infer<(typeof GENERATION_KINDS)[K]['input']>;
export const IMAGE_TOOL_KINDS = ['upscale', 'uncrop', 'object_remover', 'background_remover', 'background_changer', 'face_swap', 'inpaint'] as const satisfies readonly GenerationKind[];
export type ImageToolKind = (typeof IMAGE_TOOL_KINDS)[number];

/** Video kinds the local engine renders with ffmpeg (engine/video). */
export const VIDEO_GENERATION_KINDS = [
  'text_to_video',
  'text_to_video_v2',
  'image_to_video',
  'image_to_video_v2',
  'video_to_video',
  'anime_video',
  'video_upscale',
  'video_subjects',
  'action_imitation',
  'video_extend',
  'ai_shorts',
  'video_background_remover',
  'video_subtitles_remove',
  'sound_effects',
  'lip_sync',
  'video_face_swap',
] as const satisfies readonly GenerationKind[];
export type VideoGenerationKind = (typeof VIDEO_GENERATION_KINDS)[number];
export const isVideoGenerationKind = (kind: string): kind is VideoGenerationKind => (VIDEO_GENERATION_KINDS as readonly string[]).includes(kind);

/** Input fields of `kind` holding video references. */
export function videoFieldsOf(kind: GenerationKind): readonly string[] {
  const definition: KindDefinition = GENERATION_KINDS[kind];
  return definition.videoFields ?? [];
}

export function isGenerationKind(value: string): value is GenerationKind {
  return Object.hasOwn(GENERATION_KINDS, value);
}

/** Reads a dotted path (`background.image`) of an input; undefined when absent. */
export function readField(input: unknown, path: string): unknown {
  let value: unknown = input;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/** Output size of a text-to-image request. */
export function imageSizeFor(aspectRatio: AspectRatio): { width: number; height: number } {
  const [width, height] = ASPECT_RATIOS[aspectRatio];
  return { width, height };
}

/** Largest side uncrop produces; the result is scaled down to fit. */
export const MAX_UNCROP_SIDE = 2048;

/** The canvas an uncrop of a `width`×`height` image produces, and where the original sits. */
export function uncropLayout(width: number, height: number, aspectRatio: AspectRatio, zoomOut: number) {
  const [rw, rh] = ASPECT_RATIOS[aspectRatio];
  const target = rw / rh;
  // Smallest canvas of the target shape that holds the original, grown by zoomOut.
  let outW = Math.max(width, height * target) * zoomOut;
  let outH = outW / target;
  const fit = Math.min(1, MAX_UNCROP_SIDE / Math.max(outW, outH));
  outW = Math.round(outW * fit);
  outH = Math.round(outH * fit);
  const innerW = Math.round(width * fit);
  const innerH = Math.round(height * fit);
  return { width: outW, height: outH, inner: { left: Math.floor((outW - innerW) / 2), top: Math.floor((outH - innerH) / 2), width: innerW, height: innerH } };
}

/**
 * PRO_FEATURE (§6): options only paid plans with pro features may use. Today: the model
 * upscaler at 4× (the costliest CPU job Tessera runs; resampling at 4× stays free) and the
 * `pro` mode of video kinds.
 */
export function isProFeature(kind: GenerationKind, input: Record<string, unknown>): boolean {
  if (isVideoGenerationKind(kind)) return input.mode === 'pro';
  return kind === 'upscale' && input.scale === 4 && input.mode === 'quality';
}
