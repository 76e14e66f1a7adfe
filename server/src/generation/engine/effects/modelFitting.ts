/**
 * Model fitting on the local engine: dresses the person in a photo in a garment from another
 * picture. The largest face (face-api SSD + 68 landmarks) gives the scale and the neck: the
 * shoulders sit about a third of a face height below the chin and span 2.6–3 face widths. The
 * garment is cut out (cutout.ts), scaled to the shoulders, hung from just under the chin, trimmed
 * to the body (selfie segmentation) so sleeves do not float beside it, and shaded with the
 * person's own light. The recipe picks the backdrop.
 */
import { AppError } from '@tessera/shared/errors';
import sharp from 'sharp';
import { type CV, decodeImage, encodePng, loadOpenCv, lumaOf, matFromRaw, type RawImage, rawFromMat, withMats } from '../opencv.ts';
import { type DetectedFace, detectFaces } from '../tools/faceSwap.ts';
import { segmentRgba } from '../tools/segment.ts';
import type { EngineImage, EngineProgress } from '../types.ts';
import { cutOut, flattenOnWhite } from './cutout.ts';
import { clamp255, type EffectOptions, gaussianBlurFast, numberOption } from './photoEffects.ts';

/** The output keeps the person photo's size, its longest side capped at this. */
export const MAX_FITTING_SIDE = 1536;
/** The garment picture is decoded no larger than this (it is scaled to the shoulders anyway). */
const MAX_GARMENT_SIDE = 1024;

type Backdrop = 'photo' | 'studio' | 'blur';

const RECIPES: Record<string, { summary: string; backdrop: Backdrop }> = {
  'keep-background': { summary: "The person's own photo, wearing the garment.", backdrop: 'photo' },
  studio: { summary: 'The person cut out onto a light studio backdrop.', backdrop: 'studio' },
  'soft-blur': { summary: 'The background softly blurred behind the person.', backdrop: 'blur' },
};

/** The model fitting recipes the engine implements. */
export const MODEL_FITTING_RECIPES: readonly { id: string; summary: string }[] = Object.entries(RECIPES).map(([id, recipe]) => ({ id, summary: recipe.summary }));

export function isModelFittingRecipe(id: string): boolean {
  return Object.hasOwn(RECIPES, id);
}

/**
 * Puts `garment` on the person in `person`. Options: `shoulders` (shoulder width in face widths,
 * 2.4–3.2, default 2.6), `shading` (0–1, how much of the photo's light falls on the garment).
 * Fails with NO_FACE_FOUND when the photo shows no face, IMAGE_VALIDATION_FAILED when either
 * image is unreadable or the garment cannot be cut out.
 */
