/**
 * Plays the composition in the browser, outside React: one media element per clip (a <video>
 * for video clips, an <img> for stills, an <audio> for the audio track), created when the clip is
 * about to play and dropped when it leaves the timeline. Each `render(time, playing)` shows the
 * layers `composition.ts` says are visible at that time with their opacity, sets each sounding
 * element's volume, and keeps every playing element within SYNC_SLACK_S of the timeline clock
 * (seeking it when it drifts; when paused, seeked to the exact frame). The clock itself belongs to
 * the caller (the playhead in the editor store).
 *
 * Limitation: a media element's volume stops at 100 %, so a gain above 1 (volumes go to 200 %)
 * is heard at 100 % here; the export applies the full gain with ffmpeg's `volume` filter.
 */
import type { Clip, Timeline } from '@tessera/shared/timeline';
import { audioLayersAt, clipsToPreload, type Layer, videoLayersAt } from './composition.ts';

/** How far a playing element may drift from the timeline clock before it is re-seeked. */
const SYNC_SLACK_S = 0.3;
/** How close a paused element must be to the wanted frame. */
const FRAME_SLACK_S = 0.02;

type MediaEl = HTMLVideoElement | HTMLImageElement | HTMLAudioElement;

interface Entry {
  el: MediaEl;
  src: string;
  kind: 'video' | 'image' | 'audio';
}

export class PreviewEngine {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly stage: HTMLElement) {}

  /** Shows the composition of `timeline` at `time`; plays the media when `playing`. */
  render(timeline: Timeline, time: number, playing: boolean): void {
    const visual = videoLayersAt(timeline, time);
    const sound = audioLayersAt(timeline, time);
    const active = new Map<string, Layer>([...visual, ...sound].map((layer) => [layer.clip.id, layer]));
    const warm = clipsToPreload(timeline, time);
    const byId = new Map(timeline.clips.map((c) => [c.id, c]));

    for (const [id, entry] of this.entries) {
      const clip = byId.get(id);
      if (!clip || clip.src !== entry.src) this.drop(id);
    }
    for (const id of new Set([...warm, ...active.keys()])) {
      const clip = byId.get(id);
      if (clip && !this.entries.has(id)) this.create(clip, timeline);
    }
    visual.forEach((layer, i) => {
      const entry = this.entries.get(layer.clip.id);
      if (entry) entry.el.style.zIndex = String(i + 1);
    });
    for (const [id, entry] of this.entries) {
      const layer = active.get(id);
      const clip = byId.get(id) as Clip;
      if (!layer) {
        entry.el.style.opacity = '0';
        if (!(entry.el instanceof HTMLImageElement)) {
          entry.el.pause();
          // Ready at its first frame for when it comes on.
          if (warm.has(id) && Math.abs(entry.el.currentTime - clip.in) > FRAME_SLACK_S) entry.el.currentTime = clip.in;
        }
        continue;
      }
      entry.el.style.opacity = entry.kind === 'audio' ? '0' : String(layer.opacity);
      if (entry.el instanceof HTMLImageElement) continue;
      this.sync(entry.el, layer, playing);
    }
  }

  /** Stops every element (the dock closed or the player paused at the end). */
  pauseAll(): void {
    for (const entry of this.entries.values()) if (!(entry.el instanceof HTMLImageElement)) entry.el.pause();
  }

  /** The element playing a clip (browser tests read its state). */
  elementOf(clipId: string): MediaEl | undefined {
    return this.entries.get(clipId)?.el;
  }

  dispose(): void {
    for (const id of [...this.entries.keys()]) this.drop(id);
  }

  private sync(el: HTMLVideoElement | HTMLAudioElement, layer: Layer, playing: boolean): void {
    el.volume = Math.min(1, Math.max(0, layer.gain));
    const drift = Math.abs(el.currentTime - layer.sourceTime);
    if (!playing) {
      if (!el.paused) el.pause();
      if (drift > FRAME_SLACK_S) el.currentTime = layer.sourceTime;
      return;
    }
    if (drift > SYNC_SLACK_S) el.currentTime = layer.sourceTime;
    if (el.paused) {
      el.play().catch(() => {
        // Autoplay with sound refused (no user gesture reached this page): play muted instead.
        el.muted = true;
        void el.play().catch(() => undefined);
      });
    }
  }

  private create(clip: Clip, timeline: Timeline): void {
    const onAudioTrack = timeline.tracks.find((t) => t.id === clip.trackId)?.kind === 'audio';
    const kind: Entry['kind'] = onAudioTrack ? 'audio' : clip.mediaType === 'image' ? 'image' : 'video';
    let el: MediaEl;
    if (kind === 'image') {
      el = document.createElement('img');
      el.alt = '';
      el.draggable = false;
    } else {
      const media = kind === 'audio' ? document.createElement('audio') : document.createElement('video');
      media.preload = 'auto';
      if (media instanceof HTMLVideoElement) media.playsInline = true;
      el = media;
    }
    el.src = clip.src;
    el.dataset.clipId = clip.id;
    el.className = 'pointer-events-none absolute inset-0 h-full w-full object-contain';
    el.style.opacity = '0';
    this.stage.appendChild(el);
    this.entries.set(clip.id, { el, src: clip.src, kind });
  }

  private drop(id: string): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    if (!(entry.el instanceof HTMLImageElement)) {
      entry.el.pause();
      entry.el.removeAttribute('src');
      entry.el.load();
    }
    entry.el.remove();
    this.entries.delete(id);
  }
}
