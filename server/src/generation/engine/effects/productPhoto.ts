/**
 * Product photos on the local engine: the product is cut out of its photo (cutout.ts), scaled to
 * about 60% of the picture's height, stood on the floor line of a scene rendered procedurally
 * (SVG through sharp, and pixel maths for marble and light), then grounded with a contact shadow,
 * a cast shadow or reflection and, on the neon stage, coloured rim light. Output: 1024×1024 PNG.
 */
import sharp from 'sharp';
import { type CV, encodePng, hashString, loadOpenCv, matFromRaw, rawFromMat, seededRandom, smoothNoise, withMats } from '../opencv.ts';
import type { EngineImage, EngineProgress } from '../types.ts';
import { type Cutout, cutOut } from './cutout.ts';
import { clamp255, colorOption, type EffectOptions, gaussianBlurFast, numberOption, type Rgb, toHex } from './photoEffects.ts';

/** Side of the square output. */
export const PRODUCT_SIZE = 1024;
const S = PRODUCT_SIZE;
/** Product photos are decoded no larger than this before cutting out (the output is 1024 anyway). */
const MAX_PRODUCT_SIDE = 1280;

/** The product on the scene's canvas: its colour and coverage at every canvas pixel. */
interface Placed {
  rgb: Uint8Array;
  /** 0..1 */
  alpha: Float32Array;
  left: number;
  top: number;
  width: number;
  height: number;
  floorY: number;
}

interface SceneContext {
  cv: CV;
  product: Placed;
  options: EffectOptions;
  random: () => number;
}

interface Scene {
  summary: string;
  /** Where the product stands, as a share of the height. */
  floor: number;
  render: (ctx: SceneContext) => Promise<Uint8Array>;
}

const SCENES: Record<string, Scene> = {
  'studio-white': { summary: 'Soft white sweep with a contact shadow and a subtle reflection (option color: sweep tint).', floor: 0.8, render: studioWhite },
  'marble-podium': { summary: 'Cylinder podium in procedural marble against a warm wall.', floor: 0.7, render: marblePodium },
  'sunset-gradient': { summary: 'Warm sunset gradient with a long cast shadow (options from, to: sky colours).', floor: 0.8, render: sunsetGradient },
  'neon-stage': { summary: 'Dark stage with coloured rim light and a glossy floor (options left, right: light colours).', floor: 0.8, render: neonStage },
};

/** The product photo scenes the engine implements. */
export const PRODUCT_SCENES: readonly { id: string; summary: string }[] = Object.entries(SCENES).map(([id, scene]) => ({ id, summary: scene.summary }));

export function isProductScene(id: string): boolean {
  return Object.hasOwn(SCENES, id);
}

/**
 * Puts the product of `product` (a photo on a plain background, or a PNG cut-out) into `scene`.
 * Fails with IMAGE_VALIDATION_FAILED when the product cannot be separated from its background.
 */
export async function productPhoto(product: Buffer, scene: string, options: EffectOptions, progress: EngineProgress): Promise<EngineImage> {
  const spec = isProductScene(scene) ? SCENES[scene]! : undefined;
  if (!spec) throw new Error(`unknown product scene: ${scene}`);
  progress(0, 'cutout');
  const [cv, cut] = await Promise.all([loadOpenCv(), cutOut(product, { maxSide: MAX_PRODUCT_SIDE })]);
  progress(0.4, 'place');
  const floorY = Math.round(spec.floor * S);
  const placed = await place(cut, floorY, numberOption(options, 'scale', 0.6, 0.3, 0.8));
  progress(0.55, scene);
  const random = seededRandom(hashString(`${scene}\u0000${JSON.stringify(options)}`));
  const canvas = await spec.render({ cv, product: placed, options, random });
  progress(0.9, 'encode');
  const result = await encodePng({ data: canvas, width: S, height: S, channels: 3 });
  progress(1, 'done');
  return result;
}

