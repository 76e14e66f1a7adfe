/**
 * Image-to-image by classical filters: each style is a real OpenCV pipeline (edge-preserving
 * smoothing, Kuwahara, k-means quantisation, dodge blending …), not a diffusion model. The prompt
 * steers it in two honest ways: `auto` picks the style from its words, and its colour words
 * ("gold", "forest", "sunset" …) tint the result. Same image, prompt, style, strength and seed
 * give the same bytes.
 *
 * The opencv-js build has no xphoto/stylization/pyrMeanShiftFiltering, so those looks are built
 * from what it does have (bilateralFilter, kmeans, Canny, adaptiveThreshold, CLAHE, blur …).
 */
import type { ImageStyle } from '@tessera/shared/generation';
import { nativeSeed } from '../nativeSeed.ts';
import { type CV, cvConstant, decodeImage, encodePng, hashString, loadOpenCv, lumaOf, matFromRaw, type RawImage, rawFromMat, seededRandom, smoothNoise, withMats } from '../opencv.ts';
import type { EngineImage, EngineProgress } from '../types.ts';

/** Longest side stylize works on and returns; larger inputs are scaled down first. */
export const MAX_STYLIZE_SIDE = 2048;

type Rgb = readonly [number, number, number];
type ConcreteStyle = Exclude<ImageStyle, 'auto'>;

// ---------------------------------------------------------------------------------------------
// Prompt palette (shared with the painting tool)
// ---------------------------------------------------------------------------------------------

const COLOR_WORDS: Record<string, readonly Rgb[]> = {
  red: [[196, 32, 38]],
  crimson: [[153, 18, 45]],
  scarlet: [[222, 40, 28]],
  ruby: [[155, 17, 30]],
  blood: [[120, 10, 16]],
  orange: [[240, 128, 32]],
  amber: [[255, 176, 0]],
  peach: [[255, 190, 150]],
  yellow: [[242, 208, 48]],
  lemon: [[250, 235, 80]],
  gold: [[212, 168, 55], [255, 215, 90]],
  golden: [[212, 168, 55], [255, 215, 90]],
  green: [[58, 150, 64]],
  emerald: [[30, 130, 76]],
  forest: [[30, 76, 38], [72, 118, 52]],
  jungle: [[22, 90, 40], [96, 150, 48]],
  grass: [[86, 150, 50]],
  leaf: [[70, 140, 50]],
  leaves: [[70, 140, 50]],
  olive: [[110, 112, 40]],
  lime: [[160, 210, 50]],
  mint: [[160, 225, 190]],
  teal: [[0, 128, 128]],
  turquoise: [[48, 200, 190]],
  cyan: [[40, 200, 230]],
  aqua: [[60, 210, 220]],
  blue: [[40, 90, 200]],
  azure: [[40, 130, 230]],
  sky: [[120, 180, 235], [215, 235, 250]],
  ocean: [[18, 70, 130], [36, 140, 170]],
  sea: [[24, 90, 140], [60, 160, 180]],
  water: [[50, 120, 170]],
  navy: [[20, 30, 90]],
  ice: [[190, 225, 240]],
  purple: [[110, 50, 150]],
  violet: [[130, 70, 200]],
  lavender: [[180, 160, 220]],
  magenta: [[210, 40, 160]],
  pink: [[240, 140, 180]],
  rose: [[220, 90, 120]],
  brown: [[110, 70, 40]],
  wood: [[130, 84, 48]],
  wooden: [[130, 84, 48]],
  earth: [[105, 80, 50]],
  chocolate: [[90, 50, 30]],
  sand: [[220, 195, 140]],
  desert: [[210, 170, 110], [235, 205, 150]],
  beige: [[225, 205, 170]],
  sepia: [[112, 66, 20], [230, 200, 150]],
  black: [[20, 20, 24]],
  night: [[14, 18, 48], [50, 60, 110]],
  midnight: [[16, 20, 60]],
  white: [[245, 245, 245]],
  snow: [[240, 245, 252]],
  cloud: [[225, 230, 238]],
  clouds: [[225, 230, 238]],
  gray: [[128, 128, 128]],
  grey: [[128, 128, 128]],
  silver: [[192, 196, 204]],
  stone: [[140, 135, 125]],
  fire: [[255, 90, 20], [255, 190, 40]],
  flame: [[255, 100, 30], [255, 200, 60]],
  lava: [[200, 40, 10], [255, 140, 20]],
  sunset: [[250, 120, 60], [230, 90, 120], [110, 60, 130]],
  sunrise: [[255, 170, 90], [250, 210, 160]],
  autumn: [[190, 90, 30], [220, 150, 40], [130, 50, 30]],
  neon: [[255, 20, 200], [20, 255, 230]],
  pastel: [[250, 200, 210], [200, 230, 250], [220, 250, 210]],
};

