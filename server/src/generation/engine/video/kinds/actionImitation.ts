/**
 * Mimic motion (video.createActionImitation): the person in a photo performs the movement of a
 * reference video. No pose-transfer model runs offline here, so this is an honest classical
 * stand-in: the reference's movement is measured with optical flow (motion.ts, `subject` focus —
 * the performer when the camera holds still, the camera when the whole picture moves) as a track
 * of shift, scale and rotation, and the person cut out of the photo moves along that track (a
 * perspective warp keyed from it, frame by frame) over the photo's own background with the person
 * inpainted away. The body moves as one piece: limbs do not bend. A photo with nobody in it moves
 * as a whole over a blurred copy of itself.
 *
 * Output: the reference's length, the photo's shape at the requested resolution, VIDEO_FPS.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { GenerationInput } from '@tessera/shared/generation';
import { fitVideoSize, type VideoSource } from '@tessera/shared/generation/video';
import sharp from 'sharp';
import type { RunContext } from '../../../providers/provider.ts';
import { keyframeSpacing, piecewiseLinear, resampleTrack } from '../keyframes.ts';
import { cutOutPeople, runEngineTool } from '../layers.ts';
import { accumulate, type CentredMotion, centred, readGreyFrames, stepMotions } from '../motion.ts';
import { encode, framesFor, inTempDir, type RenderOptions, type Size, stillInput, VIDEO_FPS, type VideoClip } from '../videoKinds.ts';

/** The reference is measured at this rate … */
const ANALYSIS_FPS = 12;
/** … on grey frames this long on their long side. */
const ANALYSIS_SIDE = 192;
/** The track is held within these bounds, so a drifting measurement cannot throw the person off the frame. */
const MAX_SHIFT = 0.35;
const MIN_SCALE = 0.6;
const MAX_SCALE = 1.6;
const MAX_ANGLE = 0.5;

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));
const even = (x: number) => Math.max(2, Math.round(x / 2) * 2);

/** The size the reference is measured at: its shape, ANALYSIS_SIDE on the long side. */
export function analysisSize(source: VideoSource): Size {
  const fit = ANALYSIS_SIDE / Math.max(source.width, source.height);
  return { width: even(source.width * fit), height: even(source.height * fit) };
}

/** A measured position, held within the bounds above. */
function bounded(m: CentredMotion): CentredMotion {
  return {
    dx: clamp(m.dx, -MAX_SHIFT, MAX_SHIFT),
    dy: clamp(m.dy, -MAX_SHIFT, MAX_SHIFT),
    scale: clamp(m.scale, MIN_SCALE, MAX_SCALE),
    angle: clamp(m.angle, -MAX_ANGLE, MAX_ANGLE),
  };
}

/**
 * perspective's options (sense=destination) sending the layer's corners where the track puts them
 * at each keyframe: about the frame's centre, scaled and turned, then shifted (shares of the frame).
 */
export function cornerOptions(keys: readonly CentredMotion[], size: Size, spacing: number): string {
  const { width: w, height: h } = size;
  const corners: [number, number][] = [[0, 0], [w, 0], [0, h], [w, h]];
  return corners
    .flatMap(([x, y], i) => {
      const xs = keys.map((k) => w / 2 + k.scale * (Math.cos(k.angle) * (x - w / 2) - Math.sin(k.angle) * (y - h / 2)) + k.dx * w);
      const ys = keys.map((k) => h / 2 + k.scale * (Math.sin(k.angle) * (x - w / 2) + Math.cos(k.angle) * (y - h / 2)) + k.dy * h);
      return [`x${i}='${piecewiseLinear('in', xs, spacing)}'`, `y${i}='${piecewiseLinear('in', ys, spacing)}'`];
    })
    .join(':');
}

/**
 * The picture with its outermost pixels transparent: perspective repeats a layer's edge pixels
 * where it samples outside it, so an opaque edge would smear across the frame as the layer moves.
 */
