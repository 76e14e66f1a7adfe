/**
 * Video extension (video.extendVideo): the whole source video, then `duration` more seconds that
 * carry on the movement of its last second. No video model runs offline here, so this is an honest
 * classical stand-in: the global (camera) motion of the last second is measured with optical flow
 * (motion.ts) as a per-frame velocity — a shift and a zoom — and the last frame keeps moving along
 * it (zoompan over the last frame), the speed easing out so the camera settles instead of flying
 * off. The continuation starts exactly on the last real frame at the real speed, so the seam does
 * not jump. What it cannot do: show anything new (a model would invent what the camera sees next;
 * here the last frame is re-framed), move the people in the picture, or carry on a zoom-out or a
 * rotation (both would need picture from outside the last frame). An ending that holds still
 * drifts gently instead, the way the prompt's camera words say (pushing in by default).
 *
 * The source's sound is kept and padded with silence; the size is the source's (even sides, as
 * H.264 needs); the length is the source's plus `duration`.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { GenerationInput } from '@tessera/shared/generation';
import { probeVideo } from '../../../../media/probe.ts';
import type { RunContext } from '../../../providers/provider.ts';
import { runFfmpeg } from '../ffmpeg.ts';
import { keyframeSpacing, piecewiseLinear } from '../keyframes.ts';
import { type CentredMotion, meanVelocity, readGreyFrames, stepMotions } from '../motion.ts';
import { type CameraMove, cameraMoveFor, encode, framesFor, inTempDir, type RenderOptions, type Size, stillInput, VIDEO_FPS, type VideoClip } from '../videoKinds.ts';
import { analysisSize } from './actionImitation.ts';

/** Seconds at the end of the source whose motion is carried on. */
const TAIL_S = 1;
/** The continuation moves at most this share of the frame on each axis … */
const MAX_SHIFT = 0.15;
/** … and zooms in at most this far. */
const MAX_ZOOM = 1.5;
/** Longest side of the enlarged last frame the continuation is framed from. */
const MAX_STILL_SIDE = 3840;
/** Below these per-frame speeds the ending is read as still. */
const STILL_SHIFT = 0.0004;
const STILL_ZOOM = 0.0003;
/** How far a still ending drifts over the whole continuation (share of the frame, or zoom). */
const DRIFT = 0.08;

const even = (x: number) => Math.max(2, Math.floor(x / 2) * 2);

/** Per-frame velocity of the continuation: shift (shares of the frame), log-zoom. */
export interface Velocity {
  dx: number;
  dy: number;
  logZoom: number;
}

/**
 * The velocity to carry on: the measured one (zooming out held at zero), or for a still ending a
 * gentle drift over `frames` frames in the direction of the prompt's camera move.
 */
export function continuationVelocity(measured: CentredMotion, prompt: string, frames: number): Velocity {
  const v = { dx: measured.dx, dy: measured.dy, logZoom: Math.max(0, Math.log(measured.scale)) };
  const still = Math.abs(v.dx) < STILL_SHIFT && Math.abs(v.dy) < STILL_SHIFT && v.logZoom < STILL_ZOOM;
  if (!still) return v;
  const rate = DRIFT / Math.max(1, frames);
  // the picture moves against the camera: panning left slides it right, tilting up slides it down
  const drift: Record<CameraMove, Velocity> = {
    'zoom-in': { dx: 0, dy: 0, logZoom: Math.log(1 + DRIFT) / Math.max(1, frames) },
    'zoom-out': { dx: 0, dy: 0, logZoom: Math.log(1 + DRIFT) / Math.max(1, frames) },
    parallax: { dx: -rate, dy: 0, logZoom: Math.log(1 + DRIFT / 2) / Math.max(1, frames) },
    'pan-left': { dx: rate, dy: 0, logZoom: 0 },
    'pan-right': { dx: -rate, dy: 0, logZoom: 0 },
    'tilt-up': { dx: 0, dy: rate, logZoom: 0 },
  };
  return drift[cameraMoveFor(prompt)];
}

/** One continuation frame: the zoom and the window's top-left corner (shares of the last frame). */
export interface Framing {
  zoom: number;
  x: number;
  y: number;
}

/**
 * The continuation's framings of the last frame, one per frame. The picture moves by `v` on the
 * first frame and then eases out (the speed decays as e^(−k/τ), τ no longer than half the
 * continuation nor than it takes to reach the MAX_* bounds), so the seam keeps the source's speed
 * and the camera settles. The zoom never drops below what the shift needs (a pan pushes in a
 * little as it goes), so the window stays inside the frame: no borders, no invented picture.
 * A point's offset from the centre grows with the zoom, so each frame's shift carries the last
 * one scaled by the zoom's change, plus the new step: every step moves the picture by the speed.
 */
