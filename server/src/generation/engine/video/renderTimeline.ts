/**
 * The timeline export on the local engine: ONE ffmpeg run over one filter graph renders the
 * project's timeline (shared/timeline) into an H.264/AAC MP4 with faststart, then a second tiny
 * pass grabs the poster frame.
 *
 * Graph: every clip is an input seeked to its in point (`-ss in -t length`, frame-accurate when
 * re-encoding); on the video track each clip is scaled into the output size and padded with black,
 * its audio (or silence when it has none) follows it; consecutive clips are joined with `concat`,
 * or with `xfade`/`acrossfade` for a crossfade, and a fade transition fades the clip in from
 * black. Audio-track clips are delayed to their start and mixed over the video's sound. Text
 * overlays are drawn with `drawtext` from text files (caller text never enters the graph), when a
 * font file exists on the machine; without one they are skipped and the result says so.
 */
import { access, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Clip, clipDuration, crossfadeOverlap, type Timeline, totalDuration, trackOfKind, videoClips } from '@tessera/shared/timeline';
import { probeVideo } from '../../../media/probe.ts';
import { TIMELINE_FPS, x264Args } from '../mediaProfile.ts';
import { FFMPEG_TIMEOUT_MS, type RenderedVideo, runFfmpeg } from './ffmpeg.ts';

/** The export's frame rate: the media profile's (30 fps in the product). */
export { TIMELINE_FPS };
const SAMPLE_RATE = 48_000;
/** Where the poster frame is taken, as a fraction of the output. */
const POSTER_AT = 0.4;
/** Fonts drawtext may use, first found wins (Debian's DejaVu and Liberation packages). */
const FONT_CANDIDATES = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf',
];

export interface RenderTimelineOptions {
  width: number;
  height: number;
  /** Reads a clip's stored source (its `src` is a media key by now). */
  loadMedia: (key: string) => Promise<Buffer>;
  progress?: (fraction: number, stage: string) => void;
  signal?: AbortSignal;
}

export interface RenderedTimeline extends RenderedVideo {
  /** Overlays left out because no font file was found. */
  skippedOverlays: number;
}

/** A number for a filter graph or an argument: fixed-point, at most 6 decimals. */
const n = (x: number) => String(Number(x.toFixed(6)));

const EXTENSIONS: Record<Clip['mediaType'], string> = { video: 'mp4', image: 'png', audio: 'audio' };

async function findFont(): Promise<string | null> {
  for (const path of FONT_CANDIDATES) {
    if (await access(path).then(() => true, () => false)) return path;
  }
  return null;
}

/** True when the stored source has a sound track (images never; audio files always). */
async function hasAudio(clip: Clip, path: string): Promise<boolean> {
  if (clip.mediaType === 'image') return false;
  if (clip.mediaType === 'audio') return true;
  return (await probeVideo(path)).hasAudio;
}

const OVERLAY_Y = { top: 'h*0.06', center: '(h-text_h)/2', bottom: 'h-text_h-h*0.08' } as const;

/**
 * Renders `timeline` (already validated with zTimelineSnapshot, sources resolved to media keys)
 * at `width`×`height`. Aborting `signal` kills ffmpeg; temporary files are always removed.
 */