async function clearBorder(png: Buffer): Promise<Buffer> {
  const { width = 2, height = 2 } = await sharp(png).metadata();
  return sharp(png)
    .ensureAlpha()
    .extract({ left: 1, top: 1, width: width - 2, height: height - 2 })
    .extend({ top: 1, bottom: 1, left: 1, right: 1, background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
}

/** The moving layer (RGBA PNG) and what it moves over (opaque PNG), both at the output size. */
async function layersFor(frame: Buffer, opts: RenderOptions): Promise<{ foreground: Buffer; background: Buffer }> {
  const people = await cutOutPeople(frame, opts);
  // nobody to cut out: the whole photo moves over a dim, blurred copy of itself
  const blurred = () => sharp(frame).blur(24).modulate({ brightness: 0.6 }).png().toBuffer();
  if (!people) return { foreground: await clearBorder(frame), background: await blurred() };
  // The person's area, grown a little so the inpainting starts outside their outline.
  const { data: alpha, info } = await sharp(people).ensureAlpha().extractChannel(3).raw().toBuffer({ resolveWithObject: true });
  const grow = Math.max(2, Math.round(Math.max(info.width, info.height) / 100));
  const mask = await sharp(alpha, { raw: { width: info.width, height: info.height, channels: 1 } }).blur(grow).threshold(8).png().toBuffer();
  try {
    const filled = await runEngineTool(opts, 'removeObject', { image: frame, mask });
    return { foreground: people, background: await sharp(filled.data).blur(1.5).png().toBuffer() };
  } catch {
    // a person filling (nearly) the whole photo leaves nothing to inpaint from
    return { foreground: people, background: await blurred() };
  }
}

/** Renders the person of `input.image` moving as the reference video moves. */
export async function renderActionImitation(input: GenerationInput<'action_imitation'>, ctx: RunContext, opts: RenderOptions): Promise<VideoClip> {
  const source = input.source;
  if (!source) throw new Error('video task input has no probed source');
  const progress = opts.progress ?? (() => {});
  const [photo, video] = await Promise.all([ctx.loadMedia(input.image), ctx.loadMedia(input.video)]);
  // The size after EXIF orientation is the photo's real shape.
  const upright = await sharp(photo).rotate().toBuffer({ resolveWithObject: true });
  const size = fitVideoSize(upright.info.width, upright.info.height, input.resolution);
  const frames = framesFor(source.durationS);

  return inTempDir(async (dir) => {
    const referencePath = join(dir, 'reference');
    await writeFile(referencePath, video);

    // 1. The reference's movement, frame by frame, relative to its first frame.
    progress(0, 'reading motion');
    const grey = await readGreyFrames(referencePath, { dir, ...analysisSize(source), fps: ANALYSIS_FPS, ...(opts.signal ? { signal: opts.signal } : {}) });
    const steps = await stepMotions(grey, 'subject', (f) => progress(0.3 * f, 'reading motion'), opts.signal);
    const track = accumulate(steps).map((m) => bounded(centred(m, grey.width, grey.height)));

    // 2. The person and their background, at the output size.
    progress(0.3, 'cutting out');
    const frame = await sharp(upright.data).resize(size.width, size.height, { fit: 'cover', kernel: 'lanczos3' }).png().toBuffer();
    const { foreground, background } = await layersFor(frame, opts);
    opts.signal?.throwIfAborted();

    // 3. The person warped along the track, over the background.
    const spacing = keyframeSpacing(frames);
    const count = Math.ceil((frames - 1) / spacing) + 1;
    const at = (pick: (m: CentredMotion) => number) => resampleTrack(track.map(pick), ANALYSIS_FPS, count, spacing, VIDEO_FPS);
    const [dx, dy, logScale, angle] = [at((m) => m.dx), at((m) => m.dy), at((m) => Math.log(m.scale)), at((m) => m.angle)];
    const keys = dx.map((_, k) => ({ dx: dx[k]!, dy: dy[k]!, scale: Math.exp(logScale[k]!), angle: angle[k]! }));
    const inputs = [
      ...['-loop', '1', ...(await stillInput(dir, 'background.png', background))],
      ...['-loop', '1', ...(await stillInput(dir, 'person.png', foreground))],
    ];
    const graph =
      `[1:v]format=yuva444p,perspective=${cornerOptions(keys, size, spacing)}:sense=destination:eval=frame[fg];` +
      `[0:v]format=yuv444p[bg];[bg][fg]overlay=format=yuv444`;
    return encode({ dir, inputs, inputCount: 2, graph, size, frames, mode: input.mode }, { ...opts, progress: (f, stage) => progress(0.4 + 0.6 * f, stage) });
  });
}
