/**
 * AI shorts on hosted models: a pipeline of the catalogue's configured models, composed with
 * ffmpeg into one vertical 9:16 short of exactly the asked length.
 *   1. script — the `script` step model (an LLM) writes one caption line and one picture prompt
 *      per scene; without one (or when its answer is not the JSON asked for) the local writer does;
 *   2. key frames — the text-to-image default draws each scene (procedural pictures locally);
 *   3. clips — the short's own model (the ai_shorts entry, an image-to-video model) animates each;
 *   4. voice — the `speech` step model reads each line (the local voice otherwise);
 *   5. music — the `music` step model scores the whole short (the local music bed otherwise);
 *   6. ffmpeg cuts the clips to their scenes, burns in the captions, lays the voice over the
 *      music and encodes H.264/AAC.
 * Every step is a model run like any task's (mapping, signed links, retries, timeouts); a failed
 * step fails the short, and the task is refunded.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { GenerationInput } from '@tessera/shared/generation';
import type { ModelEntry, ModelProvider } from '@tessera/shared/generation/models';
import { VIDEO_FPS, x264Args } from '../../engine/mediaProfile.ts';
import { renderCaption } from '../../engine/video/kinds/aiShorts.ts';
import { musicBedGraph } from '../../engine/video/kinds/musicBed.ts';
import { type ShortScene, writeShortScript } from '../../engine/video/kinds/shortScript.ts';
import { runFfmpeg } from '../../engine/video/ffmpeg.ts';
import { synthesizeSpeech } from '../../engine/video/speech.ts';
import { inTempDir } from '../../engine/video/videoKinds.ts';
import { renderProceduralImage } from '../proceduralImage.ts';
import type { ProducedOutput, ProviderTask, RunContext } from '../provider.ts';
import type { ModelCatalog } from './modelCatalog.ts';
import { videoOutput } from './results.ts';

/** Runs one catalogue entry on an input (a hosted provider's `runEntry`). */
export interface StepRunner {
  runEntry(model: ModelEntry, task: ProviderTask, ctx: RunContext): Promise<{ outputs: ProducedOutput[]; text: string }>;
}

/** What a pipeline needs: the catalogue (which model serves each step) and the providers that run them. */
export interface Pipeline {
  catalog: ModelCatalog;
  providers: ReadonlyMap<ModelProvider, StepRunner>;
}

const SIZES = { '720p': { width: 720, height: 1280 }, '1080p': { width: 1080, height: 1920 } } as const;
const MUSIC_LEVEL = 0.35;
const CAPTION_TOP = 0.66;

/** The instruction the script model gets; the answer must be JSON the parser below reads. */
export function scriptPrompt(topic: string, scenes: number): string {
  return (
    `Write the script of a ${scenes}-scene vertical video short about: ${topic}\n` +
    `Answer with JSON only, an array of ${scenes} objects {"line": "...", "prompt": "..."}: ` +
    '"line" is what the narrator says in that scene (at most 12 words), "prompt" describes its picture for an image model (at most 30 words). ' +
    'The first scene hooks the viewer, the last one wraps up.'
  );
}

/** The scenes' lines and prompts from the model's answer, or null when it is not what was asked. */
export function parseScript(text: string, count: number): { line: string; prompt: string }[] | null {
  const start = text.indexOf('[');
  const end = text.lastIndexOf(']');
  if (start === -1 || end <= start) return null;
  try {
    const parsed = JSON.parse(text.slice(start, end + 1)) as unknown;
    if (!Array.isArray(parsed) || parsed.length < count) return null;
    const scenes = parsed.slice(0, count).map((item) => {
      const record = item !== null && typeof item === 'object' ? (item as Record<string, unknown>) : {};
      return { line: String(record.line ?? '').trim().slice(0, 160), prompt: String(record.prompt ?? '').trim().slice(0, 400) };
    });
    return scenes.every((scene) => scene.line && scene.prompt) ? scenes : null;
  } catch {
    return null;
  }
}