export function continuationFramings(v: Velocity, frames: number): Framing[] {
  const limits = [frames / 2, MAX_SHIFT / Math.abs(v.dx), MAX_SHIFT / Math.abs(v.dy), Math.log(MAX_ZOOM) / v.logZoom];
  const tau = Math.max(1, Math.min(...limits.filter((x) => Number.isFinite(x))));
  const framings: Framing[] = [];
  let [dx, dy, zoom, logZoom] = [0, 0, 1, 0];
  for (let k = 0; k < frames; k++) {
    const speed = Math.exp(-k / tau);
    logZoom += v.logZoom * speed;
    // the zoom depends on the shift it must make room for, and the shift on the zoom: settle both
    let next = Math.max(zoom, Math.exp(logZoom));
    let [nx, ny] = [dx, dy];
    for (let round = 0; round < 4; round++) {
      [nx, ny] = [(dx * next) / zoom + v.dx * speed, (dy * next) / zoom + v.dy * speed];
      next = Math.max(Math.exp(logZoom), 1 + 2 * Math.abs(nx), 1 + 2 * Math.abs(ny));
    }
    [dx, dy, zoom] = [nx, ny, next];
    // from "a picture point u shows at 0.5 + zoom·(u − 0.5) + shift"
    framings.push({ zoom, x: 0.5 - 0.5 / zoom - dx / zoom, y: 0.5 - 0.5 / zoom - dy / zoom });
  }
  return framings;
}

/** zoompan over the last frame (enlarged for sub-pixel steps) through the framings, keyframed. */
export function continuationGraph(v: Velocity, size: Size, frames: number): string {
  const framings = continuationFramings(v, frames);
  const spacing = keyframeSpacing(frames);
  const keys = Array.from({ length: Math.ceil((frames - 1) / spacing) + 1 }, (_, k) => framings[Math.min(frames - 1, k * spacing)]!);
  const along = (pick: (f: Framing) => number) => piecewiseLinear('on', keys.map(pick), spacing);
  return `zoompan=z='${along((f) => f.zoom)}':x='iw*(${along((f) => f.x)})':y='ih*(${along((f) => f.y)})':d=${frames}:s=${size.width}x${size.height}:fps=${VIDEO_FPS}`;
}

/** Renders the source followed by its continuation. */
export async function renderVideoExtend(input: GenerationInput<'video_extend'>, ctx: RunContext, opts: RenderOptions): Promise<VideoClip> {
  const source = input.source;
  if (!source) throw new Error('video task input has no probed source');
  const progress = opts.progress ?? (() => {});
  const size: Size = { width: even(source.width), height: even(source.height) };
  const sourceFrames = framesFor(source.durationS);
  const frames = framesFor(source.durationS + input.duration);
  const added = frames - sourceFrames;
  const video = await ctx.loadMedia(input.video);

  return inTempDir(async (dir) => {
    const sourcePath = join(dir, 'source');
    await writeFile(sourcePath, video);
    const { hasAudio } = await probeVideo(sourcePath);
    const signal = opts.signal ? { signal: opts.signal } : {};

    // 1. The motion of the last second, and the last frame enlarged (zoompan moves in whole pixels
    // of its input: twice the size makes the steps half-pixel, within a 4K still for big sources).
    const headroom = Math.max(1, Math.min(2, MAX_STILL_SIDE / Math.max(size.width, size.height)));
    const still = { width: even(size.width * headroom), height: even(size.height * headroom) };
    progress(0, 'reading motion');
    const tail = await readGreyFrames(sourcePath, { dir, ...analysisSize(source), fps: VIDEO_FPS, fromEndS: TAIL_S, ...signal });
    const velocity = continuationVelocity(meanVelocity(await stepMotions(tail, 'camera', undefined, opts.signal), tail.width, tail.height), input.prompt, added);
    const lastPath = join(dir, 'last.png');
    await runFfmpeg(
      ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y', '-sseof', `-${TAIL_S}`, '-i', `file:${sourcePath}`, '-an',
        '-vf', `fps=${VIDEO_FPS},scale=${still.width}:${still.height}:flags=lanczos`, '-update', '1', '-c:v', 'png', `file:${lastPath}`],
      1,
      signal,
    );
    progress(0.1, 'rendering');

    // 2. The source (resampled to VIDEO_FPS, cut or padded to its own frames), then the continuation.
    const inputs = ['-i', `file:${sourcePath}`, ...(await stillInput(dir, 'last-frame.png', await readFile(lastPath)))];
    const graph =
      `[0:v]fps=${VIDEO_FPS},scale=${size.width}:${size.height}:flags=lanczos,setsar=1,tpad=stop_mode=clone:stop_duration=1,` +
      `trim=end_frame=${sourceFrames},setpts=PTS-STARTPTS,format=yuv420p[src];` +
      `[1:v]${continuationGraph(velocity, size, added)},setsar=1,format=yuv420p[more];[src][more]concat=n=2:v=1:a=0`;
    return encode(
      { dir, inputs, inputCount: 2, graph, size, frames, mode: 'std', ...(hasAudio ? { audioFrom: 0 } : {}) },
      { ...opts, progress: (f, stage) => progress(0.1 + 0.9 * f, stage) },
    );
  });
}
