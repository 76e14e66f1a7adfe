/**
 * Consistent character (video.createVideoBySubjects): 1–4 photos of the subject(s) kept
 * recognisable through a clip of the prompt. No video model runs offline here, so this is an
 * honest classical stand-in: each photo's subject is cut out (layers.ts: its people, else the
 * main object, else the whole photo with rounded corners) — the photo's own pixels, so the subject
 * is exactly the one given — and stood on a procedural scene of the prompt (the text-to-image
 * generator, as text to video does) that moves under the prompt's camera move. Each subject moves
 * on its own: a walk across the frame when the prompt says they walk or run, otherwise a gentle
 * bob and sway, out of step with one another, above a soft shadow. Nothing turns or gestures.
 *
 * Output: `videoSizeFor(aspectRatio, resolution)`, exactly `duration` seconds at VIDEO_FPS.
 */
import type { GenerationInput } from '@tessera/shared/generation';
import { videoSizeFor } from '@tessera/shared/generation/video';
import sharp from 'sharp';
import type { RunContext } from '../../../providers/provider.ts';
import { renderProceduralImage } from '../../../providers/proceduralImage.ts';
import { type SubjectLayer, subjectLayer } from '../layers.ts';
import { cameraGraph, cameraMoveFor, encode, framesFor, inTempDir, n, type RenderOptions, type Size, stillInput, VIDEO_FPS, type VideoClip } from '../videoKinds.ts';

/** Subject photos are cut out no larger than this (segmentation and GrabCut cost grows with pixels). */
const CUTOUT_SIDE = 1024;
/** Height of a subject as a share of the frame, by how many share it. */
const SUBJECT_HEIGHT = [0.74, 0.64, 0.54, 0.48];
/** Where the subjects' feet stand, as a share of the frame's height. */
const GROUND = 0.95;

export type SubjectMotion = 'walk' | 'idle';

/** How the subjects move: a walk when the prompt has them walking or running, else an idle bob and sway. */
export function subjectMotionFor(prompt: string): SubjectMotion {
  return /\b(walk(s|ing)?|run(s|ning)?|stroll(s|ing)?|march(es|ing)?|jog(s|ging)?|wander(s|ing)?|hik(e|es|ing))\b/i.test(prompt) ? 'walk' : 'idle';
}

/** A subject's box in the frame: its size and where it stands (top-left corner before it moves). */
export interface Placement {
  width: number;
  height: number;
  x: number;
  y: number;
}

/**
 * Side by side in equal slots, each subject as tall as its share allows but never wider than 90%
 * of its slot, feet on the ground line (a whole-photo card floats a little higher).
 */
export function placeSubjects(layers: readonly Pick<SubjectLayer, 'width' | 'height' | 'cut'>[], size: Size): Placement[] {
  const slot = size.width / layers.length;
  const tall = SUBJECT_HEIGHT[layers.length - 1]! * size.height;
  return layers.map((layer, i) => {
    const fit = Math.min(tall / layer.height, (0.9 * slot) / layer.width);
    const width = Math.max(2, Math.round(layer.width * fit));
    const height = Math.max(2, Math.round(layer.height * fit));
    const ground = layer.cut === 'whole' ? GROUND - 0.08 : GROUND;
    return { width, height, x: Math.round(slot * (i + 0.5) - width / 2), y: Math.round(size.height * ground - height) };
  });
}

/**
 * overlay's x and y (functions of `t`, seconds) for subject `i`: walkers cross an eighth of the
 * frame with a step bounce (alternate subjects walk opposite ways); idle subjects sway and bob
 * slowly. Phases differ per subject so they do not move in lockstep.
 */
export function motionExpressions(motion: SubjectMotion, place: Placement, i: number, size: Size, seconds: number): { x: string; y: string } {
  const phase = n(i * 1.7);
  if (motion === 'walk') {
    const travel = (i % 2 === 0 ? 1 : -1) * size.width * 0.125;
    return {
      x: `${place.x}+${n(travel)}*(t/${n(seconds)}-0.5)`,
      y: `${place.y}-${n(place.height * 0.025)}*abs(sin(2*PI*1.6*t+${phase}))`,
    };
  }
  return {
    x: `${place.x}+${n(size.width * 0.012)}*sin(2*PI*0.25*t+${phase})`,
    y: `${place.y}-${n(place.height * 0.012)}*(1-cos(2*PI*0.5*t+${phase}))`,
  };
}