/** A palette from the prompt: its colour words' colours, and whether any were found. */
export interface PromptPalette {
  colors: Rgb[];
  fromWords: boolean;
}

/** Words of a prompt, lower-case. */
function promptWords(prompt: string): string[] {
  return prompt.toLowerCase().split(/[^a-z0-9&-]+/).filter(Boolean);
}

/**
 * The colours a prompt names (at most five, in prompt order), jittered a little by the seed. With
 * no colour word the palette is derived from a hash of the prompt: three shades of one hue, so
 * callers that must paint something still get a stable, prompt-specific colour.
 */
export function promptPalette(prompt: string, seed: number): PromptPalette {
  const random = seededRandom(seed ^ 0x9e3779b9);
  const named: Rgb[] = [];
  for (const word of promptWords(prompt)) {
    const colors = COLOR_WORDS[word] ?? COLOR_WORDS[word.replace(/s$/, '')];
    if (colors) for (const color of colors) if (named.length < 5) named.push(color);
  }
  if (named.length > 0) return { colors: named.map((color) => jitter(color, random)), fromWords: true };
  const hue = (hashString(prompt.trim().toLowerCase()) % 360) / 360;
  const base = [hslToRgb(hue, 0.55, 0.3), hslToRgb(hue, 0.6, 0.5), hslToRgb((hue + 0.05) % 1, 0.5, 0.72)];
  return { colors: base.map((color) => jitter(color, random)), fromWords: false };
}

function jitter(color: Rgb, random: () => number): Rgb {
  const shift = () => (random() - 0.5) * 24;
  return [clamp255(color[0] + shift()), clamp255(color[1] + shift()), clamp255(color[2] + shift())];
}