/** Scales the cut-out to `scale` of the height (never wider than 80%) and stands it centred on the floor line. */
async function place(cut: Cutout, floorY: number, scale: number): Promise<Placed> {
  const targetH = Math.min(scale * S, floorY - 0.04 * S);
  const factor = Math.min(targetH / cut.rgb.height, (0.8 * S) / cut.rgb.width);
  const width = Math.max(1, Math.round(cut.rgb.width * factor));
  const height = Math.max(1, Math.round(cut.rgb.height * factor));
  const rgba = Buffer.alloc(cut.rgb.width * cut.rgb.height * 4);
  for (let i = 0; i < cut.alpha.length; i++) {
    rgba[i * 4] = cut.rgb.data[i * 3]!;
    rgba[i * 4 + 1] = cut.rgb.data[i * 3 + 1]!;
    rgba[i * 4 + 2] = cut.rgb.data[i * 3 + 2]!;
    rgba[i * 4 + 3] = cut.alpha[i]!;
  }
  // sharp premultiplies alpha while resizing, so background colour does not bleed into the edge.
  const scaled = await sharp(rgba, { raw: { width: cut.rgb.width, height: cut.rgb.height, channels: 4 } })
    .resize(width, height, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer();
  const left = Math.round((S - width) / 2);
  const top = floorY - height;
  const rgb = new Uint8Array(S * S * 3);
  const alpha = new Float32Array(S * S);
  for (let y = 0; y < height; y++) {
    const cy = top + y;
    if (cy < 0 || cy >= S) continue;
    for (let x = 0; x < width; x++) {
      const s = (y * width + x) * 4;
      const i = cy * S + left + x;
      rgb[i * 3] = scaled[s]!;
      rgb[i * 3 + 1] = scaled[s + 1]!;
      rgb[i * 3 + 2] = scaled[s + 2]!;
      alpha[i] = scaled[s + 3]! / 255;
    }
  }
  return { rgb, alpha, left, top, width, height, floorY };
}

// ---------------------------------------------------------------------------------------------
// Compositing helpers (all on S×S RGB canvases)
// ---------------------------------------------------------------------------------------------

async function svgCanvas(svg: string): Promise<Uint8Array> {
  const data = await sharp(Buffer.from(svg)).resize(S, S).flatten({ background: '#000000' }).removeAlpha().raw().toBuffer();
  return new Uint8Array(data.buffer, data.byteOffset, data.length);
}

/** The product's silhouette moved by the forward affine map [a b c; d e f], then blurred: 0..1. */
function castSilhouette(cv: CV, product: Placed, matrix: readonly number[], sigma: number): Float32Array {
  const mask = new Uint8Array(S * S);
  for (let i = 0; i < mask.length; i++) mask[i] = Math.round(product.alpha[i]! * 255);
  return withMats(cv, (keep) => {
    const src = keep(matFromRaw(cv, { data: mask, width: S, height: S, channels: 1 }));
    const m = keep(cv.matFromArray(2, 3, cv.CV_64FC1, [...matrix]));
    const warped = keep(new cv.Mat());
    cv.warpAffine(src, warped, m, new cv.Size(S, S), cv.INTER_LINEAR, cv.BORDER_CONSTANT, new cv.Scalar(0));
    const blurred = keep(new cv.Mat());
    gaussianBlurFast(cv, warped, blurred, sigma);
    const out = new Float32Array(S * S);
    const data = rawFromMat(cv, blurred).data;
    for (let i = 0; i < out.length; i++) out[i] = data[i]! / 255;
    return out;
  });
}

/** A soft elliptical shadow where the product touches the floor: 0..1. */
function contactShadow(product: Placed, widthShare = 0.9): Float32Array {
  const out = new Float32Array(S * S);
  const cx = product.left + product.width / 2;
  const rx = Math.max(8, (product.width * widthShare) / 2);
  const ry = Math.max(5, rx * 0.12);
  const y0 = Math.max(0, Math.floor(product.floorY - 3 * ry));
  const y1 = Math.min(S, Math.ceil(product.floorY + 3 * ry));
  const x0 = Math.max(0, Math.floor(cx - 1.6 * rx));
  const x1 = Math.min(S, Math.ceil(cx + 1.6 * rx));
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const d = ((x - cx) / rx) ** 2 + ((y - product.floorY) / ry) ** 2;
      out[y * S + x] = Math.exp(-2.2 * d);
    }
  }
  return out;
}

