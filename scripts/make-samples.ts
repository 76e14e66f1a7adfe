/**
 * `npm run samples`: the showcase (issue 22). Runs the real local engine — the same provider the
 * workers run — once for every creation kind and tool the studio lists, and writes small files the
 * studio ships (studio/src/features/showcase/samples/: ~512-px WebP pictures, 3 s 360p MP4 clips with
 * a WebP poster) and a typed manifest of them (sampleManifest.ts: what made each, from which prompt).
 * It also renders the seeded catalogue's effect and LoRA previews into db/seed/previews/, which the
 * server serves before rendering anything (modules/catalog/previews.ts), so a gallery's first visit
 * does not wait. Nothing here runs at server start: the outputs are committed.
 *
 *   node --import tsx scripts/make-samples.ts [--only=id,id] [--skip-previews]
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import sharp from 'sharp';
import type { LoraDto, TemplateDto } from '@tessera/shared/catalog';
import type { Timeline } from '@tessera/shared/timeline';
import { EnginePool } from '../server/src/generation/engine/enginePool.ts';
import { LocalEngineProvider } from '../server/src/generation/providers/localEngine.ts';
import type { ProducedOutput, RunContext } from '../server/src/generation/providers/provider.ts';
import { probeVideo } from '../server/src/media/probe.ts';
import { PreviewRenderer, sampleGarment, samplePortrait, sampleProduct, SHIPPED_PREVIEWS_DIR } from '../server/src/modules/catalog/previews.ts';

const run = promisify(execFile);
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const showcaseDir = join(root, 'studio/src/features/showcase');
const outDir = join(showcaseDir, 'samples');
const seed = JSON.parse(await readFile(join(root, 'db/seed/templates.json'), 'utf8')) as {
  templates: (TemplateDto & { description: string })[];
  loras: (LoraDto & { description?: string })[];
};

const args = process.argv.slice(2);
const only = args.find((a) => a.startsWith('--only='))?.slice(7).split(',');
const skipPreviews = args.includes('--skip-previews');

const engine = new EnginePool({ threads: 2, idleTimeoutMs: 5_000 });
const provider = new LocalEngineProvider(engine);
const work = await mkdtemp(join(tmpdir(), 'tessera-samples-'));

// ------------------------------------------------------------------ inputs
/** Stored inputs by media key, as a task's `loadMedia` reads them. */
const media = new Map<string, Buffer>();
const put = (name: string, data: Buffer) => {
  const key = `u/samples/${name}`;
  media.set(key, data);
  return key;
};
const ctx: RunContext = {
  reportProgress: () => {},
  signal: new AbortController().signal,
  loadMedia: async (key) => {
    const data = media.get(key);
    if (!data) throw new Error(`no sample input ${key}`);
    return data;
  },
  putScratch: async (name, data) => put(`scratch-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`, data),
};

async function produce(kind: string, input: Record<string, unknown>): Promise<ProducedOutput> {
  const [out] = await provider.run({ id: `sample-${kind}`, kind, input }, ctx);
  if (!out) throw new Error(`${kind} made nothing`);
  return out;
}

/** A produced video stored as an input of later kinds, with the probe the server would have added. */
async function storeVideo(name: string, data: Buffer) {
  const file = join(work, `${name}.mp4`);
  await writeFile(file, data);
  const probe = await probeVideo(file);
  return { key: put(`${name}.mp4`, data), source: { durationS: probe.durationS, width: probe.width, height: probe.height } };
}

async function ffmpeg(argv: string[]) {
  await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...argv], { maxBuffer: 64 * 1024 * 1024 });
}

