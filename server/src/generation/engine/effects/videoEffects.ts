/**
 * Video effects: one photo in, a short H.264 clip out, rendered by the system `ffmpeg` binary
 * (CPU only) from a filter graph per recipe — Ken Burns moves, spins, glitches, film looks and a
 * few heavier "pro" compositions. The photo is normalised with sharp first so every recipe sees
 * an upright, opaque PNG at the output size, and the graphs only ever interpolate numbers and
 * whitelisted names, never caller text.
 */
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { EFFECTS_FPS, x264Args } from '../mediaProfile.ts';
import { type RenderedVideo, runFfmpeg } from '../video/ffmpeg.ts';

export type VideoEffectResult = RenderedVideo;
export type EffectOptions = Record<string, number | string | boolean>;
export interface VideoEffectRecipe {
  id: string;
  pro: boolean;
  /** what it looks like, one line */
  summary: string;
}

/** The clips' frame rate: the media profile's (24 fps in the product). */
export const FPS = EFFECTS_FPS;
/** Longest output side; larger photos are scaled down first. */
export const MAX_EFFECT_SIDE = 720;
/** Short side tiny photos are scaled up to (unless that would break MAX_EFFECT_SIDE). */
export const MIN_EFFECT_SHORT_SIDE = 256;
const SECONDS = { min: 2, max: 8, default: 4 };
const INTENSITY = { min: 0.2, max: 2, default: 1 };
/** Where the poster frame is taken, as a fraction of the clip. */
const POSTER_AT = 0.4;
const TMP_PREFIX = 'tessera-vfx-';
/**
 * A render's temp dir is removed in `finally`, but not when its process is killed mid-render. Dirs
 * older than this cannot belong to a live render (two ffmpeg runs of at most 120 s each), so each
 * render sweeps them away.
 */
const STALE_TMP_MS = 10 * 60_000;
/** Transitions sketch-reveal accepts for its `transition` option (names are put into the graph, so only these). */
const SKETCH_TRANSITIONS = ['wiperight', 'wipeleft', 'wipedown', 'circleopen', 'radial', 'fade', 'dissolve', 'smoothleft', 'diagtl', 'pixelize'] as const;

export const VIDEO_EFFECT_RECIPES: readonly VideoEffectRecipe[] = [
  { id: 'zoom-in', pro: false, summary: 'Slow eased push into the photo (focusX/focusY pick the target).' },
  { id: 'zoom-out', pro: false, summary: 'Starts close on the photo and pulls back to the full frame.' },
  { id: 'pan-left', pro: false, summary: 'Camera glides from the right edge of the photo to the left.' },
  { id: 'pan-right', pro: false, summary: 'Camera glides from the left edge of the photo to the right.' },
  { id: 'spin', pro: false, summary: 'The photo spins on a blurred copy of itself (turns, clockwise).' },
  { id: 'shake', pro: false, summary: 'Handheld earthquake: jittering, slightly rotating frame.' },
  { id: 'glitch', pro: false, summary: 'RGB split, grain and torn horizontal bands that jump around.' },
  { id: 'vhs', pro: false, summary: 'Soft oversaturated tape look with chroma bleed, scanlines and a rolling bar.' },
  { id: 'old-film', pro: false, summary: 'Sepia, flicker, grain, vignette, scratches and gate weave.' },
  { id: 'hue-cycle', pro: false, summary: 'Colours rotate around the hue wheel.' },
  { id: 'heartbeat', pro: false, summary: 'The frame thumps like a heartbeat with a red pulse.' },
  { id: 'blur-reveal', pro: false, summary: 'Emerges from a dark heavy blur into the sharp photo.' },
  { id: 'mirror', pro: false, summary: 'Mirror-symmetric photo whose axis sweeps across the frame.' },
  { id: 'fade-mono', pro: false, summary: 'Colour drains into contrasty black and white.' },
  { id: 'sketch-reveal', pro: true, summary: 'Transition from the photo to a pencil sketch of it and back (transition).' },
  { id: 'dolly-zoom', pro: true, summary: 'Vertigo: the background rushes in while the centre keeps its size.' },
  { id: 'kaleidoscope', pro: true, summary: 'Four mirrored segments of the photo rotating like a kaleidoscope.' },
  { id: 'cinematic', pro: true, summary: 'Letterboxed teal-orange grade, slow push-in, vignette and a drifting light leak.' },
];