function hslToRgb(h: number, s: number, l: number): Rgb {
  const f = (n: number) => {
    const k = (n + h * 12) % 12;
    return clamp255(255 * (l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

const clamp255 = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : Math.round(v));

/**
 * A gradient map (256 RGB entries) through the palette ordered dark to light, anchored on a deep
 * shade of the darkest colour and a pale tint of the lightest: luminance in, palette colour out.
 */
export function paletteLut(colors: readonly Rgb[]): Uint8Array {
  const luma = (c: Rgb) => 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2];
  const sorted = [...colors].sort((a, b) => luma(a) - luma(b));
  const darkest = sorted[0] ?? [0, 0, 0];
  const lightest = sorted[sorted.length - 1] ?? [255, 255, 255];
  const stops: Rgb[] = [[darkest[0] * 0.15, darkest[1] * 0.15, darkest[2] * 0.15], ...sorted, [lightest[0] * 0.3 + 178, lightest[1] * 0.3 + 178, lightest[2] * 0.3 + 178]];
  const lut = new Uint8Array(256 * 3);
  for (let v = 0; v < 256; v++) {
    const position = (v / 255) * (stops.length - 1);
    const index = Math.min(stops.length - 2, Math.floor(position));
    const t = position - index;
    const a = stops[index]!;
    const b = stops[index + 1]!;
    for (let c = 0; c < 3; c++) lut[v * 3 + c] = clamp255(a[c]! + (b[c]! - a[c]!) * t);
  }
  return lut;
}

// ---------------------------------------------------------------------------------------------
// Style choice
// ---------------------------------------------------------------------------------------------

const STYLE_WORDS: Record<ConcreteStyle, readonly string[]> = {
  watercolor: ['watercolor', 'watercolour', 'aquarelle', 'wash', 'pastel', 'dreamy', 'soft', 'gouache'],
  sketch: ['sketch', 'pencil', 'drawing', 'drawn', 'charcoal', 'graphite', 'lineart', 'ink', 'doodle'],
  oil: ['oil', 'painting', 'painted', 'painterly', 'impasto', 'canvas', 'brushstrokes', 'baroque', 'renaissance', 'impressionist', 'impressionism'],
  comic: ['comic', 'cartoon', 'anime', 'manga', 'cel', 'toon', 'illustration', 'graphic', 'superhero'],
  pixel: ['pixel', 'pixels', 'pixelated', '8-bit', '8bit', '16-bit', '16bit', 'retro', 'arcade', 'game', 'sprite'],
  noir: ['noir', 'monochrome', 'grayscale', 'greyscale', 'b&w', 'moody', 'detective', 'shadowy', 'gritty'],
  vivid: ['vivid', 'vibrant', 'colorful', 'colourful', 'saturated', 'bright', 'hdr', 'punchy', 'neon', 'pop'],
};
const CONCRETE_STYLES = Object.keys(STYLE_WORDS) as ConcreteStyle[];

/** The style `auto` means for a prompt: the one whose words it uses most, else one by hash. */
export function pickStyle(prompt: string): ConcreteStyle {
  const words = promptWords(prompt);
  const text = ` ${words.join(' ')} `;
  let best: ConcreteStyle | undefined;
  let bestScore = 0;
  for (const style of CONCRETE_STYLES) {
    let score = STYLE_WORDS[style].filter((word) => words.includes(word)).length;
    if (style === 'noir' && text.includes(' black and white ')) score += 2;
    if (score > bestScore) [best, bestScore] = [style, score];
  }
  return best ?? CONCRETE_STYLES[hashString(text) % CONCRETE_STYLES.length]!;
}

// ---------------------------------------------------------------------------------------------
// The tool
// ---------------------------------------------------------------------------------------------

/**
 * Restyles `image`: the chosen style applied fully, tinted by the prompt's colour words, then
 * mixed with the original by `strength` (0.1 keeps it mostly, 1 is the pure style). The result
 * has the input's size, unless its longest side exceeds MAX_STYLIZE_SIDE (then scaled to it).
 */
export async function stylize(image: Buffer, opts: { prompt: string; style: ImageStyle; strength: number; seed?: number }, progress: EngineProgress): Promise<EngineImage> {
  progress(0, 'decode');
  const [cv, decoded] = await Promise.all([loadOpenCv(), decodeImage(image, { maxSide: MAX_STYLIZE_SIDE })]);
  const style = opts.style === 'auto' ? pickStyle(opts.prompt) : opts.style;
  const seed = opts.seed ?? hashString(`${opts.prompt}\u0000${style}`);
  const palette = promptPalette(opts.prompt, seed);
  const strength = Math.min(1, Math.max(0, opts.strength));
  progress(0.15, style);

  const source = decoded.rgb;
  const random = seededRandom(seed);
  let styled = STYLES[style](cv, source, random, seed);
  progress(0.8, 'tint');
  if (palette.fromWords && style !== 'noir' && style !== 'sketch') styled = tint(styled, paletteLut(palette.colors), 0.3);
  if (palette.fromWords && style === 'noir') styled = tint(styled, paletteLut(palette.colors), 0.12);

  const out = new Uint8Array(source.data.length);
  for (let i = 0; i < out.length; i++) out[i] = clamp255(source.data[i]! + (styled.data[i]! - source.data[i]!) * strength);
  progress(0.9, 'encode');
  const result = await encodePng({ ...source, data: out }, decoded.alpha);
  progress(1, 'done');
  return result;
}

type StyleFn = (cv: CV, rgb: RawImage, random: () => number, seed: number) => RawImage;

const STYLES: Record<ConcreteStyle, StyleFn> = { watercolor, sketch, oil, comic, pixel, noir, vivid };

/** Mixes `rgb` toward the gradient map of its own luminance: the palette's colours, its light and shade. */
function tint(rgb: RawImage, lut: Uint8Array, amount: number): RawImage {
  const luma = lumaOf(rgb);
  const out = new Uint8Array(rgb.data.length);
  for (let i = 0; i < luma.length; i++) {
    const l = luma[i]! * 3;
    for (let c = 0; c < 3; c++) {
      const v = rgb.data[i * 3 + c]!;
      out[i * 3 + c] = clamp255(v + (lut[l + c]! - v) * amount);
    }
  }
  return { ...rgb, data: out };
}

/** Scale factor bringing the longest side down to `side` (never up). */
const fitScale = (rgb: RawImage, side: number) => Math.min(1, side / Math.max(rgb.width, rgb.height));

/** Watercolour: flattened washes (repeated bilateral + median at low resolution), pigment pooling along edges, lighter paint, paper grain. */
function watercolor(cv: CV, rgb: RawImage, random: () => number): RawImage {
  const { width, height } = rgb;
  const scale = fitScale(rgb, 640);
  const [washes, edges] = withMats(cv, (keep) => {
    const src = keep(matFromRaw(cv, rgb));
    const small = keep(new cv.Mat());
    cv.resize(src, small, new cv.Size(Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale))), 0, 0, cv.INTER_AREA);
    const a = keep(new cv.Mat());
    const b = keep(new cv.Mat());
    cv.bilateralFilter(small, a, 9, 70, 7);
    cv.bilateralFilter(a, b, 9, 70, 7);
    cv.bilateralFilter(b, a, 9, 70, 7);
    cv.medianBlur(a, b, 5);
    const gray = keep(new cv.Mat());
    cv.cvtColor(b, gray, cv.COLOR_RGB2GRAY);
    const edge = keep(new cv.Mat());
    cv.Canny(gray, edge, 30, 90);
    cv.GaussianBlur(edge, gray, new cv.Size(5, 5), 0);
    const up = keep(new cv.Mat());
    const upEdge = keep(new cv.Mat());
    cv.resize(b, up, new cv.Size(width, height), 0, 0, cv.INTER_LINEAR);
    cv.resize(gray, upEdge, new cv.Size(width, height), 0, 0, cv.INTER_LINEAR);
    return [rawFromMat(cv, up), rawFromMat(cv, upEdge)];
  });
  const cell = Math.max(3, Math.round(Math.max(width, height) / 200));
  const paper = smoothNoise(cv, width, height, cell, random);
  const blotch = smoothNoise(cv, width, height, cell * 12, random);
  const out = new Uint8Array(rgb.data.length);
  for (let i = 0; i < width * height; i++) {
    const grain = 0.9 + 0.1 * paper[i]! + 0.02 * (random() - 0.5);
    const pooling = 1 - 0.3 * (edges.data[i]! / 255);
    const water = 0.8 + 0.12 * blotch[i]!; // how much pigment the wash holds here
    for (let c = 0; c < 3; c++) {
      const pigment = 255 - (255 - washes.data[i * 3 + c]!) * water; // lighter, uneven washes
      out[i * 3 + c] = clamp255(pigment * pooling * grain);
    }
  }
  return { ...rgb, data: out };
}