/** The first `seconds` of `video`, `side` pixels on its short side (keeping sound when asked). */
async function clipOf(name: string, video: Buffer, opts: { seconds?: number; side?: number; crf?: number; audio?: boolean; from?: number } = {}) {
  const input = join(work, `${name}-in.mp4`);
  const output = join(work, `${name}-out.mp4`);
  await writeFile(input, video);
  const side = opts.side ?? 360;
  await ffmpeg([
    ...(opts.from ? ['-ss', String(opts.from)] : []),
    '-i',
    input,
    '-t',
    String(opts.seconds ?? 3),
    '-vf',
    `scale='if(gt(iw,ih),-2,${side})':'if(gt(iw,ih),${side},-2)':flags=lanczos,fps=24`,
    '-c:v',
    'libx264',
    '-preset',
    'veryslow',
    '-crf',
    String(opts.crf ?? 30),
    '-pix_fmt',
    'yuv420p',
    '-movflags',
    '+faststart',
    ...(opts.audio ? ['-c:a', 'aac', '-b:a', '48k', '-ac', '1'] : ['-an']),
    output,
  ]);
  return readFile(output);
}

/** A frame of `video` (at `atS` seconds) as a WebP. */
async function frameOf(name: string, video: Buffer, atS: number): Promise<Buffer> {
  const input = join(work, `${name}-frame.mp4`);
  const png = join(work, `${name}-frame.png`);
  await writeFile(input, video);
  await ffmpeg(['-ss', String(atS), '-i', input, '-frames:v', '1', png]);
  return readFile(png);
}

const webp = (image: Buffer, side = 512) => sharp(image).resize(side, side, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 72, effort: 6 }).toBuffer();

