/**
 * Photo effects and image templates on the local engine: each recipe is a classical pipeline on
 * the CPU (pixel maths, OpenCV filters, sharp SVG layouts), deterministic for the same photo and
 * options. Catalogue templates name a recipe and tune it with `options`.
 *
 * In-place effects keep the photo's size and transparency; the layouts (pop-art, polaroid,
 * poster-frame, film-strip) compose a new, opaque picture.
 */
import sharp, { type Sharp } from 'sharp';
import { type CV, decodeImage, type Mat, encodePng, hashString, loadOpenCv, lumaOf, matFromRaw, type RawImage, rawFromMat, seededRandom, smoothNoise, withMats } from '../opencv.ts';
import type { EngineImage, EngineProgress } from '../types.ts';
import { flattenOnWhite } from './cutout.ts';

/** A template's tuning, as stored in the catalogue (`zTemplateInput.options`). */
export type EffectOptions = Record<string, number | string | boolean>;

/** Longest side the effects work on; larger photos are scaled down first. */
export const MAX_EFFECT_SIDE = 2048;

export type Rgb = readonly [number, number, number];

export const clamp255 = (v: number): number => (v < 0 ? 0 : v > 255 ? 255 : Math.round(v));
const clamp01 = (v: number): number => (v < 0 ? 0 : v > 1 ? 1 : v);
const smoothstep = (edge0: number, edge1: number, x: number): number => {
  const t = clamp01((x - edge0) / (edge1 - edge0));
  return t * t * (3 - 2 * t);
};

/** '#rgb' or '#rrggbb'. Options come from catalogue templates, so a bad colour is a template bug, not the user's. */
export function parseHexColor(value: string): Rgb {
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(value);
  if (short) return [parseInt(short[1]! + short[1]!, 16), parseInt(short[2]! + short[2]!, 16), parseInt(short[3]! + short[3]!, 16)];
  const long = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(value);
  if (!long) throw new Error(`not a hex colour: ${value}`);
  return [parseInt(long[1]!, 16), parseInt(long[2]!, 16), parseInt(long[3]!, 16)];
}

/** The colour option `name`, or `fallback` when the template leaves it out. */
export function colorOption(options: EffectOptions, name: string, fallback: string): Rgb {
  const value = options[name];
  if (value === undefined) return parseHexColor(fallback);
  if (typeof value !== 'string') throw new Error(`option ${name} must be a hex colour`);
  return parseHexColor(value);
}

/** The number option `name` clamped to [min, max], or `fallback`. */
export function numberOption(options: EffectOptions, name: string, fallback: number, min: number, max: number): number {
  const value = options[name];
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new Error(`option ${name} must be a number`);
  return Math.min(max, Math.max(min, value));
}