/** Darkens `canvas` toward `tint` by `shadow` × `opacity`. */
function shade(canvas: Uint8Array, shadow: Float32Array, opacity: number, tint: Rgb = [18, 16, 14]): void {
  for (let i = 0; i < shadow.length; i++) {
    const k = shadow[i]! * opacity;
    if (k <= 0.001) continue;
    for (let c = 0; c < 3; c++) canvas[i * 3 + c] = clamp255(canvas[i * 3 + c]! + (tint[c]! - canvas[i * 3 + c]!) * k);
  }
}

/** The product mirrored in the floor, fading out over `length` of its height. */
function reflect(canvas: Uint8Array, product: Placed, opacity: number, length: number): void {
  const reach = Math.round(product.height * length);
  for (let d = 1; d <= reach; d++) {
    const y = product.floorY + d - 1;
    const src = product.floorY - d;
    if (y >= S || src < 0) break;
    const fade = opacity * (1 - d / reach) ** 1.6;
    for (let x = product.left; x < product.left + product.width; x++) {
      const s = src * S + x;
      const k = product.alpha[s]! * fade;
      if (k <= 0.001) continue;
      const o = y * S + x;
      for (let c = 0; c < 3; c++) canvas[o * 3 + c] = clamp255(canvas[o * 3 + c]! + (product.rgb[s * 3 + c]! - canvas[o * 3 + c]!) * k);
    }
  }
}

/** The product over the canvas; `grade` adjusts its colour to the scene's light first. */
function composite(canvas: Uint8Array, product: Placed, grade: (rgb: [number, number, number]) => void = () => {}): void {
  const px: [number, number, number] = [0, 0, 0];
  for (let i = 0; i < product.alpha.length; i++) {
    const a = product.alpha[i]!;
    if (a <= 0) continue;
    px[0] = product.rgb[i * 3]!;
    px[1] = product.rgb[i * 3 + 1]!;
    px[2] = product.rgb[i * 3 + 2]!;
    grade(px);
    for (let c = 0; c < 3; c++) canvas[i * 3 + c] = clamp255(canvas[i * 3 + c]! + (px[c]! - canvas[i * 3 + c]!) * a);
  }
}

/**
 * Rim light: a band just inside the silhouette, lit by `left` on the product's left side and by
 * `right` on its right, added to the canvas; `halo` also spills the light around the outline.
 */