export async function modelFitting(person: Buffer, garment: Buffer, recipe: string, options: EffectOptions, progress: EngineProgress): Promise<EngineImage> {
  const spec = isModelFittingRecipe(recipe) ? RECIPES[recipe]! : undefined;
  if (!spec) throw new Error(`unknown model fitting recipe: ${recipe}`);
  const shoulders = numberOption(options, 'shoulders', 2.6, 2.4, 3.2);
  const shading = numberOption(options, 'shading', 0.35, 0, 1);

  progress(0, 'decode');
  const [cv, decoded] = await Promise.all([loadOpenCv(), decodeImage(person, { maxSide: MAX_FITTING_SIDE })]);
  const photo = decoded.alpha ? flattenOnWhite(decoded.rgb, decoded.alpha) : decoded.rgb;
  const { width, height } = photo;
  const rgba = Buffer.alloc(width * height * 4, 255);
  for (let i = 0; i < width * height; i++) rgba.set(photo.data.subarray(i * 3, i * 3 + 3), i * 4);

  progress(0.1, 'detect');
  // Detect on the decoded pixels, so the landmarks are in the output's coordinates.
  const faces = await detectFaces(await sharp(rgba, { raw: { width, height, channels: 4 } }).png({ compressionLevel: 1 }).toBuffer());
  const face = largest(faces);
  if (!face) throw new AppError('NO_FACE_FOUND');

  progress(0.3, 'segment');
  const { mask: body } = await segmentRgba({ data: rgba, width, height });
  progress(0.5, 'garment');
  const cut = await cutOut(garment, { maxSide: MAX_GARMENT_SIDE });

  // Body geometry from the landmarks (jaw 0–16, chin 8, brows 17–26).
  const lm = face.landmarks;
  const chin = lm[8]!;
  const faceWidth = Math.hypot(lm[16]!.x - lm[0]!.x, lm[16]!.y - lm[0]!.y);
  const browY = Math.min(...lm.slice(17, 27).map((p) => p.y));
  const faceHeight = Math.max(face.box.height, (chin.y - browY) * 1.2);
  const shoulderY = chin.y + 0.35 * faceHeight;
  // The garment's torso, not its sleeves, must match the shoulders; its full width is capped so a
  // garment whose torso cannot be measured (sleeves hang beside it) does not balloon.
  const shoulderWidth = faceWidth * shoulders;
  const factor = Math.min(shoulderWidth / torsoWidth(cut.alpha, cut.rgb.width, cut.rgb.height), (2 * shoulderWidth) / cut.rgb.width);
  const gw = Math.max(2, Math.round(cut.rgb.width * factor));
  const gh = Math.max(2, Math.round(cut.rgb.height * factor));
  const left = Math.round(chin.x - gw / 2);
  // Collar just under the chin; the garment's shoulders then fall on the shoulder line.
  const top = Math.round(Math.min(shoulderY, chin.y + 0.1 * faceHeight));

  const garmentRgba = Buffer.alloc(cut.alpha.length * 4);
  for (let i = 0; i < cut.alpha.length; i++) {
    garmentRgba.set(cut.rgb.data.subarray(i * 3, i * 3 + 3), i * 4);
    garmentRgba[i * 4 + 3] = cut.alpha[i]!;
  }
  const scaled = await sharp(garmentRgba, { raw: { width: cut.rgb.width, height: cut.rgb.height, channels: 4 } })
    .resize(gw, gh, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer();

  progress(0.65, 'fit');
  const alpha = garmentAlphaOnCanvas(scaled, gw, gh, left, top, width, height);
  trimToBody(cv, alpha, body, width, height, faceWidth);
  const light = shadingFactors(cv, photo, alpha, shading, faceWidth);

  progress(0.75, 'backdrop');
  const canvas = await backdrop(cv, spec.backdrop, photo, body);
  for (let y = Math.max(0, top); y < Math.min(height, top + gh); y++) {
    for (let x = Math.max(0, left); x < Math.min(width, left + gw); x++) {
      const i = y * width + x;
      const a = alpha[i]!;
      if (a <= 0) continue;
      const s = ((y - top) * gw + (x - left)) * 4;
      for (let c = 0; c < 3; c++) canvas[i * 3 + c] = clamp255(canvas[i * 3 + c]! + (scaled[s + c]! * light[i]! - canvas[i * 3 + c]!) * a);
    }
  }
  progress(0.9, 'encode');
  const result = await encodePng({ data: canvas, width, height, channels: 3 });
  progress(1, 'done');
  return result;
}

/** Median width of the garment's rows between half and four fifths of its height: the torso, below any short sleeves. */
function torsoWidth(alpha: Uint8Array, width: number, height: number): number {
  const widths: number[] = [];
  for (let y = Math.floor(height * 0.5); y < Math.ceil(height * 0.8); y++) {
    let first = -1;
    let last = -1;
    for (let x = 0; x < width; x++) {
      if (alpha[y * width + x]! < 128) continue;
      if (first < 0) first = x;
      last = x;
    }
    if (first >= 0) widths.push(last - first + 1);
  }
  widths.sort((a, b) => a - b);
  return widths[widths.length >> 1] ?? width;
}

function largest(faces: readonly DetectedFace[]): DetectedFace | undefined {
  let best: DetectedFace | undefined;
  for (const f of faces) if (!best || f.box.width * f.box.height > best.box.width * best.box.height) best = f;
  return best;
}

/** The scaled garment's alpha (0..1) placed at (left, top) on a width×height canvas. */
function garmentAlphaOnCanvas(scaled: Buffer, gw: number, gh: number, left: number, top: number, width: number, height: number): Float32Array {
  const alpha = new Float32Array(width * height);
  for (let y = Math.max(0, top); y < Math.min(height, top + gh); y++) {
    for (let x = Math.max(0, left); x < Math.min(width, left + gw); x++) alpha[y * width + x] = scaled[((y - top) * gw + (x - left)) * 4 + 3]! / 255;
  }
  return alpha;
}

/**
 * Cuts the garment back to the body mask, widened by a little so cloth may stand off the body.
 * Skipped when less than 40% of the garment lies on the mask: the segmentation missed this
 * person (or the pose), and a trimmed-away garment would be worse than a loose one.
 */
function trimToBody(cv: CV, alpha: Float32Array, body: Buffer, width: number, height: number, faceWidth: number): void {
  const grow = Math.max(1, Math.round(faceWidth * 0.08));
  const widened = withMats(cv, (keep) => {
    const src = keep(matFromRaw(cv, { data: body, width, height, channels: 1 }));
    const kernel = keep(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(2 * grow + 1, 2 * grow + 1)));
    const dilated = keep(new cv.Mat());
    cv.dilate(src, dilated, kernel);
    return rawFromMat(cv, dilated).data;
  });
  let total = 0;
  let onBody = 0;
  for (let i = 0; i < alpha.length; i++) {
    total += alpha[i]!;
    onBody += alpha[i]! * (widened[i]! / 255);
  }
  if (total === 0 || onBody / total < 0.4) return;
  for (let i = 0; i < alpha.length; i++) alpha[i]! *= widened[i]! / 255;
}