/** The text option `name`, trimmed; undefined when absent or empty. */
export function textOption(options: EffectOptions, name: string): string | undefined {
  const value = options[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new Error(`option ${name} must be text`);
  return value.trim() || undefined;
}

export const toHex = (c: Rgb): string => `#${c.map((v) => clamp255(v).toString(16).padStart(2, '0')).join('')}`;

/** Text safe inside SVG markup. */
export const escapeXml = (text: string): string => text.replace(/[<>&'"]/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** A sharp pipeline's output as 3-channel raw pixels. */
export async function rawRgb(pipeline: Sharp): Promise<RawImage> {
  const { data, info } = await pipeline.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height, channels: 3 };
}

const sharpOf = (rgb: RawImage) => sharp(rgb.data, { raw: { width: rgb.width, height: rgb.height, channels: rgb.channels } });

function hsvToRgb(h: number, s: number, v: number): Rgb {
  const f = (n: number) => {
    const k = (n + h * 6) % 6;
    return 255 * (v - v * s * Math.max(0, Math.min(k, 4 - k, 1)));
  };
  return [f(5), f(3), f(1)];
}

/**
 * Gaussian blur of any Mat that stays fast for large sigmas: the WASM build filters without SIMD,
 * so a wide kernel on a big picture takes seconds. Wide blurs run on a downscaled copy instead
 * (a blur that wide has no detail to lose) and are scaled back up.
 */
export function gaussianBlurFast(cv: CV, src: Mat, dst: Mat, sigma: number): void {
  const factor = Math.min(8, Math.floor(sigma / 2));
  if (factor < 2) {
    cv.GaussianBlur(src, dst, new cv.Size(0, 0), sigma);
    return;
  }
  withMats(cv, (keep) => {
    const small = keep(new cv.Mat());
    cv.resize(src, small, new cv.Size(Math.max(1, Math.round(src.cols / factor)), Math.max(1, Math.round(src.rows / factor))), 0, 0, cv.INTER_AREA);
    const blurred = keep(new cv.Mat());
    cv.GaussianBlur(small, blurred, new cv.Size(0, 0), sigma / factor);
    cv.resize(blurred, dst, new cv.Size(src.cols, src.rows), 0, 0, cv.INTER_LINEAR);
  });
}

/** Luma values at the given quantiles (0..1), from a histogram. */
function lumaQuantiles(luma: Uint8Array, quantiles: readonly number[]): number[] {
  const histogram = new Uint32Array(256);
  for (const v of luma) histogram[v]!++;
  return quantiles.map((q) => {
    const target = q * luma.length;
    let sum = 0;
    for (let v = 0; v < 256; v++) {
      sum += histogram[v]!;
      if (sum >= target) return v;
    }
    return 255;
  });
}

interface EffectContext {
  cv: CV;
  rgb: RawImage;
  options: EffectOptions;
  random: () => number;
}

interface Recipe {
  summary: string;
  /** Layouts build a new picture (other size, no transparency); effects keep size and alpha. */
  layout: boolean;
  run: (ctx: EffectContext) => RawImage | Promise<RawImage>;
}

const RECIPES: Record<string, Recipe> = {
  sepia: { summary: 'Warm brown old-print tones with faded blacks.', layout: false, run: sepia },
  duotone: { summary: 'Two-colour gradient map (options from, to: hex colours).', layout: false, run: duotone },
  'pop-art': { summary: 'Warhol-style 2x2 grid of posterised colour panels.', layout: true, run: popArt },
  cartoon: { summary: 'Bilateral-smoothed flat colour with bold adaptive-threshold outlines.', layout: false, run: cartoon },
  lomo: { summary: 'Cross-processed colours and a deep vignette.', layout: false, run: lomo },
  polaroid: { summary: 'Square instant print in a white frame with a warm fade.', layout: true, run: polaroid },
  mosaic: { summary: 'Square tiles with grout lines (option tiles: tiles across the long side).', layout: false, run: mosaic },
  'neon-edges': { summary: 'Canny edges glowing in neon colours on a dark ground.', layout: false, run: neonEdges },
  halftone: { summary: 'Printed halftone dots on paper (option dots: dots across the long side).', layout: false, run: halftone },
  'rgb-split': { summary: 'Chromatic glitch: shifted colour channels, torn slices, scanlines.', layout: false, run: rgbSplit },
  'tilt-shift': { summary: 'Miniature look: blurred top and bottom, punchy colour (option focus 0..1).', layout: false, run: tiltShift },
  thermal: { summary: 'Thermal-camera false colour (option palette: jet, inferno, hot, turbo).', layout: false, run: thermal },
  emboss: { summary: 'Relief embossed into brushed metal.', layout: false, run: emboss },
  'pencil-color': { summary: 'Coloured-pencil drawing with graphite outlines and stroke texture.', layout: false, run: pencilColor },
  'poster-frame': { summary: 'Photo in a bold poster layout with colour blocks (options title, color).', layout: true, run: posterFrame },
  'film-strip': { summary: 'Three crops of the photo on a film strip with sprocket holes.', layout: true, run: filmStrip },
};

/** The photo effect and image template recipes the engine implements. */
export const PHOTO_EFFECT_RECIPES: readonly { id: string; summary: string }[] = Object.entries(RECIPES).map(([id, recipe]) => ({ id, summary: recipe.summary }));

export function isPhotoEffectRecipe(id: string): boolean {
  return Object.hasOwn(RECIPES, id);
}

/**
 * Applies the photo effect `recipe` to `image` and returns a PNG. Undecodable input fails with
 * IMAGE_VALIDATION_FAILED; an unknown recipe or malformed option is a catalogue bug (plain Error).
 */
export async function applyPhotoEffect(image: Buffer, recipe: string, options: EffectOptions, progress: EngineProgress): Promise<EngineImage> {
  const effect = isPhotoEffectRecipe(recipe) ? RECIPES[recipe]! : undefined;
  if (!effect) throw new Error(`unknown photo effect recipe: ${recipe}`);
  progress(0, 'decode');
  const [cv, decoded] = await Promise.all([loadOpenCv(), decodeImage(image, { maxSide: MAX_EFFECT_SIDE })]);
  const rgb = effect.layout && decoded.alpha ? flattenOnWhite(decoded.rgb, decoded.alpha) : decoded.rgb;
  progress(0.15, recipe);
  const random = seededRandom(hashString(`${recipe}\u0000${JSON.stringify(options)}`));
  const out = await effect.run({ cv, rgb, options, random });
  progress(0.9, 'encode');
  const keepAlpha = !effect.layout && decoded.alpha !== null && out.width === rgb.width && out.height === rgb.height;
  const result = await encodePng(out, keepAlpha ? decoded.alpha : null);
  progress(1, 'done');
  return result;
}

// ---------------------------------------------------------------------------------------------
// Colour effects
// ---------------------------------------------------------------------------------------------

function sepia({ rgb }: EffectContext): RawImage {
  const d = rgb.data;
  const out = new Uint8Array(d.length);
  for (let i = 0; i < d.length; i += 3) {
    const r = d[i]!;
    const g = d[i + 1]!;
    const b = d[i + 2]!;
    // The classic sepia matrix, then lifted blacks and softened whites like aged print paper.
    out[i] = clamp255((0.393 * r + 0.769 * g + 0.189 * b) * 0.88 + 18);
    out[i + 1] = clamp255((0.349 * r + 0.686 * g + 0.168 * b) * 0.88 + 14);
    out[i + 2] = clamp255((0.272 * r + 0.534 * g + 0.131 * b) * 0.88 + 8);
  }
  return { ...rgb, data: out };
}

function duotone({ rgb, options }: EffectContext): RawImage {
  const from = colorOption(options, 'from', '#1b1464');
  const to = colorOption(options, 'to', '#ff8a5c');
  const luma = lumaOf(rgb);
  // Stretch the luminance first so both colours appear in full, whatever the exposure.
  const [lo, hi] = lumaQuantiles(luma, [0.01, 0.99]) as [number, number];
  const range = Math.max(1, hi - lo);
  const out = new Uint8Array(rgb.data.length);
  for (let i = 0; i < luma.length; i++) {
    const t = clamp01((luma[i]! - lo) / range);
    for (let c = 0; c < 3; c++) out[i * 3 + c] = clamp255(from[c]! + (to[c]! - from[c]!) * t);
  }
  return { ...rgb, data: out };
}

/** Warhol's panels: dark ink, two loud colours, a light ground. */
const POP_PALETTES: readonly (readonly Rgb[])[] = [
  [
    [24, 16, 92],
    [232, 0, 126],
    [255, 214, 0],
    [255, 246, 214],
  ],
  [
    [6, 58, 44],
    [255, 106, 0],
    [0, 190, 214],
    [246, 250, 236],
  ],
  [
    [88, 0, 38],
    [0, 160, 80],
    [255, 112, 178],
    [255, 238, 110],
  ],
  [
    [10, 10, 14],
    [36, 78, 255],
    [255, 56, 36],
    [255, 226, 196],
  ],
];

function popArt({ cv, rgb }: EffectContext): RawImage {
  const pw = Math.max(1, Math.floor(rgb.width / 2));
  const ph = Math.max(1, Math.floor(rgb.height / 2));
  const levels = withMats(cv, (keep) => {
    const src = keep(matFromRaw(cv, rgb));
    const small = keep(new cv.Mat());
    cv.resize(src, small, new cv.Size(pw, ph), 0, 0, cv.INTER_AREA);
    const gray = keep(new cv.Mat());
    cv.cvtColor(small, gray, cv.COLOR_RGB2GRAY);
    // Silkscreen flats: the median turns texture into solid shapes before posterising.
    const flat = keep(new cv.Mat());
    cv.medianBlur(gray, flat, Math.max(3, Math.round(Math.max(pw, ph) / 120) | 1));
    return rawFromMat(cv, flat);
  });
  const thresholds = lumaQuantiles(levels.data, [0.3, 0.6, 0.86]);
  const level = (v: number) => (v <= thresholds[0]! ? 0 : v <= thresholds[1]! ? 1 : v <= thresholds[2]! ? 2 : 3);
  const width = pw * 2;
  const height = ph * 2;
  const out = new Uint8Array(width * height * 3);
  for (let panel = 0; panel < 4; panel++) {
    const palette = POP_PALETTES[panel]!;
    const ox = (panel % 2) * pw;
    const oy = (panel >> 1) * ph;
    for (let y = 0; y < ph; y++) {
      for (let x = 0; x < pw; x++) {
        const color = palette[level(levels.data[y * pw + x]!)]!;
        const o = ((oy + y) * width + ox + x) * 3;
        out[o] = color[0];
        out[o + 1] = color[1];
        out[o + 2] = color[2];
      }
    }
  }
  return { data: out, width, height, channels: 3 };
}

function cartoon({ cv, rgb }: EffectContext): RawImage {
  const { width, height } = rgb;
  const scale = Math.min(1, 800 / Math.max(width, height));
  const block = Math.max(9, Math.round(Math.max(width, height) / 70) | 1);
  const [smooth, edges] = withMats(cv, (keep) => {
    const src = keep(matFromRaw(cv, rgb));
    const small = keep(new cv.Mat());
    cv.resize(src, small, new cv.Size(Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale))), 0, 0, cv.INTER_AREA);
    // Repeated small bilateral passes flatten colour regions but keep their borders crisp.
    const a = keep(new cv.Mat());
    const b = keep(new cv.Mat());
    cv.bilateralFilter(small, a, 9, 40, 7);
    cv.bilateralFilter(a, b, 9, 40, 7);
    cv.bilateralFilter(b, a, 9, 40, 7);
    const up = keep(new cv.Mat());
    cv.resize(a, up, new cv.Size(width, height), 0, 0, cv.INTER_LINEAR);
    const gray = keep(new cv.Mat());
    cv.cvtColor(src, gray, cv.COLOR_RGB2GRAY);
    const median = keep(new cv.Mat());
    cv.medianBlur(gray, median, 7);
    const lines = keep(new cv.Mat());
    cv.adaptiveThreshold(median, lines, 255, cv.ADAPTIVE_THRESH_MEAN_C, cv.THRESH_BINARY, block, 3);
    return [rawFromMat(cv, up), rawFromMat(cv, lines)];
  });
  // Cartoons are bright and clean: stretch the tones to the full range and boost colour before
  // posterising each channel to a few cel-shading levels.
  const [lo, hi] = lumaQuantiles(lumaOf(smooth), [0.01, 0.99]) as [number, number];
  const gain = 255 / Math.max(1, hi - lo);
  const out = new Uint8Array(rgb.data.length);
  const step = 42;
  for (let i = 0; i < width * height; i++) {
    const ink = edges.data[i]! < 128 ? 0.12 : 1;
    const px = [0, 1, 2].map((c) => (smooth.data[i * 3 + c]! - lo) * gain);
    const l = (px[0]! + px[1]! + px[2]!) / 3;
    for (let c = 0; c < 3; c++) {
      const v = clamp255(l + (px[c]! - l) * 1.4);
      out[i * 3 + c] = clamp255((Math.round(v / step) * step + 10) * ink);
    }
  }
  return { ...rgb, data: out };
}