/** The ffmpeg graph: clips fitted to the frame and cut to their scenes, captions, voice over music. */
export function shortComposition(p: { scenes: number; seconds: number[]; size: { width: number; height: number }; captions: { top: number }[] | null; voice: boolean; music: boolean; total: number }): {
  graph: string;
  audio: boolean;
} {
  const { width, height } = p.size;
  const parts: string[] = [];
  for (let i = 0; i < p.scenes; i++) {
    const d = p.seconds[i]!.toFixed(3);
    // Fill the frame, hold the last picture if the clip is short, cut at the scene's length.
    parts.push(
      `[${i}:v]scale=${width}:${height}:force_original_aspect_ratio=increase,crop=${width}:${height},fps=${VIDEO_FPS},setsar=1,format=yuv420p,tpad=stop_mode=clone:stop_duration=${d},trim=duration=${d},setpts=PTS-STARTPTS[v${i}]`,
    );
  }
  parts.push(`${Array.from({ length: p.scenes }, (_, i) => `[v${i}]`).join('')}concat=n=${p.scenes}:v=1:a=0[vc]`);
  let last = 'vc';
  let next = p.scenes;
  const starts = p.seconds.map((_, i) => p.seconds.slice(0, i).reduce((a, b) => a + b, 0));
  if (p.captions) {
    p.captions.forEach((caption, i) => {
      parts.push(`[${last}][${next++}:v]overlay=x=0:y=${caption.top}:enable='between(t,${starts[i]!.toFixed(3)},${(starts[i]! + p.seconds[i]!).toFixed(3)})'[c${i}]`);
      last = `c${i}`;
    });
  }
  parts.push(`[${last}]null[vout]`);
  const mix: string[] = [];
  if (p.voice) {
    for (let i = 0; i < p.scenes; i++) {
      const delay = Math.round(starts[i]! * 1000);
      parts.push(`[${next++}:a]aformat=sample_rates=44100:channel_layouts=stereo,atrim=0:${p.seconds[i]!.toFixed(3)},adelay=${delay}|${delay}[s${i}]`);
      mix.push(`[s${i}]`);
    }
  }
  if (p.music) {
    parts.push(`[${next++}:a]aformat=sample_rates=44100:channel_layouts=stereo,volume=${MUSIC_LEVEL},atrim=0:${p.total}[m]`);
    mix.push('[m]');
  }
  if (mix.length) parts.push(`${mix.join('')}amix=inputs=${mix.length}:duration=longest:normalize=0[aout]`);
  return { graph: parts.join(';'), audio: mix.length > 0 };
}