/** Pencil sketch: colour-dodge of the luminance over its blurred negative, deepened, with diagonal hatching in the shadows and paper grain. */
function sketch(cv: CV, rgb: RawImage, random: () => number, seed: number): RawImage {
  const { width, height } = rgb;
  const luma = lumaOf(rgb);
  const sigma = Math.max(2, Math.max(width, height) / 160);
  const stroke = Math.max(5, Math.round(Math.max(width, height) / 90)) | 1;
  const noise = new Uint8Array(width * height);
  for (let i = 0; i < noise.length; i++) noise[i] = Math.floor(random() * 256);
  const [blurred, hatching] = withMats(cv, (keep) => {
    const gray = keep(matFromRaw(cv, { data: luma, width, height, channels: 1 }));
    const inverted = keep(new cv.Mat());
    cv.bitwise_not(gray, inverted);
    const blur = keep(new cv.Mat());
    cv.GaussianBlur(inverted, blur, new cv.Size(0, 0), sigma);
    // Random noise smeared along a diagonal reads as pencil strokes.
    const kernelData = new Float32Array(stroke * stroke);
    for (let k = 0; k < stroke; k++) kernelData[k * stroke + (seed % 2 === 0 ? k : stroke - 1 - k)] = 1 / stroke;
    const kernel = keep(cv.matFromArray(stroke, stroke, cv.CV_32FC1, kernelData));
    const grain = keep(matFromRaw(cv, { data: noise, width, height, channels: 1 }));
    const strokes = keep(new cv.Mat());
    cv.filter2D(grain, strokes, -1, kernel);
    return [rawFromMat(cv, blur), rawFromMat(cv, strokes)];
  });
  const paper = smoothNoise(cv, width, height, Math.max(3, Math.round(Math.max(width, height) / 250)), random);
  const out = new Uint8Array(rgb.data.length);
  const paperTone: Rgb = [246, 243, 236];
  for (let i = 0; i < width * height; i++) {
    const g = luma[i]!;
    const dodge = Math.min(255, (g * 256) / (256 - blurred.data[i]!)) / 255;
    const line = dodge ** 2.2; // deepen the dodge so outlines read as graphite
    const shade = 1 - g / 255; // darker areas get hatching
    const hatch = 1 - 0.55 * shade * Math.max(0, (hatching.data[i]! - 110) / 50);
    const value = Math.max(0, Math.min(1, line * Math.min(1, hatch) * (0.93 + 0.07 * paper[i]!)));
    for (let c = 0; c < 3; c++) out[i * 3 + c] = clamp255(paperTone[c]! * value + 40 * (1 - value));
  }
  return { ...rgb, data: out };
}