function lomo({ rgb }: EffectContext): RawImage {
  const { width, height } = rgb;
  const curve = (v: number, contrast: number) => 255 / (1 + Math.exp(-((v / 255 - 0.5) * contrast)));
  const lutR = new Uint8Array(256);
  const lutG = new Uint8Array(256);
  const lutB = new Uint8Array(256);
  for (let v = 0; v < 256; v++) {
    // Cross-processing: hard red and green S-curves, blue lifted in the shadows and cut in the highlights.
    lutR[v] = clamp255(curve(v, 8));
    lutG[v] = clamp255(curve(v, 6));
    lutB[v] = clamp255(v * 0.62 + 44);
  }
  const cx = width / 2;
  const cy = height / 2;
  const maxR = Math.hypot(cx, cy);
  const out = new Uint8Array(rgb.data.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const vignette = 1 - 0.85 * smoothstep(0.35, 1.05, Math.hypot(x - cx, y - cy) / maxR);
      const r = lutR[rgb.data[i]!]!;
      const g = lutG[rgb.data[i + 1]!]!;
      const b = lutB[rgb.data[i + 2]!]!;
      const l = (r + g + b) / 3;
      out[i] = clamp255((l + (r - l) * 1.3) * vignette);
      out[i + 1] = clamp255((l + (g - l) * 1.3) * vignette);
      out[i + 2] = clamp255((l + (b - l) * 1.3) * vignette);
    }
  }
  return { ...rgb, data: out };
}

