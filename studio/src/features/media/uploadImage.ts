/**
 * POST /api/media/upload (images and videos) with upload progress (fetch cannot report it, XMLHttpRequest can).
 * Failures become errors shaped like tRPC's (`data.code`, `data.appCode`) so the one error
 * reaction (`reactToError`) handles them as it handles RPC errors.
 */
import { HtmlResponseError } from '../../lib/clientErrors.ts';

export interface UploadedMedia {
  key: string;
  url: string;
  width: number;
  height: number;
  contentType: string;
  sizeBytes: number;
  /** Videos: the length the server probed, s. */
  durationS?: number;
}

/** The server's limit; checked here too so a visitor does not wait for a doomed upload. */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
/** The server's limit for videos (§5: lip-sync videos up to 100 MB). */
export const MAX_VIDEO_UPLOAD_BYTES = 100 * 1024 * 1024;

export class UploadError extends Error {
  override name = 'UploadError';
  constructor(
    message: string,
    readonly data: { code?: string; httpStatus?: number; appCode?: string },
  ) {
    super(message);
  }
}

type UploadOptions = { filename?: string; onProgress?: (fraction: number) => void; signal?: AbortSignal };

/**
 * The server takes 3 uploads per session at once (UPLOADS_PER_SESSION) and answers 429 to more,
 * so a tab sends at most this many; the rest (a drop of many files) wait their turn.
 */
const MAX_PARALLEL_UPLOADS = 3;
let uploading = 0;
const queued: (() => void)[] = [];

function takeUploadSlot(): Promise<void> {
  if (uploading < MAX_PARALLEL_UPLOADS) {
    uploading += 1;
    return Promise.resolve();
  }
  return new Promise((resolve) => queued.push(resolve));
}

/** Hands the slot to the next queued upload, if any. */
function releaseUploadSlot(): void {
  const next = queued.shift();
  if (next) next();
  else uploading -= 1;
}

/** Uploads any image or video Blob; the server answers its stored URL (and `durationS` for a video). */
export async function uploadMedia(file: Blob, opts: UploadOptions = {}): Promise<UploadedMedia> {
  await takeUploadSlot();
  try {
    if (opts.signal?.aborted) throw new DOMException('Upload aborted', 'AbortError');
    return await sendUpload(file, opts);
  } finally {
    releaseUploadSlot();
  }
}

function sendUpload(file: Blob, opts: UploadOptions): Promise<UploadedMedia> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/media/upload');
    xhr.withCredentials = true;
    xhr.responseType = 'text';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) opts.onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      const contentType = xhr.getResponseHeader('content-type') ?? '';
      if (xhr.status >= 200 && xhr.status < 300) {
        opts.onProgress?.(1);
        resolve(JSON.parse(xhr.responseText) as UploadedMedia);
        return;
      }
      if (contentType.includes('text/html')) {
        reject(new HtmlResponseError(xhr.status));
        return;
      }
      try {
        const body = JSON.parse(xhr.responseText) as { error?: { message?: string; data?: UploadError['data'] }; message?: string; code?: string };
        const message = body.error?.message ?? body.message ?? 'Image upload failed.';
        reject(new UploadError(message, body.error?.data ?? { code: body.code, httpStatus: xhr.status }));
      } catch {
        reject(new UploadError('Image upload failed.', { httpStatus: xhr.status }));
      }
    };
    xhr.onerror = () => reject(new UploadError('Image upload failed.', {}));
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    opts.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, opts.filename ?? (file instanceof File ? file.name : 'image.png'));
    xhr.send(form);
  });
}