const RECIPE_IDS = new Set(VIDEO_EFFECT_RECIPES.map((r) => r.id));

export function isVideoEffectRecipe(id: string): boolean {
  return RECIPE_IDS.has(id);
}

// ---------------------------------------------------------------------------------------------
// Options and geometry
// ---------------------------------------------------------------------------------------------

function numberOption(options: EffectOptions, key: string, min: number, max: number, fallback: number): number {
  const value = options[key];
  if (value === undefined) return fallback;
  const num = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (!Number.isFinite(num)) throw new Error(`video effect option ${key} must be a number`);
  return Math.min(max, Math.max(min, num));
}

function booleanOption(options: EffectOptions, key: string, fallback: boolean): boolean {
  const value = options[key];
  if (value === undefined) return fallback;
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === 1) return true;
  if (value === 'false' || value === 0) return false;
  throw new Error(`video effect option ${key} must be a boolean`);
}

const even = (x: number) => Math.max(2, Math.round(x / 2) * 2);

/** Output size for a photo: longest side ≤ MAX_EFFECT_SIDE, tiny photos enlarged, both sides even. */
export function effectSize(width: number, height: number): { width: number; height: number } {
  const long = Math.max(width, height);
  const short = Math.min(width, height);
  const scale = Math.min(MAX_EFFECT_SIDE / long, Math.max(1, MIN_EFFECT_SHORT_SIDE / short));
  return { width: Math.min(even(width * scale), MAX_EFFECT_SIDE), height: Math.min(even(height * scale), MAX_EFFECT_SIDE) };
}

/** A number for a filter graph: fixed-point (no exponent notation), at most 4 decimals. */
const n = (x: number) => String(Number(x.toFixed(4)));

interface Frame {
  /** output width/height */
  w: number;
  h: number;
  /** frame count and seconds (= frames / FPS) */
  frames: number;
  s: number;
  /** intensity */
  k: number;
  options: EffectOptions;
  photo: Buffer;
}

/**
 * Every input is one still frame: the photo is `[0:v]`, `extras` become `[1:v]`, `[2:v]` … (masks,
 * light leaks). A graph makes the clip's frames either with zoompan or by repeating a frame with
 * LOOP — after the per-photo work, so blurs and grades that do not change run once, not per frame.
 */
interface Recipe {
  graph: (f: Frame) => string;
  extras?: (f: Frame) => Promise<Buffer[]>;
}

/** Repeats the single input frame forever; the encoder stops at the clip's frame count. */
const LOOP = 'loop=loop=-1:size=1';

// zoompan expressions: progress 0..1 over the clip, and its smoothstep for eased moves.
const zpP = (f: Frame) => `(on/${Math.max(1, f.frames - 1)})`;
const zpEase = (f: Frame) => `(${zpP(f)}*${zpP(f)}*(3-2*${zpP(f)}))`;
// the same for filters that see the frame time `t`
const tP = (f: Frame) => `(t/${n(f.s)})`;
const tEase = (f: Frame) => `(${tP(f)}*${tP(f)}*(3-2*${tP(f)}))`;

/**
 * zoompan over the photo upscaled 2× (so the integer crop offsets move in half-pixel steps and do
 * not jitter), producing every frame of the clip from the single input frame.
 */
function zoompan(f: Frame, z: string, x: string, y: string): string {
  return `scale=${f.w * 2}:${f.h * 2}:flags=lanczos,zoompan=z='${z}':x='${x}':y='${y}':d=${f.frames}:s=${f.w}x${f.h}:fps=${FPS}`;
}

function focus(f: Frame): { x: string; y: string } {
  const fx = numberOption(f.options, 'focusX', 0, 1, 0.5);
  const fy = numberOption(f.options, 'focusY', 0, 1, 0.5);
  return { x: `${n(fx)}*(iw-iw/zoom)`, y: `${n(fy)}*(ih-ih/zoom)` };
}

