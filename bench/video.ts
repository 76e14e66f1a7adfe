/**
 * bench/video: two parts.
 * 1. In-browser trimming (headless Chromium, the studio's `/app/video-bench` page): the ffmpeg.wasm
 *    core's load time cold (first load in the browser) and warm (a fresh worker, the bytes from the
 *    browser cache), and the trim time of a 30 s 640×360 clip (H.264/AAC, a keyframe every second)
 *    to 5 s by stream copy (start on a keyframe) and by re-encode (libx264 ultrafast + AAC).
 * 2. The local engine's render time per video kind, inline in this process through the same
 *    provider the workers run (LocalEngineProvider, one engine thread), on small inputs: a 5 s
 *    640×360 test clip, a portrait photo and a 5 s clip of it. The kinds are data (KIND_CASES);
 *    a kind whose engine is not written yet ("does not render this kind yet") is skipped, any
 *    other failure printed.
 * Prints figures; asserts nothing. Alone: `node --import tsx bench/video.ts` (BENCH_VIDEO_PARTS=trim
 * or =engine for one part; BENCH_VIDEO_KINDS=text_to_video,anime_video for some kinds).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { GenerationKind } from '@tessera/shared/generation';
import { addClip, emptyTimeline, type Timeline } from '@tessera/shared/timeline';
import sharp from 'sharp';
import { EnginePool } from '@tessera/server/generation/engine/enginePool';
import { packageFile } from '@tessera/server/generation/engine/tf';
import { LocalEngineProvider } from '@tessera/server/generation/providers/localEngine';
import { ffmpegPath } from '@tessera/server/media/binaries';
import { makeTestClip } from '@tessera/studio/e2e/videoClip';
import { launchBrowser, startServer } from '@tessera/studio/e2e/harness';
import { DIST, ensureStudioBuilt } from './canvas.ts';

const BENCH_PAGE = 'src/pages/VideoBenchPage.tsx';

export interface TrimBench {
  coreColdMs: number;
  coreWarmMs: number;
  /** Of which getting the 32 MB wasm (loopback here: a real network adds its download time cold). */
  coreColdFetchMs: number;
  coreWarmFetchMs: number;
  copy: { ms: number; method: string; durationS: number; sizeBytes: number };
  reencode: { ms: number; method: string; durationS: number; sizeBytes: number };
}

/** What the bench page exposes (studio/src/pages/VideoBenchPage.tsx). */
interface PageBench {
  loadCore(): Promise<{ ms: number; fetchMs: number }>;
  trim(startS: number, endS: number, mode: 'auto' | 'copy' | 'reencode'): Promise<TrimBench['copy']>;
}
type PageGlobal = { __videoBench?: PageBench };

