/**
 * The local engine's video kinds, rendered on the CPU by the system `ffmpeg`. No video model can
 * run offline here, so each kind is an honest classical stand-in, labelled `local` like the
 * engine's images:
 * - image → video: a camera move over the photo (push in, pull back, pan, tilt, or a dolly-and-truck
 *   move that reads as parallax; there is no depth map), chosen from the prompt's words;
 * - text → video: two procedural key frames of the prompt (the text-to-image generator, seeds n and
 *   n+1), each under its own camera move, morphing into one another — an animated scene, not a
 *   model's video;
 * - video → video and anime: stylisation filter graphs (grades, edge lines, posterised colour);
 * - upscale: lanczos resampling.
 * Every output is H.264 + a silent AAC track (so all clips have the same streams), VIDEO_FPS (24
 * fps; the test suite's media profile renders fewer, see mediaProfile.ts), yuv420p, `+faststart`,
 * exactly the requested frame count, plus a PNG poster frame. Graphs only
 * interpolate numbers and whitelisted names, never caller text.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { VideoMode, VideoStyle } from '@tessera/shared/generation/video';
import sharp from 'sharp';
import { renderProceduralImage } from '../../providers/proceduralImage.ts';
import type { ToolRunner } from '../enginePool.ts';
import { VIDEO_FPS, x264Args } from '../mediaProfile.ts';
import { type RenderedVideo, runFfmpeg } from './ffmpeg.ts';

/** The clips' frame rate: the media profile's (24 fps in the product). */
export { VIDEO_FPS };
/** Where the poster frame is taken, as a fraction of the clip. */
const POSTER_AT = 0.4;
/** A long 1080p or 4K render on one thread takes minutes; this only stops a stuck ffmpeg. */
const VIDEO_TIMEOUT_MS = 15 * 60_000;

export type VideoClip = RenderedVideo;

export interface RenderOptions {
  progress?: (fraction: number, stage: string) => void;
  signal?: AbortSignal;
  /** The engine pool, for kinds that run a model per frame (without it they run the tool inline). */
  engine?: ToolRunner;
}

export interface Size {
  width: number;
  height: number;
}

/** A number for a filter graph: fixed-point, at most 4 decimals. */
export const n = (x: number) => String(Number(x.toFixed(4)));

/** Frames of a clip of `seconds` at VIDEO_FPS: the output lasts exactly frames / fps. */
export const framesFor = (seconds: number) => Math.max(1, Math.round(seconds * VIDEO_FPS));

// ---------------------------------------------------------------------------------------------
// Camera moves (image → video, text → video)
// ---------------------------------------------------------------------------------------------

export const CAMERA_MOVES = ['zoom-in', 'zoom-out', 'pan-left', 'pan-right', 'tilt-up', 'parallax'] as const;
export type CameraMove = (typeof CAMERA_MOVES)[number];

/** Words that ask for each move, checked in this order; a prompt naming none pushes in. */
const MOVE_WORDS: [CameraMove, RegExp][] = [
  ['zoom-out', /\b(zoom(ing)? out|pull(s|ing)? back|pullback|reveal|wide shot|dolly out)\b/i],
  ['parallax', /\b(parallax|orbit(ing)?|depth|3d|fly(ing)? through|drone)\b/i],
  ['pan-left', /\b(pan(s|ning)? left|to the left|leftward|sweep left)\b/i],
  ['pan-right', /\b(pan(s|ning)?( right)?|to the right|rightward|sweep right|tracking)\b/i],
  ['tilt-up', /\b(tilt(s|ing)? up|rise|rising|crane up|look(ing)? up|ascend(s|ing)?)\b/i],
  ['zoom-in', /\b(zoom(ing)?( in)?|push(es|ing)? in|close[- ]?up|dolly in|closer)\b/i],
];

/** The camera move a prompt asks for. */
export function cameraMoveFor(prompt: string): CameraMove {
  for (const [move, words] of MOVE_WORDS) if (words.test(prompt)) return move;
  return 'zoom-in';
}

/**
 * zoompan producing `frames` frames of `size` from one still input frame that is already twice
 * the output size (so the integer crop offsets move in half-pixel steps and do not jitter).
 */
