/**
 * The per-frame work of the video kinds that change every frame in JavaScript, as engine tools,
 * so it runs in the engine pool's threads instead of on the worker's event loop (where a
 * 0.1–0.3 s frame held up every HTTP request, socket and heartbeat of the process):
 *
 * - `compositeFrame` (video background removal): a frame's low-resolution person probabilities
 *   upsampled and feathered into a mask, and the frame composited over the background by it.
 * - `detectText` (subtitle removal, on sampled frames): the PP-OCRv4 text detector, model and box
 *   post-processing both (loading OpenCV alone blocks a thread for over half a second).
 * - `eraseCaptions` (subtitle removal, every frame): the caption strokes inside the boxes showing
 *   at that time found and inpainted.
 *
 * Each answers the frame as packed RGB of the same size. Without a pool (tests, benches) the
 * kinds run these inline through the same tool table.
 */
import { type CV, loadOpenCv, matFromRaw, type RawImage, rawFromMat, seededRandom, withMats } from '../opencv.ts';
import { type Box, PpOcrTextDetector, type TextRegion } from '../video/kinds/textDetector.ts';
import { compositeOver } from './background.ts';
import { fillHoles } from './inpaint.ts';
import { probabilitiesToMask } from './segment.ts';

/**
 * A typed array that owns exactly its bytes: the structured clone back to the caller copies a
 * view's whole underlying buffer, which for a view into a WASM heap would be the heap.
 */
const standalone = (bytes: Uint8Array): Uint8Array => (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice());

/** `frame` (RGB, `width`×`height`) over `background` (RGB, same size) by the SEGMENT_SIZE² probability map `map`. */
export async function compositeFrame(frame: Buffer, width: number, height: number, map: Buffer, background: Buffer): Promise<Uint8Array> {
  const { mask } = await probabilitiesToMask(map, width, height);
  return standalone(compositeOver(frame, 3, mask, background));
}

const detector = new PpOcrTextDetector();

/** Text lines in an RGB frame within `region`, in frame pixels. */
export function detectText(frame: Buffer, width: number, height: number, region: TextRegion): Promise<Box[]> {
  return detector.detect({ data: frame, width, height, channels: 3 }, region);
}

/** Edge strength (morphological gradient of luma) that counts as a stroke edge. */
const EDGE_THRESHOLD = 64;

/** Stroke-edge map of an RGB image: 255 where the luma's morphological gradient is strong. */
function strokeEdges(cv: CV, rgb: RawImage): RawImage {
  return withMats(cv, (keep) => {
    const src = keep(matFromRaw(cv, rgb));
    const gray = keep(new cv.Mat());
    cv.cvtColor(src, gray, cv.COLOR_RGB2GRAY);
    const kernel = keep(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(3, 3)));
    const gradient = keep(new cv.Mat());
    cv.morphologyEx(gray, gradient, cv.MORPH_GRADIENT, kernel);
    const edges = keep(new cv.Mat());
    cv.threshold(gradient, edges, EDGE_THRESHOLD, 255, cv.THRESH_BINARY);
    return rawFromMat(cv, edges);
  });
}

/**
 * The caption pixels of one frame: stroke edges inside the boxes (each grown by a quarter of its
 * height, for outlines and shadows), dilated so a letter's fill between its edges is covered too.
 */
function captionMask(cv: CV, frame: RawImage, boxes: readonly Box[]): RawImage {
  const { width, height } = frame;
  const padded = boxes.map((b) => {
    const pad = Math.max(2, Math.round(b.height * 0.25));
    const x = Math.max(0, b.x - pad);
    const y = Math.max(0, b.y - pad);
    return { x, y, width: Math.min(width, b.x + b.width + pad) - x, height: Math.min(height, b.y + b.height + pad) - y };
  });
  const grow = Math.max(2, ...boxes.map((b) => Math.round(b.height * 0.12)));
  // Edges of the boxes' rows only: a caption is a small part of a large frame.
  const top = Math.min(...padded.map((b) => b.y));
  const bottom = Math.max(...padded.map((b) => b.y + b.height));
  const edges = strokeEdges(cv, { data: frame.data.subarray(top * width * 3, bottom * width * 3), width, height: bottom - top, channels: 3 });
  const inBoxes = new Uint8Array(width * height);
  for (const b of padded) {
    for (let y = b.y; y < b.y + b.height; y++) {
      for (let x = b.x; x < b.x + b.width; x++) inBoxes[y * width + x] = edges.data[(y - top) * width + x]!;
    }
  }
  return withMats(cv, (keep) => {
    const m = keep(matFromRaw(cv, { data: inBoxes, width, height, channels: 1 }));
    const dilated = keep(new cv.Mat());
    cv.dilate(m, dilated, keep(cv.getStructuringElement(cv.MORPH_ELLIPSE, new cv.Size(2 * grow + 1, 2 * grow + 1))));
    return rawFromMat(cv, dilated);
  });
}

/** `frame` with the caption strokes inside `boxes` inpainted (Telea, as the image object remover); unchanged when none are found. */
export async function eraseCaptions(frame: Buffer, width: number, height: number, boxes: readonly Box[]): Promise<Uint8Array> {
  if (boxes.length === 0) return frame;
  const cv = await loadOpenCv();
  const rgb: RawImage = { data: frame, width, height, channels: 3 };
  const mask = captionMask(cv, rgb, boxes);
  if (!mask.data.some((v) => v !== 0)) return frame;
  // Same seed every frame: the fill's grain does not crawl.
  return standalone(fillHoles(cv, rgb, mask, cv.INPAINT_TELEA, seededRandom(0x5b7)).data);
}
