/**
 * AI shorts (aiShorts.create) on the local engine: a vertical 9:16 short (720×1280 or 1080×1920)
 * of exactly `duration` seconds about `topic`. The local script writer (shortScript.ts) splits the
 * topic into scenes; each is a procedural key frame of its prompt under a camera move, crossfaded
 * into the next; its line is burnt in as a caption (drawn by sharp from SVG, so caller text never
 * reaches an ffmpeg graph) and a synthesised music bed (musicBed.ts) plays under it. An honest
 * stand-in for a hosted shorts model, labelled `local` like the engine's other kinds.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { GenerationInput } from '@tessera/shared/generation';
import sharp from 'sharp';
import type { RunContext } from '../../../providers/provider.ts';
import { renderProceduralImage } from '../../../providers/proceduralImage.ts';
import { escapeXml } from '../../effects/photoEffects.ts';
import { cameraGraph, encode, inTempDir, n, type RenderOptions, type Size, stillInput, VIDEO_FPS, type VideoClip } from '../videoKinds.ts';
import { musicBedGraph } from './musicBed.ts';
import { CROSSFADE_FRAMES, sceneStarts, type ShortScene, writeShortScript } from './shortScript.ts';

/** Short sizes: 9:16 with the resolution on the short side. */
const SHORT_SIZES = { '720p': { width: 720, height: 1280 }, '1080p': { width: 1080, height: 1920 } } as const;
/** Transitions between scenes, dealt in turn (whitelisted xfade names). */
const TRANSITIONS = ['fade', 'smoothup', 'circleopen', 'slideleft', 'fadeblack'] as const;
/** Level of the music bed. */
const MUSIC_LEVEL = 0.6;
/** Caption: at most this many lines; the type shrinks until the text fits (down to a floor). */
const MAX_CAPTION_LINES = 3;
/** DejaVu Sans Bold's average advance, in ems: enough to wrap lines before drawing them. */
const CHAR_EM = 0.62;
/** Where the caption's box sits, as a fraction of the frame's height (the lower third). */
const CAPTION_TOP = 0.66;

/** Greedy word wrap to `maxChars` a line (a longer word gets a line of its own). */
export function wrapCaption(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > maxChars) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** A caption as a transparent PNG as wide as the frame: large bold white type with a dark outline. */
export async function renderCaption(text: string, size: Size): Promise<{ png: Buffer; height: number }> {
  const usable = size.width * 0.88;
  let fontSize = Math.round(size.width * 0.08);
  const layout = () => {
    const maxChars = Math.floor(usable / (fontSize * CHAR_EM));
    const lines = wrapCaption(text, maxChars);
    return { lines, fits: lines.length <= MAX_CAPTION_LINES && lines.every((l) => l.length <= maxChars) };
  };
  let { lines, fits } = layout();
  while (!fits && fontSize > size.width * 0.035) {
    fontSize = Math.round(fontSize * 0.88);
    ({ lines, fits } = layout());
  }
  const lineHeight = Math.round(fontSize * 1.25);
  const height = lineHeight * lines.length + fontSize;
  const stroke = Math.max(3, Math.round(fontSize / 7));
  const tspans = lines.map((l, i) => `<tspan x="${size.width / 2}" y="${fontSize * 0.5 + lineHeight * i + fontSize}">${escapeXml(l)}</tspan>`).join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${height}">` +
    `<text text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-weight="bold" font-size="${fontSize}" ` +
    `fill="#ffffff" stroke="#111111" stroke-width="${stroke}" stroke-linejoin="round" paint-order="stroke">${tspans}</text></svg>`;
  return { png: await sharp(Buffer.from(svg)).png().toBuffer(), height };
}

/**
 * The short's filter graph: inputs 0…k−1 are the scenes' key frames (at the output size), k…2k−1
 * their captions (or none). Each key frame moves under its camera, the scenes crossfade in turn,
 * and each caption shows from the middle of the crossfade into its scene to the middle of the
 * one out of it. The last chain is left unlabelled for encode().
 */
export function shortGraph(scenes: readonly ShortScene[], size: Size, captions: { top: number }[] | null): string {
  const { width, height } = size;
  const starts = sceneStarts(scenes);
  const parts = scenes.map((s, i) => `[${i}:v]scale=${width * 2}:${height * 2}:flags=lanczos,${cameraGraph(s.move, size, s.frames)},format=yuv420p,setsar=1[s${i}]`);
  let last = 's0';
  for (let i = 1; i < scenes.length; i++) {
    const transition = TRANSITIONS[(i - 1) % TRANSITIONS.length]!;
    parts.push(`[${last}][s${i}]xfade=transition=${transition}:duration=${n(CROSSFADE_FRAMES / VIDEO_FPS)}:offset=${n(starts[i]! / VIDEO_FPS)}[x${i}]`);
    last = `x${i}`;
  }
  if (captions) {
    const half = CROSSFADE_FRAMES / 2;
    captions.forEach((c, i) => {
      const from = i === 0 ? 0 : starts[i]! + half;
      const to = i === scenes.length - 1 ? starts[i]! + scenes[i]!.frames + 1 : starts[i + 1]! + half;
      // `n` is the frame number: exact frame boundaries, no rounding of seconds
      parts.push(`[${last}][${scenes.length + i}:v]overlay=x=0:y=${c.top}:enable='between(n,${from},${to - 1})'[c${i}]`);
      last = `c${i}`;
    });
  }
  return `${parts.join(';')};[${last}]null`;
}

export async function renderAiShort(input: GenerationInput<'ai_shorts'>, _ctx: RunContext, opts: RenderOptions): Promise<VideoClip> {
  const size = SHORT_SIZES[input.resolution];
  const seed = input.seed ?? 0;
  const scenes = writeShortScript(input.topic, input.duration, seed);
  opts.progress?.(0, 'drawing scenes');
  const frames = await Promise.all(scenes.map((s, i) => renderProceduralImage({ prompt: s.prompt, seed: seed + i, width: size.width, height: size.height })));
  opts.signal?.throwIfAborted();
  const captions = input.captions ? await Promise.all(scenes.map((s) => renderCaption(s.line, size))) : null;
  opts.signal?.throwIfAborted();
  const total = Math.round(input.duration * VIDEO_FPS);
  return inTempDir(async (dir) => {
    const inputs: string[] = [];
    for (const [i, png] of frames.entries()) inputs.push(...(await stillInput(dir, `scene${i}.png`, png)));
    const placed: { top: number }[] = [];
    for (const [i, c] of (captions ?? []).entries()) {
      const path = join(dir, `caption${i}.png`);
      await writeFile(path, c.png);
      inputs.push('-i', `file:${path}`);
      placed.push({ top: Math.min(size.height - c.height, Math.round(size.height * CAPTION_TOP)) });
    }
    let inputCount = scenes.length + placed.length;
    let audioFrom: number | undefined;
    if (input.music) {
      inputs.push('-f', 'lavfi', '-i', musicBedGraph({ seconds: input.duration, seed, level: MUSIC_LEVEL }));
      audioFrom = inputCount++;
    }
    const graph = shortGraph(scenes, size, captions ? placed : null);
    return encode({ dir, inputs, inputCount, graph, size, frames: total, mode: 'std', ...(audioFrom === undefined ? {} : { audioFrom }) }, opts);
  });
}