export function cameraGraph(move: CameraMove, size: Size, frames: number): string {
  const p = `(on/${Math.max(1, frames - 1)})`;
  const ease = `(${p}*${p}*(3-2*${p}))`;
  const centre = { x: '(iw-iw/zoom)/2', y: '(ih-ih/zoom)/2' };
  const [z, x, y] = {
    'zoom-in': [`1+0.35*${ease}`, centre.x, centre.y],
    'zoom-out': [`1.35-0.35*${ease}`, centre.x, centre.y],
    'pan-left': ['1.25', `(iw-iw/zoom)*(1-${ease})`, centre.y],
    'pan-right': ['1.25', `(iw-iw/zoom)*${ease}`, centre.y],
    'tilt-up': ['1.25', centre.x, `(ih-ih/zoom)*(1-${ease})`],
    parallax: [`1.1+0.25*${ease}`, `(iw-iw/zoom)*(0.15+0.7*${ease})`, `(ih-ih/zoom)*(0.6-0.2*${ease})`],
  }[move];
  return `zoompan=z='${z}':x='${x}':y='${y}':d=${frames}:s=${size.width}x${size.height}:fps=${VIDEO_FPS}`;
}

// ---------------------------------------------------------------------------------------------
// Styles (video → video, anime)
// ---------------------------------------------------------------------------------------------

type ConcreteStyle = Exclude<VideoStyle, 'auto'>;

const STYLE_WORDS: [ConcreteStyle, RegExp][] = [
  ['noir', /\b(noir|black and white|black & white|monochrome|grayscale|greyscale)\b/i],
  ['sketch', /\b(sketch|pencil|drawing|drawn|charcoal)\b/i],
  ['posterize', /\b(poster|posteri[sz]ed?|pop art|comic|cartoon)\b/i],
  ['neon', /\b(neon|cyber(punk)?|glow(ing)?|synthwave)\b/i],
  ['vintage', /\b(vintage|retro|old|film|70s|80s|sepia)\b/i],
];

/** The look a video-to-video request gets: its style, or for `auto` the one its prompt names (cinematic otherwise). */
export function videoStyleFor(style: VideoStyle, prompt: string): ConcreteStyle {
  if (style !== 'auto') return style;
  for (const [name, words] of STYLE_WORDS) if (words.test(prompt)) return name;
  return 'cinematic';
}

/** Each style continues a chain that starts with the source frames (labels are unique per graph). */
const STYLE_GRAPHS: Record<ConcreteStyle | 'anime', string> = {
  cinematic: 'colorbalance=rs=-0.12:gs=-0.02:bs=0.15:rh=0.15:gh=0.05:bh=-0.12,eq=contrast=1.12:saturation=1.15,vignette=angle=PI/5',
  noir: 'hue=s=0,eq=contrast=1.4:brightness=-0.03,noise=alls=10:allf=t,vignette=angle=PI/4',
  vintage: "curves=preset=vintage,colorbalance=rm=0.08:bm=-0.08,noise=alls=8:allf=t,vignette=angle=PI/4",
  // pencil: grey colour-dodged by its own blurred negative, then darker strokes
  sketch: "format=gray,split[g1][g2];[g2]negate,gblur=sigma=6[gb];[g1][gb]blend=all_mode=dodge,curves=all='0/0 0.6/0.35 1/1',format=yuv420p",
  posterize: "eq=saturation=1.6:contrast=1.1,lutyuv=y='floor(val/48)*48+24':u='floor(val/32)*32+16':v='floor(val/32)*32+16'",
  // darkened picture with its edges glowing in their own colours
  neon: 'split[na][nb];[nb]edgedetect=low=0.08:high=0.25:mode=colormix,eq=saturation=2:brightness=0.1[ne];[na]eq=brightness=-0.3:saturation=1.4[nd];[nd][ne]blend=all_mode=screen',
  // cel look: flattened colour (edge-preserving blur, posterised luma) with dark ink lines
  // multiplied into luma only (`normal` keeps the first input's chroma planes)
  anime:
    "split[aa][ab];[aa]smartblur=lr=3:ls=1,eq=saturation=1.55:contrast=1.1,lutyuv=y='floor(val/36)*36+18'[af];" +
    '[ab]format=gray,edgedetect=low=0.1:high=0.25,negate,format=yuv420p[ae];[af][ae]blend=c0_mode=multiply',
};

// ---------------------------------------------------------------------------------------------
// Encoding
// ---------------------------------------------------------------------------------------------

export interface EncodeJob {
  dir: string;
  /** ffmpeg input arguments (`-i file:…` and their options), in graph input order. */
  inputs: string[];
  inputCount: number;
  /** A filter graph over the inputs whose last chain produces the picture (unlabelled). */
  graph: string;
  size: Size;
  frames: number;
  mode: VideoMode;
  /** An input (graph order) whose audio becomes the clip's, cut or padded with silence to its length; default silence. */
  audioFrom?: number;
}