// ---------------------------------------------------------------------------------------------
// Texture effects
// ---------------------------------------------------------------------------------------------

function mosaic({ cv, rgb, options, random }: EffectContext): RawImage {
  const { width, height } = rgb;
  const tiles = numberOption(options, 'tiles', 48, 8, 200);
  const tile = Math.max(4, Math.round(Math.max(width, height) / tiles));
  const cols = Math.ceil(width / tile);
  const rows = Math.ceil(height / tile);
  const means = withMats(cv, (keep) => {
    const src = keep(matFromRaw(cv, rgb));
    const small = keep(new cv.Mat());
    cv.resize(src, small, new cv.Size(cols, rows), 0, 0, cv.INTER_AREA);
    return rawFromMat(cv, small);
  });
  // Hand-laid tiles are never quite the same shade.
  const jitter = Float32Array.from({ length: cols * rows }, () => 0.93 + 0.14 * random());
  const grout = Math.max(1, Math.round(tile * 0.1));
  const out = new Uint8Array(rgb.data.length);
  for (let y = 0; y < height; y++) {
    const row = Math.floor(y / tile);
    const v = y - row * tile;
    for (let x = 0; x < width; x++) {
      const col = Math.floor(x / tile);
      const u = x - col * tile;
      const t = row * cols + col;
      const o = (y * width + x) * 3;
      if (u < grout || v < grout) {
        for (let c = 0; c < 3; c++) out[o + c] = clamp255(200 + means.data[t * 3 + c]! * 0.12); // pale mortar
        continue;
      }
      // A glazed bevel: lit from the top-left, shaded to the bottom-right.
      const bevel = 1.1 - 0.2 * ((u + v) / (2 * tile));
      for (let c = 0; c < 3; c++) out[o + c] = clamp255(means.data[t * 3 + c]! * jitter[t]! * bevel);
    }
  }
  return { ...rgb, data: out };
}