export async function renderTimeline(timeline: Timeline, o: RenderTimelineOptions): Promise<RenderedTimeline> {
  const { width: W, height: H } = o;
  const total = totalDuration(timeline);
  const main = videoClips(timeline);
  if (!main.length || total <= 0) throw new Error('the timeline has no video clip');
  const videoTrack = trackOfKind(timeline, 'video');
  const audioTrack = trackOfKind(timeline, 'audio');
  const audioClips = audioTrack ? timeline.clips.filter((c) => c.trackId === audioTrack.id) : [];
  const trackGain = (track: typeof videoTrack) => (track ? (track.muted ? 0 : track.volume) : 1);
  o.signal?.throwIfAborted();

  const dir = await mkdtemp(join(tmpdir(), 'tessera-timeline-'));
  try {
    const args: string[] = [];
    const graph: string[] = [];
    let inputs = 0;
    /** Adds a clip as an input seeked to its in point; answers its input index and whether it has sound. */
    const addInput = async (clip: Clip): Promise<{ index: number; audio: boolean }> => {
      const path = join(dir, `clip${inputs}.${EXTENSIONS[clip.mediaType]}`);
      await writeFile(path, await o.loadMedia(clip.src));
      const length = n(clipDuration(clip));
      // Sources were checked when stored; each input may read only local files.
      args.push('-protocol_whitelist', 'file');
      if (clip.mediaType === 'image') args.push('-loop', '1', '-framerate', String(TIMELINE_FPS), '-t', length, '-i', `file:${path}`);
      else args.push('-ss', n(clip.in), '-t', length, '-i', `file:${path}`);
      return { index: inputs++, audio: await hasAudio(clip, path) };
    };

    // The video track: each clip normalised to the output's size, rate and sample format.
    const gain = trackGain(videoTrack);
    let length = 0;
    let previous: Clip | undefined;
    for (const [i, clip] of main.entries()) {
      const input = await addInput(clip);
      const d = n(clipDuration(clip));
      const fade = clip.transition?.kind === 'fade' ? Math.min(clip.transition.duration, clipDuration(clip)) : 0;
      graph.push(
        `[${input.index}:v]trim=duration=${d},setpts=PTS-STARTPTS,fps=${TIMELINE_FPS},` +
          `scale=${W}:${H}:force_original_aspect_ratio=decrease,pad=${W}:${H}:(ow-iw)/2:(oh-ih)/2:color=black,setsar=1,format=yuv420p` +
          `${fade ? `,fade=t=in:st=0:d=${n(fade)}` : ''}[v${i}]`,
      );
      const sound = input.audio ? `[${input.index}:a]atrim=duration=${d},asetpts=PTS-STARTPTS,` : `anullsrc=r=${SAMPLE_RATE}:cl=stereo,atrim=duration=${d},`;
      graph.push(
        `${sound}aformat=sample_fmts=fltp:sample_rates=${SAMPLE_RATE}:channel_layouts=stereo,volume=${n(clip.volume * gain)}` +
          `${fade ? `,afade=t=in:st=0:d=${n(fade)}` : ''},apad=whole_dur=${d},atrim=duration=${d}[a${i}]`,
      );
      if (i === 0) {
        graph.push('[v0]null[vc0]', '[a0]anull[ac0]');
        length = clipDuration(clip);
      } else {
        const overlap = crossfadeOverlap(previous, clip);
        if (overlap > 0) {
          graph.push(`[vc${i - 1}][v${i}]xfade=transition=fade:duration=${n(overlap)}:offset=${n(length - overlap)}[vc${i}]`);
          graph.push(`[ac${i - 1}][a${i}]acrossfade=d=${n(overlap)}[ac${i}]`);
        } else {
          graph.push(`[vc${i - 1}][v${i}]concat=n=2:v=1:a=0[vc${i}]`, `[ac${i - 1}][a${i}]concat=n=2:v=0:a=1[ac${i}]`);
        }
        length += clipDuration(clip) - overlap;
      }
      previous = clip;
    }
    const last = main.length - 1;
    // Audio or text running past the last video clip: the picture holds black until the end.
    const tail = total - length;
    let video = `[vc${last}]${tail > 1e-3 ? `tpad=stop_mode=add:stop_duration=${n(tail)}:color=black,` : ''}trim=duration=${n(total)}`;

    // Text overlays (a font is needed; without one they are skipped, see RenderedTimeline).
    const font = timeline.overlays.length ? await findFont() : null;
    const overlays = font ? timeline.overlays : [];
    for (const [i, overlay] of overlays.entries()) {
      const textPath = join(dir, `text${i}.txt`);
      await writeFile(textPath, overlay.text);
      const size = Math.max(8, Math.round((overlay.size * H) / 720));
      video +=
        `,drawtext=fontfile=${font}:textfile=${textPath}:expansion=none:fontsize=${size}:fontcolor=0x${overlay.colour.slice(1)}` +
        `:box=1:boxcolor=black@0.35:boxborderw=${Math.round(size / 4)}:x=(w-text_w)/2:y=${OVERLAY_Y[overlay.position]}` +
        `:enable='between(t,${n(overlay.start)},${n(overlay.end)})'`;
    }
    graph.push(`${video},format=yuv420p[vout]`);

    // The audio track, each clip delayed to its start, mixed over the video's sound.
    const mixed: string[] = [`[ac${last}]apad=whole_dur=${n(total)},atrim=duration=${n(total)}[amain]`];
    const audioGain = trackGain(audioTrack);
    const labels = ['[amain]'];
    for (const [i, clip] of audioClips.entries()) {
      const input = await addInput(clip);
      if (!input.audio) continue;
      const delayMs = Math.round(clip.start * 1000);
      mixed.push(
        `[${input.index}:a]atrim=duration=${n(clipDuration(clip))},asetpts=PTS-STARTPTS,` +
          `aformat=sample_fmts=fltp:sample_rates=${SAMPLE_RATE}:channel_layouts=stereo,volume=${n(clip.volume * audioGain)},adelay=delays=${delayMs}:all=1[m${i}]`,
      );
      labels.push(`[m${i}]`);
    }
    // normalize=0: amix would otherwise halve every input's level; volumes are the user's.
    mixed.push(
      labels.length > 1
        ? `${labels.join('')}amix=inputs=${labels.length}:duration=first:dropout_transition=0:normalize=0,atrim=duration=${n(total)}[aout]`
        : '[amain]anull[aout]',
    );
    graph.push(...mixed);
    o.signal?.throwIfAborted();

    const out = join(dir, 'out.mp4');
    const posterPath = join(dir, 'poster.png');
    const base = ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y', '-nostats'];
    const render = [
      ...base, '-progress', 'pipe:1', '-stats_period', '0.5',
      ...args,
      '-filter_complex', graph.join(';'), '-filter_complex_threads', '1',
      '-map', '[vout]', '-map', '[aout]',
      '-c:v', 'libx264', ...x264Args(), '-pix_fmt', 'yuv420p', '-r', String(TIMELINE_FPS),
      '-c:a', 'aac', '-b:a', '128k', '-ar', String(SAMPLE_RATE), '-ac', '2',
      '-t', n(total), '-movflags', '+faststart', '-threads', '2', `file:${out}`,
    ];
    o.progress?.(0, 'rendering');
    // Long timelines render for long: allow about 8 s of CPU per output second.
    const timeoutMs = Math.max(FFMPEG_TIMEOUT_MS, total * 8000);
    await runFfmpeg(render, total * 1e6, { ...(o.progress ? { progress: o.progress } : {}), ...(o.signal ? { signal: o.signal } : {}), timeoutMs });
    const grab = [...base, '-ss', n(total * POSTER_AT), '-i', `file:${out}`, '-frames:v', '1', '-update', '1', '-c:v', 'png', `file:${posterPath}`];
    await runFfmpeg(grab, 1, o.signal ? { signal: o.signal } : {});
    const [data, poster] = await Promise.all([readFile(out), readFile(posterPath)]);
    o.progress?.(1, 'rendering');
    return { data, contentType: 'video/mp4', width: W, height: H, durationS: total, poster, skippedOverlays: timeline.overlays.length - overlays.length };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
