/**
 * The local engine's entry for video kinds: parses the task input, loads its sources, works out
 * the output size and length from the request (and the `source` probed when the task was
 * accepted) and renders with videoKinds.ts. Progress fills 5–95%.
 */
import { GENERATION_KINDS, type VideoGenerationKind } from '@tessera/shared/generation';
import { fitVideoSize, videoSizeFor, videoUpscalePlan, type VideoSource } from '@tessera/shared/generation/video';
import sharp from 'sharp';
import type { ProducedOutput, RunContext } from '../../providers/provider.ts';
import type { ToolRunner } from '../enginePool.ts';
import { renderSubjectsVideo } from './kinds/subjects.ts';
import { renderActionImitation } from './kinds/actionImitation.ts';
import { renderVideoExtend } from './kinds/extend.ts';
import { renderAiShort } from './kinds/aiShorts.ts';
import { renderVideoBackgroundRemover } from './kinds/backgroundRemover.ts';
import { renderSubtitlesRemove } from './kinds/subtitlesRemove.ts';
import { renderSoundEffects } from './kinds/soundEffects.ts';
import { renderLipSync } from './kinds/lipSync.ts';
import { renderVideoFaceSwap } from './kinds/faceSwap.ts';
import {
  renderAnimeVideo,
  renderImageToVideo,
  renderTextToVideo,
  renderVideoToVideo,
  renderVideoUpscale,
  type RenderOptions,
  type VideoClip,
} from './videoKinds.ts';

/** A task accepted without a probed source cannot be sized or priced: the server always sets it. */
function requireSource(source: VideoSource | undefined): VideoSource {
  if (!source) throw new Error('video task input has no probed source');
  return source;
}

async function render(kind: VideoGenerationKind, raw: unknown, ctx: RunContext, opts: RenderOptions): Promise<VideoClip> {
  switch (kind) {
    case 'text_to_video':
    case 'text_to_video_v2': {
      const i = GENERATION_KINDS[kind].input.parse(raw);
      const size = videoSizeFor(i.aspectRatio, i.resolution);
      return renderTextToVideo({ prompt: i.prompt, seed: i.seed ?? 0, seconds: i.duration, size, mode: i.mode }, opts);
    }
    case 'image_to_video':
    case 'image_to_video_v2': {
      const i = GENERATION_KINDS[kind].input.parse(raw);
      const image = await ctx.loadMedia(i.image);
      // The size after EXIF orientation is the photo's real shape.
      const upright = await sharp(image).rotate().toBuffer({ resolveWithObject: true });
      const size = fitVideoSize(upright.info.width, upright.info.height, i.resolution);
      return renderImageToVideo(upright.data, { prompt: i.prompt, seconds: i.duration, size, mode: i.mode }, opts);
    }
    case 'video_to_video': {
      const i = GENERATION_KINDS.video_to_video.input.parse(raw);
      const source = requireSource(i.source);
      const size = fitVideoSize(source.width, source.height, i.resolution);
      return renderVideoToVideo(await ctx.loadMedia(i.video), { style: i.style, prompt: i.prompt, seconds: source.durationS, size, mode: i.mode }, opts);
    }
    case 'anime_video': {
      const i = GENERATION_KINDS.anime_video.input.parse(raw);
      const source = requireSource(i.source);
      const size = fitVideoSize(source.width, source.height, i.resolution);
      return renderAnimeVideo(await ctx.loadMedia(i.video), { seconds: source.durationS, size, mode: i.mode }, opts);
    }
    case 'video_upscale': {
      const i = GENERATION_KINDS.video_upscale.input.parse(raw);
      const source = requireSource(i.source);
      const plan = videoUpscalePlan(source, i.target);
      if (!plan.ok) throw new Error(`video upscale refused: ${plan.error}`);
      return renderVideoUpscale(await ctx.loadMedia(i.video), { seconds: source.durationS, size: { width: plan.width, height: plan.height } }, opts);
    }
    case 'video_subjects':
      return renderSubjectsVideo(GENERATION_KINDS.video_subjects.input.parse(raw), ctx, opts);
    case 'action_imitation':
      return renderActionImitation(GENERATION_KINDS.action_imitation.input.parse(raw), ctx, opts);
    case 'video_extend':
      return renderVideoExtend(GENERATION_KINDS.video_extend.input.parse(raw), ctx, opts);
    case 'ai_shorts':
      return renderAiShort(GENERATION_KINDS.ai_shorts.input.parse(raw), ctx, opts);
    case 'video_background_remover':
      return renderVideoBackgroundRemover(GENERATION_KINDS.video_background_remover.input.parse(raw), ctx, opts);
    case 'video_subtitles_remove':
      return renderSubtitlesRemove(GENERATION_KINDS.video_subtitles_remove.input.parse(raw), ctx, opts);
    case 'sound_effects':
      return renderSoundEffects(GENERATION_KINDS.sound_effects.input.parse(raw), ctx, opts);
    case 'lip_sync':
      return renderLipSync(GENERATION_KINDS.lip_sync.input.parse(raw), ctx, opts);
    case 'video_face_swap':
      return renderVideoFaceSwap(GENERATION_KINDS.video_face_swap.input.parse(raw), ctx, opts);
  }
}

/** Renders one video kind's task into its output (an MP4 with its poster). */
export async function runVideoKind(kind: VideoGenerationKind, raw: unknown, ctx: RunContext, engine?: ToolRunner): Promise<ProducedOutput> {
  ctx.reportProgress(2, 'loading');
  const clip = await render(kind, raw, ctx, {
    progress: (fraction, stage) => ctx.reportProgress(5 + fraction * 90, stage),
    signal: ctx.signal,
    ...(engine ? { engine } : {}),
  });
  return { data: clip.data, contentType: clip.contentType, mediaType: 'video', width: clip.width, height: clip.height, durationS: clip.durationS, poster: clip.poster };
}