function neonEdges({ cv, rgb }: EffectContext): RawImage {
  const { width, height } = rgb;
  const side = Math.max(width, height);
  const thickness = Math.max(1, Math.round(side / 500));
  const edges = withMats(cv, (keep) => {
    const src = keep(matFromRaw(cv, rgb));
    const gray = keep(new cv.Mat());
    cv.cvtColor(src, gray, cv.COLOR_RGB2GRAY);
    const blurred = keep(new cv.Mat());
    cv.GaussianBlur(gray, blurred, new cv.Size(0, 0), Math.max(1.2, side / 400));
    const canny = keep(new cv.Mat());
    cv.Canny(blurred, canny, 30, 90);
    const kernel = keep(cv.getStructuringElement(cv.MORPH_ELLIPSE, new cv.Size(2 * thickness + 1, 2 * thickness + 1)));
    const thick = keep(new cv.Mat());
    cv.dilate(canny, thick, kernel);
    return rawFromMat(cv, thick);
  });
  // Tube colour runs magenta to cyan across the picture, like a sign bent from two tubes.
  const tubes = new Float32Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (!edges.data[i]) continue;
      const color = hsvToRgb(0.86 - 0.36 * ((x / width + y / height) / 2), 0.85, 1);
      for (let c = 0; c < 3; c++) tubes[i * 3 + c] = color[c]!;
    }
  }
  const [near, far] = withMats(cv, (keep) => {
    const src = keep(cv.matFromArray(height, width, cv.CV_32FC3, tubes));
    const a = keep(new cv.Mat());
    const b = keep(new cv.Mat());
    gaussianBlurFast(cv, src, a, Math.max(2, side / 250));
    gaussianBlurFast(cv, src, b, Math.max(6, side / 70));
    return [Float32Array.from(a.data32F), Float32Array.from(b.data32F)];
  });
  const out = new Uint8Array(rgb.data.length);
  const night: Rgb = [8, 5, 22];
  for (let i = 0; i < out.length; i++) {
    const core = edges.data[Math.floor(i / 3)] ? 255 * 0.55 + tubes[i]! * 0.45 : 0; // white-hot centre of the tube
    out[i] = clamp255(night[i % 3]! + rgb.data[i]! * 0.07 + core + near[i]! * 2.2 + far[i]! * 2.5);
  }
  return { ...rgb, data: out };
}

function halftone({ cv, rgb, options }: EffectContext): RawImage {
  const { width, height } = rgb;
  const dots = numberOption(options, 'dots', 70, 20, 300);
  const cell = Math.max(4, Math.max(width, height) / dots);
  const averaged = withMats(cv, (keep) => {
    const src = keep(matFromRaw(cv, rgb));
    const dst = keep(new cv.Mat());
    const k = Math.max(1, Math.round(cell));
    cv.blur(src, dst, new cv.Size(k, k));
    return rawFromMat(cv, dst);
  });
  // Tones are stretched to the photo's own range so a dark photo still shows paper between dots.
  const [lo, hi] = lumaQuantiles(lumaOf(averaged), [0.02, 0.98]) as [number, number];
  const range = Math.max(1, hi - lo);
  const paper: Rgb = [246, 241, 228];
  const maxRadius = cell * 0.66; // the darkest dots just merge into their diagonal neighbours
  const s = Math.SQRT1_2;
  const out = new Uint8Array(rgb.data.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      // The screen is rotated 45°, as in print, so the dot rows do not line up with the picture.
      const u = (x + y) * s;
      const v = (y - x) * s;
      const cu = Math.round(u / cell) * cell;
      const cvv = Math.round(v / cell) * cell;
      const centreX = Math.min(width - 1, Math.max(0, Math.round((cu - cvv) * s)));
      const centreY = Math.min(height - 1, Math.max(0, Math.round((cu + cvv) * s)));
      const ci = (centreY * width + centreX) * 3;
      const r = averaged.data[ci]!;
      const g = averaged.data[ci + 1]!;
      const b = averaged.data[ci + 2]!;
      const tone = clamp01((0.299 * r + 0.587 * g + 0.114 * b - lo) / range);
      const radius = maxRadius * Math.sqrt(1 - tone ** 0.8);
      const coverage = 1 - smoothstep(radius - 0.7, radius + 0.7, Math.hypot(u - cu, v - cvv));
      const o = (y * width + x) * 3;
      // Ink is the cell's hue, purer and deep, like a spot colour on newsprint.
      const l = (r + g + b) / 3;
      const ink: Rgb = [(l + (r - l) * 1.8) * 0.45 + 10, (l + (g - l) * 1.8) * 0.45 + 8, (l + (b - l) * 1.8) * 0.45 + 16];
      for (let c = 0; c < 3; c++) out[o + c] = clamp255(paper[c]! + (ink[c]! - paper[c]!) * coverage);
    }
  }
  return { ...rgb, data: out };
}

function rgbSplit({ rgb, options, random }: EffectContext): RawImage {
  const { width, height } = rgb;
  const shift = Math.max(2, Math.round(Math.max(width, height) * numberOption(options, 'offset', 0.025, 0.005, 0.1)));
  // Torn slices: a few horizontal bands displaced sideways, as from a dropped video signal.
  const rowShift = new Int32Array(height);
  for (let n = 0; n < 7; n++) {
    const start = Math.floor(random() * height);
    const length = Math.max(2, Math.round(height * (0.01 + 0.05 * random())));
    const offset = Math.round((random() - 0.5) * width * 0.12);
    for (let y = start; y < Math.min(height, start + length); y++) rowShift[y] = offset;
  }
  const at = (x: number, y: number, c: number) => rgb.data[(y * width + Math.min(width - 1, Math.max(0, x))) * 3 + c]!;
  const out = new Uint8Array(rgb.data.length);
  for (let y = 0; y < height; y++) {
    const scan = y % 3 === 0 ? 0.72 : 1;
    const dy = Math.min(height - 1, y + Math.round(shift / 3));
    for (let x = 0; x < width; x++) {
      const sx = x + rowShift[y]!;
      const o = (y * width + x) * 3;
      out[o] = clamp255((at(sx + shift, y, 0) * 1.1 + 8) * scan);
      out[o + 1] = clamp255(at(sx, y, 1) * 0.9 * scan);
      out[o + 2] = clamp255((at(sx - shift, dy, 2) * 1.15 + 14) * scan);
    }
  }
  return { ...rgb, data: out };
}

