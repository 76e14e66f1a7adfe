/**
 * What each generation costs, in credits. The studio shows it on the Generate button and the
 * server charges it from the same table.
 */
import type { GenerationInput, GenerationKind } from '../generation/generation.ts';
import { totalDuration } from '../timeline/timeline.ts';
import { estimateSpeechSeconds, videoCost, videoToolCost, videoUpscaleCost } from '../generation/video.ts';

/** Length assumed for a source video not probed yet. */
const DEFAULT_SOURCE_S = 5;

type CostFn<K extends GenerationKind> = (input: GenerationInput<K>) => number;

export const GENERATION_COSTS: { [K in GenerationKind]: CostFn<K> } = {
  // A 1024-class image: the cheapest thing Tessera makes.
  text_to_image: () => 4,
  image_to_image: () => 4,
  // The model costs more than resampling, and 4× is four times the pixels of 2×.
  upscale: (input) => (input.mode === 'fast' ? 1 : 3) * (input.scale === 4 ? 2 : 1),
  uncrop: () => 3,
  object_remover: () => 3,
  inpaint: () => 4,
  background_remover: () => 2,
  background_changer: () => 3,
  face_swap: () => 4,
  // Template kinds are priced by their template (catalogue `cost`); the server charges the
  // template's cost and these are only the defaults a new template starts from.
  photo_effect: () => 4,
  video_effect: () => 10,
  product_photo: () => 5,
  model_fitting: () => 6,
  // Video kinds: credits per second by resolution and mode (the table in generation/video.ts).
  // Kinds that restyle or upscale a video are priced by the source's length, which the server
  // probes when it accepts the task (`source`); before that (a form without a probe) by 5 s.
  text_to_video: (input) => videoCost({ seconds: input.duration, resolution: input.resolution, mode: input.mode }),
  text_to_video_v2: (input) => videoCost({ seconds: input.duration, resolution: input.resolution, mode: input.mode, v2: true }),
  image_to_video: (input) => videoCost({ seconds: input.duration, resolution: input.resolution, mode: input.mode }),
  image_to_video_v2: (input) => videoCost({ seconds: input.duration, resolution: input.resolution, mode: input.mode, v2: true }),
  video_to_video: (input) => videoCost({ seconds: input.source?.durationS ?? DEFAULT_SOURCE_S, resolution: input.resolution, mode: input.mode }),
  anime_video: (input) => videoCost({ seconds: input.source?.durationS ?? DEFAULT_SOURCE_S, resolution: input.resolution, mode: input.mode }),
  video_upscale: (input) => videoUpscaleCost(input.source?.durationS ?? DEFAULT_SOURCE_S, input.target),
  video_subjects: (input) => videoCost({ seconds: input.duration, resolution: input.resolution, mode: input.mode }),
  action_imitation: (input) => videoCost({ seconds: input.source?.durationS ?? DEFAULT_SOURCE_S, resolution: input.resolution, mode: input.mode }),
  // An extension is priced by the seconds it adds, at the 720p rate (it keeps the source's size).
  video_extend: (input) => videoCost({ seconds: input.duration, resolution: '720p' }),
  // A short is stills, captions and music rather than generated motion: 1 credit a second (2 at 1080p).
  ai_shorts: (input) => input.duration * (input.resolution === '1080p' ? 2 : 1),
  video_background_remover: (input) => videoToolCost(input.source?.durationS ?? DEFAULT_SOURCE_S, 'background'),
  video_subtitles_remove: (input) => videoToolCost(input.source?.durationS ?? DEFAULT_SOURCE_S, 'subtitles'),
  sound_effects: (input) => videoToolCost(input.source?.durationS ?? DEFAULT_SOURCE_S, 'soundEffects'),
  // Lip sync lasts as long as its speech; priced on the text's estimated length at the output resolution.
  lip_sync: (input) => videoCost({ seconds: estimateSpeechSeconds(input.text), resolution: input.resolution }),
  video_face_swap: (input) => videoToolCost(input.source?.durationS ?? DEFAULT_SOURCE_S, 'faceSwap'),
  // Timeline export: ffmpeg's CPU time grows with the output's length and pixels, so one credit
  // per started 10 s of output at 720p (480p the same, 1080p double), never less than 2.
  video_edit: (input) => Math.max(2, Math.ceil(totalDuration(input.timeline) / 10) * (input.resolution === '1080p' ? 2 : 1)),
};

export function costOf<K extends GenerationKind>(kind: K, input: GenerationInput<K>): number {
  return GENERATION_COSTS[kind](input);
}