/**
 * Encodes the graph to MP4 (H.264 + AAC — silence, or input `audioFrom`'s sound — exactly
 * `frames` frames at VIDEO_FPS, faststart), then grabs the poster from the finished file (a second
 * branch in the render graph would deadlock ffmpeg on looped still inputs; see videoEffects).
 */
export async function encode(job: EncodeJob, p: RenderOptions): Promise<VideoClip> {
  const seconds = job.frames / VIDEO_FPS;
  const videoPath = join(job.dir, 'out.mp4');
  const base = ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y', '-nostats'];
  // pro: the slower preset and a lower CRF (better detail per bit, several times the CPU)
  const quality = x264Args(job.mode);
  const { width, height } = job.size;
  const audioChain = job.audioFrom === undefined ? '' : `;[${job.audioFrom}:a]aresample=44100,apad,atrim=0:${n(seconds)},asetpts=N/SR/TB[aout]`;
  // The picture is cut to `frames` in the graph (trim), not with -frames:v: reaching -frames:v
  // closes every stream of the file at once, cutting the sound about a frame (plus the AAC
  // encoder's delay) short of the picture.
  const render = [
    ...base, '-progress', 'pipe:1', '-stats_period', '0.25',
    ...job.inputs,
    '-f', 'lavfi', '-t', n(seconds), '-i', 'anullsrc=r=44100:cl=stereo',
    '-filter_complex', `${job.graph},scale=${width}:${height}:flags=lanczos,setsar=1,format=yuv420p,trim=end_frame=${job.frames}[vout]${audioChain}`, '-filter_complex_threads', '1',
    '-map', '[vout]', '-map', job.audioFrom === undefined ? `${job.inputCount}:a` : '[aout]',
    '-c:v', 'libx264', ...quality, '-pix_fmt', 'yuv420p', '-r', String(VIDEO_FPS),
    '-c:a', 'aac', '-b:a', '64k',
    '-movflags', '+faststart', '-threads', '1', `file:${videoPath}`,
  ];
  p.progress?.(0, 'rendering');
  await runFfmpeg(render, seconds * 1e6, { ...p, timeoutMs: VIDEO_TIMEOUT_MS });
  const poster = await posterFrame(videoPath, job.frames, p);
  const data = await readFile(videoPath);
  p.progress?.(1, 'rendering');
  return { data, contentType: 'video/mp4', width, height, durationS: seconds, poster };
}

/** The PNG poster of a finished MP4 of `frames` frames at VIDEO_FPS: its frame POSTER_AT of the way in. */
export async function posterFrame(videoPath: string, frames: number, p: RenderOptions): Promise<Buffer> {
  const posterPath = join(dirname(videoPath), 'poster.png');
  const posterAt = n(Math.floor(frames * POSTER_AT) / VIDEO_FPS);
  const args = ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y', '-nostats', '-ss', posterAt, '-i', `file:${videoPath}`, '-frames:v', '1', '-update', '1', '-c:v', 'png', `file:${posterPath}`];
  await runFfmpeg(args, 1, { ...(p.signal ? { signal: p.signal } : {}) });
  return readFile(posterPath);
}

/** Runs `work` with a fresh temporary directory, removed afterwards whatever happens. */
export async function inTempDir<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'tessera-video-'));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A still as a single-frame input (zoompan makes every frame from it). */
export async function stillInput(dir: string, name: string, png: Buffer): Promise<string[]> {
  const path = join(dir, name);
  await writeFile(path, png);
  return ['-framerate', String(VIDEO_FPS), '-i', `file:${path}`];
}

// ---------------------------------------------------------------------------------------------
// The kinds
// ---------------------------------------------------------------------------------------------

/** Image → video: the photo (any format sharp reads) under the prompt's camera move, at `size`. */
export async function renderImageToVideo(
  image: Buffer,
  p: { prompt: string; seconds: number; size: Size; mode: VideoMode },
  opts: RenderOptions = {},
): Promise<VideoClip> {
  const frames = framesFor(p.seconds);
  // Upright, opaque and cropped to the output's shape at twice its size (zoompan headroom).
  const photo = await sharp(image)
    .rotate()
    .flatten({ background: '#000000' })
    .resize(p.size.width * 2, p.size.height * 2, { fit: 'cover', kernel: 'lanczos3' })
    .png({ compressionLevel: 1 })
    .toBuffer();
  opts.signal?.throwIfAborted();
  return inTempDir(async (dir) =>
    encode(
      { dir, inputs: await stillInput(dir, 'photo.png', photo), inputCount: 1, graph: `[0:v]${cameraGraph(cameraMoveFor(p.prompt), p.size, frames)}`, size: p.size, frames, mode: p.mode },
      opts,
    ),
  );
}