/** Oil: a Kuwahara filter (each pixel takes the mean of its calmest quadrant, giving flat brush dabs), richer colour, and impasto relief lit from the top-left. */
function oil(cv: CV, rgb: RawImage, random: () => number): RawImage {
  const { width, height } = rgb;
  const scale = fitScale(rgb, 1024);
  const sw = Math.max(1, Math.round(width * scale));
  const sh = Math.max(1, Math.round(height * scale));
  const radius = Math.max(3, Math.round(Math.max(sw, sh) / 170));
  const painted = withMats(cv, (keep) => {
    const src = keep(matFromRaw(cv, rgb));
    const small = keep(new cv.Mat());
    cv.resize(src, small, new cv.Size(sw, sh), 0, 0, cv.INTER_AREA);
    const smooth = keep(new cv.Mat());
    cv.bilateralFilter(small, smooth, 5, 40, 5);
    const gray = keep(new cv.Mat());
    cv.cvtColor(smooth, gray, cv.COLOR_RGB2GRAY);
    const g = keep(new cv.Mat());
    gray.convertTo(g, cv.CV_32F);
    const g2 = keep(new cv.Mat());
    cv.multiply(g, g, g2);
    const size = new cv.Size(radius + 1, radius + 1);
    const quadrants = [
      [radius, radius],
      [0, radius],
      [radius, 0],
      [0, 0],
    ] as const;
    const means: Uint8Array[] = [];
    const variances: Float32Array[] = [];
    const tmp = keep(new cv.Mat());
    const tmp2 = keep(new cv.Mat());
    const tmpRgb = keep(new cv.Mat());
    for (const [ax, ay] of quadrants) {
      const anchor = new cv.Point(ax, ay);
      cv.blur(smooth, tmpRgb, size, anchor, cv.BORDER_REFLECT);
      means.push(Uint8Array.from(tmpRgb.data));
      cv.blur(g, tmp, size, anchor, cv.BORDER_REFLECT);
      cv.blur(g2, tmp2, size, anchor, cv.BORDER_REFLECT);
      const m = tmp.data32F;
      const m2 = tmp2.data32F;
      const variance = new Float32Array(sw * sh);
      for (let i = 0; i < variance.length; i++) variance[i] = m2[i]! - m[i]! * m[i]!;
      variances.push(variance);
    }
    const kuwahara = new Uint8Array(sw * sh * 3);
    for (let i = 0; i < sw * sh; i++) {
      let best = 0;
      for (let q = 1; q < 4; q++) if (variances[q]![i]! < variances[best]![i]!) best = q;
      const mean = means[best]!;
      // A little more chroma: oil colours are denser than photo colours.
      const r = mean[i * 3]!;
      const gg = mean[i * 3 + 1]!;
      const b = mean[i * 3 + 2]!;
      const l = (r + gg + b) / 3;
      kuwahara[i * 3] = clamp255(l + (r - l) * 1.25);
      kuwahara[i * 3 + 1] = clamp255(l + (gg - l) * 1.25);
      kuwahara[i * 3 + 2] = clamp255(l + (b - l) * 1.25);
    }
    const k = keep(matFromRaw(cv, { data: kuwahara, width: sw, height: sh, channels: 3 }));
    const up = keep(new cv.Mat());
    cv.resize(k, up, new cv.Size(width, height), 0, 0, cv.INTER_CUBIC);
    return rawFromMat(cv, up);
  });
  // Impasto: brush-stroke height = the paint's luminance plus stroke-shaped noise; lit from top-left.
  const luma = lumaOf(painted);
  const strokes = smoothNoise(cv, width, height, Math.max(2, Math.round(radius / scale)), random);
  const out = new Uint8Array(painted.data.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const j = (y > 0 ? y - 1 : y) * width + (x > 0 ? x - 1 : x);
      const h = luma[i]! + 16 * strokes[i]!;
      const hPrev = luma[j]! + 16 * strokes[j]!;
      const light = 1 + Math.max(-0.15, Math.min(0.15, (h - hPrev) / 160));
      for (let c = 0; c < 3; c++) out[i * 3 + c] = clamp255(painted.data[i * 3 + c]! * light);
    }
  }
  return { ...rgb, data: out };
}