function rimLight(cv: CV, canvas: Uint8Array, product: Placed, left: Rgb, right: Rgb, strength: number, halo: number): void {
  const width = Math.max(3, Math.round(Math.min(product.width, product.height) * 0.035));
  // Work only around the product: the halo's blur reaches about twelve rim widths.
  const margin = width * 12;
  const x0 = Math.max(0, product.left - margin);
  const y0 = Math.max(0, product.top - margin);
  const x1 = Math.min(S, product.left + product.width + margin);
  const y1 = Math.min(S, product.floorY + margin);
  const rw = x1 - x0;
  const rh = y1 - y0;
  const mask = new Uint8Array(rw * rh);
  for (let y = 0; y < rh; y++) for (let x = 0; x < rw; x++) mask[y * rw + x] = Math.round(product.alpha[(y0 + y) * S + x0 + x]! * 255);
  const [near, glow] = withMats(cv, (keep) => {
    const src = keep(matFromRaw(cv, { data: mask, width: rw, height: rh, channels: 1 }));
    const soft = keep(new cv.Mat());
    gaussianBlurFast(cv, src, soft, width * 0.7);
    const spill = keep(new cv.Mat());
    gaussianBlurFast(cv, src, spill, width * 4);
    return [rawFromMat(cv, soft).data, rawFromMat(cv, spill).data];
  });
  for (let y = 0; y < rh; y++) {
    for (let x = 0; x < rw; x++) {
      const r = y * rw + x;
      const i = (y0 + y) * S + x0 + x;
      // Inside the outline the blurred silhouette falls from 255 to about half at the edge: a band
      // about one rim width deep (cheaper than an erosion with a wide elliptical kernel).
      const rim = Math.min(255, (255 - near[r]!) * 2.5) * product.alpha[i]!;
      const outside = glow[r]! * (1 - product.alpha[i]!);
      if (rim + outside < 0.25) continue;
      const t = Math.min(1, Math.max(0, (x0 + x - product.left) / Math.max(1, product.width)));
      // The rim is strongest on the outer thirds, where each light grazes the surface.
      const graze = Math.abs(t - 0.5) * 2;
      const k = (rim * strength * (0.35 + 0.65 * graze) + outside * halo) / 255;
      for (let c = 0; c < 3; c++) canvas[i * 3 + c] = clamp255(canvas[i * 3 + c]! + (left[c]! * (1 - t) + right[c]! * t) * k);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Scenes
// ---------------------------------------------------------------------------------------------

async function studioWhite({ cv, product, options }: SceneContext): Promise<Uint8Array> {
  const tint = colorOption(options, 'color', '#f4f4f2');
  const mix = (k: number) => toHex([tint[0] * k, tint[1] * k, tint[2] * k]);
  const floor = product.floorY / S;
  // A paper sweep: no horizon, the wall brightening into the floor and falling off to the front.
  const canvas = await svgCanvas(`<svg xmlns="http://www.w3.org/2000/svg" width="${S}" height="${S}">
    <defs>
      <linearGradient id="sweep" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="${mix(0.9)}"/><stop offset="${floor - 0.25}" stop-color="${mix(0.97)}"/>
        <stop offset="${floor}" stop-color="${mix(1.02)}"/><stop offset="1" stop-color="${mix(0.93)}"/>
      </linearGradient>
      <radialGradient id="spot" cx="0.5" cy="${floor - 0.25}" r="0.55"><stop offset="0" stop-color="#ffffff" stop-opacity="0.65"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>
    </defs>
    <rect width="${S}" height="${S}" fill="url(#sweep)"/><rect width="${S}" height="${S}" fill="url(#spot)"/>
  </svg>`);
  // Key light high in front: the shadow falls back onto the floor, short and very soft.
  const f = product.floorY;
  shade(canvas, castSilhouette(cv, product, [1, 0.12, -0.12 * f, 0, 0.22, 0.78 * f], 16), 0.2);
  shade(canvas, contactShadow(product), 0.5);
  reflect(canvas, product, 0.2, 0.3);
  composite(canvas, product);
  return canvas;
}

/** Marble: 0..1 vein strength from turbulent sine bands (the classic Perlin marble). */
function marbleVeins(cv: CV, random: () => number): Float32Array {
  const octaves = [160, 80, 40, 20].map((cell) => smoothNoise(cv, S, S, cell, random));
  const out = new Float32Array(S * S);
  for (let y = 0; y < S; y++) {
    for (let x = 0; x < S; x++) {
      const i = y * S + x;
      const turbulence = octaves[0]![i]! + 0.5 * octaves[1]![i]! + 0.25 * octaves[2]![i]! + 0.125 * octaves[3]![i]!;
      const band = Math.abs(Math.sin(((x * 0.8 + y * 0.45) / S) * Math.PI * 4 + turbulence * 3.2));
      const fine = Math.abs(Math.sin(((x * 0.3 - y * 0.7) / S) * Math.PI * 7 + turbulence * 4.5));
      // Thin dark veins where the bands cross zero, fainter hairlines, and a cloudy body.
      out[i] = (1 - band) ** 14 + 0.45 * (1 - fine) ** 24 + 0.12 * octaves[1]![i]!;
    }
  }
  return out;
}

async function marblePodium({ cv, product, random }: SceneContext): Promise<Uint8Array> {
  const horizon = 0.86 * S;
  const canvas = await svgCanvas(`<svg xmlns="http://www.w3.org/2000/svg" width="${S}" height="${S}">
    <defs>
      <linearGradient id="wall" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ece6de"/><stop offset="1" stop-color="#d6cdc1"/></linearGradient>
      <linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#cbc1b4"/><stop offset="1" stop-color="#b9ae9f"/></linearGradient>
      <radialGradient id="light" cx="0.35" cy="0.3" r="0.7"><stop offset="0" stop-color="#fffaf2" stop-opacity="0.55"/><stop offset="1" stop-color="#fffaf2" stop-opacity="0"/></radialGradient>
    </defs>
    <rect width="${S}" height="${horizon}" fill="url(#wall)"/><rect y="${horizon}" width="${S}" height="${S - horizon}" fill="url(#floor)"/>
    <rect width="${S}" height="${S}" fill="url(#light)"/>
  </svg>`);
  // The podium: a marble cylinder whose top face is the product's floor.
  const cx = S / 2;
  const rx = Math.max(0.3 * S, product.width * 0.62);
  const topY = product.floorY;
  const ry = rx * 0.17;
  const bottomY = 0.93 * S;
  // Its own shadow on the floor, thrown to the right by the light at the top left.
  const podiumShadow = new Float32Array(S * S);
  for (let y = Math.floor(horizon); y < S; y++) {
    for (let x = 0; x < S; x++) podiumShadow[y * S + x] = Math.exp(-(((x - cx - 0.12 * S) / (rx * 1.25)) ** 2 + ((y - bottomY) / (ry * 1.6)) ** 2) * 1.5);
  }
  shade(canvas, podiumShadow, 0.45);
  const veins = marbleVeins(cv, random);
  const base: Rgb = [242, 239, 233];
  const vein: Rgb = [120, 114, 108];
  for (let y = Math.floor(topY - ry - 1); y < Math.min(S, Math.ceil(bottomY + ry + 1)); y++) {
    for (let x = Math.floor(cx - rx - 1); x <= Math.ceil(cx + rx + 1); x++) {
      const nx = (x + 0.5 - cx) / rx;
      if (Math.abs(nx) > 1.01) continue;
      const depth = Math.sqrt(Math.max(0, 1 - nx * nx)) * ry;
      const sideCover = Math.min(1, Math.max(0, (1 - Math.abs(nx)) * rx + 0.5));
      const body = sideCover * Math.min(1, Math.max(0, y + 0.5 - topY)) * Math.min(1, Math.max(0, bottomY + depth - y + 0.5));
      const topCover = Math.min(1, Math.max(0, (1 - (nx * nx + ((y + 0.5 - topY) / ry) ** 2)) * ry * 0.5 + 0.5));
      const cover = Math.max(body, topCover);
      if (cover <= 0) continue;
      // Cylinder lit from the top left: brightest left of centre, darker toward the right edge; the top face brightest.
      const light = topCover >= body ? 1.04 : 0.7 + 0.32 * Math.max(0, Math.sqrt(Math.max(0, 1 - nx * nx)) * 0.85 - nx * 0.5);
      const i = y * S + x;
      const v = Math.min(1, veins[i]!) * 0.75;
      for (let c = 0; c < 3; c++) {
        const marble = (base[c]! + (vein[c]! - base[c]!) * v) * light;
        canvas[i * 3 + c] = clamp255(canvas[i * 3 + c]! + (marble - canvas[i * 3 + c]!) * cover);
      }
    }
  }
  shade(canvas, contactShadow(product, 0.85), 0.45);
  // A softer cast shadow from the top-left light, lying on the podium's top face.
  const f = product.floorY;
  shade(canvas, castSilhouette(cv, product, [1, -0.25, 0.25 * f, 0, 0.12, 0.88 * f], 8), 0.25);
  composite(canvas, product);
  return canvas;
}

async function sunsetGradient({ cv, product, options }: SceneContext): Promise<Uint8Array> {
  const from = toHex(colorOption(options, 'from', '#2b1a4f'));
  const to = toHex(colorOption(options, 'to', '#ffb26b'));
  const floor = product.floorY / S;
  const canvas = await svgCanvas(`<svg xmlns="http://www.w3.org/2000/svg" width="${S}" height="${S}">
    <defs>
      <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="${from}"/><stop offset="${floor * 0.55}" stop-color="#c9486c"/><stop offset="${floor}" stop-color="${to}"/>
      </linearGradient>
      <linearGradient id="ground" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#e89a6b"/><stop offset="1" stop-color="#7e3b3a"/></linearGradient>
      <radialGradient id="sun" cx="0.5" cy="${floor}" r="0.45"><stop offset="0" stop-color="#fff1c9" stop-opacity="0.95"/><stop offset="0.25" stop-color="#ffc277" stop-opacity="0.55"/><stop offset="1" stop-color="#ff9a5a" stop-opacity="0"/></radialGradient>
    </defs>
    <rect width="${S}" height="${product.floorY}" fill="url(#sky)"/>
    <rect y="${product.floorY}" width="${S}" height="${S - product.floorY}" fill="url(#ground)"/>
    <rect width="${S}" height="${S}" fill="url(#sun)"/>
  </svg>`);
  // The low sun behind the product throws a long shadow toward the viewer, slanting right.
  const f = product.floorY;
  const shadow = castSilhouette(cv, product, [1, -0.9, 0.9 * f, 0, -0.7, 1.7 * f], 5);
  const reach = 0.7 * product.height;
  for (let y = 0; y < S; y++) {
    const fade = y < f ? 0 : 1 - 0.7 * Math.min(1, (y - f) / reach);
    for (let x = 0; x < S; x++) shadow[y * S + x]! *= fade;
  }
  shade(canvas, shadow, 0.6, [60, 20, 40]);
  shade(canvas, contactShadow(product, 0.8), 0.55, [50, 16, 30]);
  // Backlit: the product's front is in warm shade, its outline catches the sun.
  composite(canvas, product, (px) => {
    px[0] = px[0] * 0.92 + 14;
    px[1] = px[1] * 0.84 + 4;
    px[2] = px[2] * 0.74;
  });
  rimLight(cv, canvas, product, [255, 190, 110], [255, 170, 90], 0.5, 0.15);
  return canvas;
}

async function neonStage({ cv, product, options }: SceneContext): Promise<Uint8Array> {
  const left = colorOption(options, 'left', '#ff2bd6');
  const right = colorOption(options, 'right', '#22e6ff');
  const floor = product.floorY / S;
  const canvas = await svgCanvas(`<svg xmlns="http://www.w3.org/2000/svg" width="${S}" height="${S}">
    <defs>
      <linearGradient id="back" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#05040b"/><stop offset="${floor}" stop-color="#140e2a"/></linearGradient>
      <linearGradient id="stage" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1a1430"/><stop offset="1" stop-color="#040309"/></linearGradient>
      <radialGradient id="glowL" cx="0.2" cy="${floor - 0.3}" r="0.45"><stop offset="0" stop-color="${toHex(left)}" stop-opacity="0.35"/><stop offset="1" stop-color="${toHex(left)}" stop-opacity="0"/></radialGradient>
      <radialGradient id="glowR" cx="0.8" cy="${floor - 0.3}" r="0.45"><stop offset="0" stop-color="${toHex(right)}" stop-opacity="0.35"/><stop offset="1" stop-color="${toHex(right)}" stop-opacity="0"/></radialGradient>
      <linearGradient id="beam" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="0.16"/><stop offset="1" stop-color="#ffffff" stop-opacity="0.02"/></linearGradient>
    </defs>
    <rect width="${S}" height="${product.floorY}" fill="url(#back)"/>
    <rect y="${product.floorY}" width="${S}" height="${S - product.floorY}" fill="url(#stage)"/>
    <rect width="${S}" height="${S}" fill="url(#glowL)"/><rect width="${S}" height="${S}" fill="url(#glowR)"/>
    <polygon points="${S * 0.44},0 ${S * 0.56},0 ${S * 0.78},${product.floorY} ${S * 0.22},${product.floorY}" fill="url(#beam)"/>
    <rect y="${product.floorY - 2}" width="${S}" height="3" fill="${toHex(right)}" opacity="0.55"/>
  </svg>`);
  shade(canvas, contactShadow(product), 0.7, [0, 0, 0]);
  reflect(canvas, product, 0.3, 0.45);
  // A dark stage: the product's front is lit only dimly, the coloured lights do the work.
  composite(canvas, product, (px) => {
    px[0] *= 0.7;
    px[1] *= 0.68;
    px[2] = px[2] * 0.72 + 6;
  });
  rimLight(cv, canvas, product, left, right, 1.1, 0.45);
  return canvas;
}