function tiltShift({ cv, rgb, options }: EffectContext): RawImage {
  const { width, height } = rgb;
  const focus = numberOption(options, 'focus', 0.55, 0.1, 0.9) * height;
  const band = height * 0.1;
  const ramp = height * 0.28;
  const blurred = withMats(cv, (keep) => {
    const src = keep(matFromRaw(cv, rgb));
    const dst = keep(new cv.Mat());
    gaussianBlurFast(cv, src, dst, Math.max(2, Math.max(width, height) / 90));
    return rawFromMat(cv, dst);
  });
  const out = new Uint8Array(rgb.data.length);
  for (let y = 0; y < height; y++) {
    const blur = smoothstep(band, band + ramp, Math.abs(y - focus));
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 3;
      const px = [0, 1, 2].map((c) => rgb.data[o + c]! + (blurred.data[o + c]! - rgb.data[o + c]!) * blur);
      const l = (px[0]! + px[1]! + px[2]!) / 3;
      // Toy-model colour: richer saturation and a touch more contrast.
      for (let c = 0; c < 3; c++) out[o + c] = clamp255((l + (px[c]! - l) * 1.6 - 128) * 1.15 + 136);
    }
  }
  return { ...rgb, data: out };
}

function thermal({ cv, rgb, options }: EffectContext): RawImage {
  const palette = textOption(options, 'palette') ?? 'jet';
  const maps: Record<string, number> = { jet: cv.COLORMAP_JET, inferno: cv.COLORMAP_INFERNO, hot: cv.COLORMAP_HOT, turbo: cv.COLORMAP_TURBO };
  const map = maps[palette];
  if (map === undefined) throw new Error(`unknown thermal palette: ${palette}`);
  const { width, height } = rgb;
  return withMats(cv, (keep) => {
    const gray = keep(matFromRaw(cv, { data: lumaOf(rgb), width, height, channels: 1 }));
    // Thermal sensors are low resolution: soft, blobby heat.
    const soft = keep(new cv.Mat());
    cv.GaussianBlur(gray, soft, new cv.Size(0, 0), Math.max(1.5, Math.max(width, height) / 250));
    const spread = keep(new cv.Mat());
    const clahe = keep(new cv.CLAHE(2, new cv.Size(8, 8)));
    clahe.apply(soft, spread);
    const bgr = keep(new cv.Mat());
    cv.applyColorMap(spread, bgr, map);
    const out = keep(new cv.Mat());
    cv.cvtColor(bgr, out, cv.COLOR_BGR2RGB); // colour maps come out in OpenCV's BGR order
    return rawFromMat(cv, out);
  });
}

function emboss({ cv, rgb }: EffectContext): RawImage {
  const { width, height } = rgb;
  const relief = withMats(cv, (keep) => {
    const gray = keep(matFromRaw(cv, { data: lumaOf(rgb), width, height, channels: 1 }));
    const soft = keep(new cv.Mat());
    cv.GaussianBlur(gray, soft, new cv.Size(0, 0), Math.max(0.8, Math.max(width, height) / 700));
    const kernel = keep(cv.matFromArray(3, 3, cv.CV_32FC1, [-2, -1, 0, -1, 0, 1, 0, 1, 2]));
    const out = keep(new cv.Mat());
    cv.filter2D(soft, out, -1, kernel, new cv.Point(-1, -1), 128);
    return rawFromMat(cv, out);
  });
  const out = new Uint8Array(rgb.data.length);
  for (let i = 0; i < width * height; i++) {
    // Stretch the relief around mid-grey and give it a cool brushed-steel cast.
    const v = (relief.data[i]! - 128) * 1.6 + 140;
    out[i * 3] = clamp255(v * 0.97);
    out[i * 3 + 1] = clamp255(v * 0.99);
    out[i * 3 + 2] = clamp255(v * 1.04);
  }
  return { ...rgb, data: out };
}