/** Nearest-centre assignment of every pixel (RGB) to `centers` (flat RGB floats). */
function quantise(rgb: RawImage, centers: Float32Array): Uint8Array {
  const k = centers.length / 3;
  const out = new Uint8Array(rgb.data.length);
  for (let i = 0; i < rgb.width * rgb.height; i++) {
    const r = rgb.data[i * 3]!;
    const g = rgb.data[i * 3 + 1]!;
    const b = rgb.data[i * 3 + 2]!;
    let best = 0;
    let bestDistance = Infinity;
    for (let c = 0; c < k; c++) {
      const dr = r - centers[c * 3]!;
      const dg = g - centers[c * 3 + 1]!;
      const db = b - centers[c * 3 + 2]!;
      const distance = dr * dr + dg * dg + db * db;
      if (distance < bestDistance) [best, bestDistance] = [c, distance];
    }
    out[i * 3] = clamp255(centers[best * 3]!);
    out[i * 3 + 1] = clamp255(centers[best * 3 + 1]!);
    out[i * 3 + 2] = clamp255(centers[best * 3 + 2]!);
  }
  return out;
}

/** k-means colour centres of (a sample of) the image; OpenCV's RNG is seeded so it is repeatable. */
function kmeansCenters(cv: CV, rgb: RawImage, k: number, seed: number, maxSamples = 12_000): Float32Array {
  const pixels = rgb.width * rgb.height;
  const step = Math.max(1, Math.floor(pixels / maxSamples));
  const count = Math.floor(pixels / step);
  const samples = new Float32Array(count * 3);
  for (let n = 0; n < count; n++) for (let c = 0; c < 3; c++) samples[n * 3 + c] = rgb.data[n * step * 3 + c]!;
  return withMats(cv, (keep) => {
    const data = keep(cv.matFromArray(count, 3, cv.CV_32FC1, samples));
    const labels = keep(new cv.Mat());
    const centers = keep(new cv.Mat());
    cv.setRNGSeed(nativeSeed(seed));
    const criteria = new cv.TermCriteria(cv.TermCriteria_EPS + cv.TermCriteria_MAX_ITER, 12, 1);
    cv.kmeans(data, Math.min(k, count), labels, criteria, 1, cvConstant(cv, 'KMEANS_PP_CENTERS'), centers);
    return Float32Array.from(centers.data32F);
  });
}

