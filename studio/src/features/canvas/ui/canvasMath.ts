/**
 * Pure geometry behind the canvas actions: which text-to-image aspect fits a frame, where a
 * result goes, and how an expand gesture becomes an uncrop request. No React, no engine.
 */
import { ASPECT_RATIOS, type AspectRatio } from '@tessera/shared/generation';
import type { Rect } from '../engine/types.ts';

const RATIOS = Object.keys(ASPECT_RATIOS) as AspectRatio[];

const ratioOf = (aspect: AspectRatio) => ASPECT_RATIOS[aspect][0] / ASPECT_RATIOS[aspect][1];

/**
 * The text-to-image aspect ratio closest to a `width`×`height` box. Distance is measured on the
 * log of the ratios, so 2:1 is as far from 1:1 as 1:2 is.
 */
export function nearestAspectRatio(width: number, height: number): AspectRatio {
  if (!(width > 0 && height > 0)) return '1:1';
  const target = Math.log(width / height);
  let best: AspectRatio = '1:1';
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const aspect of RATIOS) {
    const distance = Math.abs(Math.log(ratioOf(aspect)) - target);
    if (distance < bestDistance) {
      best = aspect;
      bestDistance = distance;
    }
  }
  return best;
}

/** The largest box of `aspect` that fits inside `rect`, centred in it (where a frame's image goes). */
export function fitInside(rect: Rect, aspect: AspectRatio): Rect {
  const ratio = ratioOf(aspect);
  let width = rect.width;
  let height = width / ratio;
  if (height > rect.height) {
    height = rect.height;
    width = height * ratio;
  }
  return { x: rect.x + (rect.width - width) / 2, y: rect.y + (rect.height - height) / 2, width, height };
}

/** Canvas size of a new text-to-image result placed freely (chat, "use settings"): 512 wide. */
export function sizeForAspect(aspect: AspectRatio, width = 512): { width: number; height: number } {
  return { width, height: Math.round(width / ratioOf(aspect)) };
}

/** How far an image's box was dragged out on each side (canvas units), from the expand tool. */
export interface ExpandAmounts {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * An expand gesture as an uncrop request. Uncrop takes a target shape and a zoom-out factor and
 * keeps the original centred, so: the shape is the nearest aspect of the dragged-out box, the
 * zoom-out is how much larger than the smallest box of that shape holding the image the dragged
 * box is (1–2, the schema's range), and the result is placed centred on the original, so the
 * original's content stays where it was on the canvas.
 */
export function uncropFromExpand(node: Rect, amounts: ExpandAmounts): { aspectRatio: AspectRatio; zoomOut: number; placement: Rect } {
  const grow = (v: number) => Math.max(0, v);
  const width = node.width + grow(amounts.left) + grow(amounts.right);
  const height = node.height + grow(amounts.top) + grow(amounts.bottom);
  const aspectRatio = nearestAspectRatio(width, height);
  const ratio = ratioOf(aspectRatio);
  const base = Math.max(node.width, node.height * ratio);
  const wanted = Math.max(width, height * ratio);
  const zoomOut = Math.round(Math.min(2, Math.max(1, wanted / base)) * 100) / 100;
  const outWidth = base * zoomOut;
  const outHeight = outWidth / ratio;
  const cx = node.x + node.width / 2;
  const cy = node.y + node.height / 2;
  return { aspectRatio, zoomOut, placement: { x: cx - outWidth / 2, y: cy - outHeight / 2, width: outWidth, height: outHeight } };
}

/** A rect rounded to whole canvas units (the placement schema accepts fractions; people read these). */
export function roundRect(rect: Rect): Rect {
  return { x: Math.round(rect.x), y: Math.round(rect.y), width: Math.max(1, Math.round(rect.width)), height: Math.max(1, Math.round(rect.height)) };
}

/** Centre of a rect (a chat's anchor is the centre of the current view). */
export function centreOf(rect: Rect): { x: number; y: number } {
  return { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 };
}
