/**
 * The in-browser trimming benchmark page (`/app/video-bench`), driven by `bench/video.ts` and the
 * video-trim browser test, and not linked from anywhere. Choose a clip with the file input, then
 * `window.__videoBench` loads the ffmpeg.wasm core (cold, then warm: a fresh worker with the
 * bytes from the browser cache) and trims the clip by stream copy or re-encode, printing every
 * timing in the page. The real VideoInput is mounted below it (trim dialog, upload), so the
 * browser test drives the same component the forms use. A developer page: its texts are not
 * translated.
 */
import { useEffect, useRef, useState } from 'react';
import type { TrimMode } from '../features/video-input/trim.ts';
import { VideoInput, type VideoValue } from '../features/video-input/VideoInput.tsx';

export interface VideoBenchTrim {
  method: 'copy' | 'reencode';
  ms: number;
  durationS: number;
  sizeBytes: number;
}

export interface VideoBench {
  /** Loads the core in a fresh worker; the first call is cold, later ones warm (bytes cached). */
  loadCore(): Promise<{ ms: number; fetchMs: number }>;
  /** Trims the chosen clip; NaN figures when no clip is chosen. */
  trim(startS: number, endS: number, mode: TrimMode): Promise<VideoBenchTrim>;
}

declare global {
  interface Window {
    __videoBench?: VideoBench;
  }
}

export function VideoBenchPage() {
  const [file, setFile] = useState<File | null>(null);
  // The bench object is published once; it reads the chosen clip from here.
  const fileRef = useRef<File | null>(null);
  const [lines, setLines] = useState<string[]>([]);
  const [value, setValue] = useState<VideoValue | null>(null);

  useEffect(() => {
    const log = (line: string) => setLines((prev) => [...prev, line]);
    const bench: VideoBench = {
      // Imported on demand like the trim dialog does, so ffmpeg.wasm stays in its own chunk.
      async loadCore() {
        const { lastCoreLoad, loadFfmpeg, terminateFfmpeg } = await import('../features/video-input/ffmpeg.ts');
        terminateFfmpeg();
        await loadFfmpeg();
        const load = lastCoreLoad() ?? { ms: Number.NaN, fetchMs: Number.NaN };
        log(`core load: ${load.ms} ms (wasm fetch ${load.fetchMs} ms)`);
        return load;
      },
      async trim(startS, endS, mode) {
        const file = fileRef.current;
        if (!file) throw new Error('choose a clip first');
        const { trimVideoDetailed } = await import('../features/video-input/trim.ts');
        const result = await trimVideoDetailed(file, { startS, endS }, { mode });
        log(`trim ${startS}–${endS} s (${mode}): ${result.method}, ${result.ms} ms, ${result.durationS.toFixed(3)} s, ${result.blob.size} bytes`);
        return { method: result.method, ms: result.ms, durationS: result.durationS, sizeBytes: result.blob.size };
      },
    };
    window.__videoBench = bench;
    return () => {
      if (window.__videoBench === bench) delete window.__videoBench;
    };
  }, []);

  return (
    <main className="mx-auto flex max-w-3xl flex-col gap-6 p-6" data-testid="video-bench" data-ready={file ? 'clip' : 'empty'}>
      <h1 className="text-xl font-semibold">ffmpeg.wasm bench</h1>
      <label className="flex flex-col gap-1 text-sm">
        Clip to trim
        <input type="file" accept="video/*" data-testid="video-bench-file" onChange={(e) => {
            fileRef.current = e.target.files?.[0] ?? null;
            setFile(fileRef.current);
          }} />
      </label>
      <pre className="rounded-lg bg-surface-2 p-3 text-xs" data-testid="video-bench-log">
        {lines.join('\n')}
      </pre>
      <VideoInput label="Video" value={value} onChange={setValue} testId="video-bench-input" />
      <output className="text-xs" data-testid="video-bench-value">
        {value ? JSON.stringify(value) : ''}
      </output>
    </main>
  );
}