/** Comic: smoothed flat colour cells (bilateral + k-means to eight inks) under bold ink lines from an adaptive threshold. */
function comic(cv: CV, rgb: RawImage, _random: () => number, seed: number): RawImage {
  const { width, height } = rgb;
  const scale = fitScale(rgb, 768);
  const block = Math.max(7, Math.round(Math.max(width, height) / 90)) | 1;
  const [smooth, lines] = withMats(cv, (keep) => {
    const src = keep(matFromRaw(cv, rgb));
    const small = keep(new cv.Mat());
    cv.resize(src, small, new cv.Size(Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale))), 0, 0, cv.INTER_AREA);
    const a = keep(new cv.Mat());
    const b = keep(new cv.Mat());
    cv.bilateralFilter(small, a, 9, 60, 9);
    cv.bilateralFilter(a, b, 9, 60, 9);
    const up = keep(new cv.Mat());
    cv.resize(b, up, new cv.Size(width, height), 0, 0, cv.INTER_LINEAR);
    const gray = keep(new cv.Mat());
    cv.cvtColor(src, gray, cv.COLOR_RGB2GRAY);
    const median = keep(new cv.Mat());
    cv.medianBlur(gray, median, 7);
    const edges = keep(new cv.Mat());
    cv.adaptiveThreshold(median, edges, 255, cv.ADAPTIVE_THRESH_MEAN_C, cv.THRESH_BINARY, block, 4);
    // Close small specks so lines, not salt-and-pepper, remain.
    const opened = keep(new cv.Mat());
    const kernel = keep(cv.getStructuringElement(cv.MORPH_ELLIPSE, new cv.Size(3, 3)));
    cv.morphologyEx(edges, opened, cv.MORPH_CLOSE, kernel);
    return [rawFromMat(cv, up), rawFromMat(cv, opened)];
  });
  const centers = kmeansCenters(cv, smooth, 8, seed);
  // Comic inks are brighter and purer than photo colours.
  for (let c = 0; c < centers.length; c += 3) {
    const l = (centers[c]! + centers[c + 1]! + centers[c + 2]!) / 3;
    for (let j = 0; j < 3; j++) centers[c + j] = l + (centers[c + j]! - l) * 1.35 + 8;
  }
  const flat = quantise(smooth, centers);
  const out = new Uint8Array(flat.length);
  for (let i = 0; i < width * height; i++) {
    const ink = lines.data[i]! < 128 ? 0.08 : 1;
    for (let c = 0; c < 3; c++) out[i * 3 + c] = clamp255(flat[i * 3 + c]! * ink);
  }
  return { ...rgb, data: out };
}

const BAYER_4 = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5];