function pencilColor({ cv, rgb, random }: EffectContext): RawImage {
  const { width, height } = rgb;
  const side = Math.max(width, height);
  const luma = lumaOf(rgb);
  const stroke = Math.max(5, Math.round(side / 80)) | 1;
  const noise = new Uint8Array(width * height);
  for (let i = 0; i < noise.length; i++) noise[i] = Math.floor(random() * 256);
  const [blurredNegative, strokes] = withMats(cv, (keep) => {
    const gray = keep(matFromRaw(cv, { data: luma, width, height, channels: 1 }));
    const inverted = keep(new cv.Mat());
    cv.bitwise_not(gray, inverted);
    const blur = keep(new cv.Mat());
    cv.GaussianBlur(inverted, blur, new cv.Size(0, 0), Math.max(2, side / 180));
    // Noise smeared along the other diagonal than the graphite sketch: coloured hatching.
    const kernelData = new Float32Array(stroke * stroke);
    for (let k = 0; k < stroke; k++) kernelData[k * stroke + (stroke - 1 - k)] = 1 / stroke;
    const kernel = keep(cv.matFromArray(stroke, stroke, cv.CV_32FC1, kernelData));
    const grain = keep(matFromRaw(cv, { data: noise, width, height, channels: 1 }));
    const smeared = keep(new cv.Mat());
    cv.filter2D(grain, smeared, -1, kernel);
    return [rawFromMat(cv, blur), rawFromMat(cv, smeared)];
  });
  const paper = smoothNoise(cv, width, height, Math.max(3, Math.round(side / 250)), random);
  const paperTone: Rgb = [250, 247, 240];
  const out = new Uint8Array(rgb.data.length);
  for (let i = 0; i < width * height; i++) {
    const g = luma[i]!;
    const line = (Math.min(255, (g * 256) / (256 - blurredNegative.data[i]!)) / 255) ** 1.8;
    // Pencil colour is laid in strokes: more pigment where a stroke passes, paper between.
    const pigment = 0.35 + 0.65 * clamp01((strokes.data[i]! - 100) / 56);
    const tooth = 0.94 + 0.06 * paper[i]!;
    const l = (rgb.data[i * 3]! + rgb.data[i * 3 + 1]! + rgb.data[i * 3 + 2]!) / 3;
    for (let c = 0; c < 3; c++) {
      const color = l + (rgb.data[i * 3 + c]! - l) * 1.5;
      const laid = paperTone[c]! + (color - paperTone[c]!) * 0.55 * pigment;
      out[i * 3 + c] = clamp255(laid * line * tooth);
    }
  }
  return { ...rgb, data: out };
}

// ---------------------------------------------------------------------------------------------
// Layouts
// ---------------------------------------------------------------------------------------------

function polaroid({ cv, rgb }: EffectContext): RawImage {
  // Instant film is square: the centre square of the photo, at most 1400 px.
  const square = Math.min(rgb.width, rgb.height);
  const side = Math.min(square, 1400);
  const photo = withMats(cv, (keep) => {
    const src = keep(matFromRaw(cv, rgb));
    const crop = keep(src.roi(new cv.Rect(Math.floor((rgb.width - square) / 2), Math.floor((rgb.height - square) / 2), square, square)));
    const dst = keep(new cv.Mat());
    cv.resize(crop, dst, new cv.Size(side, side), 0, 0, cv.INTER_AREA);
    return rawFromMat(cv, dst);
  });
  const border = Math.round(side * 0.06);
  const bottom = Math.round(side * 0.26);
  const width = side + 2 * border;
  const height = side + border + bottom;
  const frame: Rgb = [248, 246, 240];
  const out = new Uint8Array(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    out[i * 3] = frame[0];
    out[i * 3 + 1] = frame[1];
    out[i * 3 + 2] = frame[2];
  }
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const s = (y * side + x) * 3;
      const r = photo.data[s]!;
      const g = photo.data[s + 1]!;
      const b = photo.data[s + 2]!;
      const l = (r + g + b) / 3;
      // Faded instant-film colour: lifted blacks, softer saturation, a warm cast.
      const fade = (v: number, lift: number) => (l + (v - l) * 0.82) * 0.84 + lift;
      // The print sits a hair below the frame surface: a faint shadow along its top and left edges.
      const inset = x < 2 || y < 2 ? 0.9 : 1;
      const o = ((border + y) * width + border + x) * 3;
      out[o] = clamp255(fade(r, 38) * inset);
      out[o + 1] = clamp255(fade(g, 30) * inset);
      out[o + 2] = clamp255(fade(b, 16) * inset);
    }
  }
  return { data: out, width, height, channels: 3 };
}

/** Mean colour of the photo, for picking poster colours that go with it. */
function meanHue(rgb: RawImage): number {
  let r = 0;
  let g = 0;
  let b = 0;
  const pixels = rgb.width * rgb.height;
  for (let i = 0; i < pixels; i++) {
    r += rgb.data[i * 3]!;
    g += rgb.data[i * 3 + 1]!;
    b += rgb.data[i * 3 + 2]!;
  }
  const [mr, mg, mb] = [r / pixels, g / pixels, b / pixels];
  const max = Math.max(mr, mg, mb);
  const delta = max - Math.min(mr, mg, mb);
  if (delta < 1e-3) return 0.02;
  const h = max === mr ? ((mg - mb) / delta) % 6 : max === mg ? (mb - mr) / delta + 2 : (mr - mg) / delta + 4;
  return (((h / 6) % 1) + 1) % 1;
}

