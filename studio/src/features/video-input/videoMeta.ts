/**
 * What the browser can tell about a video without ffmpeg: its duration and size from the
 * metadata (a detached <video> element), and the clock format the video input and trim dialog
 * show times in.
 */

export interface VideoMeta {
  durationS: number;
  width: number;
  height: number;
}

/**
 * Reads a video's (or an audio file's: size 0) metadata, the duration to the millisecond; rejects
 * when the browser cannot read it (unknown codec, broken file).
 */
export function readVideoMeta(src: string, timeoutMs = 15_000): Promise<VideoMeta> {
  return new Promise((resolve, reject) => {
    const video = document.createElement('video');
    video.preload = 'metadata';
    video.muted = true;
    const done = () => {
      clearTimeout(timer);
      video.removeAttribute('src');
      video.load();
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error('video metadata timed out'));
    }, timeoutMs);
    video.onloadedmetadata = () => {
      const meta = { durationS: Math.round(video.duration * 1000) / 1000, width: video.videoWidth, height: video.videoHeight };
      done();
      if (Number.isFinite(meta.durationS) && meta.durationS > 0) resolve(meta);
      else reject(new Error('video has no duration'));
    };
    video.onerror = () => {
      done();
      reject(new Error('video could not be read'));
    };
    video.src = src;
  });
}

/** `m:ss.t`, e.g. 65.25 → "1:05.3" (tenths: the trim handles move by 0.1 s). */
export function formatClock(seconds: number): string {
  const tenths = Math.max(0, Math.round(seconds * 10));
  const m = Math.floor(tenths / 600);
  const s = Math.floor((tenths % 600) / 10);
  return `${m}:${String(s).padStart(2, '0')}.${tenths % 10}`;
}

/** Whether a file looks like a video by its type, or by its name when the browser gave no type. */
export function isVideoFile(file: File): boolean {
  if (file.type) return file.type.startsWith('video/');
  return /\.(mp4|m4v|mov|webm|mkv|avi)$/i.test(file.name);
}