/** Pixel art: area-downsampled to ~96 cells on the long side, 16-colour palette with ordered dithering, scaled back with hard edges. */
function pixel(cv: CV, rgb: RawImage, _random: () => number, seed: number): RawImage {
  const { width, height } = rgb;
  const cellSize = Math.max(2, Math.round(Math.max(width, height) / 96));
  const sw = Math.max(1, Math.round(width / cellSize));
  const sh = Math.max(1, Math.round(height / cellSize));
  const small = withMats(cv, (keep) => {
    const src = keep(matFromRaw(cv, rgb));
    const dst = keep(new cv.Mat());
    cv.resize(src, dst, new cv.Size(sw, sh), 0, 0, cv.INTER_AREA);
    return rawFromMat(cv, dst);
  });
  const centers = kmeansCenters(cv, small, 16, seed);
  const dithered = new Uint8Array(small.data.length);
  for (let y = 0; y < sh; y++) {
    for (let x = 0; x < sw; x++) {
      const i = (y * sw + x) * 3;
      const offset = (BAYER_4[(y % 4) * 4 + (x % 4)]! / 16 - 0.47) * 14;
      for (let c = 0; c < 3; c++) dithered[i + c] = clamp255(small.data[i + c]! + offset);
    }
  }
  const quantised: RawImage = { data: quantise({ ...small, data: dithered }, centers), width: sw, height: sh, channels: 3 };
  return withMats(cv, (keep) => {
    const src = keep(matFromRaw(cv, quantised));
    const dst = keep(new cv.Mat());
    cv.resize(src, dst, new cv.Size(width, height), 0, 0, cv.INTER_NEAREST);
    return rawFromMat(cv, dst);
  });
}

/** Noir: red-filter black-and-white, CLAHE local contrast, a hard S-curve, film grain and a vignette. */
function noir(cv: CV, rgb: RawImage, random: () => number): RawImage {
  const { width, height } = rgb;
  const mono = new Uint8Array(width * height);
  for (let i = 0; i < mono.length; i++) mono[i] = clamp255(0.5 * rgb.data[i * 3]! + 0.4 * rgb.data[i * 3 + 1]! + 0.1 * rgb.data[i * 3 + 2]!);
  const equalised = withMats(cv, (keep) => {
    const src = keep(matFromRaw(cv, { data: mono, width, height, channels: 1 }));
    const dst = keep(new cv.Mat());
    const clahe = keep(new cv.CLAHE(2.5, new cv.Size(8, 8)));
    clahe.apply(src, dst);
    return rawFromMat(cv, dst);
  });
  const curve = new Float32Array(256);
  for (let v = 0; v < 256; v++) curve[v] = 255 / (1 + Math.exp(-((v / 255 - 0.5) * 9)));
  const cx = width / 2;
  const cy = height / 2;
  const maxR = Math.hypot(cx, cy);
  const out = new Uint8Array(rgb.data.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const vignette = 1 - 0.6 * (Math.hypot(x - cx, y - cy) / maxR) ** 2.2;
      const grain = (random() + random() - 1) * 14;
      const v = clamp255(curve[equalised.data[i]!]! * vignette + grain);
      out[i * 3] = v;
      out[i * 3 + 1] = v;
      out[i * 3 + 2] = v;
    }
  }
  return { ...rgb, data: out };
}

/** Vivid: saturation boost in HSV, an S-curve on value, and unsharp-mask local contrast. */
function vivid(cv: CV, rgb: RawImage): RawImage {
  const { width, height } = rgb;
  const sigma = Math.max(2, Math.max(width, height) / 120);
  return withMats(cv, (keep) => {
    const src = keep(matFromRaw(cv, rgb));
    const hsv = keep(new cv.Mat());
    cv.cvtColor(src, hsv, cv.COLOR_RGB2HSV);
    const data = hsv.data;
    for (let i = 0; i < width * height; i++) {
      const s = data[i * 3 + 1]!;
      const v = data[i * 3 + 2]!;
      data[i * 3 + 1] = clamp255(s * 1.5 + 10);
      data[i * 3 + 2] = clamp255(255 / (1 + Math.exp(-((v / 255 - 0.5) * 5.5))) * 1.02);
    }
    const boosted = keep(new cv.Mat());
    cv.cvtColor(hsv, boosted, cv.COLOR_HSV2RGB);
    const blurred = keep(new cv.Mat());
    cv.GaussianBlur(boosted, blurred, new cv.Size(0, 0), sigma);
    const sharpened = keep(new cv.Mat());
    cv.addWeighted(boosted, 1.5, blurred, -0.5, 0, sharpened);
    return rawFromMat(cv, sharpened);
  });
}