async function posterFrame({ rgb, options }: EffectContext): Promise<RawImage> {
  const width = 1080;
  const height = 1440;
  const hue = meanHue(rgb);
  const accent = options.color !== undefined ? colorOption(options, 'color', '#000000') : hsvToRgb(hue, 0.78, 0.95);
  const contrast = hsvToRgb((hue + 0.5) % 1, 0.8, 0.9);
  const ink = '#141414';
  const title = textOption(options, 'title')?.slice(0, 40).toUpperCase();
  const photo = { x: 96, y: 150, width: 888, height: 900 };
  const framed = await sharpOf(rgb).resize(photo.width, photo.height, { fit: 'cover', position: sharp.strategy.attention }).raw().toBuffer();

  const under = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="${width}" height="${height}" fill="${toHex(accent)}"/>
    <polygon points="0,${height * 0.55} ${width},${height * 0.82} ${width},${height} 0,${height}" fill="${toHex(contrast)}"/>
    <rect x="0" y="0" width="${width}" height="84" fill="${ink}"/>
    <rect x="${width - 220}" y="0" width="220" height="84" fill="${toHex(contrast)}"/>
    <circle cx="${width - 150}" cy="${height * 0.47}" r="210" fill="${ink}" opacity="0.9"/>
    <rect x="${photo.x + 28}" y="${photo.y + 28}" width="${photo.width}" height="${photo.height}" fill="${ink}"/>
    <rect x="${photo.x - 14}" y="${photo.y - 14}" width="${photo.width + 28}" height="${photo.height + 28}" fill="#ffffff"/>
  </svg>`;
  // Without a title the lower band carries three bars, so the layout never looks unfinished.
  const caption = title
    ? `<text x="${width / 2}" y="${height - 150}" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-weight="bold"
         font-size="${Math.min(120, Math.floor((width * 1.55) / Math.max(4, title.length)))}" fill="#ffffff" stroke="${ink}" stroke-width="4" paint-order="stroke">${escapeXml(title)}</text>`
    : `<rect x="96" y="${height - 250}" width="600" height="40" fill="${ink}"/><rect x="96" y="${height - 190}" width="420" height="40" fill="#ffffff"/><rect x="96" y="${height - 130}" width="260" height="40" fill="${ink}"/>`;
  const over = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${caption}</svg>`;
  return rawRgb(
    sharp(await sharp(Buffer.from(under)).png().toBuffer()).composite([
      { input: framed, raw: { width: photo.width, height: photo.height, channels: 3 }, left: photo.x, top: photo.y },
      { input: Buffer.from(over), left: 0, top: 0 },
    ]),
  );
}

async function filmStrip({ rgb }: EffectContext): Promise<RawImage> {
  const frameW = 480;
  const frameH = 360;
  const gap = 32;
  const band = 72;
  const width = 3 * frameW + 4 * gap;
  const height = frameH + 2 * band;
  // Three 4:3 windows, each 60% of the largest one, sliding along the photo's long axis.
  const aspect = frameW / frameH;
  const fullW = Math.min(rgb.width, rgb.height * aspect);
  const cropW = Math.max(4, Math.round(fullW * 0.6));
  const cropH = Math.max(3, Math.round(cropW / aspect));
  const crops: Buffer[] = [];
  for (let n = 0; n < 3; n++) {
    const t = n / 2;
    const left = Math.round((rgb.width - cropW) * t);
    const top = Math.round((rgb.height - cropH) * (rgb.width - cropW > rgb.height - cropH ? 0.5 : t));
    crops.push(
      await sharpOf(rgb)
        .extract({ left, top, width: cropW, height: cropH })
        .resize(frameW, frameH, { fit: 'fill' })
        .modulate({ saturation: 1.1 })
        .raw()
        .toBuffer(),
    );
  }
  const holeW = 26;
  const holeH = 34;
  const pitch = 52;
  let holes = '';
  for (let x = 14; x + holeW < width; x += pitch) {
    holes += `<rect x="${x}" y="${(band - holeH) / 2}" width="${holeW}" height="${holeH}" rx="5" fill="#f3efe6"/>`;
    holes += `<rect x="${x}" y="${height - band + (band - holeH) / 2}" width="${holeW}" height="${holeH}" rx="5" fill="#f3efe6"/>`;
  }
  let numbers = '';
  for (let n = 0; n < 3; n++) {
    const x = gap + n * (frameW + gap);
    numbers += `<text x="${x + 8}" y="${height - 6}" font-family="DejaVu Sans Mono, monospace" font-size="14" fill="#e8a33d">${12 + n}  ${12 + n}A</text>`;
  }
  const strip = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="${width}" height="${height}" fill="#1b1411"/>${holes}${numbers}
  </svg>`;
  return rawRgb(
    sharp(await sharp(Buffer.from(strip)).png().toBuffer()).composite(
      crops.map((input, n) => ({ input, raw: { width: frameW, height: frameH, channels: 3 as const }, left: gap + n * (frameW + gap), top: band })),
    ),
  );
}