/** A white rectangle on black, the size of `image`: the area a mask tool works on. */
async function maskFor(image: Buffer, box: { left: number; top: number; width: number; height: number }) {
  const { width = 512, height = 512 } = await sharp(image).metadata();
  const px = (f: number, of: number) => Math.round(f * of);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="black"/><rect x="${px(box.left, width)}" y="${px(box.top, height)}" width="${px(box.width, width)}" height="${px(box.height, height)}" rx="12" fill="white"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const template = (id: string) => {
  const row = seed.templates.find((t) => t.id === id);
  if (!row) throw new Error(`no seeded template ${id}`);
  return { templateId: row.id, template: { id: row.id, type: row.type, name: row.name, recipe: row.recipe, options: row.options, cost: row.cost } };
};

// ------------------------------------------------------------------ the samples
interface Made {
  kind: string;
  prompt: string;
  output: ProducedOutput;
  /** Keep the clip's sound (speech, music, effects). */
  audio?: boolean;
  /** Where in the output the 3 s clip starts. */
  from?: number;
}

const portrait = put('portrait.jpg', await samplePortrait());
// A second person, cut from another photo face-api ships.
const portrait2 = put(
  'portrait-2.jpg',
  await sharp(await readFile(join(root, 'node_modules/@vladmandic/face-api/demo/sample3.jpg')))
    .extract({ left: 340, top: 180, width: 600, height: 800 })
    .resize(480, 640)
    .jpeg({ quality: 90 })
    .toBuffer(),
);
const product = put('product.png', await sampleProduct());
const garment = put('garment.png', await sampleGarment());

const PROMPTS = {
  landscape: 'a red sailboat on a calm sea at sunset',
  city: 'a rainy city street at night',
};

/** Each sample in order; later ones may read what earlier ones made (`made`). */
const made = new Map<string, Made>();
type Step = [id: string, make: () => Promise<Made>];
const STEPS: Step[] = [
  ['textToImage', async () => ({ kind: 'text_to_image', prompt: PROMPTS.landscape, output: await produce('text_to_image', { prompt: PROMPTS.landscape, aspectRatio: '1:1', seed: 11 }) })],
  [
    'textToVideo',
    async () => ({ kind: 'text_to_video', prompt: PROMPTS.city, output: await produce('text_to_video', { prompt: PROMPTS.city, duration: 5, resolution: '480p', seed: 3 }) }),
  ],
];
const landscape = () => put('landscape.png', made.get('textToImage')!.output.data);
const cityClip = () => storeVideo('city', made.get('textToVideo')!.output.data);
const personClip = async () => storeVideo('person', made.get('imageToVideo')!.output.data);

STEPS.push(
  [
    'imageToImage',
    async () => {
      const prompt = 'the same sea as a watercolour painting';
      return { kind: 'image_to_image', prompt, output: await produce('image_to_image', { image: landscape(), prompt, style: 'watercolor', strength: 0.7, seed: 5 }) };
    },
  ],
  [
    'imageToVideo',
    async () => {
      const prompt = 'slow push in on her face, soft light';
      return { kind: 'image_to_video', prompt, output: await produce('image_to_video', { image: portrait, prompt, duration: 5, resolution: '480p' }) };
    },
  ],
  [
    'videoToVideo',
    async () => {
      const { key, source } = await cityClip();
      const prompt = 'the same street as an old film';
      return { kind: 'video_to_video', prompt, output: await produce('video_to_video', { video: key, prompt, style: 'vintage', resolution: '480p', source }) };
    },
  ],
  [
    'anime',
    async () => {
      const { key, source } = await cityClip();
      return { kind: 'anime_video', prompt: '', output: await produce('anime_video', { video: key, resolution: '480p', source }) };
    },
  ],
  [
    'consistentCharacter',
    async () => {
      const prompt = 'she walks along a beach at sunset';
      return { kind: 'video_subjects', prompt, output: await produce('video_subjects', { subjects: [portrait], prompt, duration: 5, resolution: '480p', seed: 2 }) };
    },
  ],
  [
    'mimicMotion',
    async () => {
      const { key, source } = await personClip();
      return { kind: 'action_imitation', prompt: '', output: await produce('action_imitation', { image: portrait2, video: key, resolution: '480p', source }) };
    },
  ],
  [
    'aiAvatar',
    async () => {
      const text = 'Hello! I am a talking photo made with Tessera.';
      return { kind: 'lip_sync', prompt: text, audio: true, output: await produce('lip_sync', { image: portrait, text, voice: 'female', resolution: '480p' }) };
    },
  ],
  [
    'aiShorts',
    async () => {
      const topic = 'three facts about octopuses';
      return { kind: 'ai_shorts', prompt: topic, audio: true, output: await produce('ai_shorts', { topic, duration: 15, seed: 4 }) };
    },
  ],
  ['videoEffects', async () => ({ kind: 'video_effect', prompt: '', output: await produce('video_effect', { ...template('zoom-in'), image: portrait }) })],
  ['proEffects', async () => ({ kind: 'video_effect', prompt: '', output: await produce('video_effect', { ...template('kaleidoscope'), image: portrait }) })],
  [
    'videoEditor',
    async () => {
      const city = await cityClip();
      const person = await personClip();
      const timeline: Timeline = {
        tracks: [
          { id: 'v', type: 'track', kind: 'video', volume: 1, muted: false },
          { id: 'o', type: 'track', kind: 'overlay', volume: 1, muted: false },
        ],
        clips: [
          { id: 'a', type: 'clip', trackId: 'v', src: city.key, mediaType: 'video', sourceDurationS: city.source.durationS, start: 0, in: 0, out: 2, volume: 1 },
          {
            id: 'b',
            type: 'clip',
            trackId: 'v',
            src: person.key,
            mediaType: 'video',
            sourceDurationS: person.source.durationS,
            start: 1.5,
            in: 1,
            out: 3,
            volume: 1,
            transition: { kind: 'fade', duration: 0.5 },
          },
        ],
        overlays: [{ id: 't', type: 'overlay', trackId: 'o', text: 'Made on the timeline', start: 0.3, end: 3.3, position: 'bottom', size: 48, colour: '#ffffff' }],
      };
      return { kind: 'video_edit', prompt: '', output: await produce('video_edit', { timeline, resolution: '480p', aspectRatio: '16:9' }) };
    },
  ],
  ['photoEffects', async () => ({ kind: 'photo_effect', prompt: '', output: await produce('photo_effect', { ...template('pop-art'), image: portrait }) })],
  ['productPhoto', async () => ({ kind: 'product_photo', prompt: '', output: await produce('product_photo', { ...template('marble-podium'), image: product }) })],
  ['modelFitting', async () => ({ kind: 'model_fitting', prompt: '', output: await produce('model_fitting', { ...template('studio'), image: portrait, garment }) })],
  ['upscaler', async () => ({ kind: 'upscale', prompt: '', output: await produce('upscale', { image: put('small.png', await sharp(made.get('textToImage')!.output.data).resize(256).png().toBuffer()), scale: 2, mode: 'quality' }) })],
  ['uncrop', async () => ({ kind: 'uncrop', prompt: '', output: await produce('uncrop', { image: landscape(), aspectRatio: '16:9', zoomOut: 1.25 }) })],
  [
    'objectRemover',
    async () => {
      const image = made.get('textToImage')!.output.data;
      return { kind: 'object_remover', prompt: '', output: await produce('object_remover', { image: landscape(), mask: put('remove-mask.png', await maskFor(image, { left: 0.55, top: 0.2, width: 0.25, height: 0.45 })) }) };
    },
  ],
  [
    'inpaint',
    async () => {
      const image = made.get('textToImage')!.output.data;
      const prompt = 'a full moon in the sky';
      return {
        kind: 'inpaint',
        prompt,
        output: await produce('inpaint', { image: landscape(), prompt, seed: 9, mask: put('paint-mask.png', await maskFor(image, { left: 0.1, top: 0.08, width: 0.3, height: 0.3 })) }),
      };
    },
  ],
  ['backgroundRemover', async () => ({ kind: 'background_remover', prompt: '', output: await produce('background_remover', { image: portrait }) })],
  [
    'backgroundChanger',
    async () => ({ kind: 'background_changer', prompt: '', output: await produce('background_changer', { image: portrait, background: { type: 'gradient', from: '#7c3aed', to: '#f472b6', angle: 135 } }) }),
  ],
  ['faceSwap', async () => ({ kind: 'face_swap', prompt: '', output: await produce('face_swap', { image: portrait2, face: portrait }) })],
  [
    'videoUpscaler',
    async () => {
      const { key, source } = await cityClip();
      return { kind: 'video_upscale', prompt: '', output: await produce('video_upscale', { video: key, target: '1080p', source }) };
    },
  ],
  [
    'videoFaceSwap',
    async () => {
      const { key, source } = await personClip();
      return { kind: 'video_face_swap', prompt: '', output: await produce('video_face_swap', { video: key, face: portrait2, source }) };
    },
  ],
  [
    'videoBackgroundRemover',
    async () => {
      const { key, source } = await personClip();
      return { kind: 'video_background_remover', prompt: '', output: await produce('video_background_remover', { video: key, background: { type: 'gradient', from: '#0ea5e9', to: '#7c3aed', angle: 90 }, source }) };
    },
  ],
  [
    'subtitleRemover',
    async () => {
      // The short's burnt-in captions are the subtitles to remove (its first 4 s).
      const captioned = await clipOf('captioned', made.get('aiShorts')!.output.data, { seconds: 4, side: 480, crf: 20 });
      const { key, source } = await storeVideo('captioned', captioned);
      return { kind: 'video_subtitles_remove', prompt: '', output: await produce('video_subtitles_remove', { video: key, region: 'auto', source }) };
    },
  ],
  [
    'soundEffects',
    async () => {
      const { key, source } = await cityClip();
      const prompt = 'rain on the street and distant thunder';
      return { kind: 'sound_effects', prompt, audio: true, output: await produce('sound_effects', { video: key, prompt, volume: 0.8, keepOriginalAudio: false, seed: 1, source }) };
    },
  ],
  [
    'lipSync',
    async () => {
      const { key, source } = await personClip();
      const text = 'Every video can speak your script.';
      return { kind: 'lip_sync', prompt: text, audio: true, output: await produce('lip_sync', { video: key, text, voice: 'male', resolution: '480p', source }) };
    },
  ],
  [
    'videoExtender',
    async () => {
      const { key, source } = await cityClip();
      // The continuation starts where the source ends: show its last second and the new part.
      return { kind: 'video_extend', prompt: '', from: Math.max(0, source.durationS - 1), output: await produce('video_extend', { video: key, duration: 5, source }) };
    },
  ],
);

// ------------------------------------------------------------------ files and manifest
interface Entry {
  kind: string;
  media: 'image' | 'video';
  file: string;
  poster?: string;
  prompt: string;
  width: number;
  height: number;
}
const manifestPath = join(showcaseDir, 'sampleManifest.json');
const previous = JSON.parse(await readFile(manifestPath, 'utf8').catch(() => '{"samples":{}}')) as { samples: Record<string, Entry> };
const entries: Record<string, Entry> = { ...previous.samples };
await mkdir(outDir, { recursive: true });

const hash = (data: Buffer) => createHash('sha256').update(data).digest('hex').slice(0, 8);

async function write(id: string, m: Made): Promise<Entry> {
  for (const old of [entries[id]?.file, entries[id]?.poster]) if (old) await rm(join(outDir, old), { force: true });
  if (m.output.mediaType === 'video') {
    const clip = await clipOf(id, m.output.data, { audio: m.audio ?? false, from: m.from ?? 0 });
    const poster = await webp(await frameOf(id, clip, 1), 640);
    const meta = await sharp(poster).metadata();
    const file = `${id}.${hash(clip)}.mp4`;
    const posterFile = `${id}.${hash(poster)}.webp`;
    await writeFile(join(outDir, file), clip);
    await writeFile(join(outDir, posterFile), poster);
    return { kind: m.kind, media: 'video', file, poster: posterFile, prompt: m.prompt, width: meta.width ?? 0, height: meta.height ?? 0 };
  }
  const image = await webp(m.output.data);
  const meta = await sharp(image).metadata();
  const file = `${id}.${hash(image)}.webp`;
  await writeFile(join(outDir, file), image);
  return { kind: m.kind, media: 'image', file, prompt: m.prompt, width: meta.width ?? 0, height: meta.height ?? 0 };
}

try {
  for (const [id, make] of STEPS) {
    // Steps others read from run even when not asked for (their files are then left alone).
    const needed = !only || only.includes(id) || ['textToImage', 'textToVideo', 'imageToVideo', 'aiShorts'].includes(id);
    if (!needed) continue;
    const started = Date.now();
    const result = await make();
    made.set(id, result);
    if (!only || only.includes(id)) entries[id] = await write(id, result);
    console.log(`${id}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  const ids = STEPS.map(([id]) => id);
  const samples = Object.fromEntries(ids.filter((id) => entries[id]).map((id) => [id, entries[id]]));
  await writeFile(manifestPath, `${JSON.stringify({ madeBy: 'local', samples }, null, 2)}\n`);
  // Files no entry names any more (an older render) go.
  const kept = new Set(Object.values(samples).flatMap((e) => [e.file, e.poster].filter(Boolean)));
  for (const name of await readdir(outDir)) if (!kept.has(name)) await rm(join(outDir, name));

  if (!skipPreviews) {
    const started = Date.now();
    await rm(SHIPPED_PREVIEWS_DIR, { recursive: true, force: true });
    // Rendered exactly as the server would on a first request, into the folder it reads first.
    const previews = new PreviewRenderer(engine, SHIPPED_PREVIEWS_DIR, null);
    for (const t of seed.templates) await previews.template({ ...t, options: t.options } as TemplateDto);
    for (const l of seed.loras) await previews.lora(l as LoraDto);
    // Video previews are shipped small: 360p, a higher CRF (the server's own renders are not touched).
    for (const name of await readdir(SHIPPED_PREVIEWS_DIR)) {
      if (!name.endsWith('.mp4')) continue;
      const file = join(SHIPPED_PREVIEWS_DIR, name);
      await writeFile(file, await clipOf(name, await readFile(file), { seconds: 3, crf: 32 }));
    }
    console.log(`previews: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
} finally {
  await engine.close();
  await rm(work, { recursive: true, force: true });
}