export async function runAiShortPipeline(pipeline: Pipeline, clipModel: ModelEntry, task: ProviderTask, ctx: RunContext): Promise<ProducedOutput> {
  const input = task.input as GenerationInput<'ai_shorts'>;
  const size = SIZES[input.resolution];
  const seed = input.seed ?? 0;
  // The local writer sets the scene count and lengths, and is the script when no model writes one.
  const plan: ShortScene[] = writeShortScript(input.topic, input.duration, seed);
  const count = plan.length;
  const stage = (share: number, name: string) => ctx.reportProgress(5 + share * 85, name);

  /** Runs the configured model of `kind` on `stepInput` (null: the local engine serves that step). */
  const step = async (kind: string, stepInput: Record<string, unknown>) => {
    const model = kind === 'ai_shorts' ? clipModel : pipeline.catalog.choose(kind, undefined);
    const provider = pipeline.providers.get(model.provider);
    if (!provider) return null;
    // Each step reports its own progress; the short reports per step instead.
    return provider.runEntry(model, { id: task.id, kind, input: stepInput }, { ...ctx, reportProgress: () => {} });
  };

  stage(0, 'writing');
  const written = await step('script', { prompt: scriptPrompt(input.topic, count), topic: input.topic });
  const script = (written && parseScript(written.text, count)) ?? plan.map((scene) => ({ line: scene.line, prompt: scene.prompt }));

  // Scenes are independent: their pictures, clips and voices are made side by side (the providers
  // queue them), and the music alongside; a short takes about as long as its slowest scene.
  let done = 0;
  const scene = async (line: string, prompt: string, i: number) => {
    const drawn = await step('text_to_image', { prompt, aspectRatio: '9:16', seed: seed + i });
    const picture = drawn?.outputs[0]?.data ?? (await renderProceduralImage({ prompt, seed: seed + i, width: size.width, height: size.height }));
    if (!ctx.putScratch) throw new Error('the shorts pipeline needs scratch storage');
    const image = await ctx.putScratch(`scene${i}.png`, picture, 'image/png');
    const duration = clipModel.limits.durations?.[0] ?? 5;
    const [clip, spoken] = await Promise.all([
      step('ai_shorts', { prompt, image, duration, resolution: input.resolution, aspectRatio: '9:16' }),
      step('speech', { text: line, voice: 'narrator' }),
    ]);
    const video = clip?.outputs.find((o) => o.mediaType === 'video');
    if (!video) throw new Error(`${clipModel.id} made no clip for scene ${i + 1}`);
    const voice = spoken?.outputs.find((o) => o.mediaType === 'audio')?.data ?? (await synthesizeSpeech(line, 'narrator', ctx.signal)).wav;
    stage((++done / count) * 0.8, 'animating scenes');
    return { clip: video.data, voice };
  };
  stage(0.05, 'drawing scenes');
  const [made, scored] = await Promise.all([
    Promise.all(script.map((s, i) => scene(s.line, s.prompt, i))),
    input.music ? step('music', { prompt: `light instrumental background music for a short video about ${input.topic}`, duration: input.duration, seed }) : Promise.resolve(null),
  ]);
  const clips = made.map((m) => m.clip);
  const voices = made.map((m) => m.voice);
  const music = scored?.outputs.find((o) => o.mediaType === 'audio')?.data ?? null;

  stage(0.9, 'editing');
  const each = input.duration / count;
  const seconds = plan.map((_, i) => (i === count - 1 ? input.duration - each * (count - 1) : each));
  const captions = input.captions ? await Promise.all(script.map((scene) => renderCaption(scene.line, size))) : null;
  const encoded = await inTempDir(async (dir) => {
    const args: string[] = [];
    for (const [i, clip] of clips.entries()) {
      const path = join(dir, `clip${i}.mp4`);
      await writeFile(path, clip);
      args.push('-i', `file:${path}`);
    }
    const placed: { top: number }[] = [];
    for (const [i, caption] of (captions ?? []).entries()) {
      const path = join(dir, `caption${i}.png`);
      await writeFile(path, caption.png);
      args.push('-i', `file:${path}`);
      placed.push({ top: Math.min(size.height - caption.height, Math.round(size.height * CAPTION_TOP)) });
    }
    for (const [i, voice] of voices.entries()) {
      const path = join(dir, `voice${i}.audio`);
      await writeFile(path, voice);
      args.push('-i', `file:${path}`);
    }
    if (music) {
      const path = join(dir, 'music.audio');
      await writeFile(path, music);
      // A music model may make less than the short (Stable Audio stops at 47 s): loop it.
      args.push('-stream_loop', '-1', '-i', `file:${path}`);
    } else if (input.music) {
      args.push('-f', 'lavfi', '-i', musicBedGraph({ seconds: input.duration, seed, level: 1 }));
    }
    const { graph, audio } = shortComposition({ scenes: count, seconds, size, captions: captions ? placed : null, voice: true, music: input.music, total: input.duration });
    const out = join(dir, 'short.mp4');
    await runFfmpeg(
      [
        '-nostdin', '-hide_banner', '-loglevel', 'error', '-y', '-nostats',
        ...args,
        '-filter_complex', graph,
        '-map', '[vout]',
        ...(audio ? ['-map', '[aout]', '-c:a', 'aac', '-b:a', '128k'] : ['-an']),
        '-c:v', 'libx264', ...x264Args(), '-pix_fmt', 'yuv420p', '-r', String(VIDEO_FPS),
        '-t', String(input.duration), '-movflags', '+faststart', `file:${out}`,
      ],
      1,
      { signal: ctx.signal },
    );
    return readFile(out);
  });
  ctx.reportProgress(97, 'finishing');
  return videoOutput(encoded, ctx.signal);
}