/** A soft elliptical shadow (RGBA PNG) for a subject `width` wide. */
async function shadowFor(width: number): Promise<Buffer> {
  const [w, h] = [Math.max(8, Math.round(width * 0.9)), Math.max(4, Math.round(width * 0.16))];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><ellipse cx="${w / 2}" cy="${h / 2}" rx="${w * 0.4}" ry="${h * 0.32}" fill="#000" fill-opacity="0.35"/></svg>`;
  return sharp(Buffer.from(svg)).blur(Math.max(1, h / 6)).png().toBuffer();
}

/** Renders the subjects of `input.subjects` in a moving scene of the prompt. */
export async function renderSubjectsVideo(input: GenerationInput<'video_subjects'>, ctx: RunContext, opts: RenderOptions): Promise<VideoClip> {
  const progress = opts.progress ?? (() => {});
  const size = videoSizeFor(input.aspectRatio, input.resolution);
  const frames = framesFor(input.duration);
  const seconds = frames / VIDEO_FPS;
  const { width, height } = size;

  // 1. The subjects, cut out one after another (each may take the engine pool's thread).
  progress(0, 'cutting out');
  const layers: SubjectLayer[] = [];
  for (const [i, key] of input.subjects.entries()) {
    opts.signal?.throwIfAborted();
    layers.push(await subjectLayer(await ctx.loadMedia(key), CUTOUT_SIDE, opts));
    progress((0.3 * (i + 1)) / input.subjects.length, 'cutting out');
  }
  const scene = await renderProceduralImage({ prompt: input.prompt, seed: input.seed ?? 0, width, height });
  opts.signal?.throwIfAborted();

  // 2. The scene under the camera move, each subject (and its shadow) overlaid on its own path.
  const places = placeSubjects(layers, size);
  const motion = subjectMotionFor(input.prompt);
  return inTempDir(async (dir) => {
    const inputs = await stillInput(dir, 'scene.png', scene);
    const chains = [`[0:v]scale=${width * 2}:${height * 2}:flags=lanczos,${cameraGraph(cameraMoveFor(input.prompt), size, frames)},format=yuv420p[s0]`];
    for (const [i, layer] of layers.entries()) {
      const place = places[i]!;
      const shadow = await shadowFor(place.width);
      const shadowHeight = (await sharp(shadow).metadata()).height ?? 4;
      const picture = await sharp(layer.png).resize(place.width, place.height, { fit: 'fill', kernel: 'lanczos3' }).png().toBuffer();
      inputs.push('-loop', '1', ...(await stillInput(dir, `shadow${i}.png`, shadow)), '-loop', '1', ...(await stillInput(dir, `subject${i}.png`, picture)));
      const { x, y } = motionExpressions(motion, place, i, size, seconds);
      const shadowX = `${x}+${n((place.width - place.width * 0.9) / 2)}`;
      const shadowY = `${n(place.y + place.height - shadowHeight / 2)}`;
      const [shadowIn, subjectIn] = [1 + 2 * i, 2 + 2 * i];
      chains.push(`[s${2 * i}][${shadowIn}:v]overlay=x='${shadowX}':y='${shadowY}'[s${2 * i + 1}]`);
      const last = i === layers.length - 1;
      chains.push(`[s${2 * i + 1}][${subjectIn}:v]overlay=x='${x}':y='${y}'${last ? '' : `[s${2 * i + 2}]`}`);
    }
    return encode(
      { dir, inputs, inputCount: 1 + 2 * layers.length, graph: chains.join(';'), size, frames, mode: input.mode },
      { ...opts, progress: (f, stage) => progress(0.3 + 0.7 * f, stage) },
    );
  });
}