export async function benchTrim(): Promise<TrimBench> {
  ensureStudioBuilt(BENCH_PAGE);
  const dir = mkdtempSync(join(tmpdir(), 'tessera-bench-video-'));
  const clip = join(dir, 'clip30.mp4');
  await makeTestClip(clip, { seconds: 30, width: 640, height: 360 });
  const server = await startServer({ env: { STUDIO_DIST: DIST } });
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    await page.goto(`${server.url}/app/video-bench`);
    await page.getByTestId('video-bench-file').setInputFiles(clip);
    await page.locator('[data-testid="video-bench"][data-ready="clip"]').waitFor();
    const load = () => page.evaluate(() => (globalThis as PageGlobal).__videoBench!.loadCore());
    const cold = await load();
    const warm = await load();
    const copy = await page.evaluate(() => (globalThis as PageGlobal).__videoBench!.trim(10, 15, 'copy'));
    const reencode = await page.evaluate(() => (globalThis as PageGlobal).__videoBench!.trim(10, 15, 'reencode'));
    return { coreColdMs: cold.ms, coreWarmMs: warm.ms, coreColdFetchMs: cold.fetchMs, coreWarmFetchMs: warm.fetchMs, copy, reencode };
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface KindTiming {
  kind: string;
  ms: number | null;
  output: string;
}

/** Media the cases refer to, by storage key (the provider's loadMedia reads them from here). */
type Media = Record<string, Buffer>;
const CLIP = 'u/bench/clip.mp4';
const PERSON = 'u/bench/person.mp4';
const PHOTO = 'u/bench/photo.jpg';
const FACE = 'u/bench/face.jpg';
const SOURCE = { durationS: 5, width: 640, height: 360 };
const PERSON_SOURCE = { durationS: 5, width: 720, height: 960 };

function twoClipTimeline(): Timeline {
  const clip = { type: 'clip', trackId: 'track-video', mediaType: 'video', sourceDurationS: 5, volume: 1 } as const;
  let t = addClip(emptyTimeline(), { ...clip, id: 'a', src: CLIP, start: 0, in: 0, out: 3 });
  t = addClip(t, { ...clip, id: 'b', src: PERSON, start: 3, in: 1, out: 4, transition: { kind: 'crossfade', duration: 0.5 } });
  return t;
}

/** One case per kind: its task input as the server would store it (refs resolved, `source` probed). */
export const KIND_CASES: { kind: GenerationKind; input: Record<string, unknown> }[] = [
  { kind: 'text_to_video', input: { prompt: 'a lighthouse on a cliff at dusk, slow zoom in', duration: 5, resolution: '480p' } },
  { kind: 'image_to_video', input: { image: PHOTO, prompt: 'pan right', duration: 5, resolution: '480p' } },
  { kind: 'video_to_video', input: { video: CLIP, style: 'cinematic', resolution: '480p', source: SOURCE } },
  { kind: 'anime_video', input: { video: CLIP, resolution: '480p', source: SOURCE } },
  { kind: 'video_upscale', input: { video: CLIP, target: '1080p', source: SOURCE } },
  // The timeline export: two clips joined by a crossfade.
  { kind: 'video_edit', input: { resolution: '480p', aspectRatio: '16:9', timeline: twoClipTimeline() } },
  { kind: 'video_subjects', input: { subjects: [FACE], prompt: 'walking on a beach at sunset', duration: 5, resolution: '480p' } },
  { kind: 'action_imitation', input: { image: FACE, video: PERSON, resolution: '480p', source: PERSON_SOURCE } },
  { kind: 'video_extend', input: { video: CLIP, duration: 5, source: SOURCE } },
  { kind: 'ai_shorts', input: { topic: 'why the sky is blue', duration: 15, resolution: '720p' } },
  { kind: 'video_background_remover', input: { video: PERSON, source: PERSON_SOURCE } },
  { kind: 'video_subtitles_remove', input: { video: CLIP, source: SOURCE } },
  { kind: 'sound_effects', input: { video: CLIP, prompt: 'a door slams, then rain', source: SOURCE } },
  { kind: 'lip_sync', input: { image: FACE, text: 'Hello, and welcome to Tessera.', resolution: '480p' } },
  { kind: 'video_face_swap', input: { video: PERSON, face: FACE, source: PERSON_SOURCE } },
];

async function makeMedia(dir: string): Promise<Media> {
  const run = promisify(execFile);
  const photo = await sharp(packageFile('@vladmandic/face-api', 'demo/sample4.jpg')).resize({ width: 720, height: 960, fit: 'cover' }).jpeg({ quality: 90 }).toBuffer();
  const face = await sharp(packageFile('@vladmandic/face-api', 'demo/sample1.jpg')).resize({ width: 720 }).jpeg({ quality: 90 }).toBuffer();
  const clip = join(dir, 'clip.mp4');
  await makeTestClip(clip, { seconds: 5, width: 640, height: 360 });
  // The portrait under a slow push-in: a "person" clip with a face in every frame.
  const photoPath = join(dir, 'photo.jpg');
  await sharp(photo).toFile(photoPath);
  const person = join(dir, 'person.mp4');
  await run(ffmpegPath(), [
    '-v', 'error', '-y', '-loop', '1', '-i', photoPath, '-f', 'lavfi', '-i', 'sine=frequency=220:duration=5',
    '-vf', "zoompan=z='1+0.1*on/120':d=120:s=720x960:fps=24", '-t', '5',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', person,
  ]);
  return { [CLIP]: readFileSync(clip), [PERSON]: readFileSync(person), [PHOTO]: photo, [FACE]: face };
}

export async function benchVideoKinds(opts: { kinds?: string[] } = {}): Promise<KindTiming[]> {
  const dir = mkdtempSync(join(tmpdir(), 'tessera-bench-kinds-'));
  const engine = new EnginePool({ threads: 1 });
  const provider = new LocalEngineProvider(engine);
  const timings: KindTiming[] = [];
  try {
    const media = await makeMedia(dir);
    const loadMedia = async (ref: string) => {
      const data = media[ref.replace(/^\/api\/media\//, '')];
      if (!data) throw new Error(`no bench media ${ref}`);
      return data;
    };
    for (const { kind, input } of KIND_CASES.filter((c) => !opts.kinds || opts.kinds.includes(c.kind))) {
      const started = performance.now();
      try {
        const [out] = await provider.run({ id: `bench-${kind}`, kind, input }, { reportProgress: () => {}, signal: new AbortController().signal, loadMedia });
        const ms = Math.round(performance.now() - started);
        timings.push({ kind, ms, output: out ? `${out.width}×${out.height} ${out.durationS?.toFixed(2) ?? '?'} s ${out.contentType}` : 'no output' });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        timings.push({ kind, ms: null, output: /does not render this kind yet/.test(message) ? 'skipped: not written yet' : `failed: ${message.slice(0, 120)}` });
      }
    }
  } finally {
    await engine.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return timings;
}

export function printTrimBench(t: TrimBench): void {
  const mb = (b: number) => `${(b / 1024 / 1024).toFixed(2)} MB`;
  console.table({
    'ffmpeg.wasm core load, cold': { ms: t.coreColdMs, result: `wasm fetch ${t.coreColdFetchMs} ms, the rest compiling and starting` },
    'ffmpeg.wasm core load, warm': { ms: t.coreWarmMs, result: `wasm fetch ${t.coreWarmFetchMs} ms (browser cache), a fresh worker` },
    'trim 30 s → 5 s, stream copy': { ms: t.copy.ms, result: `${t.copy.method}, ${t.copy.durationS.toFixed(3)} s, ${mb(t.copy.sizeBytes)}` },
    'trim 30 s → 5 s, re-encode': { ms: t.reencode.ms, result: `${t.reencode.method}, ${t.reencode.durationS.toFixed(3)} s, ${mb(t.reencode.sizeBytes)}` },
  });
}

export function printKindTimings(rows: KindTiming[]): void {
  console.table(Object.fromEntries(rows.map((r) => [r.kind, { ms: r.ms ?? '—', output: r.output }])));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const parts = (process.env.BENCH_VIDEO_PARTS ?? 'trim,engine').split(',');
  if (parts.includes('trim')) {
    console.log('bench/video — ffmpeg.wasm in headless Chromium (single-thread core): core load and trimming a 30 s 640×360 clip to 5 s');
    printTrimBench(await benchTrim());
  }
  if (parts.includes('engine')) {
    console.log('bench/video — local engine render time per video kind, inline, one engine thread (5 s 640×360 clip, 720×960 portrait)');
    const kinds = process.env.BENCH_VIDEO_KINDS?.split(',');
    printKindTimings(await benchVideoKinds(kinds ? { kinds } : {}));
  }
}