/** A PNG the size of the output made from an SVG (gradients for masks and light leaks). */
function svgPng(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const RECIPES: Record<string, Recipe> = {
  'zoom-in': {
    graph: (f) => {
      const { x, y } = focus(f);
      return `[0:v]${zoompan(f, `1+${n(0.5 * f.k)}*${zpEase(f)}`, x, y)}`;
    },
  },
  'zoom-out': {
    graph: (f) => {
      const { x, y } = focus(f);
      return `[0:v]${zoompan(f, `1+${n(0.6 * f.k)}*(1-${zpEase(f)})`, x, y)}`;
    },
  },
  'pan-left': {
    // the window moves from the right edge to the left, with a slight upward drift
    graph: (f) => `[0:v]${zoompan(f, n(1 + 0.35 * f.k), `(iw-iw/zoom)*(1-${zpEase(f)})`, `(ih-ih/zoom)*(0.6-0.2*${zpEase(f)})`)}`,
  },
  'pan-right': {
    graph: (f) => `[0:v]${zoompan(f, n(1 + 0.35 * f.k), `(iw-iw/zoom)*${zpEase(f)}`, `(ih-ih/zoom)*(0.4+0.2*${zpEase(f)})`)}`,
  },
  spin: {
    graph: (f) => {
      const turns = numberOption(f.options, 'turns', 0.25, 4, f.k);
      const sign = booleanOption(f.options, 'clockwise', true) ? 1 : -1;
      const fw = even(f.w * 0.72);
      const fh = even(f.h * 0.72);
      // the rotated copy gets a canvas as large as its diagonal so no corner is cut off
      return (
        `[0:v]split[bg][fg];[bg]scale=${even(f.w / 8)}:${even(f.h / 8)},gblur=sigma=3,scale=${f.w}:${f.h},eq=brightness=-0.12:saturation=1.3,${LOOP}[bgb];` +
        `[fg]scale=${fw}:${fh},format=rgba,${LOOP},rotate=a='${n(sign * 2 * Math.PI * turns)}*${tEase(f)}':c=none:ow='hypot(iw,ih)':oh='hypot(iw,ih)'[fgr];` +
        `[bgb][fgr]overlay=x='(W-w)/2':y='(H-h)/2':format=auto`
      );
    },
  },
  shake: {
    graph: (f) => {
      const grow = 1 + 0.14 * f.k;
      const a = n(0.035 * f.k);
      // sums of incommensurate sines: deterministic but irregular, and bursts that come and go
      const env = `(0.35+0.65*abs(sin(t*2.3)))`;
      return (
        `[0:v]scale=${even(f.w * grow)}:${even(f.h * grow)},${LOOP},rotate=a='${a}*sin(t*31)*${env}':c=black,` +
        `crop=${f.w}:${f.h}:x='(iw-ow)/2*(1+0.95*sin(t*47)*${env})':y='(ih-oh)/2*(1+0.95*sin(t*39+1.3)*${env})',` +
        `eq=contrast=1.15:brightness='0.05*sin(t*23)':eval=frame`
      );
    },
  },
  glitch: {
    graph: (f) => {
      const shift = Math.max(2, Math.round(7 * f.k));
      // a new random-looking layout 8 times a second: hashes of floor(t*8)
      const step = 'floor(t*8)';
      const band = (seed: number, dx: number) => ({
        y: `abs(sin(${step}*${seed}.9898+${seed}))*0.86`,
        x: `${n(dx * f.k)}*sin(${step}*${seed * 7}.233)`,
      });
      const b1 = band(12, 0.12);
      const b2 = band(37, 0.2);
      return (
        `[0:v]rgbashift=rh=${-shift}:bh=${shift}:gv=${Math.round(shift / 2)},${LOOP},noise=alls=${Math.round(16 * f.k)}:allf=t+u,split=3[base][s1][s2];` +
        `[s1]crop=iw:ih*0.12:0:'ih*${b1.y}'[c1];[s2]crop=iw:ih*0.06:0:'ih*${b2.y}',negate[c2];` +
        `[base][c1]overlay=x='W*${b1.x}':y='H*${b1.y}'[o1];[o1][c2]overlay=x='W*${b2.x}':y='H*${b2.y}',` +
        `hue=h='if(lt(mod(t*8,1),0.25),140*sin(${step}),0)':s=1.3`
      );
    },
  },
  vhs: {
    graph: (f) => {
      // a tracking-error band rolls down the frame: brighter, washed out and pulled sideways
      // (drawbox cannot animate — its `t` is the line thickness — so the band is a crop + overlay)
      const bandY = `mod(t*${n(f.h * 0.45)},${n(f.h * 0.85)})`;
      return (
        `[0:v]scale=${even(f.w / 2.5)}:${even(f.h / 2)},scale=${f.w}:${f.h},eq=saturation=${n(1 + 0.5 * f.k)}:contrast=1.1:gamma=1.1,` +
        `colorbalance=bs=0.1:bm=0.06,format=yuv420p,chromashift=cbh=${Math.round(5 * f.k)}:crh=${-Math.round(5 * f.k)},` +
        `drawgrid=w=iw:h=3:t=1:c=black@0.35,${LOOP},noise=alls=${Math.round(12 * f.k)}:allf=t,split[m][b];` +
        `[b]crop=iw:${even(f.h * 0.15)}:0:'${bandY}',eq=brightness=${n(0.1 + 0.08 * f.k)}:saturation=0.5[band];` +
        `[m][band]overlay=x='${n(f.w * 0.03 * f.k)}*(1+sin(t*37))':y='${bandY}',` +
        `crop=${f.w - 8}:${f.h}:x='4+3*sin(t*13)*gt(sin(t*3),0.6)':y=0`
      );
    },
  },
  'old-film': {
    graph: (f) => {
      // scratches are thin semi-transparent strips that jump to a new place a few times a second
      const strip = (color: string, width: number) => `color=c=${color}:s=${width}x${f.h}:r=${FPS},format=rgba`;
      return (
        // sepia with the milky, lifted blacks of a worn print
        `[0:v]colorchannelmixer=.393:.769:.189:0:.349:.686:.168:0:.272:.534:.131,colorbalance=rm=0.12:gm=0.02:bm=-0.14,` +
        `curves=all='0/0.1 0.5/0.55 1/0.95',vignette=angle=PI/3.5,` +
        `scale=${even(f.w * 1.04)}:${even(f.h * 1.04)},${LOOP},crop=${f.w}:${f.h}:x='(iw-ow)/2':y='(ih-oh)/2*(1+0.8*sin(t*19)*sin(t*5))',` +
        `eq=contrast=1.15:brightness='${n(0.06 * f.k)}*sin(t*53)*sin(t*17)':eval=frame,noise=alls=${Math.round(24 * f.k)}:allf=t+u[film];` +
        `${strip('black@0.55', 2)}[s1];${strip('white@0.4', 1)}[s2];` +
        `[film][s1]overlay=x='mod(floor(t*3)*397,W)':y=0:shortest=1[f1];[f1][s2]overlay=x='mod(floor(t*5)*211+90,W)':y=0:shortest=1`
      );
    },
  },
  'hue-cycle': {
    graph: (f) => `[0:v]${LOOP},hue=h='${n(360 * f.k)}*${tP(f)}':s=1.6,eq=contrast=1.08`,
  },
  heartbeat: {
    graph: (f) => {
      // "lub-dub" at 72 bpm: a strong beat and a weaker one 0.22 s later, as narrow |sin|^16 bumps,
      // on top of a slow push-in so the clip builds up instead of repeating one beat
      const beat = (time: string) => `(pow(abs(sin(PI*1.2*${time})),16)+0.6*pow(abs(sin(PI*1.2*(${time}-0.22))),16))`;
      const zoomBeat = beat(`on/${FPS}`);
      const colorBeat = beat('t');
      return (
        `[0:v]${zoompan(f, `1+${n(0.2 * f.k)}*${zpP(f)}+${n(0.1 * f.k)}*${zoomBeat}`, '(iw-iw/zoom)/2', '(ih-ih/zoom)/2')},` +
        `colorbalance=rs=0.12:rm=0.08:bs=-0.06,` +
        `eq=gamma_r='1+${n(0.5 * f.k)}*${colorBeat}':gamma_b='1-${n(0.15 * f.k)}*${colorBeat}':saturation=1.2:eval=frame,vignette=angle=PI/4.5`
      );
    },
  },
  'blur-reveal': {
    graph: (f) =>
      `[0:v]split[a][b];[b]gblur=sigma=${n(24 * f.k)},eq=brightness=-0.08:saturation=1.3,${LOOP},fade=t=in:st=0:d=${n(f.s * 0.25)}[blur];` +
      `[a]format=rgba,${LOOP},fade=t=in:st=${n(f.s * 0.15)}:d=${n(f.s * 0.65)}:alpha=1[sharp];[blur][sharp]overlay=format=auto`,
  },
  mirror: {
    // the left half of a sliding window, next to its own reflection; the axis sweeps with a sine
    graph: (f) =>
      `[0:v]format=rgb24,${LOOP},crop=${f.w / 2}:${f.h}:x='(iw-ow)*(0.5+0.5*sin(${n(2 * Math.PI * f.k)}*${tP(f)}))':y=0,split[l][r];` +
      `[r]hflip[rf];[l][rf]hstack`,
  },
  'fade-mono': {
    graph: (f) =>
      `[0:v]${LOOP},hue=s='max(0,1-${n(1.6 * f.k)}*${tP(f)})',` +
      `eq=contrast='1+${n(0.35 * f.k)}*min(1,${tP(f)}*1.6)':brightness='-0.04*min(1,${tP(f)}*1.6)':eval=frame,` +
      `vignette=angle='PI/5+PI/8*${tP(f)}':eval=frame`,
  },
  'sketch-reveal': {
    graph: (f) => {
      const transitionName = f.options.transition ?? 'wiperight';
      if (typeof transitionName !== 'string' || !(SKETCH_TRANSITIONS as readonly string[]).includes(transitionName)) {
        throw new Error(`sketch-reveal transition must be one of ${SKETCH_TRANSITIONS.join(', ')}`);
      }
      // photo → sketch during [t0, t0+d], sketch → photo during [t2, t2+d] (frames, then seconds for xfade)
      const d = Math.max(2, Math.round(f.frames * 0.2));
      const t0 = Math.round(f.frames * 0.2);
      const t2 = Math.round(f.frames * 0.6);
      const sec = (frames: number) => n(frames / FPS);
      // pencil sketch: grey colour-dodged by its own blurred negative, then darkened strokes
      return (
        `[0:v]${zoompan(f, `1+${n(0.12 * f.k)}*${zpEase(f)}`, '(iw-iw/zoom)/2', '(ih-ih/zoom)/2')},format=yuv420p,split=3[p1][p2][pk];` +
        `[pk]format=gray,split[g1][g2];[g2]negate,gblur=sigma=${n(5 * f.k + 2)}[gb];[g1][gb]blend=all_mode=dodge,` +
        `curves=all='0/0 0.6/0.35 1/1',eq=contrast=1.2,format=yuv420p,trim=start_frame=${t0}:end_frame=${t2 + d},setpts=PTS-STARTPTS[sk];` +
        `[p1]trim=end_frame=${t0 + d}[a];[p2]trim=start_frame=${t2},setpts=PTS-STARTPTS[c];` +
        `[a][sk]xfade=transition=${transitionName}:duration=${sec(d)}:offset=${sec(t0)}[ab];` +
        `[ab][c]xfade=transition=fade:duration=${sec(d)}:offset=${sec(t2)}`
      );
    },
  },
  'dolly-zoom': {
    graph: (f) => {
      const { x, y } = focus(f);
      // the background zooms in linearly (the rush), the soft-edged centre (input 1) stays put
      return (
        `[0:v]${zoompan(f, `1+${n(0.9 * f.k)}*${zpP(f)}`, x, y)},gblur=sigma='1.5',vignette=angle='PI/6+PI/6*${tP(f)}':eval=frame[bg];` +
        `[1:v]format=rgba,${LOOP}[fg];[bg][fg]overlay=0:0:format=auto:shortest=1`
      );
    },
    extras: async (f) => {
      const fx = numberOption(f.options, 'focusX', 0, 1, 0.5);
      const fy = numberOption(f.options, 'focusY', 0, 1, 0.5);
      const mask = await svgPng(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${f.w}" height="${f.h}"><defs><radialGradient id="m" cx="${fx}" cy="${fy}" r="0.5">` +
          `<stop offset="0.55" stop-color="#fff" stop-opacity="1"/><stop offset="0.7" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>` +
          `<rect width="${f.w}" height="${f.h}" fill="url(#m)"/></svg>`,
      );
      return [await sharp(f.photo).ensureAlpha().composite([{ input: mask, blend: 'dest-in' }]).png().toBuffer()];
    },
  },
  kaleidoscope: {
    graph: (f) => {
      // the source is enlarged so the rotated quadrant next to the centre never reaches its corners
      const grow = Math.hypot(f.w, f.h) / Math.min(f.w, f.h) + 0.02;
      const sw = even(f.w * grow);
      const sh = even(f.h * grow);
      return (
        `[0:v]scale=${sw}:${sh},eq=saturation=1.35:contrast=1.1,format=rgb24,${LOOP},rotate=a='${n(Math.PI * f.k)}*${tP(f)}':c=black,` +
        `crop=${f.w / 2}:${f.h / 2}:${sw / 2 - f.w / 2}:${sh / 2 - f.h / 2},split[q][qm];` +
        `[qm]hflip[qf];[q][qf]hstack,split[top][bm];[bm]vflip[bot];[top][bot]vstack`
      );
    },
  },
  cinematic: {
    graph: (f) => {
      const bar = even(f.h * 0.11);
      return (
        `[0:v]${zoompan(f, `1+${n(0.12 * f.k)}*${zpP(f)}`, '(iw-iw/zoom)/2', '(ih-ih/zoom)*0.45')},` +
        `colorbalance=rs=-0.15:gs=-0.02:bs=0.18:rm=0.05:bm=-0.05:rh=0.18:gh=0.06:bh=-0.16,eq=contrast=1.15:saturation=1.2,vignette=angle=PI/4[g];` +
        `[1:v]format=rgba,${LOOP}[leak];[g][leak]overlay=x='-w+(W+w)*${tP(f)}':y=0:format=auto:shortest=1,` +
        `drawbox=x=0:y=0:w=iw:h=${bar}:color=black:t=fill,drawbox=x=0:y=ih-${bar}:w=iw:h=${bar}:color=black:t=fill`
      );
    },
    extras: async (f) => [
      await svgPng(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${even(f.w * 0.9)}" height="${f.h}"><defs><radialGradient id="l" cx="0.5" cy="0.4" r="0.5">` +
          `<stop offset="0" stop-color="#ffb060" stop-opacity="${n(Math.min(0.85, 0.5 * f.k))}"/>` +
          `<stop offset="0.5" stop-color="#ff6a2a" stop-opacity="${n(Math.min(0.5, 0.25 * f.k))}"/>` +
          `<stop offset="1" stop-color="#ff4010" stop-opacity="0"/></radialGradient></defs><rect width="100%" height="100%" fill="url(#l)"/></svg>`,
      ),
    ],
  },
};

// ---------------------------------------------------------------------------------------------
// Running ffmpeg
// ---------------------------------------------------------------------------------------------

/** Removes temp dirs left behind by renders whose process died (see STALE_TMP_MS). Best effort. */
async function sweepStaleTempDirs(now = Date.now()): Promise<void> {
  const root = tmpdir();
  const names = await readdir(root).catch(() => []);
  for (const name of names) {
    if (!name.startsWith(TMP_PREFIX)) continue;
    const path = join(root, name);
    const info = await stat(path).catch(() => undefined);
    if (info?.isDirectory() && now - info.mtimeMs > STALE_TMP_MS) await rm(path, { recursive: true, force: true }).catch(() => {});
  }
}

/**
 * Renders `recipe` over `image` into an MP4 (H.264, yuv420p, FPS, faststart, no audio) of
 * `options.seconds` (2..8, default 4) at `options.intensity` (0.2..2, default 1), plus a PNG
 * poster from ~40% into the clip. Unknown recipes and malformed options throw; aborting `signal`
 * kills ffmpeg and rejects with its reason. Temporary files are always removed.
 */
export async function renderVideoEffect(
  image: Buffer,
  recipe: string,
  options: EffectOptions,
  p: { progress?: (fraction: number, stage: string) => void; signal?: AbortSignal } = {},
): Promise<VideoEffectResult> {
  const spec = Object.hasOwn(RECIPES, recipe) ? RECIPES[recipe] : undefined;
  if (!spec) throw new Error(`unknown video effect recipe: ${recipe}`);
  p.signal?.throwIfAborted();
  const seconds = numberOption(options, 'seconds', SECONDS.min, SECONDS.max, SECONDS.default);
  const k = numberOption(options, 'intensity', INTENSITY.min, INTENSITY.max, INTENSITY.default);

  // Upright and opaque first (EXIF orientation, transparency on black), then exactly the output size.
  const upright = await sharp(image).rotate().flatten({ background: '#000000' }).toBuffer({ resolveWithObject: true });
  const { width: w, height: h } = effectSize(upright.info.width, upright.info.height);
  const photo = await sharp(upright.data).resize(w, h, { fit: 'fill', kernel: 'lanczos3' }).removeAlpha().png({ compressionLevel: 1 }).toBuffer();
  const frames = Math.round(seconds * FPS);
  const frame: Frame = { w, h, frames, s: frames / FPS, k, options, photo };
  const graph = spec.graph(frame);
  const extras = spec.extras ? await spec.extras(frame) : [];
  p.signal?.throwIfAborted();

  await sweepStaleTempDirs();
  const dir = await mkdtemp(join(tmpdir(), TMP_PREFIX));
  try {
    const photoPath = join(dir, 'photo.png');
    await writeFile(photoPath, photo);
    const inputs = ['-framerate', String(FPS), '-i', `file:${photoPath}`];
    for (const [i, extra] of extras.entries()) {
      const path = join(dir, `extra${i}.png`);
      await writeFile(path, extra);
      inputs.push('-framerate', String(FPS), '-i', `file:${path}`);
    }
    const videoPath = join(dir, 'out.mp4');
    const posterPath = join(dir, 'poster.png');
    const base = ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y', '-nostats'];
    const render = [
      ...base, '-progress', 'pipe:1', '-stats_period', '0.25',
      ...inputs,
      '-filter_complex', `${graph},scale=${w}:${h},setsar=1,format=yuv420p[vout]`, '-filter_complex_threads', '1',
      '-map', '[vout]', '-an', '-c:v', 'libx264', ...x264Args(), '-pix_fmt', 'yuv420p', '-r', String(FPS),
      '-frames:v', String(frames), '-movflags', '+faststart', '-threads', '1', `file:${videoPath}`,
    ];
    p.progress?.(0, 'rendering');
    await runFfmpeg(render, frame.s * 1e6, p);
    // The poster is a second, tiny pass over the finished clip: a select/split branch in the render
    // graph deadlocks ffmpeg 5.1 once the looped (endless) input feeds two outputs.
    const posterAt = n(Math.floor(frames * POSTER_AT) / FPS);
    const grab = [...base, '-ss', posterAt, '-i', `file:${videoPath}`, '-frames:v', '1', '-update', '1', '-c:v', 'png', `file:${posterPath}`];
    await runFfmpeg(grab, 1, { signal: p.signal });
    const [data, poster] = await Promise.all([readFile(videoPath), readFile(posterPath)]);
    p.progress?.(1, 'rendering');
    return { data, contentType: 'video/mp4', width: w, height: h, durationS: frame.s, poster };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