/** Text → video: two procedural key frames of the prompt (the same scene, its subjects a step apart), each moving, morphing into one another. */
export async function renderTextToVideo(
  p: { prompt: string; seed: number; seconds: number; size: Size; mode: VideoMode },
  opts: RenderOptions = {},
): Promise<VideoClip> {
  const frames = framesFor(p.seconds);
  const { width, height } = p.size;
  opts.progress?.(0, 'drawing key frames');
  const [first, second] = await Promise.all([
    renderProceduralImage({ prompt: p.prompt, seed: p.seed, width, height }),
    renderProceduralImage({ prompt: p.prompt, seed: p.seed, width, height, frame: 1 }),
  ]);
  opts.signal?.throwIfAborted();
  const move = cameraMoveFor(p.prompt);
  // The second key frame drifts the other way, so the morph reads as motion, not a dissolve.
  const counter: CameraMove = move === 'zoom-out' ? 'zoom-in' : move === 'pan-left' ? 'pan-right' : 'zoom-out';
  const seconds = frames / VIDEO_FPS;
  return inTempDir(async (dir) => {
    const inputs = [...(await stillInput(dir, 'a.png', first)), ...(await stillInput(dir, 'b.png', second))];
    const graph =
      `[0:v]scale=${width * 2}:${height * 2}:flags=lanczos,${cameraGraph(move, p.size, frames)},format=yuv420p[ka];` +
      `[1:v]scale=${width * 2}:${height * 2}:flags=lanczos,${cameraGraph(counter, p.size, frames)},format=yuv420p[kb];` +
      // the morph fills the middle 60% of the clip: a beat on each key frame at the ends (the
      // encoder stops at `frames`, so the tail of the second input is never rendered)
      `[ka][kb]xfade=transition=fade:duration=${n(seconds * 0.6)}:offset=${n(seconds * 0.2)}`;
    return encode({ dir, inputs, inputCount: 2, graph, size: p.size, frames, mode: p.mode }, opts);
  });
}

/**
 * Runs a chain over a source video: its frames resampled to VIDEO_FPS and `size`, padded by
 * repeating the last frame (a source a frame short of its container duration still fills the clip).
 */
async function renderOverVideo(video: Buffer, chain: string, p: { seconds: number; size: Size; mode: VideoMode }, opts: RenderOptions): Promise<VideoClip> {
  const frames = framesFor(p.seconds);
  const { width, height } = p.size;
  return inTempDir(async (dir) => {
    const path = join(dir, 'source');
    await writeFile(path, video);
    const head = `[0:v]fps=${VIDEO_FPS},scale=${width}:${height}:flags=lanczos,setsar=1,tpad=stop_mode=clone:stop_duration=1`;
    return encode({ dir, inputs: ['-i', `file:${path}`], inputCount: 1, graph: chain ? `${head},${chain}` : head, size: p.size, frames, mode: p.mode }, opts);
  });
}

/** Video → video: the source restyled by `style` (or the prompt's style for `auto`). */
export function renderVideoToVideo(
  video: Buffer,
  p: { style: VideoStyle; prompt: string; seconds: number; size: Size; mode: VideoMode },
  opts: RenderOptions = {},
): Promise<VideoClip> {
  return renderOverVideo(video, STYLE_GRAPHS[videoStyleFor(p.style, p.prompt)], p, opts);
}

/** Anime: the source as cel animation (flat colour, ink lines). */
export function renderAnimeVideo(video: Buffer, p: { seconds: number; size: Size; mode: VideoMode }, opts: RenderOptions = {}): Promise<VideoClip> {
  return renderOverVideo(video, STYLE_GRAPHS.anime, p, opts);
}

/** Upscale: lanczos resampling to `size` (the caller checked the §5 cap). */
export function renderVideoUpscale(video: Buffer, p: { seconds: number; size: Size }, opts: RenderOptions = {}): Promise<VideoClip> {
  return renderOverVideo(video, '', { ...p, mode: 'std' }, opts);
}
