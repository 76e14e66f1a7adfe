/**
 * "No output is a silent copy of its input" (issue 23 part 5). A local image tool that ends up
 * changing nothing — a background remover whose mask covers the whole frame, a paint whose mask
 * missed, a style mixed in at nothing — would otherwise store and charge for the very picture
 * the user uploaded. The local engine checks every image tool's result against its main input
 * and fails the task instead (the worker reports the kind's own §8 failure and refunds).
 */
import sharp from 'sharp';

/** A channel must move by more than this (0..255) for its pixel to count as changed: re-encoding noise stays below. */
export const CHANGED_LEVEL = 4;
/**
 * Below this share of changed pixels the result counts as a copy. A share rather than a mean
 * difference, so that a real but small edit (an object removed from a corner) is not averaged
 * away: 1e-4 is a hundred pixels of a megapixel.
 */
export const MIN_CHANGED_SHARE = 1e-4;

/** Thrown by the local engine when a tool's result is its input; the worker turns it into the kind's failure. */
export class CopyOfInputError extends Error {
  constructor(tool: string) {
    super(`${tool}: the result is a copy of the input`);
    this.name = 'CopyOfInputError';
  }
}

/** Decoded as the studio would show it: oriented, 8-bit sRGB with alpha. */
async function pixels(image: Uint8Array) {
  const { data, info } = await sharp(image).autoOrient().toColourspace('srgb').ensureAlpha().raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Width and height as displayed (EXIF orientations 5–8 swap them). */
async function orientedSize(image: Uint8Array): Promise<{ width: number; height: number }> {
  const { width = 0, height = 0, orientation = 1 } = await sharp(image).metadata();
  return orientation >= 5 ? { width: height, height: width } : { width, height };
}

/**
 * Share of pixels of `output` that differ from `input` (any channel, alpha included, by more
 * than CHANGED_LEVEL); 1 when the sizes differ (an upscale or uncrop is never a copy).
 */
export async function changedShare(input: Uint8Array, output: Uint8Array): Promise<number> {
  // Sizes first, from the headers: an upscale's large result need not be decoded to tell.
  const [sizeIn, sizeOut] = await Promise.all([orientedSize(input), orientedSize(output)]);
  if (sizeIn.width !== sizeOut.width || sizeIn.height !== sizeOut.height) return 1;
  const [a, b] = await Promise.all([pixels(input), pixels(output)]);
  if (a.width !== b.width || a.height !== b.height) return 1;
  const count = a.width * a.height;
  let changed = 0;
  for (let i = 0; i < count; i++) {
    const o = i * 4;
    for (let c = 0; c < 4; c++) {
      if (Math.abs(a.data[o + c]! - b.data[o + c]!) > CHANGED_LEVEL) {
        changed++;
        break;
      }
    }
  }
  return count ? changed / count : 0;
}

/** Throws CopyOfInputError when `output` is (all but) the same picture as `input`. */
export async function assertNotCopy(tool: string, input: Uint8Array, output: Uint8Array): Promise<void> {
  if ((await changedShare(input, output)) < MIN_CHANGED_SHARE) throw new CopyOfInputError(tool);
}