/**
 * Per-pixel multipliers that lay the photo's light over the garment: the person's blurred
 * luminance relative to its mean under the garment, mixed in by `amount` (folds and the side in
 * shadow darken, lit parts brighten a little).
 */
function shadingFactors(cv: CV, photo: RawImage, alpha: Float32Array, amount: number, faceWidth: number): Float32Array {
  const { width, height } = photo;
  const luma = withMats(cv, (keep) => {
    const src = keep(matFromRaw(cv, { data: lumaOf(photo), width, height, channels: 1 }));
    const dst = keep(new cv.Mat());
    gaussianBlurFast(cv, src, dst, Math.max(1.5, faceWidth / 10)); // the fall of light, not the print on the clothes
    return rawFromMat(cv, dst).data;
  });
  let sum = 0;
  let weight = 0;
  for (let i = 0; i < alpha.length; i++) {
    sum += luma[i]! * alpha[i]!;
    weight += alpha[i]!;
  }
  const mean = weight > 0 ? Math.max(1, sum / weight) : 128;
  const out = new Float32Array(width * height);
  for (let i = 0; i < out.length; i++) {
    const relative = Math.min(1.35, Math.max(0.55, luma[i]! / mean));
    out[i] = 1 + amount * (relative - 1);
  }
  return out;
}

/** The picture behind the garment: the photo itself, or its people over a studio backdrop or a blurred background. */
async function backdrop(cv: CV, kind: Backdrop, photo: RawImage, body: Buffer): Promise<Uint8Array> {
  const { width, height } = photo;
  const canvas = Uint8Array.from(photo.data);
  if (kind === 'photo') return canvas;
  let behind: Uint8Array;
  if (kind === 'blur') {
    behind = withMats(cv, (keep) => {
      const src = keep(matFromRaw(cv, photo));
      const dst = keep(new cv.Mat());
      gaussianBlurFast(cv, src, dst, Math.max(4, Math.max(width, height) / 60));
      return rawFromMat(cv, dst).data;
    });
  } else {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
      <defs>
        <linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f3f0eb"/><stop offset="0.75" stop-color="#e6e1d9"/><stop offset="1" stop-color="#d8d2c8"/></linearGradient>
        <radialGradient id="key" cx="0.5" cy="0.35" r="0.6"><stop offset="0" stop-color="#ffffff" stop-opacity="0.7"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>
      </defs>
      <rect width="${width}" height="${height}" fill="url(#wall)"/><rect width="${width}" height="${height}" fill="url(#key)"/>
    </svg>`;
    const data = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer();
    behind = new Uint8Array(data.buffer, data.byteOffset, data.length);
  }
  for (let i = 0; i < width * height; i++) {
    const a = body[i]! / 255;
    for (let c = 0; c < 3; c++) canvas[i * 3 + c] = clamp255(canvas[i * 3 + c]! * a + behind[i * 3 + c]! * (1 - a));
  }
  return canvas;
}
