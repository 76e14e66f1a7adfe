/**
 * Sound effects (audioVideo.createAudioVideo) on the local engine: the effects the prompt names
 * (soundRecipes.ts: synthesised by ffmpeg, an honest stand-in for an audio model) are shaped over
 * the clip's length at `volume` and mixed over the source's own sound — or replace it when
 * `keepOriginalAudio` is off or the source is silent. The picture is copied untouched when it is
 * already H.264 (re-encoded otherwise); the audio is AAC; the MP4 is `+faststart` with a poster.
 * The output lasts as long as the source, and the same prompt and seed make the same sound.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { GenerationInput } from '@tessera/shared/generation';
import { probeVideo } from '../../../../media/probe.ts';
import type { RunContext } from '../../../providers/provider.ts';
import { x264Args } from '../../mediaProfile.ts';
import { runFfmpeg } from '../ffmpeg.ts';
import { framesFor, inTempDir, n, posterFrame, type RenderOptions, type VideoClip } from '../videoKinds.ts';
import { effectsGraph, recipesFor } from './soundRecipes.ts';

/** Only a stuck ffmpeg takes this long: a 30 s clip mixes in seconds (more when the picture is re-encoded). */
const MIX_TIMEOUT_MS = 5 * 60_000;

export async function renderSoundEffects(input: GenerationInput<'sound_effects'>, ctx: RunContext, opts: RenderOptions): Promise<VideoClip> {
  const video = await ctx.loadMedia(input.video);
  opts.signal?.throwIfAborted();
  return inTempDir(async (dir) => {
    const sourcePath = join(dir, 'source');
    await writeFile(sourcePath, video);
    const source = await probeVideo(sourcePath);
    const seconds = source.durationS;
    const graph = effectsGraph({
      recipes: recipesFor(input.prompt),
      seconds,
      seed: input.seed ?? 0,
      volume: input.volume,
      overOriginal: input.keepOriginalAudio && source.hasAudio,
    });
    // H.264 is copied as it is; anything else (VP9 in WebM…) becomes H.264 for the MP4.
    const picture = source.codec === 'h264' ? ['-c:v', 'copy'] : ['-c:v', 'libx264', ...x264Args(), '-pix_fmt', 'yuv420p'];
    const outPath = join(dir, 'out.mp4');
    const args = [
      '-nostdin', '-hide_banner', '-loglevel', 'error', '-y', '-nostats', '-progress', 'pipe:1', '-stats_period', '0.25',
      '-i', `file:${sourcePath}`,
      '-filter_complex', graph, '-filter_complex_threads', '1',
      '-map', '0:v:0', '-map', '[aout]',
      ...picture, '-c:a', 'aac', '-b:a', '128k', '-t', n(seconds),
      '-movflags', '+faststart', '-threads', '1', `file:${outPath}`,
    ];
    opts.progress?.(0, 'mixing');
    await runFfmpeg(args, seconds * 1e6, { ...opts, timeoutMs: MIX_TIMEOUT_MS });
    const poster = await posterFrame(outPath, framesFor(seconds), opts);
    const data = await readFile(outPath);
    opts.progress?.(1, 'mixing');
    return { data, contentType: 'video/mp4', width: source.width, height: source.height, durationS: seconds, poster };
  });
}
